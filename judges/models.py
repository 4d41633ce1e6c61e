"""A player's call for a judge at their table, and a judge's ruling there: kept with the game, seen by the
table's two players and the event's staff only."""
from django.conf import settings
from django.db import models

KINDS = [("rules", "rules question"), ("time", "time"), ("dispute", "a dispute of play"), ("other", "other")]
NOTE_LENGTH = 300
TEXT_LENGTH = 1000
RULE_LENGTH = 200


class JudgeCall(models.Model):
    """Open from `created_at` until closed (a judge ruled) or withdrawn (by the player who called); taken
    meanwhile by the judge on the way."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("tournaments.Game", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10, choices=KINDS)
    note = models.CharField(max_length=NOTE_LENGTH, blank=True)
    created_at = models.DateTimeField(db_index=True)
    taken_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                 related_name="+")
    taken_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]

    @property
    def is_open(self) -> bool:
        return self.closed_at is None and self.withdrawn_at is None


class Ruling(models.Model):
    """What a judge ruled at a table (closing a call, or on their own), and the rule it rests on."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("tournaments.Game", on_delete=models.CASCADE, related_name="+")
    call = models.OneToOneField(JudgeCall, on_delete=models.SET_NULL, null=True, blank=True, related_name="ruling")
    text = models.CharField(max_length=TEXT_LENGTH)
    rule = models.CharField(max_length=RULE_LENGTH, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    by_name = models.CharField(max_length=150, blank=True)  # kept if the account goes away
    created_at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]


class PenaltyLadder(models.Model):
    """The event's ladder when its organizer changed the default (judges.ladder.DEFAULT_LADDER): the steps,
    mildest first, and how many Tournament Points a TP penalty takes."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="+")
    steps = models.JSONField()
    tp = models.PositiveSmallIntegerField(default=1)


class Penalty(models.Model):
    """A penalty a judge gave a player, with its reason and note: seen by the event's staff and the player
    only. Its effect on the standings is the tournament's own record (a warning line, a TP adjustment, a
    forfeit, the disqualification); `adjustment` is the TP penalty's line while it stands."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("tournaments.Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=20)
    step = models.CharField(max_length=20)
    tp = models.PositiveSmallIntegerField(default=0)
    note = models.CharField(max_length=NOTE_LENGTH, blank=True)
    adjustment = models.ForeignKey("tournaments.TPAdjustment", on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    by_name = models.CharField(max_length=150, blank=True)  # kept if the account goes away
    created_at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["created_at", "id"]
