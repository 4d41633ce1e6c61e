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
