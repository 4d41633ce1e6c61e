"""A team event's part of the event backup (registered with `tournaments.backup_format.SECTIONS`): the team
rules, the teams with their members and captains, and each round's matches with their tables, games and
lineup steps; read back against the restored players, rounds and games, every number in its column's range,
and refused whole when it does not fit them."""
from __future__ import annotations

from teams.lineup import ANSWER, PLACE
from teams.models import (
    ACTIVE,
    CAPTAINS,
    DROPPED,
    ORGANIZER,
    LineupStep,
    MatchGame,
    Member,
    Team,
    TeamMatch,
    TeamRules,
    TeamSeat,
)
from teams.standings import MATCH_RULES
from tournaments.backup_format import COLUMN_RANGES, in_range, row_checked


def export(event) -> dict | None:
    rules = TeamRules.objects.filter(event=event).first()
    if rules is None and not event.teams.exists():
        return None
    teams = list(event.teams.prefetch_related("members").order_by("pk"))
    matches = TeamMatch.objects.filter(round__event=event).select_related("round").prefetch_related(
        "games", "steps").order_by("round__number", "pk")
    return {
        "rules": {"match_rule": rules.match_rule, "lineups": rules.lineups,
                  "distinct_factions": rules.distinct_factions} if rules else None,
        "teams": [{"ref": t.pk, "name": t.name, "club": t.club, "status": t.status, "captain": t.captain_id,
                   "members": sorted(m.player_id for m in t.members.all())} for t in teams],
        "matches": [{"round": m.round.number, "team_a": m.team_a_id, "team_b": m.team_b_id, "tables": m.tables,
                     "games": sorted(g.game_id for g in m.games.all()),
                     "steps": [{"order": s.order, "side": s.side, "kind": s.kind, "player": s.player_id}
                               for s in m.steps.all()]} for m in matches],
    }


def _need(ok, problem: str) -> None:
    if not ok:
        raise ValueError(problem)


def _text(value, most: int) -> str:
    _need(isinstance(value, str) and len(value) <= most, f"text of at most {most} characters is expected")
    return value


def read(section: dict, event, players: dict, rounds: dict, games: dict):
    """The section checked as unsaved rows; returns what saves them."""
    _need(isinstance(section, dict), "an object is expected")
    given = section.get("rules")
    rules = None
    if given is not None:
        _need(isinstance(given, dict), "rules: an object is expected")
        _need(given.get("match_rule") in MATCH_RULES and given.get("lineups") in (CAPTAINS, ORGANIZER)
              and isinstance(given.get("distinct_factions"), bool), "rules: match_rule, lineups, distinct_factions")
        rules = TeamRules(event=event, match_rule=given["match_rule"], lineups=given["lineups"],
                          distinct_factions=given["distinct_factions"])
    teams, members, placed = {}, [], set()
    _need(all(isinstance(section.get(k) or [], list) for k in ("teams", "matches")), "lists of teams and matches")
    for t in section.get("teams") or []:
        _need(isinstance(t, dict) and type(t.get("ref")) is int and t["ref"] not in teams, "teams: a ref each, once")
        team = Team(event=event, name=_text(t.get("name"), 100), club=_text(t.get("club", ""), 100),
                    status=t.get("status", ACTIVE))
        _need(team.name and team.status in (ACTIVE, DROPPED), f"team {t['ref']}: a name and a status")
        row_checked(team, f"team {t['ref']}")
        for ref in t.get("members") or []:
            _need(ref in players and ref not in placed, f"team {t['ref']}: member {ref} unknown or in two teams")
            placed.add(ref)
            members.append((team, players[ref]))
        _need(t.get("captain") is None or t["captain"] in (t.get("members") or []),
              f"team {t['ref']}: the captain is a member")
        team.captain_ref = t.get("captain")
        teams[t["ref"]] = team
    _need(len({t.name.casefold() for t in teams.values()}) == len(teams), "teams: each name once")
    matches = []
    tables = COLUMN_RANGES["PositiveSmallIntegerField"]  # a game's table column
    for i, m in enumerate(section.get("matches") or []):
        _need(isinstance(m, dict) and isinstance(m.get("games") or [], list) and isinstance(m.get("steps") or [],
                                                                                           list), "matches: objects")
        _need(isinstance(m.get("tables") or [], list), f"matches[{i}].tables: a list is expected")
        _need( m.get("round") in rounds and m.get("team_a") in teams
              and (m.get("team_b") is None or m["team_b"] in teams) and m.get("team_a") != m.get("team_b"),
              "matches: a round of the file and two of its teams")
        match = TeamMatch(round=rounds[m["round"]], team_a=teams[m["team_a"]], team_b=teams.get(m.get("team_b")),
                          tables=[in_range(t, 1, tables[1], f"matches[{i}].tables[{j}]")
                                  for j, t in enumerate(m.get("tables") or [])])
        played = [games[g] for g in m.get("games") or [] if g in games]
        _need(len(played) == len(m.get("games") or []), "matches: games of the file")
        steps = []
        for j, s in enumerate(m.get("steps") or []):
            _need(isinstance(s, dict), "matches: steps are objects")
            _need(s.get("side") in ("a", "b") and s.get("kind") in (PLACE, ANSWER) and s.get("player") in players
                  and type(s.get("order")) is int, "matches: steps with order, side, kind and a player")
            steps.append(LineupStep(match=match, order=s["order"], side=s["side"], kind=s["kind"],
                                    player=players[s["player"]]))
            row_checked(steps[-1], f"matches[{i}].steps[{j}]")
        chosen = [s["player"] for s in m.get("steps") or []]
        _need(len({s.order for s in steps}) == len(set(chosen)) == len(steps),
              f"matches[{i}].steps: each order and each player once")
        matches.append((match, played, steps))

    def write():
        if rules is not None:
            rules.save()
        for team in teams.values():
            team.save()
        Member.objects.bulk_create(Member(team=team, player=player) for team, player in members)
        for team in teams.values():
            if team.captain_ref is not None:
                team.captain = players[team.captain_ref]
                team.save(update_fields=["captain"])
        for match, played, steps in matches:
            match.save()  # its round and teams, saved by now, give their ids
            TeamSeat.objects.bulk_create(TeamSeat(round=match.round, team=t, match=match)
                                         for t in (match.team_a, match.team_b) if t is not None)
            MatchGame.objects.bulk_create(MatchGame(game=game, match=match) for game in played)
            for step in steps:
                step.match = match
            LineupStep.objects.bulk_create(steps)

    return write
