"""A team event's pages: team standings and each team's page (public, cached), the team matches beside a
round's games, and a captain's lineup choices on their private page."""
from __future__ import annotations

from collections import Counter

from django.contrib import messages
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from gaininggrounds.http_cache import public_cache
from gaininggrounds.typeset import minus
from gaininggrounds.web import naming
from scoring.formats import get_format
from scoring.problems import DomainError
from teams import roster, rounds, selectors
from teams.lineup import PLACE, Step, lineup, visible
from teams.models import ORGANIZER, Member, Team, TeamMatch
from teams.roster import rules_of
from tournaments.fronts import player_link
from tournaments.models import Event, Player


def match_rows(event: Event, number: int, *, drafts: bool = False) -> list[dict]:
    """A round's team matches in words: both teams, games won each, the tables, and where the lineup stands."""
    return _rows(event, selectors.round_matches(event, number, drafts=drafts))


def _rows(event: Event, matches) -> list[dict]:
    rows, link = [], team_link(event.slug)
    for match in matches:
        games = [mg.game for mg in match.games.all()]
        won = [0, 0]
        team_a = {m.player_id for m in match.team_a.members.all()}
        for game in games:
            result = getattr(game, "result", None)
            if result is None or game.is_bye:
                continue
            a_side = game.player_a_id in team_a
            mine, theirs = (result.tp_a, result.tp_b) if a_side else (result.tp_b, result.tp_a)
            won[0] += mine > theirs
            won[1] += theirs > mine
        reported = sum(getattr(g, "result", None) is not None for g in games)
        rows.append({"a": match.team_a.name, "b": match.team_b.name if match.team_b else "",
                     "a_href": link(match.team_a_id), "b_href": link(match.team_b_id) if match.team_b else "",
                     "score": f"{won[0]}–{won[1]}" if reported else "", "bye": match.is_bye,
                     "tables": _tables(match.tables), "seated": bool(games),
                     "done": bool(games) and reported == len(games), "round": match.round.number})
    return rows


def team_link(slug: str):
    """Team page addresses from one reverse()."""
    head, tail = reverse("teams:team", args=[slug, 987654321]).rsplit("987654321", 1)
    return lambda team_id: f"{head}{team_id}{tail}"


def _tables(tables: list[int]) -> str:
    if not tables:
        return ""
    return f"{tables[0]}–{tables[-1]}" if tables == list(range(tables[0], tables[-1] + 1)) else ", ".join(
        map(str, tables))


def standing_rows(event: Event) -> list[dict]:
    """The team standings as the individual ones read: a place shared is "2=", and a team not yet paired has
    none."""
    link = team_link(event.slug)
    standings = selectors.event_team_standings(event)
    paired = {r.team for r in standings if r.totals.opponents or r.totals.won + r.totals.drawn + r.totals.lost}
    places = Counter(r.rank for r in standings if r.team in paired)
    return [{"place": "" if r.team not in paired else f"{r.rank}=" if places[r.rank] > 1 else str(r.rank),
             "name": r.name, "href": link(r.team),
             "points": str(r.totals.points), "tp": str(r.totals.tp), "diff": minus(r.totals.diff),
             "vp": str(r.totals.vp), "record": f"{r.totals.won}–{r.totals.drawn}–{r.totals.lost}"}
            for r in standings]


@public_cache("event", "slug")
def team_standings_page(request, slug):
    event = get_object_or_404(Event, slug=slug)
    if not event.team_size:
        raise Http404("Not a team event")
    rules = rules_of(event)
    return render(request, "teams/standings.html", {
        "event": event, "rows": standing_rows(event), "total_tp": rules.match_rule == "total_tp",
        "teams": event.teams.prefetch_related("members__player")})


@public_cache("event", "slug")
def team_page(request, slug, team_id):
    event = get_object_or_404(Event, slug=slug)
    team = get_object_or_404(Team.objects.prefetch_related("members__player"), pk=team_id, event=event)
    matches = sorted(_rows(event, selectors.team_matches(event, team)), key=lambda row: row["round"])
    link = player_link(event.slug)
    members = [{"name": m.player.name, "href": link(m.player_id),
                "faction": naming.faction(event.format, m.player.faction),
                "captain": m.player_id == team.captain_id} for m in team.members.all()]
    return render(request, "teams/team.html", {"event": event, "team": team, "members": members,
                                               "matches": matches})


def _played_by(event: Event, team: Team):
    """The team's matches in published rounds."""
    return TeamMatch.objects.filter(Q(team_a=team) | Q(team_b=team), round__event=event,
                                    round__published_at__isnull=False)


def member_panel(event: Event, player: Player) -> dict | None:
    """On a team member's private page: their team's match in the latest round, and for its captain the
    lineup choice owed now (with the free players), as much of the other captain's as may be seen."""
    membership = Member.objects.filter(player=player).select_related("team").first()
    if membership is None:
        return None
    team = membership.team
    match = _played_by(event, team).order_by("-round__number").first()
    panel = {"team": team.name, "captain": team.captain_id == player.pk, "match": None}
    if panel["captain"] and not event.round_set.exists() and team.members.count() < event.team_size:
        panel["factions"] = [(f.key, naming.localized(f)) for f in get_format(event.format).factions]
    if match is None or match.is_bye:
        return panel
    match = TeamMatch.objects.select_related("team_a", "team_b", "round").get(pk=match.pk)
    side = "a" if match.team_a_id == team.pk else "b"
    own, other = (match.team_a, match.team_b) if side == "a" else (match.team_b, match.team_a)
    ids = {"a": selectors.member_ids(match.team_a), "b": selectors.member_ids(match.team_b)}
    steps = [Step(s.side, s.kind, s.player_id) for s in match.steps.all()]
    state = lineup(ids["a"], ids["b"], steps)
    seated = match.games.exists()  # set by the organizer, or the captains' last choice made
    by_captains = rules_of(event).lineups != ORGANIZER
    names = dict(Player.objects.filter(pk__in=ids["a"] + ids["b"]).values_list("pk", "name"))
    chosen = {s.player for s in steps if s.side == side}
    owed = state.waiting[side] if panel["captain"] and by_captains and not seated else None
    panel["match"] = {
        "id": match.pk, "other": other.name, "tables": _tables(match.tables), "done": seated, "owed": owed,
        "waiting_other": by_captains and not seated and state.waiting[side] is None, "by_organizer": not by_captains,
        # someone else's choice is awaited (the other captain, one's own, the organizer): the page polls for it
        "awaited": not seated and not owed,
        "seen": [{"mine": s.side == side, "kind": s.kind, "name": names.get(s.player, "?")}
                 for s in visible(steps, side)],
        "free": [(pid, names[pid]) for pid in ids[side] if pid not in chosen],
    }
    return panel


def member_answer(request, player: Player) -> None:
    """Before round 1, the captain registers a teammate from their private page (the captain invites); the
    new member's private link is shown once, for the captain to pass on. Whether they captain the team is
    the service's to say (roster.member_register)."""
    membership = Member.objects.filter(player=player).select_related("team").first()
    if membership is None:  # in no team: none for them to add to
        messages.error(request, _("Only the team's captain adds its members."))
        return
    team = membership.team
    try:
        member = roster.member_register(team=team, name=request.POST.get("name", ""),
                                        faction=request.POST.get("faction", ""),
                                        email=request.POST.get("email", ""), by=player)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        link = request.build_absolute_uri(reverse("public:private", args=[member.key]))
        messages.success(request, _("%(name)s joined the team. Pass on their private link: %(link)s") % {
            "name": member.name, "link": link})


def lineup_answer(request, player: Player) -> None:
    """The captain's lineup choice posted from their private page; a refusal is shown, nothing changes."""
    panel = member_panel(player.event, player)
    match = panel and panel["match"]
    if not match or not panel["captain"] or not match["owed"]:
        messages.error(request, _("There is no lineup choice for you to make now."))
        return
    chosen = next((pid for pid, _name in match["free"] if str(pid) == request.POST.get("lineup_player")), None)
    if chosen is None:
        messages.error(request, _("Choose one of your team's free players."))
        return
    team_match = TeamMatch.objects.select_related("round__event", "team_a", "team_b").get(pk=match["id"])
    side = "a" if team_match.team_a.captain_id == player.pk else "b"
    try:
        rounds.lineup_step(match=team_match, side=side, kind=match["owed"], player=Player.objects.get(pk=chosen),
                           by=player)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Placed: the other captain's choice shows once they have made theirs.")
                         if match["owed"] == PLACE else _("Answered: the games are seated once both captains "
                                                          "have answered."))
