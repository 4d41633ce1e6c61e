"""A mistaken drop or concession can be undone: reinstating a player (API and console, in the audit
trail; a disqualified player only when the organizer lifts the disqualification explicitly), and a
concession replaced by another result puts its conceder back."""
from django.test import Client

from audit.models import AuditRecord
from tests.factories import db_state, error_codes, new_event, rejected
from tournaments.models import Event, Player


def statuses(api, eid):
    return {p["id"]: p["status"] for p in api.get(f"/api/events/{eid}/players/")[1]}


def conceded_game(api):
    event, ids = new_event(api, players=4)
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {})
    game = rnd["games"][0]
    assert api.post(f"/api/games/{game['id']}/result/", {"outcome": "conceded", "loser": "b"})[0] == 201
    return event["id"], game


def test_a_concession_corrected_to_a_played_result_puts_the_conceder_back(api):
    eid, game = conceded_game(api)
    conceder = game["player_b"]
    assert statuses(api, eid)[conceder] == "dropped"
    dropped = AuditRecord.objects.get(action="player_dropped", player_id=conceder)
    assert dropped.after == {"status": "dropped", "conceded": True}
    assert api.post(f"/api/games/{game['id']}/result/", {"vp_a": 4, "vp_b": 6})[0] == 200
    assert statuses(api, eid)[conceder] == "active"
    back = AuditRecord.objects.get(action="player_reinstated", player_id=conceder)
    assert back.after == {"status": "active", "concession_replaced": True}
    other = api.get(f"/api/events/{eid}/rounds/1/")[1]["games"][1]
    api.post(f"/api/games/{other['id']}/result/", {"vp_a": 5, "vp_b": 5})
    second = api.post(f"/api/events/{eid}/rounds/", {})[1]
    assert conceder in {p for g in second["games"] for p in (g["player_a"], g["player_b"])}


def test_the_concession_turned_round_drops_the_other_player_instead(api):
    eid, game = conceded_game(api)
    api.post(f"/api/games/{game['id']}/result/", {"outcome": "conceded", "loser": "a"})
    now = statuses(api, eid)
    assert (now[game["player_a"]], now[game["player_b"]]) == ("dropped", "active")


def test_a_conceder_who_conceded_another_game_stays_dropped(api):
    eid, game = conceded_game(api)
    conceder = game["player_b"]
    assert api.post(f"/api/events/{eid}/players/{conceder}/reinstate/", {})[0] == 200
    api.post(f"/api/games/{api.get(f'/api/events/{eid}/rounds/1/')[1]['games'][1]['id']}/result/",
             {"vp_a": 5, "vp_b": 5})
    second = api.post(f"/api/events/{eid}/rounds/", {})[1]
    game2 = next(g for g in second["games"] if conceder in (g["player_a"], g["player_b"]))
    loser = "a" if game2["player_a"] == conceder else "b"
    api.post(f"/api/games/{game2['id']}/result/", {"outcome": "conceded", "loser": loser})
    api.post(f"/api/games/{game['id']}/result/", {"vp_a": 4, "vp_b": 6})  # the first concession withdrawn
    assert statuses(api, eid)[conceder] == "dropped"


def test_a_dropped_player_is_reinstated_and_paired_again(api):
    event, ids = new_event(api, players=4)
    eid = event["id"]
    assert api.post(f"/api/events/{eid}/players/{ids[0]}/drop/", {})[0] == 200
    status, player = api.post(f"/api/events/{eid}/players/{ids[0]}/reinstate/", {})
    assert status == 200 and player["status"] == "active"
    record = AuditRecord.objects.get(action="player_reinstated")
    assert (record.before, record.after) == ({"status": "dropped"}, {"status": "active"})
    rnd = api.post(f"/api/events/{eid}/rounds/", {})[1]
    assert ids[0] in {p for g in rnd["games"] for p in (g["player_a"], g["player_b"])}
    # Reinstating an active player changes nothing and records nothing.
    assert api.post(f"/api/events/{eid}/players/{ids[0]}/reinstate/", {})[0] == 200
    assert AuditRecord.objects.filter(action="player_reinstated").count() == 1


def test_a_disqualified_player_is_reinstated_only_when_the_disqualification_is_lifted(api):
    event, ids = new_event(api, players=4)
    eid = event["id"]
    api.post(f"/api/events/{eid}/players/{ids[1]}/disqualify/", {})
    body = rejected(api, "POST", f"/api/events/{eid}/players/{ids[1]}/reinstate/", {}, 409)
    assert body["errors"][0]["code"] == "player_disqualified" and "lift" in body["errors"][0]["detail"]
    rejected(api, "POST", f"/api/events/{eid}/players/{ids[1]}/reinstate/", {"lift_disqualification": "maybe"}, 400)
    status, player = api.post(f"/api/events/{eid}/players/{ids[1]}/reinstate/", {"lift_disqualification": True})
    assert status == 200 and player["status"] == "active"
    assert AuditRecord.objects.get(action="player_reinstated").after == {"status": "active",
                                                                         "disqualification_lifted": True}


def test_patching_the_status_is_refused_with_the_way_to_do_it(api):
    event, ids = new_event(api, players=2)
    eid = event["id"]
    api.post(f"/api/events/{eid}/players/{ids[0]}/drop/", {})
    body = rejected(api, "PATCH", f"/api/events/{eid}/players/{ids[0]}/", {"status": "active"}, 400)
    assert error_codes(body) == {("status", "read_only")} and "reinstate/" in body["errors"][0]["detail"]


def test_only_an_organizer_reinstates(api, stranger_api, anon_api):
    event, ids = new_event(api, players=2)
    eid = event["id"]
    api.post(f"/api/events/{eid}/players/{ids[0]}/drop/", {})
    before = db_state()
    assert stranger_api.post(f"/api/events/{eid}/players/{ids[0]}/reinstate/", {})[0] == 403
    assert anon_api.post(f"/api/events/{eid}/players/{ids[0]}/reinstate/", {})[0] in (401, 403)
    assert db_state() == before


def test_the_console_reinstates_and_lifts_a_disqualification(event):
    spring = Event.objects.get(slug="spring-open")
    organizer = Client()
    organizer.force_login(spring.created_by)
    dropped, disqualified = spring.players.order_by("id")[:2]
    Player.objects.filter(pk=dropped.pk).update(status="dropped")
    Player.objects.filter(pk=disqualified.pk).update(status="disqualified")
    page = organizer.get("/console/e/spring-open/").content.decode()
    assert f"/console/e/spring-open/players/{dropped.pk}/reinstate/" in page
    assert f"/console/e/spring-open/players/{disqualified.pk}/lift-disqualification/" in page
    assert f"/console/e/spring-open/players/{disqualified.pk}/reinstate/" not in page
    asked = organizer.post(f"/console/e/spring-open/players/{dropped.pk}/reinstate/").content.decode()
    assert f"Reinstate {dropped.name}? They are paired again from the next round." in asked
    assert Player.objects.get(pk=dropped.pk).status == "dropped", "nothing happens before the answer"
    done = organizer.post(f"/console/e/spring-open/players/{dropped.pk}/reinstate/", {"confirmed": "yes"},
                          follow=True).content.decode()
    assert f"{dropped.name} reinstated: paired again from the next round." in done
    organizer.post(f"/console/e/spring-open/players/{disqualified.pk}/lift-disqualification/", {"confirmed": "yes"})
    assert set(Player.objects.filter(pk__in=[dropped.pk, disqualified.pk]).values_list("status", flat=True)) == {
        "active"}
    assert AuditRecord.objects.filter(action="player_reinstated").count() == 2


def test_a_double_loss_gives_both_players_the_forfeit_losers_award(api):
    """Two no-shows or collusion: both lose (GG2017); a forfeit needed exactly one loser."""
    event, ids = new_event(api, players=4, forfeit={"winner": {"tp": 3, "diff": 10, "vp": 10},
                                                    "loser": {"tp": 0, "diff": -10, "vp": 0}})
    eid = event["id"]
    game = api.post(f"/api/events/{eid}/rounds/", {})[1]["games"][0]
    status, result = api.post(f"/api/games/{game['id']}/result/", {"outcome": "double_loss"})
    assert status == 201, result
    assert result["outcome"] == "double_loss" and result["loser"] is None
    award = {"tp": 0, "diff": -10, "vp": 0}
    assert {k: result["a"][k] for k in award} == {k: result["b"][k] for k in award} == award
    rows = {r["player"]: r for r in api.get(f"/api/events/{eid}/standings/")[1]["standings"]}
    assert rows[game["player_a"]]["tp"] == rows[game["player_b"]]["tp"] == 0
    assert statuses(api, eid)[game["player_a"]] == "active"  # both play on; the organizer may drop them
    body = rejected(api, "POST", f"/api/games/{game['id']}/result/", {"outcome": "double_loss", "loser": "a"}, 400)
    assert error_codes(body) == {("loser", "loser_not_single")}


def test_players_cannot_report_a_double_loss(running):
    gid, reporter = running.side(0, "a")
    body = rejected(reporter, "POST", f"/api/games/{gid}/report/", {"outcome": "double_loss"}, 400)
    assert error_codes(body) == {("outcome", "invalid_choice")}


def test_a_double_loss_says_so_on_the_players_pages(api, client):
    event, ids = new_event(api, players=2)
    game = api.post(f"/api/events/{event['id']}/rounds/", {})[1]["games"][0]
    api.post(f"/api/games/{game['id']}/result/", {"outcome": "double_loss"})
    key = Player.objects.get(pk=game["player_a"]).key
    assert "double loss" in client.get(f"/p/{key}/").content.decode()
    assert "double loss" in client.get(f"/e/{event['slug']}/players/{game['player_a']}/").content.decode()
    assert "double défaite" in client.get(f"/p/{key}/", headers={"accept-language": "fr"}).content.decode()
