"""The organizer's "Teams" page in the console: the event's team rules, its teams, members and captains, and
each round's matches with their lineups (set here where the organizer sets them)."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from gaininggrounds.params import whole_number
from gaininggrounds.web.naming import localized
from scoring.formats import get_format
from scoring.problems import DomainError
from teams import roster, rounds, selectors
from teams.lineup import Step as LineupChoice
from teams.lineup import lineup
from teams.models import CAPTAINS, ORGANIZER, Team, TeamMatch
from teams.standings import MATCH_POINTS, TOTAL_TP
from tournaments.fronts import organizer_view
from tournaments.models import TEAM_SIZES, Player


@organizer_view
def teams_page(request, event):
    if request.method == "POST":
        try:
            said = _act(request, event)
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, said)
        return redirect("teams:console", event.slug)
    event.refresh_from_db()
    teams = list(event.teams.prefetch_related("members__player"))
    placed = {m.player_id for t in teams for m in t.members.all()}
    fmt = get_format(event.format)
    return render(request, "teams/console.html", {
        "event": event, "rules": roster.rules_of(event), "teams": teams, "started": event.round_set.exists(),
        "sizes": [0, *range(TEAM_SIZES[0], TEAM_SIZES[1] + 1)],
        "match_rules": [(MATCH_POINTS, _("match points: 3 for winning more of the match's games, 1 for as many")),
                        (TOTAL_TP, _("the members' Tournament Points"))],
        "lineup_ways": [(CAPTAINS, _("the captains, by the documented steps")), (ORGANIZER, _("the organizer"))],
        "factions": [(f.key, localized(f)) for f in fmt.factions],
        "unplaced": [p for p in event.players.filter(is_ringer=False).order_by("name") if p.pk not in placed]})


def _act(request, event) -> str:
    post = request.POST
    action = post.get("action")
    if action == "rules":
        size = int(post.get("size") or 0) if (post.get("size") or "0").isdigit() else -1
        roster.team_rules_set(event=event, by=request.user, size=size, match_rule=post.get("match_rule", MATCH_POINTS),
                              lineups=post.get("lineups", CAPTAINS), distinct_factions=bool(post.get("distinct")))
        return _("Team rules saved.")
    if action == "team":
        team = roster.team_create(event=event, name=post.get("name", ""), club=post.get("club", ""), by=request.user)
        return _("Team %(name)s created.") % {"name": team.name}
    team = get_object_or_404(Team, pk=_number(post.get("team")), event=event)
    if action == "member":
        player = roster.member_register(team=team, name=post.get("name", ""), faction=post.get("faction", ""),
                                        email=post.get("email", ""), by=request.user)
        return _("%(player)s joined %(team)s.") % {"player": player.name, "team": team.name}
    if action == "existing":
        player = get_object_or_404(Player, pk=_number(post.get("player")), event=event)
        roster.member_add(team=team, player=player, by=request.user)
        return _("%(player)s joined %(team)s.") % {"player": player.name, "team": team.name}
    if action == "captain":
        player = get_object_or_404(Player, pk=_number(post.get("player")), event=event)
        roster.captain_set(team=team, player=player, by=request.user)
        return _("%(player)s captains %(team)s.") % {"player": player.name, "team": team.name}
    if action == "drop":
        roster.team_drop(team=team, by=request.user)
        return _("%(team)s left the event.") % {"team": team.name}
    return _("Nothing changed.")


def _number(value) -> int:
    """A posted id, or 0 (no such row: a 404) when it is no whole number."""
    return whole_number(value or "") or 0


@organizer_view
def matches_page(request, event, number):
    """A round's matches: where each lineup stands, and the organizer's lineup form where they set it."""
    if request.method == "POST":
        match = get_object_or_404(TeamMatch, pk=_number(request.POST.get("match")), round__event=event)
        pairs = list(zip(request.POST.getlist("a"), request.POST.getlist("b")))
        try:
            rounds.lineup_set(match=match, pairs=[(int(a), int(b)) for a, b in pairs if a.isdigit() and b.isdigit()],
                              by=request.user)
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("Lineup set: the match's games are seated."))
        return redirect("teams:console-matches", event.slug, number)
    rows = []
    for match in selectors.round_matches(event, number, drafts=True):
        members = {side: [m.player for m in team.members.all()] if team else []
                   for side, team in (("a", match.team_a), ("b", match.team_b))}
        steps = [LineupChoice(s.side, s.kind, s.player_id) for s in match.steps.all()]
        state = lineup([p.pk for p in members["a"]], [p.pk for p in members["b"]], steps) if match.team_b else None
        rows.append({"match": match, "members": members, "games": [mg.game for mg in match.games.all()],
                     "waiting": state.waiting if state and not state.done else None})
    return render(request, "teams/console_matches.html", {
        "event": event, "number": number, "rows": rows, "by_organizer": roster.rules_of(event).lineups == ORGANIZER})
