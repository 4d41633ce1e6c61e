"""The matching solver under the engine (LEMON through `native/blossom.cpp`; networkx where 128-bit duals
could overflow), checked against a brute force over every perfect matching, written apart from it."""
from __future__ import annotations

import random

import numpy as np
import pytest
from django.apps import apps
from django.core.exceptions import ImproperlyConfigured
from hypothesis import given, settings
from hypothesis import strategies as st

import tournaments.pairing.matching as matching
from tests.profiles import examples
from tournaments.pairing.matching import NATIVE_LIMIT, SolverMissing, min_cost_perfect_matching
from tournaments.pairing.native import build


def cheapest_by_brute_force(size: int, costs: dict[tuple[int, int], tuple[int, ...]]) -> tuple[int, ...] | None:
    """The least tier sums (compared tier by tier) over every perfect matching of the pairs, or None."""
    best = None

    def extend(free: list[int], paid: tuple[int, ...]):
        nonlocal best
        if not free:
            best = paid if best is None or paid < best else best
            return
        first, rest = free[0], free[1:]
        for k, other in enumerate(rest):
            pair = costs.get((first, other))
            if pair is not None:
                extend(rest[:k] + rest[k + 1:], tuple(p + c for p, c in zip(paid, pair)))

    tiers = len(next(iter(costs.values()))) if costs else 0
    extend(list(range(size)), (0,) * tiers)
    return best


@st.composite
def graphs(draw):
    """A small graph (sometimes odd, sometimes without a perfect matching) with one to four tiers of costs,
    from small ones to packed costs past 64 bits and past the native solver's limit."""
    size = draw(st.integers(2, 10))
    pairs = [(a, b) for a in range(size) for b in range(a + 1, size)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, min_size=1, max_size=len(pairs)))
    tiers = draw(st.integers(1, 4))
    largest = draw(st.sampled_from([3, 100, 2 ** 30, 2 ** 40]))
    costs = {pair: tuple(draw(st.integers(0, largest)) for _ in range(tiers)) for pair in sorted(chosen)}
    return size, costs


def solve(size: int, costs: dict[tuple[int, int], tuple[int, ...]]):
    left, right = (np.array(side, dtype=np.int64) for side in zip(*costs))
    tiers = [np.array([c[t] for c in costs.values()], dtype=np.int64) for t in range(len(next(iter(costs.values()))))]
    return min_cost_perfect_matching(size, left, right, tiers)


@settings(max_examples=examples(400), deadline=None)
@given(graphs())
def test_the_solver_finds_the_cheapest_perfect_matching_tier_by_tier(graph):
    size, costs = graph
    expected = cheapest_by_brute_force(size, costs)
    pairs = solve(size, costs)
    if expected is None:
        assert pairs is None
        return
    assert sorted(a for pair in pairs for a in pair) == list(range(size))
    assert all(pair in costs for pair in pairs)
    assert tuple(sum(costs[p][t] for p in pairs) for t in range(len(expected))) == expected


def test_costs_past_64_bits_reach_the_native_solver_whole(monkeypatch):
    """Packed costs past 2^64 travel as two halves: the high half must count. Seeded graphs of three tiers
    up to 2^30 (their packed costs need 65 to 100 bits) against the brute force, on the native solver."""
    monkeypatch.setattr(matching, "_on_python_integers", not_networkx)
    rng = random.Random(20)
    checked = 0
    while checked < 150:
        size = rng.choice([4, 6, 8])
        costs = {(a, b): tuple(rng.randint(0, 2 ** 30) for _ in range(3))
                 for a in range(size) for b in range(a + 1, size) if rng.random() < 0.7}
        expected = cheapest_by_brute_force(size, costs) if costs else None
        if expected is None:
            continue
        most = [max(c[t] for c in costs.values()) for t in range(3)]
        top = 0
        for m in most:
            top = top * (size // 2 * m + 1) + m
        assert 2 ** 64 < top and top * size < NATIVE_LIMIT
        pairs = solve(size, costs)
        assert tuple(sum(costs[p][t] for p in pairs) for t in range(3)) == expected
        checked += 1


def not_networkx(*args):
    raise AssertionError("these costs belong to the native solver")


def test_costs_near_the_native_limit_agree_with_networkx(monkeypatch):
    """A field of 120 with two tiers up to 2^52: size × the largest packed cost is just under the native
    limit, where LEMON's duals are largest. Its optimum must be networkx's on Python integers."""
    rng = random.Random(7)
    size, most = 120, 2 ** 52
    pairs = {(a, a + 1) for a in range(0, size, 2)} | {tuple(sorted(rng.sample(range(size), 2))) for _ in range(900)}
    left, right = (np.array(side, dtype=np.int64) for side in zip(*sorted(pairs)))
    tiers = [np.array([rng.randint(most // 2, most) for _ in pairs], dtype=np.int64) for _ in range(2)]
    top = most * (size // 2 * most + 1) + most
    assert NATIVE_LIMIT // 2 ** 6 < top * size < NATIVE_LIMIT
    cost = {(a, b): (t1, t2) for a, b, t1, t2 in zip(left.tolist(), right.tolist(), *(t.tolist() for t in tiers))}

    def paid(matched):
        return tuple(sum(cost[p][t] for p in matched) for t in range(2))

    with monkeypatch.context() as patched:
        patched.setattr(matching, "_on_python_integers", not_networkx)
        native = min_cost_perfect_matching(size, left, right, tiers)
    packed = [t1 * (size // 2 * int(tiers[1].max()) + 1) + t2 for t1, t2 in cost.values()]
    assert paid(native) == paid(matching._on_python_integers(size, left, right, packed))


def test_a_missing_solver_is_built_at_start_and_pairs(monkeypatch, tmp_path):
    """A checkout where only `pip install -r requirements.txt` ran: the app builds the solver itself."""
    monkeypatch.setattr(matching, "NATIVE", tmp_path / "libblossom.so")
    matching._native.cache_clear()
    try:
        apps.get_app_config("tournaments").ready()
        built = tmp_path / "libblossom.so"
        assert built.exists() and not list(tmp_path.glob(".build-*"))
        assert built.stat().st_mode & 0o055 == 0o055  # others may read and load it (the web's account, say)
        assert matching.min_cost_perfect_matching(4, np.array([0, 0, 1, 2]), np.array([1, 2, 3, 3]),
                                                  [np.array([5, 1, 1, 5])]) == [(0, 2), (1, 3)]
    finally:
        monkeypatch.undo()
        matching._native.cache_clear()


def test_a_solver_that_cannot_be_built_stops_the_start_saying_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setattr(matching, "NATIVE", tmp_path / "libblossom.so")
    monkeypatch.setattr(build, "COMPILER", "no-such-g++")
    matching._native.cache_clear()
    with pytest.raises(SolverMissing, match="g\\+\\+ and liblemon-dev"):
        matching.check_solver()
    with pytest.raises(ImproperlyConfigured, match="make native"):
        apps.get_app_config("tournaments").ready()
    assert not list(tmp_path.iterdir())
    monkeypatch.undo()
    matching._native.cache_clear()
    matching.check_solver()  # loads the real one again
