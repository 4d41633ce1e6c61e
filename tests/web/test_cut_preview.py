"""The cut's draft shows the bracket's pairing (issue 52): seed against seed, no *Add to this round* or seat
swap for those not in it (the services refuse both in the cut), each of them named once as out of the cut,
and a publish button that names the stage; in English and French."""
import re

import pytest
from django.test import Client

from tests.api.test_top_cut import swiss_event
from tests.factories import Api, make_user
from tournaments.models import Player, Round


@pytest.fixture
def organizer(db):
    user, token = make_user("cut-preview-organizer")
    client = Client()
    client.force_login(user)
    return client, Api(Client(), token)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def page(client, slug, number, language="en") -> tuple[str, str]:
    client.cookies["django_language"] = language
    html = client.get(f"/console/e/{slug}/rounds/{number}/").content.decode()
    return html, text(html)


def out_of_cut(words: str) -> list[str]:
    return re.search(r"Out of the cut: (.*?)\.", words).group(1).split(", ")


def test_the_cuts_draft_is_the_brackets_pairing_without_seats_to_give(organizer):
    client, api = organizer
    event, book = swiss_event(api, players=6, rounds=2, seed=8, cut_size=4)
    slug, eid = event["slug"], event["id"]
    assert client.post(f"/console/e/{slug}/rounds/", {"method": "swiss", "pair": ""}).status_code == 302
    html, words = page(client, slug, 3)
    seeds = {p.pk: p.seed for p in Player.objects.filter(event_id=eid)}
    names = {p.pk: p.name for p in Player.objects.filter(event_id=eid)}
    out = sorted(names[pid] for pid, seed in seeds.items() if seed is None)
    assert len(out) == 2 and out_of_cut(words) == out
    assert all(words.count(name) == 1 for name in out), "each named once, with nothing to press"
    assert "Checked in but not in this pairing" not in words and "Add to this round" not in words
    assert "/late/" not in html and "/swap/" not in html and "Swap two seats" not in words
    for game in Round.objects.get(event_id=eid, number=3).games.all():
        a, b = seeds[game.player_a_id], seeds[game.player_b_id]
        assert f"{names[game.player_a_id]} (seed {a}) vs {names[game.player_b_id]} (seed {b})" in words
    assert {(1, 4), (2, 3)} == {tuple(sorted((seeds[g.player_a_id], seeds[g.player_b_id])))
                                for g in Round.objects.get(event_id=eid, number=3).games.all()}
    assert "Publish the Semifinals" in words and "Publish round 3" not in words
    _, french = page(client, slug, 3, "fr")
    assert "Publier : Demi-finales" in french and "Hors de la phase finale" in french
    assert "tête de série 1" in french and "Ajouter à cette ronde" not in french
    client.cookies["django_language"] = "en"
    assert client.post(f"/console/e/{slug}/rounds/3/publish/", {"seating": re.search(
        r'name="seating" value="([^"]*)"', html).group(1)}).status_code == 302
    for game in Round.objects.get(event_id=eid, number=3).games.all():
        assert api.post(f"/api/games/{game.pk}/result/", {"vp_a": 6, "vp_b": 2})[0] == 201
    board = text(client.get(f"/console/e/{slug}/rounds/3/").content.decode())
    assert "Swap two seats" not in board and "Redo this round" in board
    assert client.post(f"/console/e/{slug}/rounds/", {"method": "swiss", "pair": ""}).status_code == 302
    html, words = page(client, slug, 4)
    assert "Publish the Final" in words and "Add to this round" not in words and "/late/" not in html
    assert len(out_of_cut(words)) == 4, "the semifinals' losers are out of the cut too"
    assert "Publier : Finale" in page(client, slug, 4, "fr")[1]


def test_a_swiss_draft_keeps_its_late_arrivals_and_swaps(organizer):
    client, api = organizer
    event, _ = swiss_event(api, players=6, rounds=3, seed=9, cut_size=4)
    slug = event["slug"]
    Round.objects.filter(event_id=event["id"], number=3).delete()  # round 3 again, as a draft
    assert client.post(f"/console/e/{slug}/rounds/", {"method": "swiss", "pair": ""}).status_code == 302
    api.post(f"/api/events/{event['id']}/players/", {"name": "Late Lou", "faction": "guild"})
    html, words = page(client, slug, 3)
    assert "Publish round 3" in words and "/swap/" in html and "Out of the cut" not in words
    assert "Late Lou" in words and "/late/" in html
