"""The console's job pages' rights check: a job of an event the signed-in user organizes (the event's
pages use tournaments.fronts.organizer_view)."""
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from jobs.models import Job
from jobs.services import job_now
from tournaments.access import is_organizer


def organized_job(request, job_id) -> Job:
    """A job of an event the signed-in user organizes (its file left unread), a lost one ended first."""
    job = get_object_or_404(Job.objects.defer("output").select_related("event"), pk=job_id)
    if not is_organizer(request.user, job.event):
        raise PermissionDenied
    return job_now(job)
