"""An event's judges, beside its organizers: staff who answer the players' calls, rule, extend a table's time
and give penalties, but neither pair, register nor finish (nor correct results, unless allowed)."""
from django.conf import settings
from django.db import models

from tournaments.models.event import Event


class EventJudge(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="judges")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="judged_events")
    head = models.BooleanField(default=False)  # the head judge: whom the others refer a ruling to
    may_correct = models.BooleanField(default=False)  # the organizer lets this judge correct results too
    added_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                 related_name="+")
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "-head", "pk"]
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="judge_once_per_event")]
