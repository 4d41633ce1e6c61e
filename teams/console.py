"""The organizer's "Teams" page in the console: the event's team rules, its teams, members and captains, and
each round's matches with their lineups (set here where the organizer sets them)."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from gaininggrounds.params import whole_number
from gaininggrounds.web import naming
from scoring.formats import get_format
from scoring.missions import PER_ROUND, PER_TABLE
from scoring.problems import DomainError
from teams import roster, rounds
from teams.board import lineup_rows
from teams.models import CAPTAINS, ORGANIZER, Team, TeamMatch
from teams.standings import MATCH_POINTS, TOTAL_TP
from tournaments.fronts import organizer_view
from tournaments.models import TEAM_SIZES, Player


@organizer_view
def teams_page(request, event):
    """The Teams page; a refused form is shown again as it was filled in, with the refusal, so nothing typed is
    lost (and a team size refused for the event's missions points at the setting to change)."""
    typed = {}
    if request.method == "POST":
        try:
            said = _act(request, event)
        except DomainError as error:
            typed = _typed(request.POST, error)
            messages.error(request, str(error) + (" " + _(
                "The setting Missions must change: ticked below, \"Play the round's mission at every table\" changes "
                "it with the team size. Save again.") if typed.get("missions_refused") else ""))
        else:
            messages.success(request, said)
            return redirect("teams:console", event.slug)
    event.refresh_from_db()
    teams = list(event.teams.prefetch_related("members__player"))
    placed = {m.player_id for t in teams for m in t.members.all()}
    for team in teams:  # the new member refused: their form open again, as filled in
        team.typed = typed if typed.get("action") == "member" and typed["team"] == team.pk else {}
        for member in team.members.all():
            member.faction_name = naming.faction(event.format, member.player.faction)
    fmt = get_format(event.format)
    rules = roster.rules_of(event)
    shown = {"size": event.team_size, "match_rule": rules.match_rule, "lineups": rules.lineups,
             "distinct": rules.distinct_factions, "round_mission": False}
    if typed.get("action") == "rules":
        shown.update(typed["rules"])
    return render(request, "teams/console.html", {
        "event": event, "rules": shown, "teams": teams, "started": event.round_set.exists(), "typed": typed,
        # a team event's tables cannot each draw their own mission (M4E's default): offered to change with the size
        "mission_drawn_per_table": event.missions == PER_TABLE,
        "sizes": [0, *range(TEAM_SIZES[0], TEAM_SIZES[1] + 1)],
        "match_rules": [(MATCH_POINTS, _("match points: 3 for winning more of the match's games, 1 for as many")),
                        (TOTAL_TP, _("the members' Tournament Points"))],
        "lineup_ways": [(CAPTAINS, _("the captains, by the documented steps")), (ORGANIZER, _("the organizer"))],
        "factions": [(f.key, naming.localized(f)) for f in fmt.factions],
        "unplaced": [p for p in event.players.filter(is_ringer=False).order_by("name") if p.pk not in placed]})


def _typed(post, error: DomainError) -> dict:
    """What the refused form held, to fill it in again: its action, its fields, and for the team rules whether
    the event's missions were the reason."""
    typed = {"action": post.get("action", ""), "team": _number(post.get("team")), "name": post.get("name", ""),
             "club": post.get("club", ""), "faction": post.get("faction", ""), "email": post.get("email", "")}
    if typed["action"] == "rules":
        typed["rules"] = {"size": _size(post), "match_rule": post.get("match_rule", MATCH_POINTS),
                          "lineups": post.get("lineups", CAPTAINS), "distinct": bool(post.get("distinct")),
                          "round_mission": bool(post.get("round_mission"))}
        typed["missions_refused"] = any(p.code == "team_missions" for p in error.problems)
    return typed


def _size(post) -> int:
    return int(post.get("size") or 0) if (post.get("size") or "0").isdigit() else -1


def _act(request, event) -> str:
    post = request.POST
    action = post.get("action")
    if action == "rules":
        roster.team_rules_set(event=event, by=request.user, size=_size(post),
                              missions=PER_ROUND if post.get("round_mission") else None,
                              match_rule=post.get("match_rule", MATCH_POINTS), lineups=post.get("lineups", CAPTAINS),
                              distinct_factions=bool(post.get("distinct")))
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
    return render(request, "teams/console_matches.html", {
        "event": event, "number": number, "rows": lineup_rows(event, number),
        "by_organizer": roster.rules_of(event).lineups == ORGANIZER})
