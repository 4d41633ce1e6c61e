"""A team never gets a second bye (tournaments/pairing's rule, which team rounds follow: "nobody gets a second
bye-or-Ringer game"; docs/pairing.md, docs/console.md's team events). Over odd numbers of teams and any
results: each round one team sits out, never one that sat out before, so no team has two byes while
another has none; once every team has had its bye, the next round is refused rather than give a second."""
import itertools
from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.problems import Conflict
from scoring.report import Report
from teams import roster, rounds, selectors
from teams.models import TeamMatch
from tests.factories import db_state, make_user
from tests.profiles import examples
from tournaments import services
from tournaments.models import Game

FACTIONS = ["guild", "arcanists", "neverborn", "outcasts", "resurrectionists", "ten-thunders", "gremlins"]
EXAMPLES = itertools.count()


@pytest.fixture
def organizer(db):
    return make_user("bye-organizer")[0]


def team_event(user, teams: int, rounds_planned: int):
    """`teams` teams of two, the organizer setting lineups; a rematch only barred in the round after, so
    the bye rule, not the rematches, decides who sits out."""
    event = services.event_create(user=user, name=f"Bye Cup {next(EXAMPLES)}", date=date(2026, 11, 28),
                                  format="gg2017", rounds=rounds_planned, rematch_window=1)
    roster.team_rules_set(event=event, by=user, size=2, lineups="organizer")
    for t in range(teams):
        team = roster.team_create(event=event, name=f"Team {t}", club=f"Club {t}", by=user)
        for m in range(2):
            roster.member_register(team=team, name=f"T{t} P{m}", faction=FACTIONS[(t + m) % 7], by=user)
    event.refresh_from_db()  # a team event now
    return event


def played(event, by, rnd, rng) -> int | None:
    """The round's matches lined up and every game given a result drawn from `rng`; the team with the bye."""
    bye = None
    for match in TeamMatch.objects.filter(round=rnd).select_related("round__event", "team_a", "team_b"):
        if match.is_bye:
            assert bye is None, "one bye a round"
            bye = match.team_a_id
            continue
        rounds.lineup_set(match=match, pairs=list(zip(selectors.member_ids(match.team_a),
                                                      selectors.member_ids(match.team_b))), by=by)
        for game in Game.objects.filter(team_game__match=match).select_related("round__event", "player_a",
                                                                               "player_b"):
            services.result_record(game=game, by=by, report=Report(outcome="played", vp_a=rng.choice((0, 2, 5, 10)),
                                                                   vp_b=rng.choice((0, 2, 5, 10))))
    return bye


@settings(max_examples=examples(9), suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(teams=st.sampled_from([3, 5, 7]), data=st.data())
def test_no_team_gets_a_second_bye_while_another_has_had_none(organizer, teams, data):
    """(Hypothesis runs every example in the one test's transaction: each has its own event.) As many rounds
    as teams: the last ones leave a single team that has not sat out, which alone may have the bye."""
    rng = data.draw(st.randoms(use_true_random=False), label="results")
    event = team_event(organizer, teams, teams + 1)
    byes = {team.pk: 0 for team in selectors.teams_playing(event)}
    assert len(byes) == teams
    for _ in range(teams):
        rnd = rounds.team_round_generate(event=event, by=organizer, publish=True)
        bye = played(event, organizer, rnd, rng)
        assert bye is not None, "an odd number of teams: one sits out"
        byes[bye] += 1
        assert max(byes.values()) == 1, f"round {rnd.number}: a second bye for a team, {byes}"
    assert set(byes.values()) == {1}
    before = db_state()  # each has had its bye: a second for anyone is refused, nothing paired
    with pytest.raises(Conflict) as refused:
        rounds.team_round_generate(event=event, by=organizer, publish=True)
    assert refused.value.problems[0].code == "no_bye_candidate" and db_state() == before
