"""The phone's side of push notifications: a browser subscribes (or stops) for a player's private link or
for the event its organizer or judge staffs, by a JSON POST from static/js/phone.js. Answers are JSON: 200
with what is kept, 400 with the problem, 404 when push is not offered (no VAPID keys) or the link is
unknown."""
from __future__ import annotations

import json

from django.conf import settings
from django.http import Http404, JsonResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from notifications import push
from notifications.models import ALL_IN, CLOCK, DISPUTE, FINAL, JUDGE_CALLS, REPORTED, ROUND
from scoring.problems import DomainError
from tournaments.access import bad_key_wait, player_for_key
from tournaments.fronts import staff_view


def _answer(request, *, event, player=None, user=None) -> JsonResponse:
    if not push.offered():
        raise Http404("Push notifications are not offered here")
    try:
        body = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: nested past Python's depth
        body = None
    if not isinstance(body, dict):
        return JsonResponse({"detail": "Send a JSON object.", "attr": None}, status=400)
    owner = {"player": player, "user": user}
    try:
        if body.get("remove"):
            push.subscription_remove(event=event, endpoint=str(body.get("endpoint", "")), **owner)
            return JsonResponse({"kinds": []})
        subscription = push.subscription_save(event=event, info=body.get("subscription"), kinds=body.get("kinds"),
                                              language=get_language() or "en", **owner)
    except DomainError as error:
        problem = error.problems[0]
        return JsonResponse({"detail": problem.detail, "attr": problem.attr, "code": problem.code}, status=400)
    return JsonResponse({"kinds": subscription.kinds})


@require_POST
def player_push(request, key):
    player = player_for_key(key)
    if player is None:
        if bad_key_wait(request.META) is not None:
            return JsonResponse({"detail": "Too many wrong links from this address; wait a minute."}, status=429)
        raise Http404("No such link")
    return _answer(request, event=player.event, player=player)


@staff_view(post_only=True)
def staff_push(request, event):
    """An organizer's phone (the event's news, a judge's call) or a judge's (the players' calls for a judge)."""
    return _answer(request, event=event, user=request.user)


def push_offer(url: str, kinds) -> dict:
    """What templates/notifications/_push.html needs: nothing when push is not offered here."""
    if not push.offered():
        return {"push_key": ""}
    return {"push_key": settings.VAPID_PUBLIC_KEY, "push_url": url, "push_kinds": kinds}


def player_kinds() -> list[tuple[str, str]]:
    return [(ROUND, _("A round is published: my table, opponent and mission")),
            (REPORTED, _("My opponent reports or disputes: confirm it")),
            (CLOCK, _("The clock: last turn called, time up")), (FINAL, _("The final standings"))]


def staff_kinds(event, user) -> list[tuple[str, str]]:
    """What this organizer or judge may have their phone told (notifications.push.kinds_for), in words."""
    words = {ALL_IN: _("All results of a round are in"), DISPUTE: _("A dispute is raised"),
             JUDGE_CALLS: _("A player calls a judge: the table and what about")}
    return [(kind, words[kind]) for kind in push.kinds_for(event, user=user)]
