"""Issue 54's penalties through the API: /api/events/{id}/penalties/, its suggestion/ and the penalty-ladder/.
A judge gives a warning, asks the ladder's advice for a repeat (a TP penalty) and gives it; a player reads their
own penalties only; another event's organizer, a stranger and a key of another event are refused; the
organizers set the ladder, the judges read it; every malformed request is a 400 that changes nothing."""
import pytest
from rest_framework.test import APIClient

from audit.models import AuditRecord
from judges.models import Penalty, PenaltyLadder
from tests.factories import Api, db_state, event_made, make_user, round_paired
from tournaments.models import EventJudge, TPAdjustment


@pytest.fixture
def desk(db, organizer):
    """Round 1 of a four-player event, its organizer's API, its judge Sam's, and another event's organizer."""
    user, token = organizer
    event = event_made(user, players=4)
    sam, sam_token = make_user("sam")
    EventJudge.objects.create(event=event, user=sam, added_by=user)
    games = list(round_paired(event, user).games.select_related("player_a", "player_b").order_by("table"))
    elsewhere_user, elsewhere_token = make_user("elsewhere")
    elsewhere = event_made(elsewhere_user, players=2, name="Elsewhere")
    return {"event": event, "games": games, "organizer": Api(APIClient(), token), "judge": Api(APIClient(), sam_token),
            "elsewhere": elsewhere, "other_organizer": Api(APIClient(), elsewhere_token)}


def penalties(event) -> str:
    return f"/api/events/{event.pk}/penalties/"


def advice(event, player, reason="slow_play") -> str:
    return f"{penalties(event)}suggestion/?player={player}&reason={reason}"


def ladder(event) -> str:
    return f"/api/events/{event.pk}/penalty-ladder/"


def state():
    """Every row a request could write, the judges' too."""
    return {**db_state(), "penalties": list(Penalty.objects.order_by("pk").values()),
            "ladders": list(PenaltyLadder.objects.order_by("pk").values())}


def test_a_warning_then_the_advised_tp_penalty(desk):
    event, judge, slow = desk["event"], desk["judge"], desk["games"][0].player_a
    status, advised = judge.get(advice(event, slow.pk))
    assert status == 200 and advised == {"step": "warning", "rung": 0, "earlier": 0, "previous": None,
                                         "text": "First penalty for slow play: the ladder says warning."}
    status, warning = judge.post(penalties(event), {"player": slow.pk, "reason": "slow_play", "step": "warning",
                                                    "note": "  Turn 3 ran long "})
    assert status == 201, warning
    assert {k: warning[k] for k in ("player", "player_name", "round", "reason", "step", "tp", "note", "by")} == {
        "player": slow.pk, "player_name": slow.name, "round": 1, "reason": "slow_play", "step": "warning", "tp": 0,
        "note": "Turn 3 ran long", "by": "sam"}
    assert warning["id"] and warning["created_at"]
    status, advised = judge.get(advice(event, slow.pk))
    assert status == 200 and (advised["step"], advised["rung"], advised["earlier"], advised["previous"]) == (
        "tp_penalty", 1, 1, "warning")
    assert "TP penalty" in advised["text"] and "slow play" in advised["text"]
    assert judge.get(advice(event, slow.pk, "late"))[1]["step"] == "warning"  # another reason: afresh
    assert Penalty.objects.count() == 1  # advice gives nothing
    status, given = judge.post(penalties(event), {"player": slow.pk, "reason": "slow_play", "step": advised["step"]})
    assert status == 201 and (given["step"], given["tp"]) == ("tp_penalty", 1)
    assert TPAdjustment.objects.get(player=slow).tp == -1
    status, listed = desk["organizer"].get(penalties(event))
    assert status == 200 and [(p["step"], p["by"]) for p in listed] == [("warning", "sam"), ("tp_penalty", "sam")]
    assert AuditRecord.objects.filter(event=event, action="penalty_given", by="sam").count() == 2


def test_a_suggestion_in_french(desk):
    event, slow = desk["event"], desk["games"][0].player_a
    response = desk["judge"].client.get(advice(event, slow.pk), headers={**desk["judge"].headers,
                                                                         "Accept-Language": "fr"})
    assert response.status_code == 200 and response.json()["step"] == "warning"
    assert response.json()["text"] == "Première pénalité pour jeu lent\u202f: l’échelle indique avertissement."


def test_a_player_reads_their_own_penalties_only(desk):
    event, judge = desk["event"], desk["judge"]
    ann, bob = desk["games"][0].player_a, desk["games"][0].player_b
    for player, reason in ((ann, "late"), (bob, "list_error"), (bob, "slow_play")):
        assert judge.post(penalties(event), {"player": player.pk, "reason": reason, "step": "warning"})[0] == 201
    as_ann, as_bob = Api(APIClient(), key=ann.key), Api(APIClient(), key=bob.key)
    status, mine = as_ann.get(penalties(event))
    assert status == 200 and [(p["player"], p["reason"]) for p in mine] == [(ann.pk, "late")]
    status, mine = as_ann.get(f"{penalties(event)}?player={bob.pk}")  # a staff's filter opens nothing
    assert status == 200 and [p["player"] for p in mine] == [ann.pk]
    assert [p["reason"] for p in as_bob.get(penalties(event))[1]] == ["list_error", "slow_play"]
    status, bobs = judge.get(f"{penalties(event)}?player={bob.pk}")
    assert status == 200 and len(bobs) == 2
    # A player's key gives, advises and sets nothing; another event's key and a stranger read nothing.
    fay = desk["elsewhere"].players.first()
    before = state()
    assert as_ann.post(penalties(event), {"player": bob.pk, "reason": "late", "step": "warning"})[0] == 403
    assert as_ann.get(advice(event, bob.pk))[0] == 403
    assert as_ann.get(ladder(event))[0] == 403
    assert Api(APIClient(), key=fay.key).get(penalties(event))[0] == 403
    assert Api(APIClient(), make_user("stray")[1]).get(penalties(event))[0] == 403
    assert Api(APIClient()).get(penalties(event))[0] == 401
    assert Api(APIClient()).post(penalties(event), {"player": bob.pk, "reason": "late", "step": "warning"})[0] == 401
    assert state() == before


def test_another_events_organizer_is_refused(desk):
    event, other, ann = desk["event"], desk["other_organizer"], desk["games"][0].player_a
    desk["judge"].post(penalties(event), {"player": ann.pk, "reason": "late", "step": "warning"})
    before = state()
    assert other.get(penalties(event))[0] == 403
    assert other.post(penalties(event), {"player": ann.pk, "reason": "late", "step": "warning"})[0] == 403
    assert other.get(advice(event, ann.pk))[0] == 403
    assert other.get(ladder(event))[0] == 403
    assert other.call("PUT", ladder(event), {"steps": ["warning"], "tp": 1})[0] == 403
    assert state() == before
    # Through their own event's address, E's player is no player there.
    status, answer = other.post(penalties(desk["elsewhere"]), {"player": ann.pk, "reason": "late",
                                                               "step": "warning"})
    assert status == 400 and "player" in str(answer)
    assert desk["judge"].get(penalties(desk["elsewhere"]))[0] == 403
    assert desk["judge"].get("/api/events/999999/penalties/")[0] == 404


def test_malformed_penalties_are_refused_and_change_nothing(desk):
    event, judge, ann = desk["event"], desk["judge"], desk["games"][0].player_a
    fay = desk["elsewhere"].players.first()
    good = {"player": ann.pk, "reason": "slow_play", "step": "warning"}
    bodies = [
        {}, {**good, "player": "abc"}, {**good, "player": None}, {**good, "player": True}, {**good, "player": 2.5},
        {**good, "player": 10 ** 30}, {**good, "player": -1}, {**good, "player": fay.pk}, {**good, "player": 999999},
        {**good, "player": {"id": ann.pk}}, {**good, "player": [ann.pk]},
        {**good, "reason": "cheating"}, {**good, "reason": ["slow_play"]}, {**good, "reason": {"a": {"b": 1}}},
        {**good, "reason": ""}, {**good, "step": "yellow_card"}, {**good, "step": None}, {**good, "step": 1},
        {**good, "note": "x" * 301}, {**good, "note": "a\x00b"}, {**good, "note": {"text": "nested"}},
        {**good, "note": ["a"]}, [good], "warning",
    ]
    for body in bodies:
        before = state()
        status, answer = judge.post(penalties(event), body)
        assert status == 400, (body, answer)
        assert state() == before, body
    for raw in ("{not json", '{"player": 1, "reason": "late", "step": "warning"', "null"):
        before = state()
        assert judge.call("POST", penalties(event), raw=raw)[0] == 400, raw
        assert state() == before
    for query in ("", "?player=abc&reason=late", f"?player={ann.pk}&reason=cheating", f"?player={ann.pk}",
                  "?reason=late", f"?player={fay.pk}&reason=late", f"?player={10 ** 30}&reason=late",
                  f"?player={ann.pk}&reason=late%00"):
        assert judge.get(f"{penalties(event)}suggestion/{query}")[0] == 400, query
    assert judge.get(f"{penalties(event)}?player=abc")[0] == 400
    assert not Penalty.objects.exists()


def test_refusals_by_the_events_state(desk):
    event, judge, game = desk["event"], desk["judge"], desk["games"][0]
    before = state()
    status, answer = judge.post(penalties(event), {"player": game.player_a_id, "reason": "unsportsmanlike",
                                                   "step": "disqualification"})
    assert status == 409 and answer["errors"][0]["code"] == "not_head"
    assert state() == before
    status, _ = desk["organizer"].post(penalties(event), {"player": game.player_a_id, "reason": "unsportsmanlike",
                                                          "step": "game_loss"})
    assert status == 201
    status, answer = judge.post(penalties(event), {"player": game.player_b_id, "reason": "late",
                                                   "step": "game_loss"})
    assert status == 409 and answer["errors"][0]["code"] == "game_has_result"


def test_the_organizer_sets_the_ladder_and_a_judge_reads_it(desk):
    event, organizer, judge, slow = desk["event"], desk["organizer"], desk["judge"], desk["games"][1].player_a
    assert judge.get(ladder(event)) == (200, {"steps": ["warning", "tp_penalty", "game_loss", "disqualification"],
                                              "tp": 1, "default": True})
    status, answer = organizer.call("PUT", ladder(event), {"steps": ["warning", "warning", "tp_penalty"], "tp": 2})
    assert (status, answer) == (200, {"steps": ["warning", "warning", "tp_penalty"], "tp": 2, "default": False})
    assert judge.get(ladder(event))[1]["default"] is False
    assert AuditRecord.objects.filter(event=event, action="penalty_ladder_changed", by="organizer").exists()
    judge.post(penalties(event), {"player": slow.pk, "reason": "late", "step": "warning"})
    assert judge.get(advice(event, slow.pk, "late"))[1]["step"] == "warning"  # the second warning of the ladder
    before = state()
    assert judge.call("PUT", ladder(event), {"steps": ["warning"], "tp": 1})[0] == 403
    assert Api(APIClient()).call("PUT", ladder(event), {"steps": ["warning"], "tp": 1})[0] == 401
    for body in ({"steps": "warning", "tp": 1}, {"steps": [], "tp": 1}, {"steps": ["tp_penalty", "warning"], "tp": 1},
                 {"steps": ["yellow_card"], "tp": 1}, {"steps": ["warning"] * 9, "tp": 1}, {"steps": [1], "tp": 1},
                 {"steps": [{"step": "warning"}], "tp": 1}, {"steps": ["warning"], "tp": 0},
                 {"steps": ["warning"], "tp": 6}, {"steps": ["warning"], "tp": "x"}, {"steps": ["warning"], "tp": True},
                 {"steps": ["warning"]}, {"tp": 1}, {"steps": ["warn\x00ing"], "tp": 1}, [], "ladder"):
        status, answer = organizer.call("PUT", ladder(event), body)
        assert status == 400, (body, answer)
    assert "bad_steps" in str(organizer.call("PUT", ladder(event), {"steps": ["warning"] * 9, "tp": 1})[1])
    assert "bad_tp" in str(organizer.call("PUT", ladder(event), {"steps": ["warning"], "tp": 6})[1])
    assert state() == before
