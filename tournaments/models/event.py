"""Events and their entries."""
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from scoring.formats import FORMATS, Format, SchemeChart, get_format
from scoring.missions import AT_TABLE, PER_ROUND, PER_TABLE
from tournaments.bracket import CUT_SIZES, DIFF_THEN_VP, DRAW_RULES
from tournaments.standings import (
    ACTIVE,
    DEFAULT_TIEBREAKS,
    DISQUALIFIED,
    DROPPED,
    LATE_ON_ZERO,
    LATE_WITH_LOSSES,
)

TEAM_SIZES = (2, 8)  # the fewest and most players a team of a team event has


def default_tiebreaks():
    return list(DEFAULT_TIEBREAKS)


LATE_ARRIVAL_CHOICES = [(LATE_ON_ZERO, "start on 0"), (LATE_WITH_LOSSES, "a loss per missed round")]
MISSION_CHOICES = [(PER_ROUND, "per round"), (PER_TABLE, "per table"), (AT_TABLE, "at the table")]


def new_seed():
    return secrets.token_hex(8)


def new_player_key():
    """A player's private link: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


class Event(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140, unique=True)
    date = models.DateField()
    format = models.CharField(max_length=20, choices=[(f.key, f.name) for f in FORMATS.values()])
    # Planned number of rounds; left empty, it is fixed at round 1 from the attendance.
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    rematch_window = models.PositiveSmallIntegerField(default=3)
    # Announced deviations from the format's awards: {"bye": {tp, diff, vp}, "concession": {winner, loser},
    # "forfeit": {...}}; what is absent follows the format.
    awards = models.JSONField(default=dict, blank=True)
    # Whether a player who concedes leaves the event ("leaves") or is paired on ("stays"); empty: the format's rule.
    conceder = models.CharField(max_length=6, blank=True, default="",
                                choices=[("", "as the format says"), ("leaves", "leaves"), ("stays", "stays")])
    # The event's word for it -> whether the conceder leaves (None: the format's rule).
    CONCEDER_RULES = {"": None, "leaves": True, "stays": False}
    tiebreaks = models.JSONField(default=default_tiebreaks)
    scheme_chart = models.CharField(max_length=20, blank=True, default="")  # empty: the format's first chart
    # Scheme pools fixed in advance, by round number ("1": [scheme keys]); other rounds flip theirs.
    scheme_pools = models.JSONField(default=dict, blank=True)
    # Shuffles the event's Fate Deck; hidden from the public until the event is over.
    deck_seed = models.CharField(max_length=64, default=new_seed)
    # Keep players off table numbers they already played on, where a nearby table allows it.
    fresh_tables = models.BooleanField(default=False)
    unavailable_tables = models.JSONField(default=list, blank=True)
    # Players report their own results and confirm their opponent's; off: only organizers enter results.
    self_reporting = models.BooleanField(default=True)
    # Signed-in people may register themselves (with their account linked to the entry).
    registration_open = models.BooleanField(default=False)
    # The encounter's size in Soulstones, and a round's length (empty: the format's suggestion), which
    # GG2017 says follows the encounter's size.
    encounter_size = models.PositiveSmallIntegerField(default=50)
    round_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    # How missions are set: one per round for every table, each table's own drawn by the product at pairing,
    # or flipped at the table and reported with the result.
    missions = models.CharField(max_length=10, default=PER_ROUND, choices=MISSION_CHOICES)
    # Each round's strategy and deployment announced before the event, so players build crews for them
    # ("1": {"strategy", "deployment"} keys); public. The pools stay private (scheme_pools).
    missions_plan = models.JSONField(default=dict, blank=True)
    # M3E: whether Dead Man's Hand models may be taken (shown on the event page).
    dead_mans_hand = models.BooleanField(default=False)
    # Players check in on the day: a new registration is expected, not yet arrived (the desk checks them in).
    check_in_on_the_day = models.BooleanField(default=False)
    # A player who joins after round 1 starts on 0, or takes a loss (the forfeit loser's award) for each round
    # missed before their first game.
    late_arrivals = models.CharField(max_length=24, default=LATE_ON_ZERO, choices=LATE_ARRIVAL_CHOICES)
    # When the organizer finished the event: standings final, no more rounds or results until reopened.
    finished_at = models.DateTimeField(null=True, blank=True)
    # Best painted and best sportsmanship chosen by the players' votes from their private pages (one each, not
    # for oneself); off: the organizer names them.
    player_votes = models.BooleanField(default=False)
    # A top cut after the Swiss rounds: single elimination for the best 4, 8 or 16 (0: none), and what a
    # drawn game of the cut means (tournaments.bracket: decided by the Swiss Differential then VP, or replayed).
    cut_size = models.PositiveSmallIntegerField(default=0, choices=[(0, "no cut"), *((n, f"top {n}") for n in
                                                                                    CUT_SIZES)])
    cut_draws = models.CharField(max_length=12, default=DIFF_THEN_VP, choices=[(r, r) for r in DRAW_RULES])
    # A team event: teams of this many players meet in team matches (`teams/`); 0: one player against one.
    team_size = models.PositiveSmallIntegerField(default=0)
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="organized_events")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        constraints = [
            models.CheckConstraint(condition=Q(rounds__isnull=True) | Q(rounds__gte=1), name="event_rounds_positive"),
            models.CheckConstraint(condition=Q(rematch_window__gte=1), name="event_rematch_window_positive"),
            models.CheckConstraint(condition=Q(cut_size__in=(0, *CUT_SIZES)), name="event_cut_size_known"),
            models.CheckConstraint(condition=Q(team_size=0) | Q(team_size__range=TEAM_SIZES),
                                   name="event_team_size_known"),
        ]

    def __str__(self):
        return self.name

    @property
    def format_name(self) -> str:
        """The season's name as pages show it (a season pack's too, which the field's choices do not list)."""
        return get_format(self.format).name

    def rules(self) -> Format:
        """The format as this event announced it, awards included."""
        return get_format(self.format).announced(self.awards, self.CONCEDER_RULES.get(self.conceder))

    def round_length(self) -> int:
        """Minutes of a round: as the event announced it, else the format's suggestion."""
        return self.round_minutes or get_format(self.format).round_minutes

    def chart(self) -> SchemeChart:
        fmt = get_format(self.format)
        return fmt.chart(self.scheme_chart) or fmt.scheme_charts[0]


class Player(models.Model):
    """A person's entry in one event; the Person behind it (`people.Person`) links their entries across
    events."""

    STATUSES = [(ACTIVE, "active"), (DROPPED, "dropped"), (DISQUALIFIED, "disqualified")]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=100)
    faction = models.CharField(max_length=40)
    club = models.CharField(max_length=100, blank=True, default="")
    # Where round pairings and reports awaiting an answer are mailed (else the linked account's email).
    email = models.EmailField(blank=True, default="")
    checked_in = models.BooleanField(default=True)
    # Marked absent at the desk (not arrived and not expected any more): never paired until checked in.
    absent = models.BooleanField(default=False)
    status = models.CharField(max_length=12, choices=STATUSES, default=ACTIVE)
    is_ringer = models.BooleanField(default=False)
    pinned_table = models.PositiveSmallIntegerField(null=True, blank=True)  # accessibility: always this table
    # The secret of the player's private link; whoever holds it acts as this player. Rotating it
    # replaces it, so an old link stops working at once.
    key = models.CharField(max_length=64, unique=True, default=new_player_key)
    # An account that registered itself (or was linked) acts like the link holder.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="entries")
    # Who this is across events (empty for the Ringer, who is nobody's record).
    person = models.ForeignKey("people.Person", on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="entries")
    # Where the player finished, stored when the event finishes (profiles list many events at once).
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    # The player's seed in the event's top cut (1: the best), fixed when the cut is paired; empty: not in it.
    seed = models.PositiveSmallIntegerField(null=True, blank=True)
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="player_name_unique_in_event"),
            models.UniqueConstraint(fields=["event", "user"], name="one_entry_per_account_in_event"),
            models.UniqueConstraint(fields=["event"], condition=Q(is_ringer=True), name="one_ringer_per_event"),
            models.UniqueConstraint(fields=["event", "person"], name="one_entry_per_person_in_event"),
            models.UniqueConstraint(fields=["event", "seed"], name="one_player_per_seed"),
        ]

    def __str__(self):
        return self.name
