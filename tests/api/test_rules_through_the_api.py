"""The rules module as an organizer meets it: announced settings, flipped missions, validated reports."""
import pytest

from tests.factories import error_codes, new_event, rejected

POOL = ["claim-jump", "frame-for-murder", "accusation", "show-of-force", "search-the-ruins"]


def test_flipped_pools_are_audited_and_reproduced_by_the_deck_seed(api):
    event, _ = new_event(api, players=4, deck_seed="spring-2017", rounds=3)
    eid = event["id"]
    status, first = api.post(f"/api/events/{eid}/rounds/", {})
    kept = [c for c in first["cards"] if c["kept"]]
    assert len(kept) == 2 and all(c["purpose"] == "scheme_pool" for c in first["cards"])
    assert first["mission"]["scheme_pool"][0]["name"] == "Claim Jump" and len(first["scheme_pool"]) == 5
    assert api.call("DELETE", f"/api/events/{eid}/rounds/1/")[0] == 204
    status, again = api.post(f"/api/events/{eid}/rounds/", {})
    assert (again["cards"], again["scheme_pool"]) == (first["cards"], first["scheme_pool"]), "cards go back"
    for game in again["games"]:
        api.post(f"/api/games/{game['id']}/result/", {"vp_a": 3, "vp_b": 3})
    status, second = api.post(f"/api/events/{eid}/rounds/", {})
    assert not {c["card"] for c in second["cards"]} & {c["card"] for c in first["cards"]}, "no reshuffle"
    assert api.get(f"/api/events/{eid}/rounds/2/")[1]["cards"] == second["cards"]


def test_deck_seed_is_for_organizers_only(api, anon_api, stranger_api):
    event, _ = new_event(api, players=0, deck_seed="secret-deck")
    assert api.get(f"/api/events/{event['id']}/")[1]["deck_seed"] == "secret-deck"
    assert "deck_seed" not in anon_api.get(f"/api/events/{event['id']}/")[1]
    assert "deck_seed" not in stranger_api.get(f"/api/events/{event['id']}/")[1]


def test_a_strategy_is_not_played_twice(api):
    event, _ = new_event(api, players=2, rounds=3)
    eid = event["id"]
    status, rnd = api.post(f"/api/events/{eid}/rounds/", {"strategy": "reckoning"})
    api.post(f"/api/games/{rnd['games'][0]['id']}/result/", {"vp_a": 3, "vp_b": 3})
    body = rejected(api, "POST", f"/api/events/{eid}/rounds/", {"strategy": "reckoning"}, 400)
    assert error_codes(body) == {("strategy", "strategy_used")}


def test_pools_fixed_in_advance_are_used_for_their_round(api):
    event, _ = new_event(api, players=2, scheme_pools={"1": POOL})
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {})
    assert rnd["scheme_pool"] == POOL and rnd["cards"] == []
    body = rejected(api, "POST", "/api/events/", {"name": "X", "date": "2017-01-01", "format": "gg2017",
                                                  "scheme_pools": {"one": POOL, "2": ["tail-em"]}}, 400)
    assert ("scheme_pools", "invalid") in error_codes(body)


def test_a_pool_fixed_in_advance_is_the_organizers_until_its_round_is_paired(api, anon_api, stranger_api):
    """GG2017: players get no fore-warning of the schemes. Both event answers hid nothing before."""
    second = ["tail-em", "inspection", "last-stand", "set-up", "hidden-trap"]
    event, _ = new_event(api, players=2, scheme_pools={"1": POOL, "2": second})
    eid = event["id"]
    for who in (anon_api, stranger_api):
        assert who.get(f"/api/events/{eid}/")[1]["scheme_pools"] == {}
        listed = next(e for e in who.get("/api/events/")[1]["results"] if e["id"] == eid)
        assert listed["scheme_pools"] == {}
    assert api.get(f"/api/events/{eid}/")[1]["scheme_pools"] == {"1": POOL, "2": second}
    assert api.post(f"/api/events/{eid}/rounds/", {})[0] == 201
    assert anon_api.get(f"/api/events/{eid}/")[1]["scheme_pools"] == {"1": POOL}
    listed = next(e for e in stranger_api.get("/api/events/")[1]["results"] if e["id"] == eid)
    assert listed["scheme_pools"] == {"1": POOL}


def test_announced_awards_score_the_bye_and_lock_once_started(api):
    event, _ = new_event(api, players=3, bye={"tp": 3, "diff": 3, "vp": 8})
    eid = event["id"]
    assert api.get(f"/api/events/{eid}/")[1]["bye"] == {"tp": 3, "diff": 3, "vp": 8}
    assert api.get(f"/api/events/{eid}/")[1]["forfeit"]["winner"] == {"tp": 3, "diff": 10, "vp": 10}
    status, rnd = api.post(f"/api/events/{eid}/rounds/", {})
    bye = next(g for g in rnd["games"] if g["bye"])
    assert bye["result"]["a"] == {"player": bye["player_a"], "tp": 3, "diff": 3, "vp": 8}
    body = rejected(api, "PATCH", f"/api/events/{eid}/", {"bye": {"tp": 3, "diff": 5, "vp": 10}}, 409)
    assert body["errors"][0]["code"] == "settings_locked"
    status, changed = api.call("PATCH", f"/api/events/{eid}/", {"tiebreaks": ["tp", "sos", "diff"], "rounds": 4})
    assert status == 200 and changed["tiebreaks"] == ["tp", "sos", "diff"] and changed["bye"]["vp"] == 8


def test_event_settings_are_validated(api, stranger_api):
    event, _ = new_event(api, players=0)
    eid = event["id"]
    body = rejected(api, "PATCH", f"/api/events/{eid}/", {"tiebreaks": ["tp", "tp"], "scheme_chart": "m3e"}, 400)
    assert error_codes(body) == {("tiebreaks", "invalid_tiebreaks"), ("scheme_chart", "unknown_scheme_chart")}
    rejected(api, "PATCH", f"/api/events/{eid}/", {"tiebreaks": ["elo"]}, 400)
    rejected(stranger_api, "PATCH", f"/api/events/{eid}/", {"name": "Mine now"}, 403)
    status, body = api.call("PATCH", f"/api/events/{eid}/", {"scheme_chart": "m2e-core"})
    assert status == 200 and body["scheme_chart"] == "m2e-core"
    assert api.call("PUT", f"/api/events/{eid}/", {"name": "x"})[0] == 405


def test_sos_tiebreak_orders_the_standings(api):
    event, ids = new_event(api, players=4, tiebreaks=["tp", "sos", "vp"], rounds=3)
    eid = event["id"]
    status, rnd = api.post(f"/api/events/{eid}/rounds/", {"seed": 3})
    g1, g2 = rnd["games"]
    api.post(f"/api/games/{g1['id']}/result/", {"vp_a": 6, "vp_b": 4})
    api.post(f"/api/games/{g2['id']}/result/", {"vp_a": 5, "vp_b": 5})
    rows = api.get(f"/api/events/{eid}/standings/")[1]["standings"]
    # The loser of game 1 faced a 3-TP opponent (SOS 3); the drawn players faced 1 TP each.
    assert [(r["tp"], r["sos"]) for r in rows] == [(3, 0), (1, 1), (1, 1), (0, 3)]


@pytest.mark.parametrize("chain", [["tp", "diff", "vp"], ["sos", "tp"], ["vp", "sos", "diff"], ["diff"],
                                   ["sos", "vp", "tp"]])
def test_the_events_tiebreak_chain_is_the_one_the_standings_follow(api, chain):
    """Whatever chain the organizer sets, the API's rows are in that chain's order of their own figures
    (ties by name), with shared places; strength of schedule first puts last round's loser on top."""
    event, ids = new_event(api, players=4, rounds=3)
    eid = event["id"]
    g1, g2 = api.post(f"/api/events/{eid}/rounds/", {"seed": 3})[1]["games"]
    api.post(f"/api/games/{g1['id']}/result/", {"vp_a": 6, "vp_b": 4})
    api.post(f"/api/games/{g2['id']}/result/", {"vp_a": 5, "vp_b": 5})
    assert api.call("PATCH", f"/api/events/{eid}/", {"tiebreaks": chain})[0] == 200
    rows = api.get(f"/api/events/{eid}/standings/")[1]["standings"]

    def merit(row):
        return tuple(row[key] for key in chain)

    assert rows == sorted(rows, key=lambda r: (tuple(-v for v in merit(r)), r["name"].casefold()))
    assert [r["rank"] for r in rows] == [1 + sum(merit(o) > merit(r) for o in rows) for r in rows]
    if chain[0] == "sos":
        assert (rows[0]["player"], rows[0]["tp"], rows[-1]["player"]) == (g1["player_b"], 0, g1["player_a"])


def result_path(api, pool=POOL):
    event, _ = new_event(api, players=2)
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"scheme_pool": pool})
    return f"/api/games/{rnd['games'][0]['id']}/result/"


def test_a_report_with_a_breakdown_is_validated_and_stored(api):
    path = result_path(api)
    report = {"vp_a": 7, "vp_b": 4, "turns": 5, "breakdown": {
        "a": {"strategy": 3, "schemes": [{"scheme": "claim-jump", "vp": 2},
                                         {"scheme": "frame-for-murder", "vp": 2, "noted_model": "Sonnia"}]},
        "b": {"strategy": 2, "schemes": [{"scheme": "accusation", "vp": 2}, {"scheme": "show-of-force", "vp": 0}],
              "turns": [{"turn": 2, "strategy": 1}, {"turn": 4, "strategy": 1, "schemes": {"accusation": 1}},
                        {"turn": 5, "schemes": {"accusation": 1}}]}}}
    status, result = api.post(path, report)
    assert status == 201, result
    assert result["turns"] == 5 and result["breakdown"]["a"]["schemes"][1]["noted_model"] == "Sonnia"
    assert result["breakdown"]["b"]["turns"][1]["schemes"] == {"accusation": 1}


def test_an_impossible_breakdown_is_refused_with_every_problem(api):
    path = result_path(api)
    report = {"vp_a": 9, "vp_b": 2, "turns": 3, "breakdown": {
        "a": {"strategy": 3, "schemes": [{"scheme": "tail-em", "vp": 3}, {"scheme": "frame-for-murder", "vp": 3}]},
        "b": {"strategy": 0, "schemes": [{"scheme": "accusation", "vp": 2}, {"scheme": "accusation", "vp": 0}]}}}
    body = rejected(api, "POST", path, report, 400)
    assert error_codes(body) == {
        ("vp_a", "vp_above_turns"),  # GG2017 after 3 turns: 2 strategy VP and two schemes of 3
        ("breakdown.a.strategy", "strategy_above_turns"), ("breakdown.a.schemes.0.scheme", "scheme_not_in_pool"),
        ("breakdown.a.schemes.1.noted_model", "noted_model_missing"),
        ("breakdown.b.schemes.1.scheme", "scheme_repeated")}
    assert any("Player" in e["detail"] and "Tail 'em" in e["detail"] for e in body["errors"])
    body = rejected(api, "POST", path, {"vp_a": 1, "vp_b": 0, "breakdown": {"a": {"schemes": "all of them"}}}, 400)
    assert body["errors"][0]["attr"].startswith("breakdown.a.schemes")


def test_a_frame_for_murder_in_turn_1_is_taken_in_gg2017(api):
    """The audit's case: 3 VP from Frame for Murder in turn 1 was answered 400 (M3E's turn-1 rule)."""
    path = result_path(api)
    report = {"vp_a": 3, "vp_b": 0, "turns": 5, "breakdown": {"a": {"strategy": 0, "schemes": [
        {"scheme": "frame-for-murder", "vp": 3, "noted_model": "Sonnia"}],
        "turns": [{"turn": 1, "schemes": {"frame-for-murder": 3}}]}}}
    status, result = api.post(path, report)
    assert status == 201, result


def test_the_schema_lists_the_validator_codes(client, db):
    schema = client.get("/api/schema/").content.decode()
    for code in ("scheme_not_in_pool", "noted_model_missing", "strategy_above_turns", "vp_in_first_turn",
                 "vp_above_turns", "scheme_above_turns", "scheme_before_game_end"):
        assert code in schema
