"""Issue 34: the hall display shows each table's mission where the format deals missions per table (M4E),
and the round's one mission once, in the header, where every table plays the same."""
from django.test import Client


def paired(api, fmt):
    _, event = api.post("/api/events/", {"name": "Hall", "date": "2026-05-06", "format": fmt, "rounds": 2})
    for name, faction in (("Ann", "guild"), ("Ben", "arcanists"), ("Cid", "neverborn"), ("Dee", "outcasts")):
        api.post(f"/api/events/{event['id']}/players/", {"name": name, "faction": faction})
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 7})
    assert status == 201, rnd
    return event, rnd


def test_per_table_missions_show_beside_each_table(api):
    event, rnd = paired(api, "m4e-gg0")
    page = Client().get(f"/e/{event['slug']}/hall/").content.decode()
    for game in rnd["games"]:
        mission = game["mission"]
        line = " · ".join([mission["strategy"]["name"], mission["deployment"]["name"],
                           ", ".join(s["name"] for s in mission["scheme_pool"])])
        assert f'<small class="hall-mission">{line}</small>' in page.replace("&#x27;", "'")
    assert "hall-round-mission" not in page


def test_one_mission_for_every_table_shows_once_in_the_header(api):
    event, rnd = paired(api, "gg2017")
    page = Client().get(f"/e/{event['slug']}/hall/").content.decode()
    assert page.count("hall-round-mission") == 1 and "hall-mission" not in page.replace("hall-round-mission", "")
