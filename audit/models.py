"""The audit trail's one model (its table is the one it had inside `tournaments`)."""
from django.conf import settings
from django.db import models
from django.utils import timezone


class AppendOnly(models.QuerySet):
    def update(self, **kwargs):
        raise TypeError("Audit records are append-only.")

    def delete(self):
        raise TypeError("Audit records are append-only.")


class AuditRecord(models.Model):
    """Who changed what, when, from what to what. Append-only: the ORM refuses to change or delete one
    (an event's deletion still takes its records with it)."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="audit")
    at = models.DateTimeField(default=timezone.now, db_index=True)  # kept as it was by a restore
    action = models.CharField(max_length=40)
    # Who: a signed-in user, or a player through their private link or linked account; `by` is the
    # name as it was then, kept if the user or entry goes away.
    by = models.CharField(max_length=160)
    by_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    by_player = models.ForeignKey("tournaments.Player", on_delete=models.SET_NULL, null=True, related_name="+")
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.PositiveSmallIntegerField(null=True, blank=True, db_index=True)
    # The players concerned (ids stay when a mistaken registration is removed).
    player = models.ForeignKey("tournaments.Player", on_delete=models.DO_NOTHING, db_constraint=False, null=True,
                               related_name="+")
    other_player = models.ForeignKey("tournaments.Player", on_delete=models.DO_NOTHING, db_constraint=False,
                                     null=True, related_name="+")
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    objects = AppendOnly.as_manager()

    class Meta:
        db_table = "tournaments_auditrecord"
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["event", "-at"], name="tournaments_event_i_28911d_idx")]

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise TypeError("Audit records are append-only.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise TypeError("Audit records are append-only.")
