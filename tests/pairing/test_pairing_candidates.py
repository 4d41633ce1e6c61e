"""Blocks past a handful of players are solved on their candidate graph (`candidates.candidate_pairs`), not
on every legal pair: with that graph forced on every block of more than four players, the engine still
reaches the complete graph's optimum (`tests/reference.py`, written apart from the engine) on
skill-correlated, random and adversarial fields, and the lower bound it starts from never overshoots."""
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tournaments.pairing.engine as engine
from benchmarks.fields import simulate
from tests.pairing.test_pairing_exactness import RINGER, check_against_full_graph, simulated_field
from tests.pairing.test_pairing_worst_fields import SIMULATED
from tests.profiles import examples
from tournaments.pairing import Contender
from tournaments.pairing.candidates import lower_bound


def least_pairing_cost(points: list[int]) -> int:
    """Brute force: the cheapest Σ (a - b)² over every perfect matching of an even multiset."""
    if not points:
        return 0
    first, rest = points[0], points[1:]
    return min((first - rest[i]) ** 2 + least_pairing_cost(rest[:i] + rest[i + 1:]) for i in range(len(rest)))


@settings(max_examples=examples(200), deadline=None)
@given(points=st.lists(st.integers(-5, 5), min_size=2, max_size=8).filter(lambda p: len(p) % 2 == 0))
def test_the_lower_bound_never_exceeds_the_cheapest_pairing(points):
    assert lower_bound(np.array(sorted(points, reverse=True))) <= least_pairing_cost(points)


def candidate_graphs(monkeypatch):
    """Every block of more than four players on its candidate graph (normally past SMALL_BLOCK players)."""
    monkeypatch.setattr(engine, "SMALL_BLOCK", 4)


@settings(max_examples=examples(80), deadline=None)
@given(n=st.integers(4, 44), **SIMULATED)
def test_simulated_fields_on_candidate_graphs_match_the_complete_graph(n, kind, round_number, seed, window, history,
                                                                      with_ringer):
    with pytest.MonkeyPatch.context() as monkeypatch:
        candidate_graphs(monkeypatch)
        contenders, met = simulate(n, kind, round_number, seed, window=window, history=history)
        check_against_full_graph(contenders, met, round_number, window, seed, RINGER if with_ringer else None)


@settings(max_examples=examples(40), deadline=None)
@given(n=st.integers(6, 40), rounds=st.integers(1, 6), bans=st.integers(0, 4), seed=st.integers(0, 10**6))
def test_adversarial_fields_on_candidate_graphs_match_the_complete_graph(n, rounds, bans, seed):
    """Neighbours banned from meeting."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        candidate_graphs(monkeypatch)
        contenders, met = simulated_field(random.Random(seed), n, rounds, bans)
        check_against_full_graph(contenders, met, rounds + 1, 3, seed)


@settings(max_examples=examples(8), deadline=None)
@given(n=st.integers(60, 140), kind=st.sampled_from(["skill", "random"]), round_number=st.integers(2, 10),
       seed=st.integers(0, 10**6))
def test_larger_fields_on_candidate_graphs_match_the_complete_graph(n, kind, round_number, seed):
    """Blocks of dozens of players on each level, several levels to a block."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        candidate_graphs(monkeypatch)
        contenders, met = simulate(n, kind, round_number, seed)
        check_against_full_graph(contenders, met, round_number, 3, seed)


@settings(max_examples=examples(60), deadline=None)
@given(levels=st.lists(st.integers(1, 9), min_size=2, max_size=4), seed=st.integers(0, 10**6),
       bans=st.floats(0, 0.4), drawn=st.booleans())
def test_crowds_of_equal_players_with_bans_among_them_match_the_complete_graph(levels, seed, bans, drawn):
    """Levels of players sharing a handful of scores, so the candidate windows hold many equal players; bans
    fall inside and between levels (with `drawn`, between players of equal scores, as a drawn game leaves
    them)."""
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
        candidate_graphs(monkeypatch)
        check_against_full_graph(contenders, met, 2, 3, seed)
