"""Issue 54, time through the API: POST /api/games/{id}/extension/ gives a table minutes, DELETE takes them back;
the event's staff (organizers and judges) only; bad input a 400 and a table no longer playing a 409, changing
nothing; the game answers its extra_minutes, the round's clock answer stays the round's."""
import pytest
from django.contrib.auth import get_user_model

from audit.models import AuditRecord
from tests.factories import Api, error_codes, make_user, new_event, rejected
from tournaments.models import EventJudge, Game


@pytest.fixture
def tables(api):
    event, _ids = new_event(api, players=4)
    assert api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1})[0] == 201
    games = list(Game.objects.filter(round__event_id=event["id"]).order_by("table"))
    return event, games


def extension(game) -> str:
    return f"/api/games/{game.pk}/extension/"


def test_staff_give_and_take_back_a_tables_time(api, client, tables):
    event, (first, second) = tables
    judge, token = make_user("sam")
    EventJudge.objects.create(event_id=event["id"], user=judge, added_by=get_user_model().objects.get(
        username="organizer"))
    status, game = Api(client, token).post(extension(first), {"minutes": 4})
    assert status == 200 and game["extra_minutes"] == 4 and game["id"] == first.pk
    status, game = api.post(extension(first), {"minutes": 2})
    assert status == 200 and game["extra_minutes"] == 6
    assert api.get(f"/api/games/{second.pk}/")[1]["extra_minutes"] == 0
    lines = AuditRecord.objects.filter(action="table_time_extended").order_by("id")
    assert [(r.by, r.table, r.after["extra_minutes"]) for r in lines] == [("sam", first.table, 4),
                                                                           ("organizer", first.table, 6)]
    status, game = api.call("DELETE", extension(first))
    assert status == 200 and game["extra_minutes"] == 0
    assert AuditRecord.objects.filter(action="table_time_reset").count() == 1


def test_the_rounds_clock_answer_stays_the_rounds(api, tables):
    event, (first, _second) = tables
    clock = f"/api/events/{event['id']}/rounds/1/clock/"
    started = api.post(clock, {"action": "start"})[1]
    api.post(extension(first), {"minutes": 10})
    shown = api.get(f"/api/events/{event['id']}/rounds/1/")[1]["clock"]
    assert shown["ends"] == started["ends"] and set(shown) == {"left", "running", "ends", "last_turn_call"}


@pytest.mark.parametrize("body, code", [({"minutes": 0}, "minutes_out_of_range"),
                                        ({"minutes": 61}, "minutes_out_of_range"),
                                        ({"minutes": -5}, "minutes_out_of_range"),
                                        ({"minutes": 10**30}, "minutes_out_of_range"),
                                        ({"minutes": "many"}, "invalid"), ({}, "required"),
                                        ({"minutes": None}, "null")])
def test_bad_minutes_are_a_400_changing_nothing(api, tables, body, code):
    _event, (first, _second) = tables
    answer = rejected(api, "POST", extension(first), body, 400)
    assert {c for _attr, c in error_codes(answer)} == {code}


def test_more_than_two_hours_in_all_is_a_400(api, tables):
    _event, (first, _second) = tables
    api.post(extension(first), {"minutes": 60})
    api.post(extension(first), {"minutes": 60})
    assert error_codes(rejected(api, "POST", extension(first), {"minutes": 1}, 400)) == {("minutes", "too_much_time")}
    rejected(api, "POST", extension(first), None, 400, raw="[1]")


def test_only_staff_may(api, stranger_api, anon_api, tables):
    event, (first, _second) = tables
    rejected(anon_api, "POST", extension(first), {"minutes": 4}, 401)
    rejected(stranger_api, "POST", extension(first), {"minutes": 4}, 403)
    rejected(stranger_api, "DELETE", extension(first), None, 403)
    key = Game.objects.select_related("player_a").get(pk=first.pk).player_a.key
    rejected(Api(anon_api.client, key=key), "POST", extension(first), {"minutes": 4}, 403)  # a player is no judge
    rejected(api, "POST", "/api/games/999999/extension/", {"minutes": 4}, 404)


def test_a_table_with_its_result_gets_no_time(api, tables):
    _event, (first, _second) = tables
    assert api.post(f"/api/games/{first.pk}/result/", {"vp_a": 6, "vp_b": 4})[0] == 201
    answer = rejected(api, "POST", extension(first), {"minutes": 4}, 409)
    assert error_codes(answer) == {(None, "game_over")}
    rejected(api, "DELETE", extension(first), None, 409)
