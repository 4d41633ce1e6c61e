"""A team that left the event stays out of it after a restore: the copy holds it dropped, its members
dropped with it (teams/backup.py's teams, tournaments/backup.py's players), and pairs its next round
without them, as the event it was copied from does."""
import json
import random
from datetime import date

import pytest

from scoring.report import Report
from teams import roster, rounds, selectors
from teams.models import DROPPED, Team, TeamMatch
from tests.factories import make_user
from tests.teams.test_team_event import captains_choose
from tournaments import services
from tournaments.backup import export_event, import_event
from tournaments.models import Event, Game, Player

FACTIONS = ["guild", "arcanists", "neverborn", "outcasts", "resurrectionists"]


@pytest.fixture
def organizer(db):
    return make_user("restore-organizer")[0]


def round_played(event, by, rng):
    rnd = rounds.team_round_generate(event=event, by=by, publish=True)
    for match in TeamMatch.objects.filter(round=rnd, team_b__isnull=False).select_related("team_a", "team_b",
                                                                                          "round"):
        captains_choose(match, rng, by)
        for game in Game.objects.filter(team_game__match=match).select_related("round__event", "player_a",
                                                                                 "player_b"):
            services.result_record(game=game, by=by, report=Report(outcome="played", vp_a=6, vp_b=3))
    return rnd


def where_they_stand(event):
    """Each team's status and its members' statuses, by name; the teams the next round pairs."""
    teams = {t.name: (t.status, sorted(Player.objects.filter(membership__team=t).values_list("status", flat=True)))
             for t in Team.objects.filter(event=event)}
    return teams, sorted(t.name for t in selectors.teams_playing(event))


def test_a_dropped_team_stays_dropped_after_a_restore(organizer):
    event = services.event_create(user=organizer, name="Drop Cup", date=date(2026, 11, 28), format="gg2017",
                                  rounds=3)
    roster.team_rules_set(event=event, by=organizer, size=2)
    for t in range(4):
        team = roster.team_create(event=event, name=f"Team {t}", club=f"Club {t}", by=organizer)
        for m in range(2):
            roster.member_register(team=team, name=f"T{t} P{m}", faction=FACTIONS[(t + m) % 5], by=organizer)
    event = Event.objects.get(pk=event.pk)
    round_played(event, organizer, random.Random(4))
    roster.team_drop(team=Team.objects.get(event=event, name="Team 2"), by=organizer)
    event.refresh_from_db()
    expected = ({"Team 0": ("active", ["active", "active"]), "Team 1": ("active", ["active", "active"]),
                 "Team 2": (DROPPED, ["dropped", "dropped"]), "Team 3": ("active", ["active", "active"])},
                ["Team 0", "Team 1", "Team 3"])
    assert where_they_stand(event) == expected

    copy = import_event(json.loads(json.dumps(export_event(event))))  # as a file goes and comes back
    assert copy.pk != event.pk and where_they_stand(copy) == expected
    for ev in (event, copy):  # both pair round 2 with the three teams left: one bye, Team 2 nowhere
        rnd = rounds.team_round_generate(event=ev, by=organizer, publish=True)
        paired = [(m.team_a.name, m.team_b.name if m.team_b else None)
                  for m in TeamMatch.objects.filter(round=rnd).select_related("team_a", "team_b")]
        assert len(paired) == 2 and sum(b is None for _, b in paired) == 1
        assert "Team 2" not in {name for pair in paired for name in pair}
        assert not Game.objects.filter(round=rnd, player_a__membership__team__name="Team 2").exists()
