"""Finishing an event with a top cut through the API (issue 52): before the cut's final is played the answer
is 409 `cut_unplayed` and nothing changes, unless the request says `{"drop_cut": true}`; the schema says so."""
import pytest
from drf_spectacular.generators import SchemaGenerator

from audit.models import AuditRecord
from tests.api.test_top_cut import swiss_event
from tests.factories import Api, error_codes, make_user, rejected
from tournaments.models import Event


@pytest.fixture
def api(client, db):
    _, token = make_user("finish-organizer")
    return Api(client, token)


def test_finishing_before_the_cut_is_refused_unless_told_to_drop_it(api):
    event, _ = swiss_event(api, players=6, rounds=2, seed=4, cut_size=4)
    eid = event["id"]
    answer = rejected(api, "POST", f"/api/events/{eid}/finish/", {}, 409)
    assert error_codes(answer) == {(None, "cut_unplayed")}
    assert "top 4 cut" in answer["errors"][0]["detail"]
    answer = rejected(api, "POST", f"/api/events/{eid}/finish/", {"drop_cut": False}, 409)
    assert error_codes(answer) == {(None, "cut_unplayed")}
    rejected(api, "POST", f"/api/events/{eid}/finish/", {"drop_cut": "perhaps"}, 400)
    status, body = api.post(f"/api/events/{eid}/finish/", {"drop_cut": True})
    assert status == 200 and body["finished_at"], body
    assert AuditRecord.objects.get(event_id=eid, action="event_finished").after == {"cut_dropped": 2}


def test_a_cut_played_to_its_final_finishes_as_any_event(api):
    event, _ = swiss_event(api, players=6, rounds=2, seed=6, cut_size=4)
    eid = event["id"]
    for _ in range(2):  # the semifinals, then the final
        status, rnd = api.post(f"/api/events/{eid}/rounds/", {})
        assert status == 201 and rnd["stage"] == "cut", rnd
        for game in rnd["games"]:
            assert api.post(f"/api/games/{game['id']}/result/", {"vp_a": 6, "vp_b": 2})[0] == 201
        if rnd["number"] == 3:
            answer = rejected(api, "POST", f"/api/events/{eid}/finish/", {}, 409)
            assert error_codes(answer) == {(None, "cut_unplayed")}, "the final is still to play"
    assert api.post(f"/api/events/{eid}/finish/")[0] == 200
    assert Event.objects.get(pk=eid).finished_at is not None
    assert AuditRecord.objects.get(event_id=eid, action="event_finished").after is None


def test_the_french_answer_says_it_in_french(api):
    event, _ = swiss_event(api, players=6, rounds=2, seed=7, cut_size=4)
    api.headers["Accept-Language"] = "fr"
    status, answer = api.post(f"/api/events/{event['id']}/finish/", {})
    assert status == 409 and "n’est pas jouée jusqu’à sa finale" in answer["errors"][0]["detail"]


def test_the_schema_documents_the_flag_and_the_code():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    finish = schema["paths"]["/api/events/{event_id}/finish/"]["post"]
    reopen = schema["paths"]["/api/events/{event_id}/reopen/"]["post"]
    body = finish["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    assert "drop_cut" in schema["components"]["schemas"][body]["properties"]
    assert "`cut_unplayed`" in finish["responses"]["409"]["description"]
    assert "drop_cut" in finish["description"] and "requestBody" not in reopen
