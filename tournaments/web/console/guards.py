"""The console's one rights check: a signed-in organizer of the event (or of the job's event) named in
the address; anyone else gets the sign-in page or a 403, and an unknown event a 404."""
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from jobs.models import Job
from tournaments import selectors
from tournaments.access import is_organizer
from tournaments.models import Event


def organizer_view(view):
    """Wraps a console view taking `slug`: it is called with the organizer's `event` in its place."""

    @login_required
    @wraps(view)
    def guarded(request, slug, *args, **kwargs):
        event = get_object_or_404(Event, slug=slug)
        if not is_organizer(request.user, event):
            raise PermissionDenied
        return view(request, event, *args, **kwargs)

    return guarded


def organized_job(request, job_id) -> Job:
    """A job of an event the signed-in user organizes (its file left unread)."""
    job = get_object_or_404(Job.objects.defer("output").select_related("event"), pk=job_id)
    if not is_organizer(request.user, job.event):
        raise PermissionDenied
    return job


def round_and_players(event, number):
    """The round with its games and results, and the event's players by id; 404 for an unknown round."""
    rnd = selectors.round_with_games(event, number)
    if rnd is None:
        raise Http404("No such round")
    return rnd, {p.id: p for p in event.players.all()}
