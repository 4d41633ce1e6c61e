"""The calls and rulings on the pages: the player's private page (the call button, the call's state for both
players of the table, withdrawing it, the table's rulings), the judge desk's queue (a section, polled), the
queue's own page where judges take and close calls, and the staff's rulings page with its search and the
organizer's wait statistics. Every write goes through judges.services, as the API's."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from judges import selectors, services
from judges.models import JudgeCall
from scoring.problems import DomainError
from tournaments.access import is_organizer
from tournaments.fronts import staff_view

KIND_WORDS = {"rules": gettext_lazy("rules question"), "time": gettext_lazy("time"),
              "dispute": gettext_lazy("dispute of play"), "other": gettext_lazy("other")}


def kind_word(kind: str) -> str:
    return str(KIND_WORDS.get(kind, kind))


def minutes(seconds: int | None) -> int | None:
    return None if seconds is None else seconds // 60


def taker_name(user) -> str:
    return (user.first_name or user.get_username()) if user else ""


def private_context(request, event, player, current) -> dict:
    """The judge call of the player's current game (both players see it) and the table's rulings."""
    if current is None or current.is_bye:
        return {}
    call = selectors.open_call(current)
    return {"judge_call": {
        "template": "judges/_call.html", "game": current, "kinds": list(KIND_WORDS.items()),
        "open": call, "may_call": event.finished_at is None, "mine": call is not None and call.player_id == player.id,
        "waited": minutes(selectors.waited(call)) if call else None,
        "taker": taker_name(call.taken_by) if call and call.taken_by_id else "",
        "rulings": selectors.game_rulings(current)}}


def private_answer(request, player, game):
    """A "judge-call" or "judge-withdraw" form of the private page."""
    from tournaments.panels import Answer

    action = request.POST.get("action")
    try:
        if action == "judge-call":
            services.call_open(game=game, player=player, kind=request.POST.get("kind", ""),
                               note=request.POST.get("note", ""))
            messages.success(request, _("A judge is called to your table."))
        elif action == "judge-withdraw":
            call = selectors.open_call(game)
            if call is None:
                return Answer(problem=_("There is no open call to withdraw."))
            services.call_withdraw(call=call, player=player)
            messages.success(request, _("Your call is withdrawn."))
        else:
            return Answer(problem=_("Unknown action."))
    except DomainError as error:
        messages.error(request, str(error))
    return Answer(anchor="judge")


def queue_context(event, user=None) -> dict:
    rows = [{"call": call, "kind": kind_word(call.kind), "waited": minutes(selectors.waited(call)),
             "taker": taker_name(call.taken_by), "mine": user is not None and call.taken_by_id == user.pk}
            for call in selectors.queue(event)]
    return {"event": event, "calls": rows}


def desk_section(request, event) -> dict:
    """The queue as a section of the judge desk, first on it."""
    return {"desk_section_calls": {"template": "judges/_queue.html", "order": 10, "title": _("Judge calls"),
                                   "from_desk": True, **queue_context(event, request.user)}}


@staff_view
def queue_page(request, event):
    """The open calls, oldest first (polled every 5 s); POST: take one, or close it with a ruling."""
    if request.method == "POST":
        call = get_object_or_404(JudgeCall, pk=_int(request.POST.get("call")), event=event)
        try:
            if request.POST.get("action") == "take":
                services.call_take(call=call, by=request.user)
                messages.success(request, _("You are on the way to table %(t)s.") % {"t": call.game.table})
            elif request.POST.get("action") == "close":
                services.call_close(call=call, by=request.user, text=request.POST.get("text", ""),
                                    rule=request.POST.get("rule", ""))
                messages.success(request, _("Ruling recorded; the call is closed."))
        except DomainError as error:
            messages.error(request, str(error))
        back = "console:judge-desk" if request.POST.get("from") == "desk" else "judges:queue"
        return redirect(reverse(back, args=[event.slug]))
    return render(request, "judges/queue.html", {
        "section": {**queue_context(event, request.user), "from_desk": request.GET.get("from") == "desk"},
        "event": event})


@staff_view
def rulings_page(request, event):
    q = request.GET.get("q", "")[: selectors.SEARCH_LENGTH]
    return render(request, "judges/rulings.html", {
        "event": event, "q": q, "rulings": selectors.rulings(event, q),
        "stats": selectors.statistics(event) if is_organizer(request.user, event) else None})


def _int(value) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return 0
    return number if 0 < number < 2**63 else 0
