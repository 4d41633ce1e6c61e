"""No request, however malformed, gets a 500; a rejected one changes nothing."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import db_state

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=10)
FIELDS = ["name", "date", "format", "rounds", "rematch_window", "faction", "club", "is_ringer", "checked_in", "seed",
          "strategy", "deployment", "scheme_pool", "vp_a", "vp_b", "outcome", "loser", "turns", "breakdown",
          "bye", "concession", "tiebreaks", "scheme_chart", "scheme_pools", "unavailable_tables", "fresh_tables",
          "pinned_table", "player_1", "player_2", "force", "method", "avoid_same_club"]
bodies = json_values | st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=6)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
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
