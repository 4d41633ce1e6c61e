"""A top cut through the API: seeded from the Swiss standings, paired from the bracket, a winner per game,
final places by how far each player went; checked against the test's own account of the event."""
import csv
import io
import random
import re

import pytest
from django.core.cache import cache
from django.test import Client

from people.rating_store import rated_rows
from tests.api.test_backup import comparable
from tests.factories import Api, make_user, rejected
from tournaments.backup import export_event, import_event
from tournaments.exports import build
from tournaments.models import Event, Player

FACTIONS = ["guild", "arcanists", "resurrectionists", "neverborn", "outcasts", "ten-thunders", "gremlins"]


@pytest.fixture
def api(client, db):
    _, token = make_user("cut-organizer")
    return Api(client, token)


def tp(mine, theirs):
    return 3 if mine > theirs else 1 if mine == theirs else 0


class Swiss:
    """The test's own totals and standings (GG2017: TP, then Differential, then VP; ties by name)."""

    def __init__(self, names):
        self.names, self.totals = names, {pid: [0, 0, 0] for pid in names}

    def add(self, a, b, va, vb):
        for me, mine, theirs in ((a, va, vb), (b, vb, va)):
            t = self.totals[me]
            t[0], t[1], t[2] = t[0] + tp(mine, theirs), t[1] + mine - theirs, t[2] + mine

    def order(self, among=None):
        players = [p for p in self.names if among is None or p in among]
        return sorted(players, key=lambda p: (*(-v for v in self.totals[p]), self.names[p].casefold()))


def swiss_event(api, players=10, rounds=3, seed=1, **settings):
    """An event with `players`, its Swiss rounds played through the API with random scores."""
    rng = random.Random(seed)
    _, event = api.post("/api/events/", {"name": "Cut Open", "date": "2017-05-06", "format": "gg2017",
                                         "rounds": rounds, "cut_size": 8, **settings})
    names = {}
    for i in range(players):
        status, player = api.post(f"/api/events/{event['id']}/players/",
                                  {"name": f"Player {i:02}", "faction": FACTIONS[i % 7]})
        assert status == 201, player
        names[player["id"]] = player["name"]
    book = Swiss(names)
    for _ in range(rounds):
        status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {})
        assert status == 201 and rnd["stage"] == "swiss", rnd
        for game in rnd["games"]:
            va, vb = rng.randint(0, 10), rng.randint(0, 10)
            assert api.post(f"/api/games/{game['id']}/result/", {"vp_a": va, "vp_b": vb})[0] == 201
            book.add(game["player_a"], game["player_b"], va, vb)
    return event, book


def test_a_top_8_is_seeded_from_the_swiss_and_played_to_a_winner(api):
    event, book = swiss_event(api, seed=3)
    eid = event["id"]
    seeds = book.order()[:8]
    status, qf = api.post(f"/api/events/{eid}/rounds/", {})
    assert status == 201 and qf["stage"] == "cut" and qf["number"] == 4, qf
    expected = [(seeds[a - 1], seeds[b - 1]) for a, b in ((1, 8), (4, 5), (2, 7), (3, 6))]
    assert sorted((g["player_a"], g["player_b"]) for g in qf["games"]) == sorted(expected)
    assert not any(g["bye"] for g in qf["games"]), "the two players below the cut sit out"
    assert {p["id"]: p["seed"] for p in api.get(f"/api/events/{eid}/players/")[1]
            if p["seed"]} == {pid: n for n, pid in enumerate(seeds, start=1)}
    # The lower seed wins every quarterfinal, the better seed every game after.
    rng, out = random.Random(5), {}
    for g in qf["games"]:
        assert api.post(f"/api/games/{g['id']}/result/", {"vp_a": 2, "vp_b": rng.randint(3, 9)})[0] == 201
        out[g["player_a"]] = 8
    bracket = api.get(f"/api/events/{eid}/bracket/")[1]
    assert [s["players"] for s in bracket["stages"]] == [8, 4, 2] and bracket["seeds"] == seeds
    assert [g["winner"] for g in bracket["stages"][0]["games"]] == [seeds[7], seeds[4], seeds[6], seeds[5]]
    for size in (4, 2):
        status, rnd = api.post(f"/api/events/{eid}/rounds/", {})
        assert status == 201 and len(rnd["games"]) == size // 2
        for g in rnd["games"]:
            assert seeds.index(g["player_a"]) < seeds.index(g["player_b"]), "the better seed on side a"
            assert api.post(f"/api/games/{g['id']}/result/", {"vp_a": 6, "vp_b": 1})[0] == 201
            out[g["player_b"]] = size
    champion = seeds[4]  # 5 beat 4, then 5 v 8 (5 better), then 5 v 6 in the final (6 came through 3's quarter)
    final = api.get(f"/api/events/{eid}/bracket/")[1]["stages"][2]["games"][0]
    assert final["winner"] == champion and {final["player_a"], final["player_b"]} == {seeds[4], seeds[5]}
    assert api.post(f"/api/events/{eid}/rounds/", {})[1]["errors"][0]["code"] == "cut_complete"
    rows = api.get(f"/api/events/{eid}/standings/")[1]["standings"]
    went = {champion: 1, **out}
    cut = sorted(seeds, key=lambda p: (went[p], seeds.index(p)))
    rest = [p for p in book.order() if p not in seeds]
    assert [r["player"] for r in rows] == cut + rest
    assert [r["rank"] for r in rows] == list(range(1, 11))
    assert [r["cut"] for r in rows[:8]] == [1, 2, 4, 4, 8, 8, 8, 8] and rows[8]["cut"] is None
    assert all(r["tp"] == book.totals[r["player"]][0] for r in rows), "totals are the Swiss rounds'"
    exported = list(csv.DictReader(io.StringIO(build(Event.objects.get(pk=eid), "standings").text)))
    assert [(row["name"], row["cut"], row["seed"]) for row in exported[:2]] == [
        (book.names[champion], "1", "5"), (book.names[seeds[5]], "2", "6")]
    stages = [row["stage"] for row in csv.DictReader(io.StringIO(build(Event.objects.get(pk=eid), "results").text))]
    assert stages == ["swiss"] * 15 + ["cut"] * 7
    assert api.post(f"/api/events/{eid}/finish/")[0] == 200
    places = dict(Player.objects.filter(event_id=eid).values_list("id", "place"))
    rated = [row for row in rated_rows("M2E") if row[1] > 3]  # (date, round number, ...): the cut's rounds
    assert len(rated) == 7, "ratings and statistics count the cut's games as games"
    assert [places[p] for p in cut + rest] == list(range(1, 11)), "profiles and series read the final places"


def test_the_cut_takes_the_best_still_playing_and_refuses_what_breaks_the_bracket(api):
    event, book = swiss_event(api, seed=8, cut_draws="replay")
    eid = event["id"]
    top = book.order()[0]
    assert api.post(f"/api/events/{eid}/players/{top}/drop/")[0] == 200
    seeds = [p for p in book.order() if p != top][:8]
    qf = api.post(f"/api/events/{eid}/rounds/", {})[1]
    assert sorted(p for g in qf["games"] for p in (g["player_a"], g["player_b"])) == sorted(seeds)
    first, second = qf["games"][0], qf["games"][1]
    path = f"/api/games/{first['id']}/result/"
    assert ("vp_a", "cut_draw_replayed") in {(e["attr"], e["code"]) for e in
                                             rejected(api, "POST", path, {"vp_a": 4, "vp_b": 4}, 400)["errors"]}
    assert rejected(api, "POST", path, {"outcome": "double_loss"}, 400)["errors"][0]["code"] == "cut_needs_a_winner"
    rejected(api, "POST", f"/api/events/{eid}/rounds/4/swap/",
             {"player_1": first["player_a"], "player_2": second["player_a"]}, 409)
    rejected(api, "PATCH", f"/api/events/{eid}/", {"cut_size": 4}, 409)
    for g in qf["games"]:
        assert api.post(f"/api/games/{g['id']}/result/", {"vp_a": 5, "vp_b": 3})[0] == 201
    assert api.post(f"/api/events/{eid}/rounds/", {})[0] == 201
    assert api.post(path, {"vp_a": 7, "vp_b": 3})[0] == 200, "a score that keeps the winner may be corrected"
    answer = rejected(api, "POST", path, {"vp_a": 3, "vp_b": 7}, 409)
    assert answer["errors"][0]["code"] == "cut_round_paired"
    assert api.call("DELETE", f"/api/events/{eid}/rounds/5/")[0] == 204
    assert api.post(path, {"vp_a": 3, "vp_b": 7})[0] == 200, "with the semifinals removed, the winner may change"
    semis = api.post(f"/api/events/{eid}/rounds/", {})[1]
    assert first["player_b"] in {p for g in semis["games"] for p in (g["player_a"], g["player_b"])}


def test_a_drawn_cut_game_goes_to_the_better_swiss_differential(api):
    event, book = swiss_event(api, seed=11)
    qf = api.post(f"/api/events/{event['id']}/rounds/", {})[1]
    for g in qf["games"]:
        assert api.post(f"/api/games/{g['id']}/result/", {"vp_a": 4, "vp_b": 4})[0] == 201
    bracket = api.get(f"/api/events/{event['id']}/bracket/")[1]
    for g in bracket["stages"][0]["games"]:
        a, b = book.totals[g["player_a"]], book.totals[g["player_b"]]
        better = g["player_a"] if (a[1], a[2]) >= (b[1], b[2]) else g["player_b"]  # a is the better seed
        assert g["winner"] == better and g["decided_by_draw_rule"]


def test_a_cut_larger_than_the_field_still_playing_is_refused_with_its_reason(api):
    event, _ = swiss_event(api, players=8, rounds=2, seed=2)
    some = api.get(f"/api/events/{event['id']}/players/")[1][0]["id"]
    assert api.post(f"/api/events/{event['id']}/players/{some}/drop/")[0] == 200
    answer = rejected(api, "POST", f"/api/events/{event['id']}/rounds/", {}, 409)
    assert answer["errors"][0]["code"] == "cut_too_small"


def test_a_backup_carries_the_cut_and_the_copy_plays_it_on(api):
    event, _ = swiss_event(api, seed=13)
    eid = event["id"]
    for g in api.post(f"/api/events/{eid}/rounds/", {})[1]["games"]:  # quarterfinals played
        assert api.post(f"/api/games/{g['id']}/result/", {"vp_a": 2, "vp_b": 6})[0] == 201
    rnd = api.post(f"/api/events/{eid}/rounds/", {})[1]  # semifinals paired
    original = Event.objects.get(pk=eid)
    copy = import_event(export_event(original))
    assert comparable(export_event(copy)) == comparable(export_event(original))
    names = {e.pk: e.name for ev in (original, copy) for e in ev.players.all()}

    def named(event_id):
        body = api.get(f"/api/events/{event_id}/bracket/")[1]
        return ([names[p] for p in body["seeds"]],
                [[(names.get(g["player_a"]), names.get(g["player_b"]), names.get(g["winner"])) for g in s["games"]]
                 for s in body["stages"]])

    assert named(copy.pk) == named(eid) and named(eid)[1][0][0][2] is not None
    assert [r["name"] for r in api.get(f"/api/events/{copy.pk}/standings/")[1]["standings"]] == \
        [r["name"] for r in api.get(f"/api/events/{eid}/standings/")[1]["standings"]]
    for game in api.get(f"/api/events/{copy.pk}/rounds/5/")[1]["games"]:
        assert api.post(f"/api/games/{game['id']}/result/", {"vp_a": 5, "vp_b": 2})[0] == 201
    final = api.post(f"/api/events/{copy.pk}/rounds/", {})[1]
    assert final["stage"] == "cut" and len(final["games"]) == 1
    assert rnd["number"] == 5


def test_the_swiss_results_stay_as_seeded_once_the_cut_is_paired(api):
    event, _ = swiss_event(api, seed=21)
    swiss_game = api.get(f"/api/events/{event['id']}/rounds/1/")[1]["games"][0]
    assert api.post(f"/api/events/{event['id']}/rounds/", {})[0] == 201
    answer = rejected(api, "POST", f"/api/games/{swiss_game['id']}/result/", {"vp_a": 0, "vp_b": 9}, 409)
    assert answer["errors"][0]["code"] == "cut_seeded"
    assert api.call("DELETE", f"/api/events/{event['id']}/rounds/4/")[0] == 204
    assert api.post(f"/api/games/{swiss_game['id']}/result/", {"vp_a": 0, "vp_b": 9})[0] == 200


def public_answers(eid: int, slug: str, someone: int) -> dict:
    """Everything an anonymous reader gets of the event: its API answers and its pages (each page's
    per-request nonce and token taken out)."""
    cache.clear()  # read afresh, not an answer cached before
    anon = Api(Client())
    answers = {path: anon.get(f"/api/events/{eid}/{path}") for path in (
        "", "players/", f"players/{someone}/", "standings/", "bracket/", "rounds/", "rounds/4/", "feed/", "stats/")}
    for path in ("", "standings/", "bracket/", "hall/", "final/", f"players/{someone}/", "rounds/4/"):
        page = Client().get(f"/e/{slug}/{path}")
        answers[slug + path] = (page.status_code, re.sub(r'(nonce|value)="[^"]*"', "", page.content.decode()))
    return answers


def test_a_draft_cut_round_shows_the_public_no_seed_until_it_is_published(api):
    """Seeds give the pairings away: while the cut's first round is a draft the public read the event as
    before it was paired, the organizers read its seeds, and publishing it shows them to everyone."""
    event, book = swiss_event(api, seed=3)
    eid, slug = event["id"], event["slug"]
    seeds = book.order()[:8]
    before = public_answers(eid, slug, seeds[0])
    status, qf = api.post(f"/api/events/{eid}/rounds/", {"publish": False})
    assert status == 201 and qf["stage"] == "cut" and not qf["published"], qf
    after = public_answers(eid, slug, seeds[0])
    assert after == before, [path for path in before if after[path] != before[path]]
    assert {p["id"]: p["seed"] for p in api.get(f"/api/events/{eid}/players/")[1] if p["seed"]} == {
        pid: n for n, pid in enumerate(seeds, start=1)}, "the organizers preview the seeds"
    assert api.post(f"/api/events/{eid}/rounds/4/publish/")[0] == 200
    anon = Api(Client())
    assert {p["id"]: p["seed"] for p in anon.get(f"/api/events/{eid}/players/")[1] if p["seed"]} == {
        pid: n for n, pid in enumerate(seeds, start=1)}
    assert anon.get(f"/api/events/{eid}/players/{seeds[0]}/")[1]["seed"] == 1
    assert anon.get(f"/api/events/{eid}/rounds/4/")[1]["stage"] == "cut"
