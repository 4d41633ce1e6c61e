"""The top cut's public page (and its part of the hall display): the bracket, readable without script."""
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from gaininggrounds.http_cache import public_cache
from tournaments import selectors
from tournaments.fronts import player_link
from tournaments.models import Event
from tournaments.web.presenters import bracket_stages, cut_line


@public_cache("event", "slug")
def bracket_page(request, slug):
    event = get_object_or_404(Event, slug=slug)
    if not event.cut_size and not event.players.exclude(seed=None).exists():
        raise Http404("This event has no top cut")
    view = selectors.cut_view(event)
    stages = bracket_stages(view, player_link(event.slug)) if view else []
    return render(request, "public/bracket.html", {"event": event, "stages": stages, "cut_line": cut_line(event)})
