"""What a concession does to the conceding player follows the event's format (GG2017: stands down; GG Zero
has no such rule: paired on), or the event's own setting; the player's page, the results board and the API
say so before and after, by name."""
import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import Api, rejected
from tournaments.models import Event, Player

FIELD = (("Ann", "guild"), ("Ben", "arcanists"), ("Cid", "neverborn"), ("Dee", "outcasts"))


def event_with_round(api, fmt, **settings):
    _, event = api.post("/api/events/", {"name": "Concede", "date": "2026-05-06", "format": fmt, "rounds": 3,
                                         **settings})
    for name, faction in FIELD:
        assert api.post(f"/api/events/{event['id']}/players/", {"name": name, "faction": faction})[0] == 201
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 7})
    assert status == 201, rnd
    return event, rnd["games"]


def concede_b(api, game):
    """The organizer enters: side b concedes; the answer's concession part."""
    status, result = api.post(f"/api/games/{game['id']}/result/", {"outcome": "conceded", "loser": "b"})
    assert status == 201, result
    return result["concession"]


def second_round_players(api, event, games):
    for game in games[1:]:
        api.post(f"/api/games/{game['id']}/result/", {"vp_a": 5, "vp_b": 5})
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 8})
    assert status == 201, rnd
    return {p for g in rnd["games"] for p in (g["player_a"], g["player_b"]) if p}


def test_in_gaining_grounds_zero_the_conceder_stays_and_is_paired_for_round_2(api):
    event, games = event_with_round(api, "m4e-gg0")
    assert event["conceder"] == "" and event["conceder_leaves"] is False
    conceder = Player.objects.get(pk=games[0]["player_b"])
    told = concede_b(api, games[0])
    assert told == {"conceder": conceder.pk, "leaves_event": False,
                    "message": f"{conceder.name} conceded this game and stays for round 2"}
    assert Player.objects.get(pk=conceder.pk).status == "active"
    assert conceder.pk in second_round_players(api, event, games)


def test_in_gg2017_the_conceder_leaves_the_event(api):
    event, games = event_with_round(api, "gg2017")
    conceder = Player.objects.get(pk=games[0]["player_b"])
    assert concede_b(api, games[0]) == {"conceder": conceder.pk, "leaves_event": True,
                                        "message": f"{conceder.name} conceded this game and left the event"}
    assert Player.objects.get(pk=conceder.pk).status == "dropped"
    assert conceder.pk not in second_round_players(api, event, games)


@pytest.mark.parametrize(("fmt", "setting", "leaves"), [("m4e-gg0", "leaves", True), ("gg2017", "stays", False)])
def test_the_event_overrides_its_formats_rule(api, fmt, setting, leaves):
    event, games = event_with_round(api, fmt, conceder=setting)
    assert event["conceder_leaves"] is leaves
    assert concede_b(api, games[0])["leaves_event"] is leaves
    assert (Player.objects.get(pk=games[0]["player_b"]).status == "dropped") is leaves


def test_the_setting_is_refused_unless_leaves_stays_or_empty_and_fixed_once_round_1_is_paired(api):
    _, event = api.post("/api/events/", {"name": "Before", "date": "2026-05-06", "format": "m4e-gg0"})
    answer = rejected(api, "patch", f"/api/events/{event['id']}/", {"conceder": "vanishes"}, 400)
    assert answer["errors"][0]["attr"] == "conceder"
    assert api.call("patch", f"/api/events/{event['id']}/", {"conceder": "leaves"})[1]["conceder_leaves"] is True
    # Once round 1 is paired the rule is fixed, like the awards: a concession already counted under one rule
    # is never undone or reinstated under another.
    paired, _games = event_with_round(api, "m4e-gg0")
    answer = rejected(api, "patch", f"/api/events/{paired['id']}/", {"conceder": "leaves"}, 409)
    assert answer["errors"][0]["code"] == "settings_locked"


def test_a_corrected_concession_in_a_stay_event_never_reinstates_a_player_the_organizer_dropped(api):
    event, games = event_with_round(api, "m4e-gg0")
    concede_b(api, games[0])
    conceder = games[0]["player_b"]
    assert api.post(f"/api/events/{event['id']}/players/{conceder}/drop/", {})[0] == 200
    assert api.post(f"/api/games/{games[0]['id']}/result/", {"vp_a": 4, "vp_b": 6})[0] == 200
    assert Player.objects.get(pk=conceder).status == "dropped"


def test_the_last_round_says_the_conceder_stays_in_the_final_standings(api):
    event, games = event_with_round(api, "m4e-gg0", rounds=1)
    assert concede_b(api, games[0])["message"].endswith("conceded this game and stays in the final standings")


def private(key):
    return reverse("public:private", args=[key])


def test_the_players_pages_say_what_the_concession_does_before_and_after(api):
    event, games = event_with_round(api, "m4e-gg0")
    game = games[0]
    a, b = (Player.objects.get(pk=game[f"player_{s}"]) for s in "ab")
    page = Client().get(private(b.key)).content.decode()
    assert "a player who concedes a game stays in it and is paired for the next round" in page
    status, _ = Api(APIClient(), key=b.key).post(f"/api/games/{game['id']}/report/",
                                                 {"outcome": "conceded", "loser": "b"})
    assert status == 200
    before = f"{b.name} concedes this game and stays for round 2"
    assert before in Client().get(private(a.key)).content.decode()  # the opponent reads it before confirming
    status, answer = Api(APIClient(), key=a.key).post(f"/api/games/{game['id']}/confirm/")
    assert status == 200 and answer["result"]["concession"]["leaves_event"] is False
    assert f"{b.name} conceded this game and stays for round 2" in Client().get(private(b.key)).content.decode()


def test_the_results_board_says_the_rule_and_what_the_concession_did(api, client):
    event, games = event_with_round(api, "gg2017")
    concede_b(api, games[0])
    conceder = Player.objects.get(pk=games[0]["player_b"])
    client.force_login(Event.objects.get(pk=event["id"]).created_by)
    page = client.get(reverse("console:round", args=[event["slug"], 1])).content.decode()
    assert "a player who concedes a game leaves the event: no further rounds" in page
    assert f"{conceder.name} conceded this game and left the event" in page


def test_a_reported_concession_says_what_it_will_do_in_the_api(running):
    gid, reporter = running.side(0, "b")
    status, game = reporter.post(f"/api/games/{gid}/report/", {"outcome": "conceded", "loser": "b"})
    assert status == 200
    version = game["versions"][0]
    assert version["concession"]["leaves_event"] is True and version["concession"]["message"].endswith(
        "concedes this game and leaves the event")
