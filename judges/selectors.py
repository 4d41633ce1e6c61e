"""What the pages and the API read of the calls and rulings: a table's open call and its rulings (for its two
players), the event's queue of open calls oldest first, its rulings searched, and the wait statistics."""
from __future__ import annotations

from statistics import median

from django.db.models import Q
from django.utils import timezone

from judges.models import JudgeCall, Ruling

SEARCH_LENGTH = 100


def open_call(game) -> JudgeCall | None:
    return (JudgeCall.objects.select_related("taken_by", "player")
            .filter(game=game, closed_at=None, withdrawn_at=None).first())


def game_rulings(game) -> list[Ruling]:
    return list(Ruling.objects.filter(game=game))


def queue(event) -> list[JudgeCall]:
    """The event's open calls, oldest first, with their table's players."""
    return list(JudgeCall.objects.select_related("game__round", "game__player_a", "game__player_b", "player",
                                                 "taken_by")
                .filter(event=event, closed_at=None, withdrawn_at=None).order_by("created_at", "id"))


def rulings(event, q: str = "") -> list[Ruling]:
    """The event's rulings, newest first; `q` finds words of the text or rule, a player's name, or a table
    number."""
    found = Ruling.objects.select_related("game__round", "game__player_a", "game__player_b").filter(event=event)
    q = (q or "").replace("\x00", "").strip()[:SEARCH_LENGTH]
    if q:
        match = (Q(text__icontains=q) | Q(rule__icontains=q) | Q(game__player_a__name__icontains=q)
                 | Q(game__player_b__name__icontains=q) | Q(by_name__icontains=q))
        if q.isdigit() and len(q) < 6:
            match |= Q(game__table=int(q))
        found = found.filter(match)
    return list(found.order_by("-created_at", "-id"))


def waited(call: JudgeCall, now=None) -> int:
    """Whole seconds the call waited for a judge (so far, while nobody took it)."""
    end = call.taken_at or now or timezone.now()
    return max(int((end - call.created_at).total_seconds()), 0)


def statistics(event) -> dict:
    """Calls made, answered (taken), and the median and worst wait from the call to a judge taking it."""
    calls = list(JudgeCall.objects.filter(event=event).only("created_at", "taken_at", "withdrawn_at"))
    waits = [waited(call) for call in calls if call.taken_at is not None]
    return {"calls": len(calls), "answered": len(waits), "withdrawn": sum(1 for c in calls if c.withdrawn_at),
            "median_wait": int(median(waits)) if waits else None, "worst_wait": max(waits) if waits else None}
