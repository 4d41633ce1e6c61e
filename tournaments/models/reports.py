"""Players' versions of a result before it counts, and the forms a phone may send twice."""
from django.db import models

from tournaments.models.event import Player
from tournaments.models.rounds import Game, Result


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
