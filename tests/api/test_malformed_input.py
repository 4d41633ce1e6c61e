"""No request, however malformed, gets a 500; a rejected one changes nothing."""
import json
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import db_state
from tests.profiles import examples

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=10)
FIELDS = ["name", "date", "format", "rounds", "rematch_window", "faction", "club", "is_ringer", "checked_in", "seed",
          "strategy", "deployment", "scheme_pool", "vp_a", "vp_b", "outcome", "loser", "turns", "breakdown",
          "bye", "concession", "tiebreaks", "scheme_chart", "scheme_pools", "unavailable_tables", "fresh_tables",
          "pinned_table", "player_1", "player_2", "force", "method", "avoid_same_club"]
bodies = json_values | st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=6)


@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=bodies, target=st.integers(0, 7))
def test_random_bodies_never_reach_a_500(api, body, target):
    status, event = api.post("/api/events/", {"name": "Fuzz", "date": "2017-01-01", "format": "gg2017"})
    eid = event["id"]
    for i in range(2):
        api.post(f"/api/events/{eid}/players/", {"name": f"P{i}", "faction": "guild"})
    status, rnd = api.post(f"/api/events/{eid}/rounds/", {})
    player = rnd["games"][0]["player_a"]
    calls = [("POST", "/api/events/"), ("POST", f"/api/events/{eid}/players/"),
             ("POST", f"/api/events/{eid}/rounds/"), ("POST", f"/api/games/{rnd['games'][0]['id']}/result/"),
             ("POST", f"/api/events/{eid}/players/{player}/drop/"),
             ("PATCH", f"/api/events/{eid}/"), ("PATCH", f"/api/events/{eid}/players/{player}/"),
             ("POST", f"/api/events/{eid}/rounds/1/swap/")]
    before = db_state()
    method, path = calls[target]
    status, answer = api.call(method, path, raw=json.dumps(body))
    assert status < 500, answer
    if status >= 400:
        assert db_state() == before


def test_huge_ids_in_urls_are_404(anon_api):
    for path in ("/api/events/99999999999999999999999/", "/api/games/99999999999999999999999/",
                 "/api/events/1/rounds/99999999999999999999/", "/api/events/99999999999999999999/standings/"):
        status, body = anon_api.get(path)
        assert status == 404, (path, body)


def organizer_event(api):
    status, event = api.post("/api/events/", {"name": "Edges", "date": "2017-01-01", "format": "gg2017"})
    for i in range(2):
        api.post(f"/api/events/{event['id']}/players/", {"name": f"P{i}", "faction": "guild"})
    assert api.post(f"/api/events/{event['id']}/rounds/", {})[0] == 201
    return event["id"]


def standard_400(status, body, attr=None):
    assert status == 400, body
    assert body["type"] == "validation_error" or body["type"] == "client_error"
    return attr is None or any(error["attr"] == attr for error in body["errors"])


@pytest.mark.parametrize("value", ["²", "٣", "9" * 5000, str(2**63), "-1", "1.0", ""])
def test_numbers_in_query_strings_are_ascii_digits_or_a_400(api, value):
    eid = organizer_event(api)
    assert standard_400(*api.get(f"/api/events/{eid}/standings/?round={quote(value)}"), attr="round")
    assert standard_400(*api.get(f"/api/events/{eid}/audit/?table={quote(value)}"), attr="table")
    assert standard_400(*api.get(f"/api/events/{eid}/audit/?player={quote(value)}"), attr="player")


@pytest.mark.parametrize("key", ["²", "9" * 5000, "0", "31"])
def test_scheme_pool_keys_are_round_numbers(api, key):
    before = db_state()
    status, body = api.post("/api/events/", {"name": "Pools", "date": "2017-01-01", "format": "gg2017",
                                             "scheme_pools": {key: ["claim-jump"]}})
    assert standard_400(status, body, attr="scheme_pools") and db_state() == before


def test_ids_beyond_64_bits_in_a_swap_are_a_400(api):
    eid = organizer_event(api)
    before = db_state()
    status, body = api.post(f"/api/events/{eid}/rounds/1/swap/", {"player_1": 2**63, "player_2": 2**64})
    assert standard_400(status, body, attr="player_1") and db_state() == before


def test_a_body_nested_too_deep_is_a_parse_error(api):
    before = db_state()
    status, body = api.call("POST", "/api/events/", raw="[" * 100_000 + "]" * 100_000)
    assert status == 400 and body["errors"][0]["code"] == "parse_error" and db_state() == before


def test_a_body_over_the_upload_limit_is_a_413_with_the_standard_body(api, settings):
    before = db_state()
    raw = json.dumps({"name": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1), "date": "2017-01-01",
                      "format": "gg2017"})
    status, body = api.call("POST", "/api/events/", raw=raw)
    assert status == 413 and body["errors"][0]["code"] == "payload_too_large" and db_state() == before


def test_too_many_form_fields_is_a_400_with_the_standard_body(api, client):
    before = db_state()
    fields = "&".join(f"f{i}=1" for i in range(1500))
    response = client.post("/api/events/", fields, content_type="application/x-www-form-urlencoded",
                           headers=api.headers)
    assert response.status_code == 400 and response.json()["errors"][0]["code"] == "parse_error"
    assert db_state() == before


@pytest.mark.parametrize("path", ["/api/formats/%0Ax/", "/api/%0A", "/api/events/%0D%0A/"])
def test_an_encoded_newline_in_an_api_path_is_a_json_404(anon_api, path):
    status, body = anon_api.get(path)
    assert status == 404 and body["errors"][0]["code"] == "not_found"


JUNK_CALLS = ["POST /api/events/", "POST /api/events/{eid}/players/", "POST /api/events/{eid}/rounds/",
              "POST /api/events/{eid}/organizers/", "POST /api/events/{eid}/exports/",
              "POST /api/events/{eid}/rounds/1/swap/", "POST /api/games/{gid}/result/",
              "POST /api/games/{gid}/report/", "POST /api/games/{gid}/dispute/", "PATCH /api/events/{eid}/",
              "PATCH /api/events/{eid}/players/{pid}/", "POST /api/auth/token/"]
CONTENT_TYPES = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                 "text/plain", "application/json; charset=latin-1", ""]


@settings(max_examples=examples(120), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=300) | st.text(max_size=300).map(str.encode), call=st.sampled_from(JUNK_CALLS),
       content_type=st.sampled_from(CONTENT_TYPES))
def test_junk_to_every_parser_is_a_4xx_with_the_standard_body_and_changes_nothing(api, client, raw, call,
                                                                                   content_type):
    eid = organizer_event(api)
    game = api.get(f"/api/events/{eid}/rounds/1/")[1]["games"][0]
    method, path = call.split()
    path = path.format(eid=eid, gid=game["id"], pid=game["player_a"])
    before = db_state()
    response = client.generic(method, path, raw, content_type=content_type,
                              headers={"Accept": "application/json", **api.headers})
    assert response.status_code < 500, response.content
    if response.status_code >= 400:
        assert db_state() == before
        body = response.json()
        assert body["type"] in ("validation_error", "client_error") and body["errors"], body
