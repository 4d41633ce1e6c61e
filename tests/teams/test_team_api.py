"""A team event through the HTTP API as its organizer and captains use it: rules, teams, members, a round
of matches and a team bye, the captains' secret choices by private key, the players' own reports, and the
team standings."""
import pytest
from django.test import Client

from tests.factories import Api, make_user, rejected
from tournaments.models import Player

FACTIONS = ["guild", "arcanists", "neverborn", "outcasts", "resurrectionists"]


@pytest.fixture
def organizer(db):
    _, token = make_user("team-api-organizer")
    return Api(Client(), token)


def key_of(pid):
    return Api(Client(), key=Player.objects.get(pk=pid).key)


def test_a_round_of_team_matches_through_the_api(organizer):
    status, event = organizer.post("/api/events/", {"name": "Team Open", "date": "2026-11-28", "format": "gg2017",
                                                    "rounds": 2})
    eid = event["id"]
    assert organizer.call("PUT", f"/api/events/{eid}/team-rules/", {"size": 2, "match_rule": "match_points"})[0] == 200
    teams = []
    for t in range(3):
        status, team = organizer.post(f"/api/events/{eid}/teams/", {"name": f"Team {t}", "club": f"Club {t}"})
        assert status == 201
        for m in range(2):
            status, team = organizer.post(f"/api/events/{eid}/teams/{team['id']}/members/",
                                          {"name": f"T{t}M{m}", "faction": FACTIONS[t + m]})
            assert status == 201, team
        teams.append(team)
    answer = rejected(organizer, "POST", f"/api/events/{eid}/teams/{teams[0]['id']}/members/",
                      {"name": "Extra", "faction": "bayou"}, 409)
    assert answer["errors"][0]["code"] == "team_full"
    status, rnd = organizer.post(f"/api/events/{eid}/team-rounds/", {"seed": "3"})
    assert status == 201 and len(rnd["matches"]) == 2
    match = next(m for m in rnd["matches"] if m["team_b"] is not None)
    bye = next(m for m in rnd["matches"] if m["team_b"] is None)
    assert len(bye["games"]) == 2 and all(g["player_b"] is None for g in bye["games"])
    by_id = {t["id"]: t for t in teams}
    captain_a, captain_b = by_id[match["team_a"]]["captain"], by_id[match["team_b"]]["captain"]
    other_a = next(m["id"] for m in by_id[match["team_a"]]["members"] if m["id"] != captain_a)
    path = f"/api/team-matches/{match['id']}/lineup/"
    assert rejected(key_of(other_a), "POST", path, {"kind": "place", "player": other_a}, 403)
    status, seen = key_of(captain_a).post(path, {"kind": "place", "player": captain_a})
    assert status == 200 and seen["waiting"] == {"a": None, "b": "place"}
    round_seen = key_of(captain_b).get(f"/api/events/{eid}/team-rounds/1/")[1]
    assert next(m for m in round_seen["matches"] if m["id"] == match["id"])["steps"] == [], "a's choice hidden"
    status, seen = key_of(captain_b).post(path, {"kind": "place", "player": captain_b})
    assert status == 200 and len(seen["games"]) == 2, "two a side: placing seats the match"
    assert {(g["player_a"], g["player_b"]) for g in seen["games"]} == {
        (captain_a, next(m["id"] for m in by_id[match["team_b"]]["members"] if m["id"] != captain_b)),
        (other_a, captain_b)}
    for game in seen["games"]:
        reporter, confirmer = key_of(game["player_a"]), key_of(game["player_b"])
        assert reporter.post(f"/api/games/{game['id']}/report/", {"vp_a": 6, "vp_b": 2})[0] == 200
        assert confirmer.post(f"/api/games/{game['id']}/confirm/")[0] == 200
    rows = organizer.get(f"/api/events/{eid}/team-standings/")[1]["standings"]
    assert [(r["team"], r["points"]) for r in rows][:2] == [(match["team_a"], 3), (bye["team_a"], 3)] or \
        [(r["team"], r["points"]) for r in rows][:2] == [(bye["team_a"], 3), (match["team_a"], 3)]
    assert rows[-1]["team"] == match["team_b"] and rows[-1]["points"] == 0
    assert organizer.post(f"/api/events/{eid}/team-rounds/", {})[0] == 201, "every lineup and result in"
