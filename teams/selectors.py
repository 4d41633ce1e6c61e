"""What a team event's pages, API and pairing read, each in a fixed number of queries."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Prefetch, Q

from teams.models import ACTIVE, Member, Team, TeamMatch
from teams.roster import rules_of
from teams.standings import GameScore, Match, TeamStanding, TeamTotals, team_standings
from teams.standings import team_totals as totals_of
from tournaments.models import Event, Game


def teams_playing(event: Event) -> list[Team]:
    """The teams to pair: not dropped, with their full number of members."""
    return list(event.teams.filter(status=ACTIVE).annotate(size=Count("members"))
                .filter(size=event.team_size).order_by("pk"))


def member_ids(team: Team) -> list[int]:
    return list(Member.objects.filter(team=team).order_by("player__name", "pk").values_list("player_id", flat=True))


@dataclass
class TeamHistory:
    met: dict[frozenset[int], int] = field(default_factory=dict)  # two teams -> the last round they met
    had_bye: set[int] = field(default_factory=set)


def team_history(event: Event) -> TeamHistory:
    history = TeamHistory()
    for number, a, b in TeamMatch.objects.filter(round__event=event).values_list("round__number", "team_a",
                                                                                  "team_b"):
        if b is None:
            history.had_bye.add(a)
        else:
            pair = frozenset((a, b))
            history.met[pair] = max(number, history.met.get(pair, 0))
    return history


def matches(event: Event, *, drafts: bool = False) -> list[Match]:
    """Every team match of the event with its games' results, for the standings (two queries)."""
    rows = TeamMatch.objects.filter(round__event=event)
    if not drafts:
        rows = rows.filter(round__published_at__isnull=False)
    scores: dict[int, list[GameScore]] = {}
    for match_id, team_a, a, vp_a, tp_a, diff_a, vp_b, tp_b, diff_b in Game.objects.filter(
            team_game__match__in=rows, result__isnull=False).values_list(
            "team_game__match", "team_game__match__team_a", "player_a__membership__team", "result__vp_a",
            "result__tp_a", "result__diff_a", "result__vp_b", "result__tp_b", "result__diff_b"):
        if vp_b is None:  # a bye's game: the member's award, nothing for the other side
            score = GameScore(tp_a, diff_a, vp_a, 0, 0, 0)
        elif a == team_a:
            score = GameScore(tp_a, diff_a, vp_a, tp_b, diff_b, vp_b)
        else:  # team b's member sat on side a of the game
            score = GameScore(tp_b, diff_b, vp_b, tp_a, diff_a, vp_a)
        scores.setdefault(match_id, []).append(score)
    return [Match(number, a, b, tuple(scores.get(pk, ())), games)  # no game yet: its lineup is still to come
            for pk, number, a, b, games in rows.annotate(seated=Count("games")).values_list(
                "pk", "round__number", "team_a", "team_b", "seated")]


def team_totals(event: Event) -> dict[int, TeamTotals]:
    return totals_of(matches(event), rules_of(event).match_rule)


def event_team_standings(event: Event, *, after_round: int | None = None) -> list[TeamStanding]:
    names = dict(event.teams.values_list("pk", "name"))
    return team_standings(names, matches(event), rules_of(event).match_rule, after_round=after_round)


def round_matches(event: Event, number: int, *, drafts: bool = False):
    """A round's team matches with both teams, their members, their games (by table) and results, and the
    lineup steps: a fixed number of queries."""
    return _matches(Q(round__event=event, round__number=number), drafts=drafts)


def team_matches(event: Event, team: Team):
    """A team's matches in every published round, as `round_matches` gives them, in the same queries."""
    return _matches(Q(round__event=event) & (Q(team_a=team) | Q(team_b=team)))


def _matches(rounds: Q, *, drafts: bool = False):
    if not drafts:
        rounds &= Q(round__published_at__isnull=False)
    games = Game.objects.select_related("result").order_by("table")
    return list(TeamMatch.objects.filter(rounds).select_related("team_a", "team_b", "round")
                .prefetch_related(Prefetch("games__game", queryset=games), "steps",
                                  "team_a__members__player", "team_b__members__player"))


def team_standings_csv(event: Event, writer) -> None:
    """The team standings as the exports' CSV: one row a team, its members by name."""
    writer.writerow(["rank", "team", "club", "points", "tp", "diff", "vp", "won", "drawn", "lost", "status",
                     "members"])
    teams = {t.pk: t for t in event.teams.prefetch_related("members__player")}
    for row in event_team_standings(event):
        team, t = teams[row.team], row.totals
        writer.writerow([row.rank, team.name, team.club, t.points, t.tp, t.diff, t.vp, t.won, t.drawn, t.lost,
                         team.status, ";".join(sorted(m.player.name for m in team.members.all()))])
