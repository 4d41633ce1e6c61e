"""The live tracker through the API (/api/games/{id}/tracker/), as a phone app keeps a game's score: the
same services, rules, refusals and audit as the private page's tracker; the opponent's secret schemes in no
answer; only the game's two players, only while the tracker is open; every write counted with the reports."""
import json

import pytest
from django.test import Client
from rest_framework.test import APIClient

from audit.models import AuditRecord
from tests.factories import Api, make_user
from tests.phones.test_tracker import page, pool_of, sides, track
from tests.phones.tracker_client import TrackerClient, play_turns
from tournaments.models import CONFIRMED, Event, Game, Result, Round
from tracker import services
from tracker.models import Tracker


@pytest.fixture(autouse=True)
def many_reports(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "report_player": "10000/minute"}


def phones(game) -> tuple[TrackerClient, TrackerClient]:
    ann, bob = sides(game)
    return TrackerClient(game.pk, key=ann.key), TrackerClient(game.pk, key=bob.key)


def kept(game) -> list:
    return list(Tracker.objects.filter(game=game).values("turn", "lines", "schemes", "manifest"))


def codes(body) -> list[str]:
    return [error["code"] for error in body["errors"]]


def test_a_game_kept_on_two_phones_becomes_the_confirmed_result(round_two):
    game = round_two
    ann, bob = phones(game)
    scheme = pool_of(game)[0]
    first = ann.read()
    assert first["open"] and first["choices"][0]["scheme"] == scheme and first["side"] == "a"
    name = first["choices"][0]["name"]
    assert ann.choose(scheme, "a model")["schemes"]["a"] == [
        {"scheme": scheme, "name": name, "noted_model": "a model", "revealed": False}]
    play_turns(ann, bob, [({}, {}), ({"strategy": 1}, {"strategy": 1})])
    # Bob objects to Ann's turn 2; her report waits until she records it again.
    objected = bob.object(2, "You had 0")
    assert [(line["side"], line["turn"], line["objected"], line["note"]) for line in objected["lines"]
            if line["objected"]] == [("a", 2, True, "You had 0")]
    status, body = ann.call("report")
    assert status == 409 and codes(body) == ["objection_open"]
    assert not ann.read()["may_report"]
    assert not ann.line(2, 1)["objected"] and ann.read()["may_report"]  # the same figures stand: answered
    tracker = play_turns(ann, bob, [({"strategy": 1}, {"strategy": 1}), ({"strategy": 1, scheme: 1}, {"strategy": 1})])
    assert tracker["turn"] == 4 and tracker["totals"] == {"a": 4, "b": 3}
    assert tracker["schemes"]["a"][0]["revealed"] is True  # scored: revealed
    assert bob.read()["schemes"]["a"][0]["noted_model"] == "a model"
    assert ann.manifest(2)["manifest"]["met"] == 2
    # The page shows what the phones kept.
    assert f"{game.player_b.name} 3–4 {game.player_a.name}" in Client().get(page(game.player_b)).content.decode()
    reported = ann.report()
    assert reported["status"] == "awaiting_confirmation"
    assert AuditRecord.objects.filter(event=game.round.event, action="result_reported").exists()
    status, confirmed = bob.confirm()
    assert status == 200 and confirmed["status"] == CONFIRMED
    result = Result.objects.get(game=game)
    assert (result.vp_a, result.vp_b, result.turns) == (4, 3, 4)
    closed = ann.read()
    assert (closed["open"], closed["closed"], closed["choices"], closed["may_report"]) == (
        False, "result_confirmed", [], False)
    status, body = ann.call("lines", {"turn": 4, "strategy": 0})
    assert status == 409 and codes(body) == ["result_confirmed"]


def test_a_turn_started_too_soon_is_taken_back_not_past_a_line(round_two):
    ann, bob = phones(round_two)
    ann.turn(2)
    ann.line(2, 1)
    assert ann.turn(3)["back"] == 2
    assert bob.turn(2)["back"] is None
    status, body = ann.call("turn", {"turn": 1})
    assert status == 400 and codes(body) == ["turn_out_of_range"] and ann.read()["turn"] == 2


def test_the_report_waits_for_a_line(round_two):
    ann, _ = phones(round_two)
    status, body = ann.call("report")
    assert status == 409 and codes(body) == ["nothing_tracked"]


def test_the_opponents_secret_schemes_are_in_no_answer(round_two):
    """Ann's tracker reads the same before and after Bob chooses two schemes in secret (the table's pool is
    public: her own choices list it); his noted models appear in none of her answers, until he reveals."""
    game = round_two
    ann, bob = phones(game)
    pool = pool_of(game)
    ann.choose(pool[0], "Ann's note")
    play_turns(ann, bob, [({}, {})])
    before = ann.read()
    answers = [bob.choose(pool[1], "Bob's secret"), bob.choose(pool[2], "Bob's other secret")]
    assert len(Tracker.objects.get(game=game).schemes["b"]) == 2
    after = ann.read()
    assert after == before and after["schemes"]["b"] == []
    theirs = [ann.line(1, 0), ann.turn(2), ann.object(1), ann.manifest(1), ann.read()]
    assert all("Bob's" not in json.dumps(answer) and answer["schemes"]["b"] == [] for answer in theirs)
    assert [s["noted_model"] for s in answers[-1]["schemes"]["b"]] == ["Bob's secret", "Bob's other secret"]
    assert "Ann's note" not in json.dumps(answers)  # nor hers in his
    # A scheme of his she names is refused as not hers, whichever he chose: no answer tells.
    refusals = {scheme: ann.call("lines", {"turn": 2, "schemes": {scheme: 0}}) for scheme in pool[1:4]}
    assert {(status, tuple(codes(body))) for status, body in refusals.values()} == {(400, ("scheme_not_chosen",))}
    assert bob.reveal(pool[1])["schemes"]["b"][0]["revealed"] is True
    seen = ann.read()["schemes"]["b"]
    assert [(s["scheme"], s["noted_model"]) for s in seen] == [(pool[1], "Bob's secret")]


def test_only_the_games_two_players_keep_its_score(round_two, organizer_api):
    game = round_two
    path = f"/api/games/{game.pk}/tracker/"
    stranger = next(p for p in game.round.event.players.all() if p.pk not in (game.player_a_id, game.player_b_id))
    assert Api(APIClient()).post(path + "lines/", {"turn": 1})[0] == 401
    assert Api(APIClient(), key=stranger.key).get(path)[0] == 403
    assert organizer_api.get(path)[0] == 403 and organizer_api.post(path + "turn/", {"turn": 2})[0] == 403
    assert Api(APIClient(), key="no-such-key").get(path)[0] == 401
    assert Api(APIClient(), key=game.player_a.key).get("/api/games/999999/tracker/")[0] == 404
    # A linked account acts as its entry.
    user, token = make_user("ann")
    game.player_a.user = user
    game.player_a.save(update_fields=["user"])
    linked = TrackerClient(game.pk, token=token)
    assert linked.line(1, 0)["lines"][0]["by"] == "a"
    assert kept(game)[0]["lines"][0]["side"] == "a"


def test_a_draft_rounds_game_is_no_game(event, organizer_api, round_two):
    """Round 3 as a draft: its games are the organizers' until published, the same 404 as none."""
    for game in Game.objects.filter(round=round_two.round):
        organizer_api.post(f"/api/games/{game.pk}/result/", {"vp_a": 5, "vp_b": 5})
    status, rnd = organizer_api.post(f"/api/events/{event['id']}/rounds/", {"seed": 3, "publish": False})
    assert status == 201, rnd
    game = Game.objects.get(pk=rnd["games"][0]["id"])
    assert Round.objects.get(pk=game.round_id).is_draft
    ann, _ = phones(game)
    assert ann.call()[0] == 404 and ann.call("lines", {"turn": 1})[0] == 404
    assert not Tracker.objects.filter(game=game).exists()


def _finished(game):
    Event.objects.filter(pk=game.round.event_id).update(finished_at="2017-03-18T20:00:00Z")


def _at_table(game):
    Event.objects.filter(pk=game.round.event_id).update(missions="at_table")
    Game.objects.filter(pk=game.pk).update(strategy="")


def _earlier(game):
    """Round 1's game of Ann's, its result taken away (round 2 is the current round)."""
    earlier = Game.objects.filter(round__number=1, round__event=game.round.event, player_b__isnull=False).first()
    Result.objects.filter(game=earlier).delete()
    return earlier


def _bye(game):
    return Game.objects.get(round=game.round, player_b__isnull=True)


@pytest.mark.parametrize("close,code", [(_finished, "event_finished"), (_at_table, "mission_unknown"),
                                        (_earlier, "round_over"), (_bye, "not_your_game")])
def test_a_closed_tracker_says_why_and_refuses_every_write_as_the_page_hides_it(round_two, close, code):
    game = close(round_two) or round_two
    game = Game.objects.select_related("round__event", "player_a", "player_b").get(pk=game.pk)
    assert services.closed(game).problems[0].code == code
    ann = TrackerClient(game.pk, key=game.player_a.key)
    read = ann.read()
    assert (read["open"], read["closed"], read["choices"], read["back"], read["may_report"]) == (
        False, code, [], None, False)
    before = kept(game)
    for what, body in (("lines", {"turn": 1}), ("turn", {"turn": 2}), ("schemes", {"scheme": pool_of(round_two)[0]}),
                       ("manifest", {"met": 1}), ("report", {})):
        status, answer = ann.call(what, body)
        assert status == 409 and codes(answer) == [code], (what, answer)
    assert kept(game) == before
    if close is not _earlier:  # the page shows only the current game: its tracker is hidden, its forms refused
        html = Client().get(page(game.player_a)).content.decode()
        assert 'id="tracker"' not in html
        assert track(game.player_a, action="track-line", side="a", turn=1, strategy=0).status_code in (200, 302)
        assert kept(game) == before


@pytest.mark.parametrize("what,body", [
    ("lines", {"turn": 1, "strategy": 21}), ("lines", {"turn": 1, "strategy": -1}),
    ("lines", {"turn": 1, "strategy": "x"}), ("lines", {"turn": 1, "strategy": True}),
    ("lines", {"turn": 1, "strategy": None}), ("lines", {"turn": 1, "strategy": 1.5}),
    ("lines", {"turn": 1, "schemes": []}), ("lines", {"turn": 1, "schemes": {"no-such": 1}}),
    ("lines", {"turn": 1, "schemes": {"x": "y"}}), ("lines", {"strategy": 0}), ("lines", {"turn": 0}),
    ("lines", {"turn": 9}), ("lines", {"turn": "9" * 40}), ("lines", {"turn": 1, "strategy": 10 ** 30}),
    ("lines", {"turn": 1, "strategy": 3}),  # GG2017: the strategy scores from turn 2 (the rules module)
    ("turn", {}), ("turn", {"turn": 0}), ("turn", {"turn": 8}), ("turn", {"turn": -1}), ("turn", {"turn": "two"}),
    ("objections", {}), ("objections", {"turn": None}), ("schemes", {}), ("schemes", {"scheme": ""}),
    ("schemes", {"scheme": "no-such-scheme"}), ("schemes", {"scheme": "x" * 81}), ("reveal", {"scheme": ""}),
    ("schemes", {"scheme": "claim-jump", "noted_model": "\ud800"}), ("objections", {"turn": 1, "note": "a\x00b"}),
    ("manifest", {"met": 3}), ("manifest", {"met": -1}), ("manifest", {"met": "x"}), ("manifest", {}),
])
def test_bad_input_is_a_400_that_changes_nothing(round_two, what, body):
    ann, _ = phones(round_two)
    before = kept(round_two)
    status, answer = ann.call(what, body)
    assert status == 400, answer
    assert kept(round_two) == before


def test_a_body_that_is_not_json_is_a_400(round_two):
    ann, _ = phones(round_two)
    status, _ = ann.api.call("POST", f"/api/games/{round_two.pk}/tracker/lines/", raw="{turn: 1")
    assert status == 400 and kept(round_two) == []


@pytest.mark.parametrize("what,body,code", [("objections", {"turn": 1}, "not_their_line"),
                                            ("reveal", {"scheme": "claim-jump"}, "scheme_not_chosen")])
def test_a_write_the_state_refuses_is_a_409_that_changes_nothing(round_two, what, body, code):
    ann, _ = phones(round_two)
    ann.line(1, 0)  # her own line: not hers to object to
    before = kept(round_two)
    status, answer = ann.call(what, body)
    assert status == 409 and codes(answer) == [code]
    assert kept(round_two) == before


def test_a_scheme_chosen_twice_is_refused(round_two):
    ann, _ = phones(round_two)
    scheme = pool_of(round_two)[0]
    ann.choose(scheme)
    status, answer = ann.call("schemes", {"scheme": scheme})
    assert status == 409 and codes(answer) == ["scheme_chosen"]


def test_the_manifest_is_m2e_only(organizer):
    api = Api(APIClient(), make_user("m3e_organizer")[1])
    _, event = api.post("/api/events/", {"name": "Third", "date": "2020-01-04", "format": "m3e", "rounds": 2})
    for name in ("Ana", "Bea"):
        api.post(f"/api/events/{event['id']}/players/", {"name": name, "faction": "guild"})
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1})
    assert status == 201, rnd
    game = Game.objects.select_related("player_a", "player_b").get(pk=rnd["games"][0]["id"])
    ann, _ = phones(game)
    assert ann.read()["manifest"] is None
    status, answer = ann.call("manifest", {"met": 1})
    assert status == 409 and codes(answer) == ["no_avatars"]


def test_writes_count_with_the_reports_and_the_page_reads_do_not(round_two, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "report_player": "3/minute"}
    ann, _ = phones(round_two)
    for turn in (2, 3):
        ann.turn(turn)
    assert ann.read()["turn"] == 3  # reads are not counted
    ann.turn(4)
    response = ann.api.client.post(f"/api/games/{round_two.pk}/tracker/turn/", {"turn": 5}, format="json",
                                   headers={"Authorization": f"Key {round_two.player_a.key}"})
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert ann.read()["turn"] == 4
    # The page counts its tracker forms with the same limit.
    assert track(round_two.player_a, action="track-turn", turn=5).status_code == 429
