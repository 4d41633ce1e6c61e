"""A block of several score levels joined by single floats (`engine._chain_of_levels`): its bounds hold, and
with the chain forced on for every block of any size the engine still reaches the complete graph's optimum
(`tests/reference.py`, written apart from the engine) on skill-correlated, random and adversarial fields."""
import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tournaments.pairing.engine as engine
from benchmarks.fields import simulate
from tests.pairing.test_pairing_exactness import RINGER, check_against_full_graph, simulated_field
from tests.pairing.test_pairing_worst_fields import SIMULATED
from tournaments.pairing import Contender, pair_round
from tournaments.pairing.chain import bounds_with_floats, cheapest_paths, lower_bound

values = st.lists(st.integers(-6, 6), min_size=1, max_size=9).map(lambda v: np.array(sorted(v, reverse=True)))


def least_pairing_cost(points: list[int]) -> int:
    """Brute force: the cheapest Σ (a - b)² over every perfect matching of an even multiset."""
    if not points:
        return 0
    first, rest = points[0], points[1:]
    return min((first - rest[i]) ** 2 + least_pairing_cost(rest[:i] + rest[i + 1:]) for i in range(len(rest)))


@settings(max_examples=200, deadline=None)
@given(points=st.lists(st.integers(-5, 5), min_size=2, max_size=8).filter(lambda p: len(p) % 2 == 0))
def test_the_lower_bound_never_exceeds_the_cheapest_pairing(points):
    assert lower_bound(np.array(sorted(points, reverse=True))) <= least_pairing_cost(points)


@settings(max_examples=300, deadline=None)
@given(level=values, incoming=st.none() | st.sets(st.integers(-8, 8), min_size=1, max_size=4),
       outgoing=st.booleans())
def test_bounds_with_floats_are_the_bound_of_each_field_they_stand_for(level, incoming, outgoing):
    rows = None if incoming is None else np.array(sorted(incoming, reverse=True))
    table = bounds_with_floats(level, rows, outgoing)
    leaving = sorted(set(level.tolist()), reverse=True) if outgoing else [None]
    for r, came in enumerate([None] if rows is None else rows.tolist()):
        for c, left in enumerate(leaving):
            field = level.tolist() + ([] if came is None else [came])
            if left is not None:
                field.remove(left)
            assert table[r, c] == lower_bound(np.array(sorted(field, reverse=True), dtype=np.int64))


def chain_tables(widths: list[int]):
    """Tables for a chain whose inner floats take `widths` values: 1 row at the top, 1 column at the bottom."""
    shapes = list(zip([1, *widths], [*widths, 1]))
    return st.tuples(*[st.lists(st.integers(0, 20), min_size=a * b, max_size=a * b).map(
        lambda flat, a=a, b=b: np.array(flat, dtype=np.int64).reshape(a, b)) for a, b in shapes])


@settings(max_examples=100, deadline=None)
@given(tables=st.lists(st.integers(1, 3), min_size=0, max_size=3).flatmap(chain_tables))
def test_cheapest_paths_agree_with_every_path(tables):
    tables = list(tables)
    before, after = cheapest_paths(tables)
    paths = itertools.product(*[range(t.shape[1]) for t in tables[:-1]])
    costs = [sum(t[a, b] for t, a, b in zip(tables, (0, *path), (*path, 0))) for path in paths]
    assert int((before[-1][:, None] + tables[-1]).min()) == min(costs)
    for k, table in enumerate(tables):  # through any cell: never below the cheapest path, and equal on some
        through = before[k][:, None] + table + after[k][None, :]
        assert through.min() == min(costs)


def forced_chain(monkeypatch, budget=None):
    monkeypatch.setattr(engine, "CHAIN_SIZE", 2)
    monkeypatch.setattr(engine, "CHAIN_LEVEL", 1)
    monkeypatch.setattr(engine, "SMALL_BLOCK", 4)
    if budget is not None:
        monkeypatch.setattr(engine, "CHAIN_BUDGET", budget)


@settings(max_examples=80, deadline=None)
@given(n=st.integers(4, 44), **SIMULATED)
def test_with_every_block_chained_the_engine_matches_the_complete_graph(n, kind, round_number, seed, window, history,
                                                                      with_ringer):
    with pytest.MonkeyPatch.context() as monkeypatch:
        forced_chain(monkeypatch)
        contenders, met = simulate(n, kind, round_number, seed, window=window, history=history)
        check_against_full_graph(contenders, met, round_number, window, seed, RINGER if with_ringer else None)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(6, 40), rounds=st.integers(1, 6), bans=st.integers(0, 4), seed=st.integers(0, 10**6),
       budget=st.sampled_from([None, 0, 0.05]))
def test_chained_adversarial_fields_and_a_spent_budget_match_the_complete_graph(n, rounds, bans, seed, budget):
    """Neighbours banned from meeting, and a chain that gives up early and leaves the block to one blossom."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        forced_chain(monkeypatch, budget)
        contenders, met = simulated_field(random.Random(seed), n, rounds, bans)
        check_against_full_graph(contenders, met, rounds + 1, 3, seed)


@settings(max_examples=8, deadline=None)
@given(n=st.integers(60, 140), kind=st.sampled_from(["skill", "random"]), round_number=st.integers(2, 10),
       seed=st.integers(0, 10**6))
def test_larger_chained_fields_match_the_complete_graph(n, kind, round_number, seed):
    """Blocks of dozens of players on each level, solved block by block on the next tier."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(engine, "CHAIN_SIZE", 2)
        monkeypatch.setattr(engine, "CHAIN_LEVEL", 1)
        contenders, met = simulate(n, kind, round_number, seed)
        check_against_full_graph(contenders, met, round_number, 3, seed)


def test_a_big_chain_is_never_one_blossom_and_keeps_the_optimum(monkeypatch):
    """A field whose score levels join into one block of hundreds of players: the chain pairs it with small
    blossoms only, at the objective the engine reaches without the chain, and the same seed gives the same
    pairing."""
    contenders, met = simulate(1000, "skill", 3, 2)
    monkeypatch.setattr(engine, "CHAIN_SIZE", 10**9)
    unchained = pair_round(contenders, round_number=3, seed=2, met=met)
    monkeypatch.setattr(engine, "CHAIN_SIZE", 200)
    sizes = []
    original = engine.min_cost_perfect_matching

    def recording(size, left, right, tiers):
        sizes.append(size)
        return original(size, left, right, tiers)

    monkeypatch.setattr(engine, "min_cost_perfect_matching", recording)
    chains = recorded_chains(monkeypatch)
    chained = pair_round(contenders, round_number=3, seed=2, met=met)
    assert chained.objective == unchained.objective
    biggest = max(size for size, solved in chains if solved)
    assert biggest >= 600
    assert max(sizes) < biggest / 2
    assert pair_round(contenders, round_number=3, seed=2, met=met) == chained


def recorded_chains(monkeypatch) -> list[tuple[int, bool]]:
    """Each chain the engine tried: its size, and whether it answered or gave the block back to one blossom."""
    answered = []
    chain = engine._chain_of_levels

    def chaining(block, *args):
        answer = chain(block, *args)
        answered.append((len(block), answer is not None))
        return answer

    monkeypatch.setattr(engine, "_chain_of_levels", chaining)
    return answered


def test_equal_floats_that_met_the_level_below_are_not_taken_for_each_other(monkeypatch):
    """Three players level on everything float to the level below; the first in the standings met two of
    its three players, so only the others may stand for one another. Taking the first as the float would
    cost 25 VP² (against the one it may meet) instead of 17."""
    forced_chain(monkeypatch, budget=10)  # a field this small has too small a budget to chain otherwise
    answered = recorded_chains(monkeypatch)
    top = [Contender(i, 3, 2, 6) for i in (1, 2, 3)]
    below = [Contender(4, 0, 0, 5), Contender(5, 0, 0, 5), Contender(6, 0, 0, 1)]
    met = {frozenset((1, 4)): 1, frozenset((1, 5)): 1}
    for seed in range(12):  # the seed decides who stands first among the three
        pairing = pair_round(top + below, round_number=2, seed=seed, met=met)
        assert pairing.objective == (9, 4, 17)
        assert [done for size, done in answered if size == 6] == [True]  # the chain, not one blossom
        answered.clear()


def test_equal_floats_whose_level_pays_differently_without_them_are_each_tried(monkeypatch):
    """Three equal players may float; two of them met, so the level pays 32 VP² when the third leaves and
    nothing when either of the two does. The first tried is not the last word for the others."""
    forced_chain(monkeypatch, budget=10)
    answered = recorded_chains(monkeypatch)
    top = [Contender(1, 3, 0, 5), Contender(2, 3, 0, 5), Contender(3, 3, 0, 5), Contender(4, 3, 0, 9),
           Contender(5, 3, 0, 9)]
    below = [Contender(6, 0, 0, 5), Contender(7, 0, 0, 5), Contender(8, 0, 0, 5)]
    met = {frozenset((2, 3)): 1}
    for seed in range(12):
        answered.clear()
        assert pair_round(top + below, round_number=2, seed=seed, met=met).objective == (9, 0, 0)
        assert [done for size, done in answered if size == 8] == [True]


@settings(max_examples=60, deadline=None)
@given(levels=st.lists(st.integers(1, 9), min_size=2, max_size=4), seed=st.integers(0, 10**6),
       bans=st.floats(0, 0.4), drawn=st.booleans())
def test_crowds_of_equal_players_with_bans_among_them_match_the_complete_graph(levels, seed, bans, drawn):
    """Levels of players sharing a handful of scores, so floats come in classes of equals; bans fall inside
    and between levels (with `drawn`, between players of equal scores, as a drawn game leaves them): the
    classes, the stand-ins without bans and the skipped floats must all keep the optimum."""
    rng = random.Random(seed)
    sizes = [2 * s + 1 for s in levels]
    sizes[-1] += len(sizes) % 2  # an even field
    contenders = []
    for k, size in enumerate(sizes):
        contenders += [Contender(len(contenders) + i, 3 * (len(sizes) - k), rng.choice((0, 1, 3)),
                                 rng.choice((4, 5, 6))) for i in range(size)]
    met = {}
    for a in contenders:
        for b in contenders:
            if a.id < b.id and rng.random() < bans and (not drawn or (a.diff, a.vp) == (b.diff, b.vp)):
                met[frozenset((a.id, b.id))] = 1
    with pytest.MonkeyPatch.context() as monkeypatch:
        forced_chain(monkeypatch)
        check_against_full_graph(contenders, met, 2, 3, seed)
