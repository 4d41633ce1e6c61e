"""Issue 53: the console's desk and round actions as API calls, through the page's own services: check
everyone in, the round clock, a player's version accepted, a late player seated, a draft published as seen,
pairing with the table settings."""
from audit.models import AuditRecord
from tests.factories import error_codes, new_event, rejected
from tournaments.models import Event, Game, Player, Round


def test_check_everyone_in_at_once_leaves_the_absent_out_and_writes_one_audit_line(api):
    event, ids = new_event(api, players=4)
    Player.objects.filter(pk__in=ids).update(checked_in=False)
    Player.objects.filter(pk=ids[0]).update(absent=True)
    status, answer = api.post(f"/api/events/{event['id']}/players/check-in-all/")
    assert status == 200 and answer == {"checked_in": 3}
    assert set(Player.objects.filter(checked_in=True).values_list("pk", flat=True)) == set(ids[1:])
    assert AuditRecord.objects.filter(action="players_checked_in").count() == 1
    assert api.post(f"/api/events/{event['id']}/players/check-in-all/") == (200, {"checked_in": 0})


def test_check_everyone_in_is_the_organizers(api, stranger_api, anon_api):
    event, ids = new_event(api, players=2)
    Player.objects.filter(pk__in=ids).update(checked_in=False)
    rejected(stranger_api, "POST", f"/api/events/{event['id']}/players/check-in-all/", {}, 403)
    rejected(anon_api, "POST", f"/api/events/{event['id']}/players/check-in-all/", {}, 401)


def test_the_clock_starts_pauses_and_resets_and_the_round_shows_it(api, anon_api):
    event, ids = new_event(api, players=4)
    assert api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1})[0] == 201
    clock = f"/api/events/{event['id']}/rounds/1/clock/"
    status, stopped = anon_api.get(f"/api/events/{event['id']}/rounds/1/")
    assert stopped["clock"] == {"left": None, "running": False, "ends": None, "last_turn_call": None}
    status, started = api.post(clock, {"action": "start"})
    assert status == 200 and started["running"] and 0 < started["left"] <= 120 * 60 and started["ends"]
    status, shown = anon_api.get(f"/api/events/{event['id']}/rounds/1/")
    assert shown["clock"]["running"] and shown["clock"]["ends"] == started["ends"]
    status, paused = api.post(clock, {"action": "pause"})
    assert status == 200 and not paused["running"] and paused["left"] is not None and paused["ends"] is None
    status, reset = api.post(clock, {"action": "reset"})
    assert status == 200 and reset["left"] is None and not reset["running"]


def test_a_bad_clock_action_is_400_and_changes_nothing(api, stranger_api):
    event, ids = new_event(api, players=4)
    api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1})
    clock = f"/api/events/{event['id']}/rounds/1/clock/"
    assert error_codes(rejected(api, "POST", clock, {"action": "stop"}, 400)) == {("action", "invalid_choice")}
    rejected(api, "POST", clock, {}, 400)
    rejected(api, "POST", clock, None, 400, raw="[1]")
    rejected(api, "POST", f"/api/events/{event['id']}/rounds/2/clock/", {"action": "start"}, 404)
    rejected(stranger_api, "POST", clock, {"action": "start"}, 403)


def test_a_draft_has_no_clock(api):
    event, ids = new_event(api, players=4)
    api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1, "publish": False})
    body = rejected(api, "POST", f"/api/events/{event['id']}/rounds/1/clock/", {"action": "start"}, 409)
    assert error_codes(body) == {(None, "round_not_published")}


def _disputed(running):
    game_id, ann = running.side(0, "a")
    _, bob = running.side(0, "b")
    assert ann.post(f"/api/games/{game_id}/report/", {"vp_a": 7, "vp_b": 3, "turns": 5})[0] == 200
    assert bob.post(f"/api/games/{game_id}/dispute/", {"vp_a": 3, "vp_b": 7})[0] == 200
    return game_id, ann


def test_accepting_a_version_makes_it_the_result_with_its_turns(running):
    game_id, ann = _disputed(running)
    status, result = running.organizer.post(f"/api/games/{game_id}/accept/", {"side": "a"})
    assert status == 201, result
    assert (result["a"]["vp"], result["b"]["vp"], result["turns"]) == (7, 3, 5)
    assert Game.objects.get(pk=game_id).result.vp_a == 7
    assert AuditRecord.objects.filter(action="result_entered").count() == 1
    # The result settles the versions: nothing is left to accept.
    body = rejected(running.organizer, "POST", f"/api/games/{game_id}/accept/", {"side": "b"}, 409)
    assert error_codes(body) == {(None, "no_such_version")}


def test_accepting_refuses_a_missing_version_a_bad_side_and_anyone_but_organizers(running):
    game_id, ann = running.side(0, "a")
    body = rejected(running.organizer, "POST", f"/api/games/{game_id}/accept/", {"side": "a"}, 409)
    assert error_codes(body) == {(None, "no_such_version")}
    game_id, ann = _disputed(running)
    assert error_codes(rejected(running.organizer, "POST", f"/api/games/{game_id}/accept/", {"side": "c"}, 400)) \
        == {("side", "invalid_choice")}
    rejected(running.organizer, "POST", f"/api/games/{game_id}/accept/", None, 400, raw="[]")
    rejected(ann, "POST", f"/api/games/{game_id}/accept/", {"side": "a"}, 403)
    rejected(running.organizer, "POST", "/api/games/999999/accept/", {"side": "a"}, 404)


def _draft_with_a_late_player(api, players=5):
    event, ids = new_event(api, players=players)
    status, draft = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1, "publish": False})
    assert status == 201 and draft["seating"]
    status, late = api.post(f"/api/events/{event['id']}/players/", {"name": "Late", "faction": "guild"})
    return event, draft, late["id"]


def test_a_late_player_takes_the_byes_seat(api):
    event, draft, late = _draft_with_a_late_player(api)
    status, answer = api.post(f"/api/events/{event['id']}/rounds/1/late/", {"player": late})
    assert status == 200 and answer["how"] == "bye"
    assert any(late in (g["player_a"], g["player_b"]) for g in answer["round"]["games"])
    assert not any(g["bye"] for g in answer["round"]["games"])
    assert AuditRecord.objects.filter(action="late_player_seated").count() == 1


def test_seating_a_late_player_is_refused_as_on_the_page(api):
    event, draft, late = _draft_with_a_late_player(api)
    path = f"/api/events/{event['id']}/rounds/1/late/"
    seated = draft["games"][0]["player_a"]
    assert error_codes(rejected(api, "POST", path, {"player": seated}, 409)) == {(None, "already_seated")}
    Player.objects.filter(pk=late).update(checked_in=False)
    assert error_codes(rejected(api, "POST", path, {"player": late}, 409)) == {(None, "player_not_expected")}
    other, other_ids = new_event(api, players=1, name="Other")
    assert error_codes(rejected(api, "POST", path, {"player": other_ids[0]}, 400)) == {("player", "invalid")}
    rejected(api, "POST", path, {"player": "x"}, 400)
    rejected(api, "POST", path, {}, 400)
    rejected(api, "POST", f"/api/events/{event['id']}/rounds/2/late/", {"player": late}, 404)
    Player.objects.filter(pk=late).update(checked_in=True)
    api.post(f"/api/events/{event['id']}/rounds/1/publish/", {})
    assert error_codes(rejected(api, "POST", path, {"player": late}, 409)) == {(None, "round_published")}


def test_a_draft_is_published_as_seen_and_refused_once_changed(api, anon_api):
    event, draft, _late = _draft_with_a_late_player(api, players=4)
    seen = draft["seating"]
    assert api.get(f"/api/events/{event['id']}/rounds/1/")[1]["seating"] == seen
    assert api.get(f"/api/events/{event['id']}/rounds/")[1][0]["seating"] == seen
    games = draft["games"]
    api.post(f"/api/events/{event['id']}/rounds/1/swap/", {"player_1": games[0]["player_a"],
                                                           "player_2": games[1]["player_a"], "force": True})
    body = rejected(api, "POST", f"/api/events/{event['id']}/rounds/1/publish/", {"seating": seen}, 409)
    assert error_codes(body) == {(None, "draft_changed")}
    fresh = api.get(f"/api/events/{event['id']}/rounds/1/")[1]["seating"]
    assert fresh != seen
    status, published = api.post(f"/api/events/{event['id']}/rounds/1/publish/", {"seating": fresh})
    assert status == 200 and published["published"] and published["seating"] is None
    assert anon_api.get(f"/api/events/{event['id']}/rounds/1/")[1]["seating"] is None


def test_publishing_without_seating_still_publishes(api):
    event, draft, _late = _draft_with_a_late_player(api, players=4)
    status, published = api.post(f"/api/events/{event['id']}/rounds/1/publish/")
    assert status == 200 and published["published"]


def test_pairing_saves_the_table_settings_sent_with_it(api):
    event, ids = new_event(api, players=6)
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1, "unavailable_tables": [2, 1, 2],
                                                                   "fresh_tables": True})
    assert status == 201 and {g["table"] for g in rnd["games"]} & {1, 2} == set()
    saved = Event.objects.get(pk=event["id"])
    assert saved.unavailable_tables == [1, 2] and saved.fresh_tables
    assert AuditRecord.objects.filter(action="settings_changed").exists()


def test_pairing_with_bad_table_settings_is_400_and_pairs_nothing(api):
    event, ids = new_event(api, players=4)
    for bad in ({"unavailable_tables": [0]}, {"unavailable_tables": "1"}, {"fresh_tables": "maybe"}):
        rejected(api, "POST", f"/api/events/{event['id']}/rounds/", bad, 400)
    assert not Round.objects.exists()
