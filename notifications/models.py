"""Email notifications' one model (its table is the one it had inside `tournaments`)."""
from django.db import models


class Notification(models.Model):
    """One email to send, once: a unique (player, kind, about) makes creating it twice a no-op, and
    `sent_at` makes sending it twice one (a retried or re-run task finds it already sent)."""

    ROUND_PUBLISHED, AWAITING_YOU, DISPUTED = "round_published", "report_awaits_you", "report_disputed"

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="notifications")
    to = models.EmailField()
    kind = models.CharField(max_length=30)
    about = models.CharField(max_length=60)  # what it is about: "round:3", "game:17:a:<version time>"
    subject = models.CharField(max_length=200)
    body = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    # Why a mail that could not be built was given up (never retried), e.g. a header it cannot carry.
    failure = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        db_table = "tournaments_notification"
        constraints = [models.UniqueConstraint(fields=["to", "kind", "about"], name="notification_once")]
