"""Issue 34: someone who never played a game is not ranked among those who did. Marked absent at the desk
(or a no-show in every round), they are listed apart ("did not play"), out of the awards (no wooden
spoon), counted apart on the event page ("12 registered, 11 played"); a no-show after round 1 forfeits
by the format's rule and ranks accordingly."""
from django.test import Client

from tournaments.models import Player

NAMES = [f"Player {n:02}" for n in range(12)]
FACTIONS = ("guild", "arcanists", "neverborn", "outcasts", "bayou", "resurrectionists")


def m4e_event(api):
    _, event = api.post("/api/events/", {"name": "Zero Day", "date": "2026-05-06", "format": "m4e-gg0",
                                         "rounds": 3})
    ids = [api.post(f"/api/events/{event['id']}/players/", {"name": name, "faction": FACTIONS[n % 6]})[1]["id"]
           for n, name in enumerate(NAMES)]
    return event, ids


def play(api, event, seed, skip=()):
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": seed})
    assert status == 201, rnd
    for game in rnd["games"]:
        if not game["bye"] and game["status"] != "confirmed" and not {game["player_a"], game["player_b"]} & set(skip):
            assert api.post(f"/api/games/{game['id']}/result/", {"vp_a": 6, "vp_b": 2})[0] == 201
    return rnd


def rows(api, event):
    return api.get(f"/api/events/{event['id']}/standings/")[1]["standings"]


def test_an_absent_player_is_listed_apart_and_never_takes_the_wooden_spoon(api):
    event, ids = m4e_event(api)
    absent = ids[7]
    assert api.post(f"/api/events/{event['id']}/players/{absent}/mark-absent/", {})[0] == 200
    play(api, event, 1)
    after_one = rows(api, event)
    assert after_one[-1]["player"] == absent and after_one[-1]["rank"] is None and after_one[-1]["did_not_play"]
    assert all(r["rank"] is not None and not r["did_not_play"] for r in after_one[:-1])
    page = Client().get(f"/e/{event['slug']}/").content.decode()
    assert "12 registered, 11 played" in page
    standings_page = Client().get(f"/e/{event['slug']}/standings/").content.decode()
    did_not_play = standings_page.split("Did not play")[1]
    assert Player.objects.get(pk=absent).name in did_not_play
    # Round 2: a player who played round 1 does not come: a forfeit, ranked by it.
    rnd = play(api, event, 2, skip=[ids[0]])
    game = next(g for g in rnd["games"] if ids[0] in (g["player_a"], g["player_b"]))
    assert api.post(f"/api/events/{event['id']}/players/{ids[0]}/no-show/", {"round": 2})[0] == 200
    assert api.get(f"/api/games/{game['id']}/")[1]["result"]["outcome"] == "forfeited"
    ranked = {r["player"]: r for r in rows(api, event)}
    assert ranked[ids[0]]["rank"] is not None and ranked[absent]["rank"] is None
    play(api, event, 3, skip=[ids[0]])
    for g in api.get(f"/api/events/{event['id']}/rounds/3/")[1]["games"]:
        if g["status"] != "confirmed" and not g["bye"]:
            api.post(f"/api/games/{g['id']}/result/", {"vp_a": 5, "vp_b": 5})
    assert api.post(f"/api/events/{event['id']}/finish/", {})[0] == 200
    final = Client().get(f"/e/{event['slug']}/final/").content.decode()
    spoon = final.split("Wooden spoon")[1].split("</li>")[0]
    assert Player.objects.get(pk=absent).name not in spoon
    assert Player.objects.get(pk=absent).place is None
    places = [r["rank"] for r in rows(api, event) if r["rank"] is not None]
    assert max(places) <= 11


def test_a_round_one_no_show_who_never_comes_did_not_play(api):
    event, ids = m4e_event(api)
    rnd = play(api, event, 1, skip=[ids[3]])
    game = next(g for g in rnd["games"] if ids[3] in (g["player_a"], g["player_b"]))
    assert api.post(f"/api/events/{event['id']}/players/{ids[3]}/no-show/", {"round": 1})[0] == 200
    mine = next(r for r in rows(api, event) if r["player"] == ids[3])
    assert mine["rank"] is None and mine["did_not_play"]
    opponent = game["player_b"] if game["player_a"] == ids[3] else game["player_a"]
    assert next(r for r in rows(api, event) if r["player"] == opponent)["rank"] == 1  # the forfeit's winner
