"""Odd fields, where someone sits out (a bye, or a game against the Ringer): checked against independent
answers at every size the docs claim (exact up to 200 players, fast to 10,000).

- A refusal is right only when no eligible player can sit out with the others paired legally
  (`reference.pairing_with_a_bye_exists`, networkx's maximum-cardinality matching).
- The bye goes to the lowest-placed eligible player for whom the others can still be paired, moving up
  past those who cannot take it: fields built so the answer is known by construction (a few players
  have one legal opponent each, at the bottom), confirmed by networkx's matching.
- At scale, with bans as a Swiss event makes them (a few per player), every player's removal leaves the
  rest pairable (Dirac: a graph whose every player may meet at least half the others has a perfect
  matching), so an odd field is never refused and the bye goes to the lowest eligible player."""
import random

import pytest

from scoring.problems import Conflict
from tests.pairing.test_pairing_exactness import check_against_full_graph, simulated_field
from tests.reference import lowest_possible_bye, pairing_with_a_bye_exists
from tournaments.pairing import Contender, pair_round

ROUND, WINDOW = 5, 3


@pytest.mark.parametrize("n", [101, 127, 155, 177, 199])
@pytest.mark.parametrize("seed", [1, 2])
def test_odd_fields_over_a_hundred_match_the_complete_graph(n, seed):
    """Fields the docs call exact, after some rounds, with bans among score neighbours and byes taken."""
    rng = random.Random(n * 100 + seed)
    contenders, met = simulated_field(rng, n, rounds=4, neighbour_bans=3)
    check_against_full_graph(contenders, met, ROUND, WINDOW, seed)


def locked_field(n: int, locked: int, had_bye_from_bottom: set[int], seed: int):
    """`n` players after four rounds (TP 0 to 12), the bottom six strictly below everyone (the lowest
    last, those in `had_bye_from_bottom`, counted from the bottom, had a bye). `locked` players of the
    bulk have each met every player but one recently: one of the eligible bottom players, a different one
    each. Returns (contenders, met, the bottom players someone cannot do without, the bottom six lowest
    first)."""
    rng = random.Random(seed)
    bulk = n - 6
    contenders = [Contender(i, rng.randrange(13), rng.randint(-30, 30), rng.randint(0, 40)) for i in range(bulk)]
    contenders += [Contender(bulk + k, 0, -100 - k, 0, had_bye=(5 - k) in had_bye_from_bottom) for k in range(6)]
    bottom = list(range(n - 1, bulk - 1, -1))
    only = [i for i in bottom if not contenders[i].had_bye][:locked]
    met = {frozenset((x, other)): ROUND - 1 for x, keep in zip(rng.sample(range(bulk), locked), only)
           for other in range(n) if other not in (x, keep)}
    return contenders, met, only, bottom


def legal_in(met):
    def legal(a, b):
        return ROUND - met.get(frozenset((a, b)), -99) >= WINDOW
    return legal


def seated_legally(pairing, contenders, met, ringer=None) -> None:
    legal = legal_in(met)
    games = [(g.player_a, g.player_b) for g in pairing.games if g.player_b not in (None, ringer)]
    assert all(legal(a, b) for a, b in games)
    seated = sorted(p for g in pairing.games for p in (g.player_a, g.player_b) if p not in (None, ringer))
    assert seated == sorted(c.id for c in contenders)


def placed_low_first(contenders) -> list[int]:
    return [c.id for c in sorted(contenders, key=lambda c: (c.tp, c.diff, c.vp))]


@pytest.mark.parametrize("n", [41, 201, 501])
def test_the_bye_moves_up_past_players_the_rest_cannot_do_without(n):
    # From the bottom: had a bye, someone's only opponent, had a bye, two more players' only opponents,
    # then the first who can take it.
    contenders, met, only, bottom = locked_field(n, locked=3, had_bye_from_bottom={0, 2}, seed=n)
    assert only == [bottom[1], bottom[3], bottom[4]]
    pairing = pair_round(contenders, round_number=ROUND, seed=n, met=met, rematch_window=WINDOW)
    assert pairing.odd_one_out == bottom[5]
    seated_legally(pairing, contenders, met)
    if n <= 201:  # the construction's answer, found again by networkx
        eligible = {c.id for c in contenders if not c.had_bye}
        assert lowest_possible_bye(placed_low_first(contenders), eligible, legal_in(met)) == bottom[5]


@pytest.mark.parametrize("n", [41, 201])
def test_with_the_ringer_the_player_who_moves_up_plays_the_ringer(n):
    contenders, met, only, bottom = locked_field(n, locked=2, had_bye_from_bottom=set(), seed=n + 1)
    ringer = 10 ** 6
    pairing = pair_round(contenders, round_number=ROUND, seed=1, met=met, rematch_window=WINDOW, ringer=ringer)
    assert only == bottom[:2] and pairing.odd_one_out == bottom[2]
    assert [(g.player_a, g.player_b) for g in pairing.games if ringer in (g.player_a, g.player_b)] == [
        (bottom[2], ringer)]
    seated_legally(pairing, contenders, met, ringer)


@pytest.mark.parametrize("n", [41, 201])
def test_a_field_no_bye_can_save_is_refused_and_one_it_can_is_not(n):
    """Three players who can each meet only the lowest one: whoever sits out, two of them need that one.
    With two such players, one of them sitting out saves the round."""
    rng = random.Random(n)
    contenders = [Contender(i, rng.randrange(13), rng.randint(-30, 30), 0, had_bye=i >= 6) for i in range(n)]
    lowest = min(contenders, key=lambda c: (c.tp, c.diff, c.vp)).id
    stuck = [i for i in range(6) if i != lowest][:3]

    def met_with(count: int):
        return {frozenset((x, other)): ROUND - 1 for x in stuck[:count] for other in range(n)
                if other not in (x, lowest)}

    refused = met_with(3)
    eligible = {c.id for c in contenders if not c.had_bye}
    with pytest.raises(Conflict) as raised:
        pair_round(contenders, round_number=ROUND, seed=3, met=refused, rematch_window=WINDOW)
    assert raised.value.problems[0].code == "no_legal_pairing"
    assert not pairing_with_a_bye_exists(list(range(n)), eligible, legal_in(refused))
    saved = met_with(2)
    pairing = pair_round(contenders, round_number=ROUND, seed=3, met=saved, rematch_window=WINDOW)
    assert pairing.odd_one_out == lowest_possible_bye(placed_low_first(contenders), eligible, legal_in(saved))
    assert pairing.odd_one_out in stuck[:2]
    seated_legally(pairing, contenders, saved)


@pytest.mark.parametrize("n", [1_001, 10_001])
def test_odd_fields_at_scale_are_paired_with_the_bye_at_the_bottom(n):
    """After four rounds, with at most six bans a player (far under half the field): by Dirac's theorem
    any player's removal leaves the rest pairable, so the engine must not refuse, and the bye goes to the
    lowest eligible player (the lowest few had one already)."""
    rng = random.Random(n)
    contenders, met = simulated_field(rng, n, rounds=4, neighbour_bans=3)
    low_first = placed_low_first(contenders)
    had_bye = set(low_first[:3])
    contenders = [Contender(c.id, c.tp, c.diff, c.vp, had_bye=c.id in had_bye) for c in contenders]
    bans = {i: 0 for i in range(n)}
    for pair in met:
        for i in pair:
            bans[i] += 1
    assert max(bans.values()) < (n - 1) // 2
    pairing = pair_round(contenders, round_number=ROUND, seed=n, met=met, rematch_window=WINDOW)
    seated_legally(pairing, contenders, met)
    totals = {c.id: (c.tp, c.diff, c.vp) for c in contenders}
    lowest_eligible = min(totals[c.id] for c in contenders if c.id not in had_bye)
    assert totals[pairing.odd_one_out] == lowest_eligible and pairing.odd_one_out not in had_bye
