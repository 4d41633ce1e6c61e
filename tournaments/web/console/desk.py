"""The check-in desk's rows and counts: where each player stands (arrived, expected, absent), as the desk
page lists them and as a tap answers with one row and the counts."""
from django.shortcuts import render

from gaininggrounds.web import naming
from tournaments.models import Player
from tournaments.standings import ACTIVE


def desk_answer(request, event, player):
    player = Player.objects.get(pk=player.pk)
    return render(request, "console/_desk_row.html", {"event": event, "row": desk_row(event, player),
                                                      "counts": desk_counts(event), "oob": True})


def desk_row(event, player) -> dict:
    state = ("arrived" if player.checked_in else "absent" if player.absent else "expected")
    return {"player": player, "state": state, "faction": naming.faction(event.format, player.faction),
            "out": player.status != ACTIVE}


def desk_counts(event) -> dict:
    active = event.players.filter(status=ACTIVE, is_ringer=False)
    return {"arrived": active.filter(checked_in=True).count(),
            "expected": active.filter(checked_in=False, absent=False).count(),
            "absent": active.filter(absent=True).count()}
