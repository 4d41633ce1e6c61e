"""A whole M4E Gaining Grounds Zero event through the API: missions per table drawn at pairing (each
table's own strategy, deployment and pool of three, reproducible from the event's seed, its cards recorded
with the table), or flipped at the table and reported with the result; leaders from the declared faction;
breakdowns judged against the table's own mission."""
from rest_framework.test import APIClient

from audit.models import AuditRecord
from scoring.deck import Dealer
from scoring.formats import M4E_GG0
from scoring.missions import table_mission
from tests.factories import Api, db_state, error_codes, rejected
from tournaments.models import Game, Result

FACTIONS = ["guild", "neverborn", "bayou", "explorers-society", "arcanists", "outcasts", "resurrectionists",
            "ten-thunders"]


def m4e_event(api, players=8, **extra):
    status, event = api.post("/api/events/", {"name": "Zero Hour", "date": "2026-11-21", "format": "m4e-gg0",
                                              **extra})
    assert status == 201, event
    for i in range(players):
        status, player = api.post(f"/api/events/{event['id']}/players/",
                                  {"name": f"Player {i}", "faction": FACTIONS[i % len(FACTIONS)]})
        assert status == 201, player
    return event


def test_the_format_is_listed_with_its_sources_defaults_and_leaders(anon_api):
    status, formats = anon_api.get("/api/formats/")
    gg0 = next(f for f in formats if f["key"] == "m4e-gg0")
    assert gg0["edition"] == "M4E" and gg0["missions"] == "per_table" and gg0["last_turn_call"] == 15
    assert set(gg0["award_defaults"]) == {"bye", "concession", "forfeit", "conceder"}
    assert gg0["conceder_leaves"] is False  # GG Zero has no rule that takes a conceder out
    assert {s["evidence"] for s in gg0["sources"]} >= {"confirmed", "inferred", "secondary"}
    assert gg0["vp_limits"]["schemes_total"] == 6 and gg0["vp_limits"]["game"] == 11
    assert len(gg0["scheme_charts"][0]["deck"]) == 15 and gg0["scheme_charts"][0]["by_value"] == {}
    breakthrough = next(s for s in gg0["schemes"] if s["key"] == "breakthrough")
    assert breakthrough["next"] == ["assassinate", "public-demonstration", "frame-job"]
    assert sum(len(v) for v in gg0["leaders"].values()) == 125
    assert next(f for f in formats if f["key"] == "gg2017")["missions"] == "per_round"


def test_missions_per_table_drawn_at_pairing_and_reproducible(api):
    event = m4e_event(api, deck_seed="zero-hour")
    assert event["missions"] == "per_table" and event["round_length"] == 150
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 3})
    assert status == 201, rnd
    assert rnd["mission"] is None and rnd["strategy"] == "" and rnd["scheme_pool"] == []
    games = rnd["games"]
    assert len(games) == 4 and all(len(g["mission"]["scheme_pool"]) == 3 for g in games)
    dealer = Dealer.for_event("zero-hour")
    for game in sorted(games, key=lambda g: g["table"]):
        dealer.label = f"round-1/table-{game['table']}"
        expected = table_mission(M4E_GG0, M4E_GG0.scheme_charts[0], dealer)
        assert game["mission"]["strategy"]["key"] == expected.strategy.key
        assert game["mission"]["deployment"]["key"] == expected.deployment.key
        assert [s["key"] for s in game["mission"]["scheme_pool"]] == [s.key for s in expected.scheme_pool]
    assert {c["table"] for c in rnd["cards"]} == {g["table"] for g in games}
    assert [c["card"] for c in rnd["cards"]] == [f.card.code for f in dealer.flips]


def test_rounds_with_announced_missions_each_get_a_pool_of_their_own(api):
    """No Fate card is flipped for an announced strategy and deployment: the pool still differs by round."""
    plan = {str(n): {"strategy": s, "deployment": "standard"}
            for n, s in enumerate(("informants", "plant-explosives", "recover-evidence", "boundary-dispute"), 1)}
    event = m4e_event(api, players=8, missions="per_round", missions_plan=plan, rounds=4)
    pools = []
    for _ in range(4):
        status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {})
        assert status == 201, rnd
        pools.append(tuple(rnd["scheme_pool"]))
        for game in rnd["games"]:
            api.post(f"/api/games/{game['id']}/result/", {"vp_a": 2, "vp_b": 1})
    assert rnd["cards"] == [] and len(set(pools)) == 4


def test_a_round_of_a_per_table_event_takes_no_round_mission(api):
    event = m4e_event(api)
    rejected(api, "post", f"/api/events/{event['id']}/rounds/", {"strategy": "informants"}, 400)


def test_a_breakdown_is_judged_against_its_tables_own_pool_and_strategy(api):
    event = m4e_event(api)
    rnd = api.post(f"/api/events/{event['id']}/rounds/", {})[1]
    game = rnd["games"][0]
    pool = [s["key"] for s in game["mission"]["scheme_pool"]]
    outside = next(s.key for s in M4E_GG0.schemes if s.key not in pool)
    body = {"vp_a": 1, "vp_b": 0, "turns": 4, "breakdown": {"a": {"strategy": 0, "schemes": [
        {"scheme": outside, "vp": 1, "noted_model": "x"}]}}}
    answer = rejected(api, "post", f"/api/games/{game['id']}/result/", body, 400)
    assert ("breakdown.a.schemes.0.scheme", "scheme_not_in_pool") in error_codes(answer)
    first = M4E_GG0.scheme(pool[0])
    after = first.next[0]
    body["breakdown"]["a"]["schemes"] = [{"scheme": first.key, "vp": 1, "noted_model": "x"},
                                        {"scheme": M4E_GG0.scheme(after.lower().replace(" ", "-")).key, "vp": 1,
                                         "noted_model": "y"}]
    body["vp_a"] = 2
    assert api.post(f"/api/games/{game['id']}/result/", body)[0] == 201


def test_leaders_from_the_players_faction_matched_loosely(api):
    event = m4e_event(api)
    rnd = api.post(f"/api/events/{event['id']}/rounds/", {})[1]
    game = rnd["games"][0]
    players = {p["id"]: p for p in api.get(f"/api/events/{event['id']}/players/")[1]}
    faction_a, faction_b = players[game["player_a"]]["faction"], players[game["player_b"]]["faction"]
    leader_a, leader_b = M4E_GG0.leaders[faction_a][0], M4E_GG0.leaders[faction_b][-1]
    other = next(f for f in M4E_GG0.leaders if f not in (faction_a, faction_b))
    stranger = M4E_GG0.leaders[other][0]
    answer = rejected(api, "post", f"/api/games/{game['id']}/result/",
                      {"vp_a": 5, "vp_b": 3, "master_a": stranger.label, "master_b": ""}, 400)
    assert error_codes(answer) == {("master_a", "leader_not_in_faction")}
    status, result = api.post(f"/api/games/{game['id']}/result/", {
        "vp_a": 5, "vp_b": 3, "master_a": f"  {leader_a.name.upper()} ({leader_a.title.lower()})",
        "master_b": "Brand New Master, First Title"})
    assert status == 201, result
    assert (result["master_a"], result["leader_a"]) == (leader_a.label, leader_a.key)
    assert (result["master_b"], result["leader_b"]) == ("Brand New Master, First Title", "")
    assert leader_b.key != ""


def test_missions_at_the_table_are_reported_with_the_result_and_kept(api, client):
    event = m4e_event(api, players=4, missions="at_table")
    assert event["missions"] == "at_table"
    rnd = api.post(f"/api/events/{event['id']}/rounds/", {})[1]
    assert len(rnd["games"]) == 2 and all(g["mission"] is None for g in rnd["games"])
    game = rnd["games"][0]
    keys = {p["id"]: p["key"] for p in api.get(f"/api/events/{event['id']}/players/")[1]}
    player_a = Api(APIClient(), key=keys[game["player_a"]])
    player_b = Api(APIClient(), key=keys[game["player_b"]])
    answer = rejected(player_a, "post", f"/api/games/{game['id']}/report/", {"vp_a": 4, "vp_b": 2}, 400)
    assert error_codes(answer) == {("mission", "mission_required")}
    mission = {"strategy": "recover-evidence", "deployment": "wedge",
               "scheme_pool": ["ensnare", "search-the-area", "take-the-highground"]}
    bad = {**mission, "strategy": "turf-war", "scheme_pool": ["ensnare", "ensnare"]}
    answer = rejected(player_a, "post", f"/api/games/{game['id']}/report/", {"vp_a": 4, "vp_b": 2, "mission": bad},
                      400)
    assert {("mission.strategy", "unknown_strategy"), ("mission.scheme_pool", "pool_size"),
            ("mission.scheme_pool", "scheme_repeated")} <= error_codes(answer)
    report = {"vp_a": 4, "vp_b": 2, "turns": 4, "mission": mission, "breakdown": {"a": {
        "strategy": 2, "schemes": [{"scheme": "ensnare", "vp": 1}, {"scheme": "frame-job", "vp": 1,
                                                                     "noted_model": "Rusty Alyce"}]}}}
    assert player_a.post(f"/api/games/{game['id']}/report/", report)[0] == 200
    status, confirmed = player_b.post(f"/api/games/{game['id']}/confirm/", {})
    assert status == 200 and confirmed["status"] == "confirmed"
    assert confirmed["mission"]["strategy"]["key"] == "recover-evidence"
    assert Game.objects.get(pk=game["id"]).scheme_pool == mission["scheme_pool"]
    assert Result.objects.get(game_id=game["id"]).vp_a == 4
    # A correction by the organizer is judged against the mission the table reported.
    answer = rejected(api, "post", f"/api/games/{game['id']}/result/", {"vp_a": 1, "vp_b": 2, "breakdown": {
        "a": {"strategy": 0, "schemes": [{"scheme": "breakthrough", "vp": 1}]}}}, 400)
    assert ("breakdown.a.schemes.0.scheme", "scheme_not_in_pool") in error_codes(answer)


def test_a_mission_reported_where_the_organizer_sets_them_is_refused(api):
    event = m4e_event(api, players=2)
    game = api.post(f"/api/events/{event['id']}/rounds/", {})[1]["games"][0]
    mission = {"strategy": "informants", "deployment": "standard", "scheme_pool": ["ensnare", "frame-job",
                                                                                   "breakthrough"]}
    answer = rejected(api, "post", f"/api/games/{game['id']}/result/", {"vp_a": 1, "vp_b": 0, "mission": mission},
                      400)
    assert error_codes(answer) == {("mission", "mission_unexpected")}


def test_gg2017_plays_one_mission_at_every_table(api):
    before = db_state()
    status, body = api.post("/api/events/", {"name": "Old School", "date": "2017-03-18", "format": "gg2017",
                                             "missions": "per_table"})
    assert status == 400 and ("missions", "missions_per_round_only") in error_codes(body)
    assert db_state() == before


def test_m3e_can_draw_missions_per_table_too(api):
    status, event = api.post("/api/events/", {"name": "Third", "date": "2022-03-18", "format": "m3e",
                                              "missions": "per_table"})
    assert status == 201, event
    for i in range(4):
        api.post(f"/api/events/{event['id']}/players/", {"name": f"P{i}", "faction": "guild"})
    rnd = api.post(f"/api/events/{event['id']}/rounds/", {})[1]
    assert len(rnd["games"]) == 2 and all(len(g["mission"]["scheme_pool"]) == 5 for g in rnd["games"])


def test_the_missions_setting_is_fixed_once_round_one_is_paired(api):
    event = m4e_event(api, players=2)
    api.post(f"/api/events/{event['id']}/rounds/", {})
    status, body = api.call("patch", f"/api/events/{event['id']}/", {"missions": "at_table"})
    assert status == 409, body
    assert AuditRecord.objects.filter(action="settings_changed").count() == 0


def test_the_same_figures_with_another_mission_are_a_dispute(api):
    event = m4e_event(api, players=2, missions="at_table")
    game = api.post(f"/api/events/{event['id']}/rounds/", {})[1]["games"][0]
    keys = {p["id"]: p["key"] for p in api.get(f"/api/events/{event['id']}/players/")[1]}
    mission = {"strategy": "informants", "deployment": "flank", "scheme_pool": ["ensnare", "frame-job",
                                                                               "breakthrough"]}
    other = {"strategy": "boundary-dispute", "deployment": "wedge", "scheme_pool": ["ensnare", "frame-job",
                                                                                    "assassinate"]}
    Api(APIClient(), key=keys[game["player_a"]]).post(f"/api/games/{game['id']}/report/",
                                                      {"vp_a": 2, "vp_b": 0, "mission": mission})
    status, answer = Api(APIClient(), key=keys[game["player_b"]]).post(
        f"/api/games/{game['id']}/dispute/", {"vp_a": 2, "vp_b": 0, "mission": other})
    assert status == 200 and answer["status"] == "disputed" and answer["mission"] is None
    blank = rejected(api, "post", f"/api/games/{game['id']}/result/", {"vp_a": 1, "vp_b": 0, "mission": {
        "strategy": "", "deployment": "", "scheme_pool": []}}, 400)
    assert ("mission.strategy", "blank") in error_codes(blank), "the API refuses it before the rules module"
