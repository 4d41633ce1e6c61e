"""A team round on the organizer's round pages: each match with where its lineup stands (the Team matches
page, and the panel the console's preview and results board place), and the tables whose games wait for a
lineup (a reader the board counts, so it offers the next round only once every match is seated and
reported)."""
from __future__ import annotations

from django.urls import reverse

from teams import roster, selectors
from teams.lineup import Step, lineup
from teams.models import ORGANIZER, TeamMatch
from teams.web import _tables


def lineup_rows(event, number: int) -> list[dict]:
    """A round's matches (a draft's too) with their members, games, and whose lineup choice is awaited."""
    rows = []
    for match in selectors.round_matches(event, number, drafts=True):
        members = {side: [m.player for m in team.members.all()] if team else []
                   for side, team in (("a", match.team_a), ("b", match.team_b))}
        steps = [Step(s.side, s.kind, s.player_id) for s in match.steps.all()]
        state = lineup([p.pk for p in members["a"]], [p.pk for p in members["b"]], steps) if match.team_b else None
        rows.append({"match": match, "members": members, "games": [mg.game for mg in match.games.all()],
                     "waiting": state.waiting if state and not state.done else None})
    return rows


def round_panel(*, event, round, **page) -> dict:
    """The console's preview and board of a team round: its matches, each seated (with its results so far) or
    waiting for its lineup, and how many matches still owe one."""
    if not event.team_size:
        return {}
    matches = []
    for row in lineup_rows(event, round.number):
        match, games = row["match"], row["games"]
        matches.append({
            "a": match.team_a.name, "b": match.team_b.name if match.team_b else "", "bye": match.is_bye,
            "tables": _tables(match.tables), "seated": bool(games), "games": len(games),
            "reported": sum(getattr(g, "result", None) is not None for g in games),
            "waiting": row["waiting"] if not games and not match.is_bye else None})
    return {"team_round": {
        "matches": matches, "draft": round.is_draft,
        "owed": sum(1 for m in matches if not m["bye"] and not m["seated"]),
        "by_organizer": roster.rules_of(event).lineups == ORGANIZER,
        "href": reverse("teams:console-matches", args=[event.slug, round.number])}}


def tables_owed(rnd) -> int:
    """The tables of a team round whose games are not seated yet (their match's lineup still to come)."""
    team_size = rnd.event.team_size
    if not team_size:
        return 0
    return team_size * TeamMatch.objects.filter(round=rnd, team_b__isnull=False, games__isnull=True).count()
