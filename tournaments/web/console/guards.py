"""The console's one rights check: a signed-in organizer of the event (or of the job's event) named in
the address; anyone else gets the sign-in page or a 403, and an unknown event a 404."""
from functools import partial, wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_POST

from jobs.models import Job
from jobs.services import job_now
from tournaments.access import is_organizer
from tournaments.models import Event


def organizer_view(view=None, *, post_only: bool = False):
    """Wraps a console view taking `slug`: it is called with the organizer's `event` in its place.
    Checked in this order: signed in (else the sign-in page), POST when `post_only` (else 405), the
    event exists (404), the user organizes it (403)."""
    if view is None:
        return partial(organizer_view, post_only=post_only)

    @wraps(view)
    def guarded(request, slug, *args, **kwargs):
        event = get_object_or_404(Event, slug=slug)
        if not is_organizer(request.user, event):
            raise PermissionDenied
        return view(request, event, *args, **kwargs)

    return login_required(require_POST(guarded) if post_only else guarded)


def organized_job(request, job_id) -> Job:
    """A job of an event the signed-in user organizes (its file left unread), a lost one ended first."""
    job = get_object_or_404(Job.objects.defer("output").select_related("event"), pk=job_id)
    if not is_organizer(request.user, job.event):
        raise PermissionDenied
    return job_now(job)

