"""Whole events driven through the HTTP API, every pairing rule checked after every round."""
import random

import pytest

from tests.reference import best_objective, objective

FACTIONS = ["guild", "arcanists", "resurrectionists", "neverborn", "outcasts", "ten-thunders", "gremlins"]


class Bookkeeping:
    """The test's own account of the event, independent of the product's."""

    def __init__(self):
        self.totals: dict[int, list[int]] = {}
        self.met: dict[frozenset, int] = {}
        self.bye_or_ringer: set[int] = set()
        self.active: set[int] = set()

    def add(self, player, vp, tp, diff):
        t = self.totals[player]
        t[0] += tp
        t[1] += diff
        t[2] += vp

    def key(self, player):
        return tuple(self.totals[player])


def run_event(api, n_players, with_ringer, seed, rounds=5, window=3):
    rng = random.Random(seed)
    _, event = api.post("/api/events/", {"name": f"Sim {n_players}", "date": "2017-05-06", "format": "gg2017",
                                         "rounds": rounds, "rematch_window": window})
    eid = event["id"]
    book = Bookkeeping()
    for i in range(n_players):
        status, player = api.post(f"/api/events/{eid}/players/", {"name": f"P{i}", "faction": FACTIONS[i % 7]})
        assert status == 201
        book.totals[player["id"]] = [0, 0, 0]
        book.active.add(player["id"])
    ringer = None
    if with_ringer:
        status, r = api.post(f"/api/events/{eid}/players/", {"name": "Ringer", "faction": "guild", "is_ringer": True})
        assert status == 201
        ringer = r["id"]

    for number in range(1, rounds + 1):
        if number == 3:  # someone leaves after round 2: never paired again
            leaver = rng.choice(sorted(book.active))
            assert api.post(f"/api/events/{eid}/players/{leaver}/drop/")[0] == 200
            book.active.discard(leaver)
        status, rnd = api.post(f"/api/events/{eid}/rounds/", {"seed": seed * 100 + number})
        assert status == 201, rnd
        check_round(rnd, book, number, window, ringer)
        for game in rnd["games"]:
            a, b = game["player_a"], game["player_b"]
            if b is None:
                continue
            va, vb = rng.randint(0, 10), rng.randint(0, 10)
            status, result = api.post(f"/api/games/{game['id']}/result/", {"vp_a": va, "vp_b": vb})
            assert status == 201, result
            book.met[frozenset((a, b))] = number
            for pid, mine, theirs in ((a, va, vb), (b, vb, va)):
                if pid != ringer:
                    book.add(pid, mine, 3 if mine > theirs else 1 if mine == theirs else 0, mine - theirs)
        check_standings(api, eid, book, number)
    status, body = api.post(f"/api/events/{eid}/rounds/")
    assert status == 409 and body["errors"][0]["code"] == "rounds_complete"


def check_round(rnd, book, number, window, ringer):
    games = rnd["games"]
    seated = [p for g in games for p in (g["player_a"], g["player_b"]) if p not in (None, ringer)]
    assert sorted(seated) == sorted(book.active), "every active player exactly once"
    odd = len(book.active) % 2 == 1
    byes = [g for g in games if g["bye"]]
    ringer_games = [g for g in games if ringer is not None and ringer in (g["player_a"], g["player_b"])]
    assert len(byes) == (1 if odd and ringer is None else 0)
    assert len(ringer_games) == (1 if odd and ringer is not None else 0), "the Ringer plays only on odd counts"

    def legal(a, b):
        last = book.met.get(frozenset((a, b)))
        return last is None or number - last >= window

    swiss = [(g["player_a"], g["player_b"]) for g in games if g["player_b"] not in (None, ringer)
             and g["player_a"] != ringer]
    assert all(legal(a, b) for a, b in swiss), f"round {number}: rematch within {window} rounds"
    odd_one = next((g["player_a"] for g in byes), None)
    for g in ringer_games:
        odd_one = g["player_a"] if g["player_b"] == ringer else g["player_b"]
    if odd_one is not None:
        assert odd_one not in book.bye_or_ringer, "a second bye-or-Ringer game"
        if number > 1:  # the lowest-placed eligible player for whom the rest can be paired legally
            for other in book.active - book.bye_or_ringer - {odd_one}:
                if book.key(other) < book.key(odd_one):
                    rest = sorted(book.active - {other})
                    assert best_objective(rest, book.totals, legal) is None, "the bye skipped a lower player"
        book.bye_or_ringer.add(odd_one)
    if number > 1:
        field = sorted(book.active - {odd_one})
        assert objective(swiss, book.totals) == best_objective(field, book.totals, legal), "pairing not optimal"
        tops = [book.key(g["player_a"]) for g in games if not g["bye"]]
        assert tops == sorted(tops, reverse=True), "the top of the standings sits on table 1"
    tables = [g["table"] for g in games if not g["bye"]]
    assert tables == list(range(1, len(tables) + 1))
    for g in byes:
        assert g["table"] is None and g["result"]["a"] == {"player": odd_one, "vp": 10, "tp": 3, "diff": 5}
        book.add(odd_one, 10, 3, 5)


def check_standings(api, eid, book, number):
    status, body = api.get(f"/api/events/{eid}/standings/")
    assert status == 200 and body["round"] == number
    rows = body["standings"]
    assert sorted(r["player"] for r in rows) == sorted(book.totals)
    previous = None
    for position, row in enumerate(rows, start=1):
        key = (row["tp"], row["diff"], row["vp"])
        assert list(key) == book.totals[row["player"]]
        assert row["rank"] == (previous[1] if previous and previous[0] == key else position)
        assert row["status"] == ("active" if row["player"] in book.active else "dropped")
        previous = (key, row["rank"])


@pytest.mark.parametrize("players, ringer", [(9, True), (10, False), (11, False), (8, True)])
@pytest.mark.parametrize("seed", [1, 2])
def test_simulated_event(api, players, ringer, seed):
    run_event(api, players, ringer, seed)
