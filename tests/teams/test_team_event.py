"""A team event through the services: teams built within the event's rules, rounds pairing teams with a
team bye, the captains' lineups seating the games, results reported as any game's, and the team standings
checked against the test's own count."""
import csv
import io
import random
from datetime import date

import pytest

from scoring.problems import Conflict, DomainError, Invalid
from scoring.report import Report
from teams import roster, rounds, selectors
from teams.lineup import ANSWER, PLACE, lineup
from teams.models import Team, TeamMatch
from tests.api.test_backup import comparable
from tests.factories import db_state, make_user
from tournaments import selectors as tournament_selectors
from tournaments import services
from tournaments.backup import BackupError, export_event, import_event
from tournaments.exports import build
from tournaments.models import Game, Player, Result

FACTIONS = ["guild", "arcanists", "neverborn", "outcasts", "resurrectionists", "ten-thunders", "gremlins"]


@pytest.fixture
def organizer(db):
    return make_user("team-organizer")[0]


def team_event(user, teams=6, size=3, **rules):
    event = services.event_create(user=user, name="Team Cup", date=date(2026, 11, 28), format="gg2017", rounds=3)
    roster.team_rules_set(event=event, by=user, size=size, **rules)
    made = []
    for t in range(teams):
        team = roster.team_create(event=event, name=f"Team {t}", club=f"Club {t % 3}", by=user)
        for m in range(size):
            roster.member_register(team=team, name=f"T{t} P{m}", faction=FACTIONS[(t + m) % 7], by=user)
        made.append(team)
    return event, made


def captains_choose(match, rng, by):
    """Both captains make legal choices at random until the match is seated."""
    a, b = selectors.member_ids(match.team_a), selectors.member_ids(match.team_b)
    while True:
        steps = [rounds.Step(s.side, s.kind, s.player_id) for s in match.steps.all()]
        state = lineup(a, b, steps)
        if state.done:
            return
        side = rng.choice([s for s, owed in state.waiting.items() if owed])
        chosen = {s.player for s in steps if s.side == side}
        free = [p for p in (a if side == "a" else b) if p not in chosen]
        rounds.lineup_step(match=match, side=side, kind=state.waiting[side],
                           player=services_player(rng.choice(free)), by=by)


def services_player(pk):
    return Player.objects.get(pk=pk)


def test_teams_are_built_within_the_events_rules(organizer):
    event, teams = team_event(organizer, teams=2)
    with pytest.raises(Conflict):
        roster.member_register(team=teams[0], name="Fourth", faction="bayou", by=organizer)
    spare = roster.team_create(event=event, name="Spare", by=organizer)
    roster.member_register(team=spare, name="S1", faction="guild", by=organizer)
    before = db_state()
    with pytest.raises(Invalid) as refused:
        roster.member_register(team=spare, name="S2", faction="guild", by=organizer)
    assert refused.value.problems[0].code == "faction_taken_in_team" and db_state() == before
    with pytest.raises(Invalid):
        roster.team_create(event=event, name="team 0", by=organizer)
    with pytest.raises(Conflict) as individual:
        services.round_generate(event=event, by=organizer)
    assert individual.value.problems[0].code == "team_event"


def test_six_teams_three_rounds_with_captains_lineups_and_a_team_bye(organizer):
    event, teams = team_event(organizer)
    rng = random.Random(7)
    own = {t.pk: [0, 0, 0, 0] for t in teams}  # match points, TP, Diff, VP: the test's own count
    byes = 0
    for number in (1, 2, 3):
        if number == 2:
            roster.team_drop(team=teams[5], by=organizer)  # five teams left: one has the bye
        rnd = rounds.team_round_generate(event=event, by=organizer, publish=True)
        matches = list(TeamMatch.objects.filter(round=rnd).select_related("team_a", "team_b", "round"))
        assert len(matches) == 3 and sum(m.is_bye for m in matches) == (number > 1)
        with pytest.raises(Conflict):
            rounds.team_round_generate(event=event, by=organizer)  # the lineups are not complete yet
        for match in matches:
            if match.is_bye:
                byes += 1
                bye_games = Game.objects.filter(team_game__match=match)
                assert bye_games.count() == 3 and all(g.is_bye for g in bye_games)
                assert Result.objects.filter(game__in=bye_games, tp_a=3, diff_a=5, vp_a=10).count() == 3
                own[match.team_a_id][0] += 3
                own[match.team_a_id][1:] = [x + 3 * y for x, y in zip(own[match.team_a_id][1:], (3, 5, 10))]
                continue
            captains_choose(match, rng, organizer)
            games = list(Game.objects.filter(team_game__match=match).select_related("round__event", "player_a",
                                                                                       "player_b"))
            assert sorted(g.table for g in games) == match.tables and len(games) == 3
            won = {match.team_a_id: 0, match.team_b_id: 0}
            for game in games:
                va, vb = rng.randint(0, 10), rng.randint(0, 10)
                services.result_record(game=game, by=organizer, report=Report(outcome="played", vp_a=va, vp_b=vb))
                for pid, mine, theirs in ((game.player_a_id, va, vb), (game.player_b_id, vb, va)):
                    team = game.player_a.membership.team_id if pid == game.player_a_id else \
                        game.player_b.membership.team_id
                    tp = 3 if mine > theirs else 1 if mine == theirs else 0
                    own[team][1:] = [own[team][1] + tp, own[team][2] + mine - theirs, own[team][3] + mine]
                    won[team] += mine > theirs
            a, b = match.team_a_id, match.team_b_id
            own[a][0] += 3 if won[a] > won[b] else 1 if won[a] == won[b] else 0
            own[b][0] += 3 if won[b] > won[a] else 1 if won[a] == won[b] else 0
        if number == 1:
            assert all(m.team_a.club != m.team_b.club for m in matches), "round 1 keeps clubs apart"
    assert byes == 2
    rows = selectors.event_team_standings(event)
    names = {t.pk: t.name for t in teams}
    expected = sorted(own, key=lambda t: ([-v for v in own[t]], names[t]))
    assert [r.team for r in rows] == expected
    assert [[r.totals.points, r.totals.tp, r.totals.diff, r.totals.vp] for r in rows] == [own[t] for t in expected]
    met = {}
    for m in TeamMatch.objects.filter(round__event=event, team_b__isnull=False):
        pair = frozenset((m.team_a_id, m.team_b_id))
        assert pair not in met, "no team rematch inside the window"
        met[pair] = m.round.number
    event.refresh_from_db()
    exported = list(csv.DictReader(io.StringIO(build(event, "team_standings").text)))
    assert [row["team"] for row in exported] == [names[t] for t in expected]
    assert exported[0]["points"] == str(own[expected[0]][0]) and len(exported[0]["members"].split(";")) == 3
    individual = tournament_selectors.event_standings(event)
    assert len(individual) == 18 and all(row.totals.played for row in individual), "individual standings kept too"


def test_a_lineup_step_out_of_turn_is_refused_and_changes_nothing(organizer):
    event, teams = team_event(organizer, teams=2)
    rnd = rounds.team_round_generate(event=event, by=organizer, publish=True)
    match = TeamMatch.objects.select_related("team_a", "team_b", "round").get(round=rnd)
    first = services_player(selectors.member_ids(match.team_a)[0])
    rounds.lineup_step(match=match, side="a", kind=PLACE, player=first, by=organizer)
    before = db_state()
    for side, kind, player in (("a", PLACE, selectors.member_ids(match.team_a)[1]), ("b", ANSWER,
                                                                                    selectors.member_ids(match.team_b)[0]),
                               ("b", PLACE, first.pk)):
        with pytest.raises(DomainError):
            rounds.lineup_step(match=match, side=side, kind=kind, player=services_player(player), by=organizer)
        assert db_state() == before
    assert Team.objects.filter(event=event).count() == 2


def test_a_backup_carries_the_teams_and_the_copy_plays_on(organizer):
    event, teams = team_event(organizer, teams=3)
    rng = random.Random(2)
    rnd = rounds.team_round_generate(event=event, by=organizer, publish=True)
    for match in TeamMatch.objects.filter(round=rnd, team_b__isnull=False).select_related("team_a", "team_b",
                                                                                          "round"):
        captains_choose(match, rng, organizer)
        for game in Game.objects.filter(team_game__match=match).select_related("round__event", "player_a",
                                                                                 "player_b"):
            services.result_record(game=game, by=organizer, report=Report(outcome="played", vp_a=6, vp_b=3))
    event.refresh_from_db()  # as the console and the API read it
    copy = import_event(export_event(event))
    without_teams = [{k: v for k, v in comparable(export_event(e)).items() if k != "teams"} for e in (copy, event)]
    assert without_teams[0] == without_teams[1]  # the teams' section holds references: compared by names below

    def shape(ev):
        names = dict(Player.objects.filter(event=ev).values_list("pk", "name"))
        return ([(r.name, r.rank, r.totals.points, r.totals.tp) for r in selectors.event_team_standings(ev)],
                sorted((m.team_a.name, m.team_b.name if m.team_b else None, tuple(m.tables),
                        tuple(sorted((names[g.game.player_a_id], names.get(g.game.player_b_id)) for g in
                                     m.games.all())),
                        tuple((s.side, s.kind, names[s.player_id]) for s in m.steps.all()))
                       for m in selectors.round_matches(ev, 1)),
                sorted((t.name, names.get(t.captain_id)) for t in ev.teams.all()))

    assert shape(copy) == shape(event) and shape(copy)[1]
    assert rounds.team_round_generate(event=copy, by=organizer).number == 2, "the copy pairs its next round"


def test_what_would_break_a_team_event_is_refused_and_changes_nothing(organizer, client):
    event, teams = team_event(organizer, teams=6, lineups="organizer")
    services.event_update(event=event, by=organizer, rounds=None)
    with pytest.raises(Conflict):
        roster.team_rules_set(event=event, by=organizer, size=2)  # the teams already have 3 players
    rnd = rounds.team_round_generate(event=event, by=organizer, publish=True)
    event.refresh_from_db()
    assert event.rounds == event.rules().rounds_for(6), "the rounds follow the number of teams, not of players"
    match = TeamMatch.objects.select_related("team_a", "team_b", "round").filter(round=rnd).first()
    before = db_state()
    with pytest.raises(Conflict) as refused:
        rounds.lineup_step(match=match, side="a", kind=PLACE,
                           player=services_player(selectors.member_ids(match.team_a)[0]), by=organizer)
    assert refused.value.problems[0].code == "lineups_by_organizer" and db_state() == before
    ids = selectors.member_ids(match.team_a)
    with pytest.raises(Conflict) as swapped:
        services.round_swap(event=event, number=1, player_1=ids[0], player_2=ids[1], by=organizer)
    assert swapped.value.problems[0].code == "team_lineup_seats" and db_state() == before
    client.force_login(organizer)
    for posted in ({"action": "captain", "team": "abc", "player": "1"}, {"action": "drop", "team": "1x"}):
        assert client.post(f"/console/e/{event.slug}/teams/", posted).status_code == 404
    assert client.post(f"/console/e/{event.slug}/teams/rounds/1/", {"match": "x"}).status_code == 404
    assert db_state() == before


def test_a_malformed_teams_section_refuses_the_whole_backup(organizer):
    event, _ = team_event(organizer, teams=2)
    event.refresh_from_db()
    data = export_event(event)
    before = db_state()
    for broken in ({"rules": "x"}, {"teams": [{"ref": 1, "name": "A", "members": [999999]}]},
                   {"matches": [{"round": 1, "team_a": 1, "steps": ["x"]}]}, {"teams": "no"}):
        with pytest.raises(BackupError):
            import_event({**data, "teams": {**data["teams"], **broken}})
        assert db_state() == before
