"""Rounds, their games and seats, and the results that count."""
from django.conf import settings
from django.db import models
from django.db.models import Q

from scoring.report import BYE, CONCEDED, DOUBLE_LOSS, FORFEITED, PLAYED, other_side
from tournaments.models.event import Event, Player

SWISS_STAGE, CUT_STAGE = "swiss", "cut"


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    # Swiss, or a round of the event's top cut (numbered on from the Swiss rounds, paired from the bracket).
    stage = models.CharField(max_length=5, default=SWISS_STAGE, choices=[(SWISS_STAGE, "Swiss"), (CUT_STAGE, "cut")])
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
    # A judge's time extension for this table: its clock, last-turn call and time-up come that much later.
    extra_minutes = models.PositiveSmallIntegerField(default=0, db_default=0)  # old code may write during a deploy

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


UNREPORTED, AWAITING, DISPUTED, CONFIRMED = "unreported", "awaiting_confirmation", "disputed", "confirmed"
GAME_STATUSES = (UNREPORTED, AWAITING, DISPUTED, CONFIRMED)


def status_of(has_result: bool, versions: int) -> str:
    """A result counts whatever the players said; otherwise one version awaits the opponent and two
    disagree."""
    if has_result:
        return CONFIRMED
    return {0: UNREPORTED, 1: AWAITING}.get(versions, DISPUTED)
