"""The judge desk: what an event's staff (organizers and judges) need on the floor. The current round's
tables with both players, the round clock as the console shows it, each table's time extension, the players,
and the sections other apps place here through tournaments.panels ("judge-desk": the calls' queue, rulings,
penalties)."""
from django.shortcuts import render

from gaininggrounds.web import naming
from tournaments import access, panels, selectors
from tournaments.fronts import staff_view
from tournaments.web.presenters import clock_context

# A panel's entry whose key starts with this is a section of the desk: a dict with the `template` to include
# and its own entries (`title`, `order` to place it, anything its template reads). Other entries of a panel are
# the page's context as on every other page.
SECTION = "desk_section_"


def _sections(shown: dict) -> list[dict]:
    sections = [value for key, value in shown.items() if key.startswith(SECTION) and value]
    return sorted(sections, key=lambda section: (section.get("order", 50), section.get("title", "")))


@staff_view
def judge_desk(request, event):
    players = {p.id: p for p in event.players.all()}
    number = selectors.latest_round_number(event)
    rnd = selectors.round_with_games(event, number) if number else None
    tables = []
    if rnd is not None:
        for game in rnd.games.all():
            a, b = players.get(game.player_a_id), players.get(game.player_b_id)
            tables.append({
                "game": game, "table": game.table, "extra": game.extra_minutes, "status": game.result_status,
                "sides": [{"player": p, "faction": naming.faction(event.format, p.faction)} for p in (a, b) if p],
                # a table given extra time: its own clock, the round's plus its minutes
                "clock": (clock_context(rnd, game.extra_minutes)
                          if game.extra_minutes and rnd.clock_left is not None else None)})
    roster = [{"player": p, "faction": naming.faction(event.format, p.faction)}
              for p in sorted(players.values(), key=lambda p: p.name.casefold()) if not p.is_ringer]
    shown = panels.panels("judge-desk", request=request, event=event, round=rnd, players=players)
    return render(request, "console/judge_desk.html", {
        "event": event, "round": rnd, "tables": tables, "roster": roster,
        "organizer": access.is_organizer(request.user, event), "sections": _sections(shown),
        "may_correct": access.may_correct(request.user, event),  # the results board is theirs too
        **({} if rnd is None else clock_context(rnd)), **shown})
