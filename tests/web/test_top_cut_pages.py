"""The top cut on its pages: the console sets it and pairs it, the public see the bracket (no script needed),
the cut's rounds by their stage's name, the standings with the cut first, the hall with the bracket."""
import re

import pytest
from django.test import Client

from tests.api.test_top_cut import swiss_event
from tests.factories import Api, make_user
from tournaments.models import Event


@pytest.fixture
def organizer(db):
    user, token = make_user("bracket-organizer")
    client = Client()
    client.force_login(user)
    return client, Api(Client(), token)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_console_sets_the_cut_and_pairs_it_by_its_stage(organizer):
    client, api = organizer
    event, book = swiss_event(api, seed=4, cut_size=0)
    slug = event["slug"]
    form = client.get(f"/console/e/{slug}/settings/").content.decode()
    assert 'name="cut_size"' in form and 'name="cut_draws"' in form
    fields = {"name": event["name"], "date": event["date"], "format": "gg2017", "scheme_chart": "gg2017",
              "rounds": 3, "rematch_window": 3, "self_reporting": "on", "cut_size": 8, "cut_draws": "replay",
              "bye_tp": 3, "bye_diff": 5, "bye_vp": 10, "concession_winner_vp": 10, "forfeit_winner_vp": 10,
              "encounter_size": 50}
    assert client.post(f"/console/e/{slug}/settings/", fields).status_code == 302
    saved = Event.objects.get(slug=slug)
    assert (saved.cut_size, saved.cut_draws) == (8, "replay")
    page = text(client.get(f"/console/e/{slug}/").content.decode())
    assert "Pair the Quarterfinals" in page and "1 against 8" in page
    answer = client.post(f"/console/e/{slug}/rounds/", {"method": "swiss", "pair": ""})
    assert answer.status_code == 302 and answer["Location"].endswith(f"/console/e/{slug}/rounds/4/")
    draft = text(client.get(answer["Location"]).content.decode())
    assert "Quarterfinals" in draft
    assert client.get(f"/e/{slug}/bracket/").content.decode().count('class="cut-game') == 0, "a draft stays hidden"


def test_the_public_follow_the_cut_from_the_bracket_to_the_final_standings(organizer):
    client, api = organizer
    event, book = swiss_event(api, seed=6)
    slug, eid = event["slug"], event["id"]
    page = text(Client().get(f"/e/{slug}/").content.decode())
    assert "Top 8 cut after 3 Swiss rounds." in page and "better Differential over the Swiss rounds" in page
    assert "appears here once" in text(Client().get(f"/e/{slug}/bracket/").content.decode())
    qf = api.post(f"/api/events/{eid}/rounds/", {})[1]
    seeds = book.order()[:8]
    first = next(g for g in qf["games"] if g["player_a"] == seeds[0])
    assert api.post(f"/api/games/{first['id']}/result/", {"vp_a": 3, "vp_b": 6})[0] == 201  # seed 8 beats seed 1
    html = Client().get(f"/e/{slug}/bracket/").content.decode()
    assert html.count('class="cut-game') == 7 and "<script" not in html.split("<main", 1)[1]
    games = re.findall(r'<div class="cut-game[^"]*">(.*?)</div>', html, re.S)
    upset = text(games[0])
    names = {p["id"]: p["name"] for p in api.get(f"/api/events/{eid}/players/")[1]}
    assert re.search(rf"1 {names[seeds[0]]} 3 8 {names[seeds[7]]} goes through 6", upset), upset
    assert text(games[4]).strip() == f"8 {names[seeds[7]]} to be decided", "the winner waits in the next stage"
    assert "Quarterfinals" in text(Client().get(f"/e/{slug}/rounds/4/").content.decode())
    assert "Quarterfinals" in text(Client().get(f"/e/{slug}/").content.decode()), "the nav names the stage"
    hall = Client().get(f"/e/{slug}/hall/").content.decode()
    assert "hall-bracket" in hall and names[seeds[7]] in hall
    for g in qf["games"][1:]:
        assert api.post(f"/api/games/{g['id']}/result/", {"vp_a": 6, "vp_b": 1})[0] == 201
    for _ in range(2):
        for g in api.post(f"/api/events/{eid}/rounds/", {})[1]["games"]:
            assert api.post(f"/api/games/{g['id']}/result/", {"vp_a": 6, "vp_b": 1})[0] == 201
    standings = text(Client().get(f"/e/{slug}/standings/").content.decode())
    assert "The top cut's players come first" in standings and "After the Final" in standings
    assert re.search(rf"1 {names[seeds[1]]} .*? winner", standings), "seed 2 went through the bracket's lower half"
    french = Client(headers={"Accept-Language": "fr"})
    french.cookies["django_language"] = "fr"
    assert "Quarts de finale" in text(french.get(f"/e/{slug}/bracket/").content.decode())
