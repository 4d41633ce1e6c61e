"""Issue 34: someone who never played a game is not ranked among those who did. Marked absent at the desk
(or a no-show in every round), they are listed apart ("did not play"), out of the awards (no wooden
spoon), counted apart on the event page ("12 registered, 11 played"); a no-show after round 1 forfeits
by the format's rule and ranks accordingly."""
import pytest
from django.test import Client

from scoring.problems import Conflict, Invalid
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
    # Profiles: the absent player's row says so; everyone else's place is "of 11", those who played.
    absent_person = Player.objects.get(pk=absent).person_id
    assert "did not play" in Client().get(f"/people/{absent_person}/").content.decode()
    last = Player.objects.filter(event_id=event["id"], place=max(places)).first()
    assert f"{max(places)} of 11" in Client().get(f"/people/{last.person_id}/").content.decode()


def test_a_round_one_no_show_who_never_comes_did_not_play(api):
    event, ids = m4e_event(api)
    rnd = play(api, event, 1, skip=[ids[3]])
    game = next(g for g in rnd["games"] if ids[3] in (g["player_a"], g["player_b"]))
    assert api.post(f"/api/events/{event['id']}/players/{ids[3]}/no-show/", {"round": 1})[0] == 200
    mine = next(r for r in rows(api, event) if r["player"] == ids[3])
    assert mine["rank"] is None and mine["did_not_play"]
    opponent = game["player_b"] if game["player_a"] == ids[3] else game["player_a"]
    assert next(r for r in rows(api, event) if r["player"] == opponent)["rank"] == 1  # the forfeit's winner


def test_a_forfeit_for_another_reason_is_a_game_the_player_came_to(api):
    """An illegal crew or misconduct forfeits a game the player came to: ranked, not set apart; only the
    desk's no-show records that someone did not come (and a correction clears it)."""
    event, ids = m4e_event(api)
    rnd = play(api, event, 1, skip=[ids[3], ids[5]])
    crew = next(g for g in rnd["games"] if ids[3] in (g["player_a"], g["player_b"]))
    side = "a" if crew["player_a"] == ids[3] else "b"
    assert api.post(f"/api/games/{crew['id']}/result/", {"outcome": "forfeited", "loser": side})[0] == 201
    assert next(r for r in rows(api, event) if r["player"] == ids[3])["rank"] is not None
    gone = next(g for g in rnd["games"] if ids[5] in (g["player_a"], g["player_b"]))
    assert api.post(f"/api/events/{event['id']}/players/{ids[5]}/no-show/", {"round": 1})[0] == 200
    assert next(r for r in rows(api, event) if r["player"] == ids[5])["rank"] is None
    assert api.post(f"/api/games/{gone['id']}/result/", {"vp_a": 4, "vp_b": 4})[0] == 200  # they came after all
    assert next(r for r in rows(api, event) if r["player"] == ids[5])["rank"] is not None


def test_who_did_not_play_can_be_neither_voted_for_nor_named(api, organizer):
    from tournaments import services
    from tournaments.models import Event

    event, ids = m4e_event(api)
    api.post(f"/api/events/{event['id']}/players/{ids[7]}/mark-absent/", {})
    play(api, event, 1)
    record = Event.objects.get(pk=event["id"])
    record.player_votes = True
    record.save()
    voter = Player.objects.get(pk=ids[0])
    ballot = Client().get(f"/p/{voter.key}/").content.decode()
    assert Player.objects.get(pk=ids[7]).name not in ballot.split("Your votes")[1]
    with pytest.raises(Invalid):
        services.award_vote(player=voter, kind="best_painted", choice=ids[7])
    with pytest.raises(Invalid) as refused:
        services.award_choose(event=record, kind="best_painted", player=ids[7], by=organizer[0])
    assert refused.value.problems[0].code == "did_not_play"


def test_the_ringer_and_a_disqualified_player_do_not_vote(api):
    """Issue 35: their links could vote for awards."""
    from tournaments import services
    from tournaments.models import Event

    event, ids = m4e_event(api)
    ringer = api.post(f"/api/events/{event['id']}/players/", {"name": "Rita", "faction": "guild",
                                                               "is_ringer": True})[1]["id"]
    play(api, event, 1)
    record = Event.objects.get(pk=event["id"])
    record.player_votes = True
    record.save()
    api.post(f"/api/events/{event['id']}/players/{ids[1]}/disqualify/", {})
    for pid in (ringer, ids[1]):
        voter = Player.objects.get(pk=pid)
        assert "Your votes" not in Client().get(f"/p/{voter.key}/").content.decode()
        with pytest.raises(Conflict) as refused:
            services.award_vote(player=voter, kind="best_painted", choice=ids[0])
        assert refused.value.problems[0].code == "may_not_vote"
    services.award_vote(player=Player.objects.get(pk=ids[2]), kind="best_painted", choice=ids[0])  # others do


def test_a_finished_events_players_are_final_until_it_is_reopened(api):
    """Issue 35: registering or dropping a player after the finish changed the "final" standings and places."""
    from tests.factories import rejected

    event, ids = m4e_event(api)
    play(api, event, 1)
    api.post(f"/api/events/{event['id']}/players/{ids[4]}/drop/", {})
    assert api.post(f"/api/events/{event['id']}/finish/", {})[0] == 200
    base = f"/api/events/{event['id']}/players/"
    for method, path, body in (("post", base, {"name": "Latecomer", "faction": "guild"}),
                               ("post", f"{base}{ids[0]}/drop/", {}), ("post", f"{base}{ids[4]}/reinstate/", {})):
        answer = rejected(api, method, path, body, 409)
        assert answer["errors"][0]["code"] == "event_finished", path
    assert api.post(f"{base}{ids[1]}/disqualify/", {})[0] == 200  # cheating found afterwards still counts
    assert api.post(f"/api/events/{event['id']}/reopen/", {})[0] == 200
    assert api.post(base, {"name": "Latecomer", "faction": "guild"})[0] == 201
