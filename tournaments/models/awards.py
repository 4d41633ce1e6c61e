"""Bonus and penalty Tournament Points, and the awards given by name or by the players' votes."""
from django.db import models
from django.db.models import Q

from tournaments.models.event import Event, Player


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
