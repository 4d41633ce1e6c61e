"""Long work's one model (its table is the one it had inside `tournaments`)."""
import uuid

from django.conf import settings
from django.db import models


class Job(models.Model):
    """Long work run by a Celery worker (a large field's pairing, a large event's export, a large import of
    players): one model and one progress endpoint for all of it. An export keeps its file here, in the
    database every web process shares, for EXPORT_KEEP_HOURS (`jobs.services.exports_clear`) or until the
    event is deleted."""

    PENDING, RUNNING, DONE, FAILED = "pending", "running", "done", "failed"
    ROUND, EXPORT, IMPORT = "round_generate", "export", "import"
    STATUSES = [(s, s) for s in (PENDING, RUNNING, DONE, FAILED)]

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="jobs")
    kind = models.CharField(max_length=40)
    params = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=STATUSES, default=PENDING)
    progress = models.PositiveSmallIntegerField(default=0)  # percent
    result = models.JSONField(default=dict, blank=True)
    errors = models.JSONField(default=list, blank=True)
    output = models.TextField(blank=True, default="")
    output_name = models.CharField(max_length=200, blank=True, default="")
    output_type = models.CharField(max_length=60, blank=True, default="")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)  # when a worker last began the work
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "tournaments_job"

    @property
    def ended(self) -> bool:
        return self.status in (self.DONE, self.FAILED)
