"""Exact minimum-cost perfect matching with lexicographic costs.

Each candidate pair carries a tuple of tiers (most important first). The tiers
are packed into one integer with factors larger than anything the tiers below
can add up to in one round, so the cheapest perfect matching on the packed cost
is exactly the lexicographic optimum: no float rounding, no lower tier
outweighing a higher one. LEMON's blossom (`native/blossom.cpp`, 128-bit
integers) solves it; a problem whose costs could overflow those goes to networkx,
which works on Python integers.
"""
from __future__ import annotations

import ctypes
from collections.abc import Sequence
from functools import cache

import networkx as nx
import numpy as np

from tournaments.pairing.native import build

NATIVE = build.LIBRARY
NATIVE_LIMIT = 2 ** 120  # size × largest cost: LEMON's 128-bit duals reach about size/2 × it, scaled by 4
INT64_SAFE = 2 ** 62
LOW_HALF = 2 ** 64 - 1


class SolverMissing(RuntimeError):
    """The native solver was not built, or is an older build (`make native`)."""


def check_solver() -> None:
    """Raises SolverMissing unless the native solver loads and pairs two players."""
    if min_cost_perfect_matching(2, np.array([0]), np.array([1]), [np.array([0])]) != [(0, 1)]:
        raise SolverMissing(f"the pairing solver {NATIVE} answers wrongly: run `make native`")


@cache
def _native():
    """The built solver, loaded once (a failure is not cached), built first when missing or older than its
    source. ctypes lets other threads run while it works."""
    try:
        if build.stale(NATIVE):
            build.build(NATIVE)
        solve = ctypes.CDLL(str(NATIVE)).gg_min_cost_perfect_matching
    except build.BuildFailed as error:
        raise SolverMissing(f"the pairing solver {NATIVE} is not built: {error}") from None
    except (OSError, AttributeError) as error:
        raise SolverMissing(f"the pairing solver {NATIVE} does not load: run `make native` ({error})") from None
    solve.restype = ctypes.c_int
    solve.argtypes = [ctypes.c_int32, ctypes.c_int64, *[np.ctypeslib.ndpointer(dtype, flags="C_CONTIGUOUS")
                                                        for dtype in (np.int32, np.int32, np.int64, np.uint64,
                                                                      np.int32)]]
    return solve


def min_cost_perfect_matching(size: int, left: np.ndarray, right: np.ndarray,
                              tiers: Sequence[np.ndarray]) -> list[tuple[int, int]] | None:
    """Pairs of node indices (0..size-1) covering every node at least cost, or None if there is no
    perfect matching. Candidate pair k joins left[k] and right[k]; tiers[t][k] is its cost in tier t
    (non-negative integers, most important tier first)."""
    if size == 0:
        return []
    if size % 2 or len(left) == 0:
        return None
    games = size // 2
    maxima = [int(t.max()) for t in tiers]
    factors = [games * m + 1 for m in maxima]  # one round's whole tier stays below its factor
    top = 0
    for m, factor in zip(maxima, factors):
        top = top * factor + m
    if top < INT64_SAFE:
        packed = np.asarray(tiers[0], dtype=np.int64)
        for tier, factor in zip(tiers[1:], factors[1:]):
            packed = packed * factor + tier
        high, low = np.zeros(len(left), dtype=np.int64), packed.astype(np.uint64)
    else:
        packed = tiers[0].tolist()
        for tier, factor in zip(tiers[1:], factors[1:]):
            packed = [p * factor + c for p, c in zip(packed, tier.tolist())]
        if top * size >= NATIVE_LIMIT:
            return _on_python_integers(size, left, right, packed)
        high = np.array([p >> 64 for p in packed], dtype=np.int64)
        low = np.array([p & LOW_HALF for p in packed], dtype=np.uint64)
    mate = np.empty(size, dtype=np.int32)
    found = _native()(size, len(left), np.ascontiguousarray(left, dtype=np.int32),
                      np.ascontiguousarray(right, dtype=np.int32), high, low, mate)
    if found < 0:
        raise RuntimeError("the pairing solver ran out of memory or was given a pair outside the field")
    if not found:
        return None
    pairs = [(a, b) for a, b in enumerate(mate.tolist()) if a < b]
    assert len(pairs) == games, "the pairing solver left a player unmatched"
    return pairs


def _on_python_integers(size: int, left: np.ndarray, right: np.ndarray, packed: list[int]
                        ) -> list[tuple[int, int]] | None:
    top = max(packed) + 1
    graph = nx.Graph()
    graph.add_nodes_from(range(size))
    graph.add_weighted_edges_from(zip(left.tolist(), right.tolist(), (top - p for p in packed)))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) != size // 2:
        return None
    return [tuple(sorted(pair)) for pair in matching]
