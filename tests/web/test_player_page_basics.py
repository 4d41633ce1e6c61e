"""Issue 34, the player's page: the table first, the mission labelled, the current place and record after
each round, the final place with a link to the final results and no clock once the event is over, and
"Correct my report" pre-filled with what the player reported."""
import re

from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from scoring.formats import get_format
from tests.factories import Api, clock_started
from tournaments.models import Player

GG0 = get_format("m4e-gg0")
FIELD = (("Ann", "guild"), ("Ben", "arcanists"), ("Cid", "neverborn"), ("Dee", "outcasts"))


def m4e_round(api, rounds=2):
    _, event = api.post("/api/events/", {"name": "Zero", "date": "2026-05-06", "format": "m4e-gg0", "rounds": rounds})
    for name, faction in FIELD:
        api.post(f"/api/events/{event['id']}/players/", {"name": name, "faction": faction})
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 7})
    assert status == 201, rnd
    return event, rnd["games"]


def page(player):
    return Client().get(reverse("public:private", args=[player.key])).content.decode()


def text(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_table_comes_first_and_the_mission_is_labelled(api):
    event, games = m4e_round(api)
    game = games[0]
    ann = Player.objects.get(pk=game["player_a"])
    html = page(ann)
    heading = re.search(r"<h2>(.*?)</h2>", html.split('id="current"')[1]).group(1)
    assert heading.startswith(f"Table {game['table']}") and heading.endswith("Round 1")
    mission = game["mission"]
    words = text(html)
    assert f"Strategy {mission['strategy']['name']}" in words
    assert f"Deployment {mission['deployment']['name']}" in words
    assert "Schemes (pool) " + ", ".join(s["name"] for s in mission["scheme_pool"]) in words


def test_the_page_shows_the_current_place_and_record_then_the_final_place_without_a_clock(api):
    event, games = m4e_round(api, rounds=1)
    for game in games:
        api.post(f"/api/games/{game['id']}/result/", {"vp_a": 6, "vp_b": 2})
    loser = Player.objects.get(pk=games[0]["player_b"])
    assert "Current place: 3= of 4 · 0 won, 0 drawn, 1 lost · 0 TP" in text(page(loser))
    clock_started(event["id"])  # a running clock, stopped (paused) by finishing: it must not show after
    assert api.post(f"/api/events/{event['id']}/finish/", {})[0] == 200
    html = page(loser)
    assert "Final place: 3= of 4" in text(html)
    assert reverse("public:final", args=[event["slug"]]) in html
    assert "Time left" not in html and "round-clock" not in html


def test_correct_my_report_is_prefilled_with_what_i_reported(api):
    event, games = m4e_round(api)
    game = games[0]
    ann, ben = (Player.objects.get(pk=game[f"player_{side}"]) for side in "ab")
    lead_a, lead_b = (GG0.leaders[p.faction][0].label for p in (ann, ben))
    status, answer = Api(APIClient(), key=ben.key).post(f"/api/games/{game['id']}/report/", {
        "vp_a": 3, "vp_b": 5, "master_a": lead_a, "master_b": lead_b})
    assert status == 200, answer
    html = page(ben)
    assert "Correct my report" in html
    assert re.search(r'name="my_vp"[^>]*value="5"', html) and re.search(r'name="their_vp"[^>]*value="3"', html)
    assert re.search(f'name="my_master"[^>]*value="{lead_b}"', html)
    assert re.search(f'name="their_master"[^>]*value="{lead_a}"', html)
    # The opponent's confirm view shows everything being confirmed, both players by name.
    words = text(page(ann)).replace(" :", ":")
    assert f"{ben.name} reported: {ann.name} 3–5 {ben.name}" in words
    assert f"{ann.name}'s leader: {lead_a}" in words and f"{ben.name}'s leader: {lead_b}" in words
