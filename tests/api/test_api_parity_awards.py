"""Issue 53: the awards as API calls, through the console's and the private page's services: the organizers
choose and read the tallies, the players vote by their key and read their own ballot."""
from rest_framework.test import APIClient

from audit.models import AuditRecord
from tests.factories import Api, error_codes, rejected
from tournaments.models import AwardVote, ChosenAward, Player


def _voting(running, api):
    assert api.call("PATCH", f"/api/events/{running.id}/", {"player_votes": True})[0] == 200
    ids = list(running.keys)
    return ids, [running.as_player(pid) for pid in ids]


def test_players_vote_by_key_and_read_their_own_ballot(running, api):
    ids, players = _voting(running, api)
    status, ballot = players[0].get(f"/api/events/{running.id}/votes/")
    assert status == 200 and ballot["open"] and ballot["may_vote"]
    assert ballot["votes"] == {"best_painted": None, "best_sportsmanship": None}
    assert ids[0] not in {c["id"] for c in ballot["candidates"]} and len(ballot["candidates"]) == 3
    status, ballot = players[0].call("PUT", f"/api/events/{running.id}/votes/",
                                     {"best_painted": ids[1], "best_sportsmanship": ids[2]})
    assert status == 200 and ballot["votes"] == {"best_painted": ids[1], "best_sportsmanship": ids[2]}
    players[1].call("PUT", f"/api/events/{running.id}/votes/", {"best_painted": ids[2]})
    status, ballot = players[0].call("PUT", f"/api/events/{running.id}/votes/", {"best_sportsmanship": None})
    assert ballot["votes"] == {"best_painted": ids[1], "best_sportsmanship": None}
    assert AwardVote.objects.count() == 2
    status, tallies = api.get(f"/api/events/{running.id}/awards/")
    painted = next(t for t in tallies if t["kind"] == "best_painted")
    assert status == 200 and painted["chosen"] is None
    assert sorted((v["player"], v["votes"]) for v in painted["votes"]) == sorted([(ids[1], 1), (ids[2], 1)])


def test_a_ballot_is_all_or_nothing_and_refuses_as_the_page_does(running, api):
    ids, players = _voting(running, api)
    path = f"/api/events/{running.id}/votes/"
    body = rejected(players[0], "PUT", path, {"best_painted": ids[1], "best_sportsmanship": ids[0]}, 400)
    assert error_codes(body) == {("best_sportsmanship", "vote_not_allowed")}  # not for oneself; nothing saved
    assert error_codes(rejected(players[0], "PUT", path, {"best_hat": ids[1]}, 400)) == {("best_hat", "invalid")}
    rejected(players[0], "PUT", path, {}, 400)
    rejected(players[0], "PUT", path, None, 400, raw="[1]")
    rejected(players[0], "PUT", path, {"best_painted": "x"}, 400)
    Player.objects.filter(pk=ids[0]).update(is_ringer=True)
    assert error_codes(rejected(players[0], "PUT", path, {"best_painted": ids[1]}, 409)) == {(None, "may_not_vote")}
    assert players[0].get(path)[1]["may_vote"] is False
    api.call("PATCH", f"/api/events/{running.id}/", {"player_votes": False})
    assert error_codes(rejected(players[1], "PUT", path, {"best_painted": ids[2]}, 409)) == {(None, "votes_off")}
    assert players[1].get(path)[1] == {"open": False, "may_vote": True, "candidates": [],
                                       "votes": {"best_painted": None, "best_sportsmanship": None}}


def test_only_a_player_of_the_event_has_a_ballot(running, api, stranger_api):
    _voting(running, api)
    path = f"/api/events/{running.id}/votes/"
    assert Api(APIClient()).get(path)[0] == 401
    assert stranger_api.get(path)[0] == 403
    assert api.get(path)[0] == 403  # the organizer plays in no event of theirs here
    rejected(Api(APIClient()), "PUT", path, {"best_painted": 1}, 401)
    assert Api(APIClient(), key="nope").get(path)[0] == 401
    assert Api(APIClient()).get("/api/events/999999/votes/")[0] == 404


def test_the_organizer_chooses_the_awards_in_one_step(running, api, stranger_api):
    ids = list(running.keys)
    path = f"/api/events/{running.id}/awards/"
    status, awards = api.call("PUT", path, {"best_painted": ids[1], "best_sportsmanship": ids[2]})
    assert status == 200 and {a["kind"]: a["chosen"] for a in awards} == {"best_painted": ids[1],
                                                                          "best_sportsmanship": ids[2]}
    assert AuditRecord.objects.filter(action="award_given").count() == 2
    status, awards = api.call("PUT", path, {"best_painted": None})
    assert {a["kind"]: a["chosen"] for a in awards} == {"best_painted": None, "best_sportsmanship": ids[2]}
    before = set(ChosenAward.objects.values_list("kind", "player_id"))
    Player.objects.filter(pk=ids[3]).update(is_ringer=True)
    body = rejected(api, "PUT", path, {"best_painted": ids[1], "best_sportsmanship": ids[3]}, 400)
    assert error_codes(body) == {("best_sportsmanship", "unknown_player")}
    assert set(ChosenAward.objects.values_list("kind", "player_id")) == before
    rejected(api, "PUT", path, {"wooden_spoon": ids[1]}, 400)
    rejected(stranger_api, "PUT", path, {"best_painted": ids[1]}, 403)
    assert stranger_api.get(path)[0] == 403 and running.as_player(ids[0]).get(path)[0] == 403
    assert Api(APIClient()).get(path)[0] == 401
