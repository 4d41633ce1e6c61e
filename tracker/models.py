"""The live game tracker's one model: a game's score as its players keep it, turn by turn."""
from django.db import models


class Tracker(models.Model):
    """One game's live score, kept by its two players on their private pages while they play; the public
    pages show its totals and turn, and at the end it becomes the report to confirm. `lines` holds one
    entry per side and turn: {"side", "turn", "strategy", "schemes": {scheme key: VP}, "by" (the side
    that recorded it), "objection" (the other side's word against it, until it is recorded again)}.
    `schemes` holds each side's schemes in the order chosen: {"scheme", "noted_model", "revealed"}, the
    unrevealed ones shown to their owner only. `manifest` (M2E): how many of each side's Avatar's two
    Manifest requirements are met."""

    game = models.OneToOneField("tournaments.Game", on_delete=models.CASCADE, related_name="+")
    turn = models.PositiveSmallIntegerField(default=1)  # the turn being played
    vp_a = models.PositiveSmallIntegerField(default=0)  # the totals so far, for the public pages
    vp_b = models.PositiveSmallIntegerField(default=0)
    lines = models.JSONField(default=list)
    schemes = models.JSONField(default=dict)
    manifest = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)
