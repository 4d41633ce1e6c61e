"""python manage.py run_job ID: one job's work, in this process (how a site with no broker runs jobs)."""
import signal
import uuid

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from jobs.models import Job
from jobs.services import job_run, job_too_long


class Command(BaseCommand):
    help = "Run one pending job (a large pairing or export) and record how it ended."

    def add_arguments(self, parser):
        parser.add_argument("job_id", type=uuid.UUID)

    def handle(self, *args, job_id, **options):
        if not Job.objects.filter(pk=job_id).exists():
            raise CommandError(f"No job {job_id}.")
        # As a worker's time limit: at JOB_TIME_LIMIT the work stops (as soon as Python runs again) and the
        # job ends "ran out of time"; if it never comes back, the job is reported lost a minute later.
        previous = signal.signal(signal.SIGALRM, _out_of_time)
        signal.alarm(settings.JOB_TIME_LIMIT)
        try:
            job_run(str(job_id))
        except OutOfTime:
            job_too_long(str(job_id))
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
        status = Job.objects.values_list("status", flat=True).get(pk=job_id)
        self.stderr.write(f"Job {job_id}: {status}.")


class OutOfTime(Exception):
    pass


def _out_of_time(signum, frame):
    raise OutOfTime
