"""python manage.py run_job ID: one job's work, in this process (how a site with no broker runs jobs)."""
import signal
import uuid

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from jobs.models import Job
from jobs.services import job_run


class Command(BaseCommand):
    help = "Run one pending job (a large pairing or export) and record how it ended."

    def add_arguments(self, parser):
        parser.add_argument("job_id", type=uuid.UUID)

    def handle(self, *args, job_id, **options):
        if not Job.objects.filter(pk=job_id).exists():
            raise CommandError(f"No job {job_id}.")
        # As a worker's hard time limit: the process ends at JOB_TIME_LIMIT, and the job is then
        # reported lost (`jobs.services.lost_jobs_fail`) with nothing changed.
        signal.alarm(settings.JOB_TIME_LIMIT)
        try:
            job_run(str(job_id))
        finally:
            signal.alarm(0)
        status = Job.objects.values_list("status", flat=True).get(pk=job_id)
        self.stderr.write(f"Job {job_id}: {status}.")
