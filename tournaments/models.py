"""What an event stores. Rules live in `scoring/` and the pure modules; the
database guards what must never happen with constraints."""
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from scoring.formats import FORMATS, Format, SchemeChart, get_format
from scoring.missions import AT_TABLE, PER_ROUND, PER_TABLE
from scoring.report import BYE, CONCEDED, DOUBLE_LOSS, FORFEITED, PLAYED, other_side
from tournaments.standings import (
    ACTIVE,
    DEFAULT_TIEBREAKS,
    DISQUALIFIED,
    DROPPED,
    LATE_ON_ZERO,
    LATE_WITH_LOSSES,
)


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
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="organized_events")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        constraints = [
            models.CheckConstraint(condition=Q(rounds__isnull=True) | Q(rounds__gte=1), name="event_rounds_positive"),
            models.CheckConstraint(condition=Q(rematch_window__gte=1), name="event_rematch_window_positive"),
        ]

    def __str__(self):
        return self.name

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
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="player_name_unique_in_event"),
            models.UniqueConstraint(fields=["event", "user"], name="one_entry_per_account_in_event"),
            models.UniqueConstraint(fields=["event"], condition=Q(is_ringer=True), name="one_ringer_per_event"),
            models.UniqueConstraint(fields=["event", "person"], name="one_entry_per_person_in_event"),
        ]

    def __str__(self):
        return self.name


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    strategy = models.CharField(max_length=60, blank=True, default="")
    deployment = models.CharField(max_length=60, blank=True, default="")
    scheme_pool = models.JSONField(default=list, blank=True)
    seed = models.CharField(max_length=64)
    # Every Fate card flipped for this round, in order: [{"card": "7R", "purpose": ..., "kept": bool}].
    flips = models.JSONField(default=list, blank=True)
    # What the organizer should know about the round: {"warnings": [{"code", "detail"}], "objective": [...]}.
    report = models.JSONField(default=dict, blank=True)
    # The round clock: running since clock_started_at with clock_left seconds left then; paused when
    # clock_started_at is empty; not started when clock_left is empty too.
    clock_started_at = models.DateTimeField(null=True, blank=True)
    clock_left = models.PositiveIntegerField(null=True, blank=True)
    # What the clock has announced (scheduled jobs): [{"left": seconds, "run": start time, "at": when}].
    clock_notices = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # When the organizer published the pairing; empty: a draft that only organizers see (preview, swaps),
    # with no result, no bye award, no clock and no mail until it is published.
    published_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        # The event's id, not the event: ordering by the event would join it to sort by its date and name,
        # in every query of rounds (and of games and versions, which sort by their round).
        ordering = ["event_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique_in_event"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self):
        return f"{self.event} round {self.number}"

    @property
    def is_draft(self) -> bool:
        return self.published_at is None

    def seconds_left(self, now) -> int | None:
        """What the round clock shows now: None before it starts, never below zero."""
        if self.clock_left is None:
            return None
        if self.clock_started_at is None:
            return self.clock_left
        return max(0, self.clock_left - int((now - self.clock_started_at).total_seconds()))


BY_TABLE = models.F("table").asc(nulls_last=True)  # a round's games as they are seated: the bye last


class Game(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    table = models.PositiveSmallIntegerField(null=True, blank=True)  # none for a bye
    player_a = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+", null=True, blank=True)
    # The pairing report's flags for this game (tournaments.pairing.report).
    flags = models.JSONField(default=list, blank=True)
    # The table's own mission (events with missions per table or at the table); empty: the round's.
    strategy = models.CharField(max_length=60, blank=True, default="")
    deployment = models.CharField(max_length=60, blank=True, default="")
    scheme_pool = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["round", BY_TABLE]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="table_unique_in_round"),
            models.CheckConstraint(condition=~Q(player_a=models.F("player_b")), name="game_two_different_players"),
            models.CheckConstraint(condition=Q(player_b__isnull=True, table__isnull=True)
                                   | Q(player_b__isnull=False, table__isnull=False), name="bye_has_no_table"),
        ]

    @property
    def is_bye(self) -> bool:
        return self.player_b_id is None

    def side_of(self, player_id: int) -> str | None:
        return {self.player_a_id: "a", self.player_b_id: "b"}.get(player_id)

    def player_of(self, side: str) -> int | None:
        """The id of the player on `side` ("a" or "b"); None for the bye's empty side."""
        return self.player_a_id if side == "a" else self.player_b_id

    def opponent_of(self, player_id: int) -> int | None:
        return self.player_of(other_side(self.side_of(player_id)))

    def mission(self) -> tuple[str, str, list[str]]:
        """(strategy, deployment, scheme pool) keys this table plays: its own, else its round's."""
        if self.strategy:
            return self.strategy, self.deployment, list(self.scheme_pool)
        return self.round.strategy, self.round.deployment, list(self.round.scheme_pool)

    def result_status(self) -> str:
        """Where the game's result stands; reads prefetched `result` and `reports` when loaded."""
        return status_of(getattr(self, "result", None) is not None, len(self.reports.all()))


class Seat(models.Model):
    """One row per player per round, so the database itself refuses a player seated twice."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "player"], name="player_once_per_round")]


class Result(models.Model):
    OUTCOMES = [(PLAYED, "played"), (CONCEDED, "conceded"), (FORFEITED, "forfeited"), (DOUBLE_LOSS, "double loss"),
                (BYE, "bye")]

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="result")
    outcome = models.CharField(max_length=12, choices=OUTCOMES)
    loser = models.CharField(max_length=1, choices=[("a", "a"), ("b", "b")], blank=True, default="")
    turns = models.PositiveSmallIntegerField(null=True, blank=True)
    # Where the VP came from, per side, as validated: {"a": {"strategy", "schemes": [...], "turns": [...]}}.
    breakdown = models.JSONField(default=dict, blank=True)
    vp_a = models.PositiveSmallIntegerField()
    tp_a = models.PositiveSmallIntegerField()
    diff_a = models.SmallIntegerField()
    vp_b = models.PositiveSmallIntegerField(null=True, blank=True)
    tp_b = models.PositiveSmallIntegerField(null=True, blank=True)
    diff_b = models.SmallIntegerField(null=True, blank=True)
    # The Master each player led, as reported; where the format lists its leaders (M4E), also the leader's
    # key (empty: not one of the list, a new release typed as free text, which organizers see flagged).
    master_a = models.CharField(max_length=60, blank=True, default="")
    master_b = models.CharField(max_length=60, blank=True, default="")
    leader_a = models.CharField(max_length=80, blank=True, default="")
    leader_b = models.CharField(max_length=80, blank=True, default="")
    # The sides that did not come to the table ("a", "b", "ab"), recorded by the desk's no-show: a forfeit or a
    # double loss for another reason (an illegal crew, misconduct, collusion) is a game the players came to.
    no_show = models.CharField(max_length=2, blank=True, default="")
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    entered_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(outcome=BYE, vp_b__isnull=True, tp_b__isnull=True, diff_b__isnull=True)
                                   | (~Q(outcome=BYE) & Q(vp_b__isnull=False, tp_b__isnull=False,
                                                          diff_b__isnull=False)),
                                   name="result_b_side_unless_bye"),
        ]


class TPAdjustment(models.Model):
    """Bonus or penalty Tournament Points with their reason (a painting bonus, a slow-play penalty), counted
    in the standings from the round they were given in."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="adjustments")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="adjustments")
    tp = models.SmallIntegerField()
    reason = models.CharField(max_length=200)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)  # None: before round 1
    by = models.CharField(max_length=150, blank=True, default="")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]
        constraints = [models.CheckConstraint(condition=~Q(tp=0), name="adjustment_not_zero")]


BEST_PAINTED, BEST_SPORTSMANSHIP = "best_painted", "best_sportsmanship"
CHOSEN_AWARDS = (BEST_PAINTED, BEST_SPORTSMANSHIP)


class ChosenAward(models.Model):
    """An award the organizer gives by name (or that overrides the players' vote)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="chosen_awards")
    kind = models.CharField(max_length=20, choices=[(k, k) for k in CHOSEN_AWARDS])
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "kind"], name="one_winner_per_award")]


class AwardVote(models.Model):
    """A player's vote for an award: one per award, never for themselves; counted when the event ends."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="award_votes")
    kind = models.CharField(max_length=20, choices=[(k, k) for k in CHOSEN_AWARDS])
    voter = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    choice = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "kind", "voter"], name="one_vote_per_award"),
                       models.CheckConstraint(condition=~Q(voter=models.F("choice")), name="no_vote_for_oneself")]


UNREPORTED, AWAITING, DISPUTED, CONFIRMED = "unreported", "awaiting_confirmation", "disputed", "confirmed"
GAME_STATUSES = (UNREPORTED, AWAITING, DISPUTED, CONFIRMED)


def status_of(has_result: bool, versions: int) -> str:
    """A result counts whatever the players said; otherwise one version awaits the opponent and two
    disagree."""
    if has_result:
        return CONFIRMED
    return {0: UNREPORTED, 1: AWAITING}.get(versions, DISPUTED)


class PlayerReport(models.Model):
    """One player's version of a game's result, not yet counted. One version awaits the opponent's
    confirmation; two different versions are a dispute for the organizer. Confirmation (or the
    organizer's result) turns it into the game's Result and removes the versions."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reports")
    side = models.CharField(max_length=1, choices=[("a", "a"), ("b", "b")])  # who reported
    outcome = models.CharField(max_length=10, choices=Result.OUTCOMES[:3])
    loser = models.CharField(max_length=1, blank=True, default="")
    vp_a = models.PositiveSmallIntegerField(null=True, blank=True)
    vp_b = models.PositiveSmallIntegerField(null=True, blank=True)
    turns = models.PositiveSmallIntegerField(null=True, blank=True)
    breakdown = models.JSONField(default=dict, blank=True)
    master_a = models.CharField(max_length=60, blank=True, default="")
    master_b = models.CharField(max_length=60, blank=True, default="")
    leader_a = models.CharField(max_length=80, blank=True, default="")
    leader_b = models.CharField(max_length=80, blank=True, default="")
    # The mission the table flipped, when the event's tables report their own: {strategy, deployment, scheme_pool}.
    mission = models.JSONField(default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game_id", "updated_at"]  # not "game": that joins the game and its round to sort
        constraints = [models.UniqueConstraint(fields=["game", "side"], name="one_version_per_side")]


class SentOnce(models.Model):
    """A player's form their phone may send twice (kept offline and sent when the network returns, again
    after a lost answer): its token, taken with what the form did, makes a second sending a no-op."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    token = models.CharField(max_length=32)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "token"], name="form_sent_once")]
