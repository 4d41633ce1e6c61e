"""The Swiss engine against a brute-force reference and the GG2017 pairing rules."""
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.problems import Conflict
from tests.profiles import examples
from tests.reference import best_objective, objective
from tournaments.pairing import Contender, pair_round

RINGER = 999


def totals_of(contenders):
    return {c.id: (c.tp, c.diff, c.vp) for c in contenders}


@st.composite
def situations(draw, max_players=12):
    n = draw(st.integers(2, max_players))
    round_number = draw(st.integers(2, 6))
    window = draw(st.integers(1, 4))
    contenders = [Contender(id=i, tp=draw(st.integers(0, 9)), diff=draw(st.integers(-6, 6)),
                            vp=draw(st.integers(0, 12)), had_bye=draw(st.booleans()))
                  for i in range(n)]
    pairs = draw(st.lists(st.sampled_from(list(combinations(range(n), 2))), unique=True, max_size=n * 2))
    met = {frozenset(p): draw(st.integers(1, round_number - 1)) for p in pairs}
    ringer = draw(st.sampled_from([None, RINGER]))
    return contenders, round_number, window, met, ringer, draw(st.integers(0, 10**6))


def legality(met, round_number, window):
    def legal(a, b):
        last = met.get(frozenset((a, b)))
        return last is None or round_number - last >= window
    return legal


@settings(max_examples=examples(300))
@given(situations())
def test_engine_is_legal_and_as_good_as_brute_force(situation):
    contenders, round_number, window, met, ringer, seed = situation
    by_id = totals_of(contenders)
    legal = legality(met, round_number, window)
    try:
        pairing = pair_round(contenders, round_number=round_number, seed=seed, met=met, rematch_window=window,
                             ringer=ringer)
    except Conflict:
        pairing = None

    if len(contenders) % 2 == 0:
        reference = best_objective(by_id, by_id, legal)
        assert (pairing is None) == (reference is None)
        if pairing is None:
            return
        assert pairing.objective == reference and pairing.odd_one_out is None
    else:
        def completes(c):
            return best_objective([i for i in by_id if i != c.id], by_id, legal) is not None
        if pairing is None:
            assert not any(completes(c) for c in contenders if not c.had_bye)
            return
        odd = next(c for c in contenders if c.id == pairing.odd_one_out)
        assert not odd.had_bye
        rank = (odd.tp, odd.diff, odd.vp)
        lower_eligible = [c for c in contenders if not c.had_bye and (c.tp, c.diff, c.vp) < rank]
        assert not any(completes(c) for c in lower_eligible), "a lower-placed eligible player should take the bye"
        assert pairing.objective == best_objective([i for i in by_id if i != odd.id], by_id, legal)

    swiss = [(g.player_a, g.player_b) for g in pairing.games if g.player_b not in (None, RINGER)]
    assert all(legal(a, b) for a, b in swiss)
    assert objective(swiss, by_id) == pairing.objective
    seated = [p for g in pairing.games for p in (g.player_a, g.player_b) if p not in (None, RINGER)]
    assert sorted(seated) == sorted(by_id)
    byes = [g for g in pairing.games if g.player_b is None]
    ringer_games = [g for g in pairing.games if g.player_b == RINGER]
    odd_count = len(contenders) % 2
    assert len(byes) == (odd_count if ringer is None else 0)
    assert len(ringer_games) == (odd_count if ringer is not None else 0)
    tables = [g.table for g in pairing.games if g.player_b is not None]
    assert tables == list(range(1, len(tables) + 1))
    assert all(g.table is None for g in byes)
    again = pair_round(contenders, round_number=round_number, seed=seed, met=met, rematch_window=window, ringer=ringer)
    assert again == pairing


@given(st.integers(2, 40), st.integers(0, 10**6))
def test_round_one_seats_everyone_once_and_the_seed_reproduces_it(n, seed):
    contenders = [Contender(id=i) for i in range(n)]
    first = pair_round(contenders, round_number=1, seed=seed)
    seated = [p for g in first.games for p in (g.player_a, g.player_b) if p is not None]
    assert sorted(seated) == list(range(n))
    assert pair_round(contenders, round_number=1, seed=seed) == first


def test_round_one_depends_on_the_seed():
    contenders = [Contender(id=i) for i in range(16)]
    pairings = {pair_round(contenders, round_number=1, seed=s).games for s in range(10)}
    assert len(pairings) > 1


def test_round_one_bye_is_random():
    contenders = [Contender(id=i) for i in range(7)]
    odd_ones = {pair_round(contenders, round_number=1, seed=s).odd_one_out for s in range(40)}
    assert len(odd_ones) >= 4


def test_rematch_window_of_three_forbids_rounds_two_and_three_and_allows_round_four():
    contenders = [Contender(1, tp=3), Contender(2, tp=3), Contender(3, tp=0), Contender(4, tp=0)]
    met = {frozenset((1, 2)): 1}
    for round_number in (2, 3):
        games = pair_round(contenders, round_number=round_number, seed=1, met=met).games
        assert (1, 2) not in {(g.player_a, g.player_b) for g in games}
    games = pair_round(contenders, round_number=4, seed=1, met=met).games
    assert games[0].player_a == 1 and games[0].player_b == 2


def test_higher_tp_plays_higher_tp_on_table_one():
    contenders = [Contender(i, tp=tp) for i, tp in enumerate([0, 6, 3, 6, 0, 3])]
    games = pair_round(contenders, round_number=3, seed=5).games
    assert [({g.player_a, g.player_b}, g.table) for g in games] == [({1, 3}, 1), ({2, 5}, 2), ({0, 4}, 3)]


def test_bye_goes_to_the_lowest_placed_player():
    contenders = [Contender(1, tp=6), Contender(2, tp=3), Contender(3, tp=3, diff=-2), Contender(4, tp=0, vp=5),
                  Contender(5, tp=0, vp=4)]
    assert pair_round(contenders, round_number=2, seed=3).odd_one_out == 5


def test_bye_skips_a_player_who_had_one():
    contenders = [Contender(1, tp=6), Contender(2, tp=3), Contender(3, tp=0, had_bye=True)]
    pairing = pair_round(contenders, round_number=2, seed=3)
    assert pairing.odd_one_out == 2
    assert [(g.table, g.player_a, g.player_b) for g in pairing.games] == [(1, 1, 3), (None, 2, None)]


def test_bye_moves_up_when_the_rest_could_not_be_paired():
    # 3 and 2 met last round: if 1 took the bye, 2 and 3 would have to meet again.
    contenders = [Contender(1, tp=0), Contender(2, tp=3), Contender(3, tp=6)]
    pairing = pair_round(contenders, round_number=2, seed=3, met={frozenset((2, 3)): 1})
    assert pairing.odd_one_out == 2


def test_the_ringer_plays_the_player_who_would_have_had_the_bye():
    contenders = [Contender(1, tp=6), Contender(2, tp=3), Contender(3, tp=0)]
    pairing = pair_round(contenders, round_number=2, seed=3, ringer=RINGER)
    assert pairing.odd_one_out == 3
    assert (3, RINGER) in {(g.player_a, g.player_b) for g in pairing.games}
    assert all(g.player_b is not None for g in pairing.games)


def test_no_legal_pairing_is_refused_with_the_reason():
    contenders = [Contender(1), Contender(2)]
    with pytest.raises(Conflict) as err:
        pair_round(contenders, round_number=2, seed=1, met={frozenset((1, 2)): 1})
    assert err.value.problems[0].code == "no_legal_pairing"


def test_nobody_left_for_the_bye_is_refused():
    contenders = [Contender(i, had_bye=True) for i in range(3)]
    with pytest.raises(Conflict) as err:
        pair_round(contenders, round_number=4, seed=1)
    assert err.value.problems[0].code == "no_bye_candidate"


def test_lower_tiers_never_outweigh_a_higher_one():
    # Pairing 1-2 and 3-4 costs 0 TP but huge Diff; 1-3, 2-4 costs TP 2*9 = 18 but no Diff. TP wins.
    contenders = [Contender(1, tp=3, diff=40), Contender(2, tp=3, diff=-40),
                  Contender(3, tp=0, diff=40), Contender(4, tp=0, diff=-40)]
    pairing = pair_round(contenders, round_number=2, seed=2)
    assert pairing.objective == (0, 2 * 80 ** 2, 0)
