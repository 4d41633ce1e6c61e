"""The check-in desk's rows and counts: where each player stands (arrived, expected, absent) and, from their
sign-up, whether they still owe the entry fee (unpaid, or refunded), as the desk page lists them, counts them
and finds them, and as a tap answers with one row and the counts."""
from collections import Counter

from django.shortcuts import render
from django.utils.translation import gettext_lazy

from gaininggrounds.web import naming
from gaininggrounds.web.naming import natural, searchable
from tournaments.fronts import paid_word
from tournaments.models import Player
from tournaments.standings import ACTIVE

UNPAID, REFUNDED = "unpaid", "refunded"
OWING = (UNPAID, REFUNDED)  # what the desk shows on a row, counts and filters: the others (paid, free) owe nothing
# The desk filtered to one of them: what it shows, and what it says when nobody is left.
FILTERS = {UNPAID: (gettext_lazy("Only those who have not paid"), gettext_lazy("Everyone has paid.")),
           REFUNDED: (gettext_lazy("Only those refunded"), gettext_lazy("Nobody was refunded."))}


def paid_state(player) -> str:
    """The entry's paid state as the run-up keeps it (sign-ups' record of the entry, read by its relation's
    name: the tournament imports nothing of sign-ups); an entry without one has not paid."""
    return getattr(getattr(player, "signup", None), "paid", UNPAID)


def desk_players(event, *, query: str = "", paid: str = "") -> list[dict]:
    """The desk's rows by name: everyone but the Ringer, those whose name or club holds `query` (accents and
    case aside), and with `paid` ("unpaid", "refunded") only those still playing in that state, as counted."""
    wanted = searchable(query)
    players = [p for p in event.players.filter(is_ringer=False).select_related("signup")
               if (not wanted or wanted in searchable(f"{p.name} {p.club}"))
               and (paid not in OWING or (p.status == ACTIVE and paid_state(p) == paid))]
    return [desk_row(event, p) for p in sorted(players, key=lambda p: natural(p.name))]


def desk_answer(request, event, player):
    player = Player.objects.select_related("signup").get(pk=player.pk)
    return render(request, "console/_desk_row.html", {"event": event, "row": desk_row(event, player),
                                                      "counts": desk_counts(event), "oob": True})


def desk_row(event, player) -> dict:
    state = ("arrived" if player.checked_in else "absent" if player.absent else "expected")
    paid = paid_state(player)
    return {"player": player, "state": state, "faction": naming.faction(event.format, player.faction),
            "out": player.status != ACTIVE, "paid": paid, "owing": paid_word(paid) if paid in OWING else ""}


def desk_counts(event) -> dict:
    """Arrived, expected and absent, and how many of them have not paid or were refunded (the players still
    in the event, the Ringer aside)."""
    active = list(event.players.filter(status=ACTIVE, is_ringer=False).select_related("signup"))
    owing = Counter(paid_state(p) for p in active)
    return {"arrived": sum(p.checked_in for p in active),
            "expected": sum(not p.checked_in and not p.absent for p in active),
            "absent": sum(p.absent for p in active), UNPAID: owing[UNPAID], REFUNDED: owing[REFUNDED]}
