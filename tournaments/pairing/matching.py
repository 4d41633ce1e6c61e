"""Exact minimum-cost perfect matching with lexicographic costs.

Each candidate pair carries a tuple of tiers (most important first). The tiers
are packed into one integer with factors larger than anything the tiers below
can add up to in one round, so the maximum-weight matching on `top - cost` is
exactly the lexicographic optimum: no float rounding, no lower tier outweighing
a higher one. rustworkx (Rust, 128-bit weights) solves it; a cost too large for
its weights goes to networkx, which works on Python integers.
"""
from __future__ import annotations

from collections.abc import Sequence

import networkx as nx
import numpy as np
import rustworkx as rx

RUST_LIMIT = 2 ** 100  # rustworkx keeps weights in 128 bits; stay far below so its sums cannot overflow
INT64_SAFE = 2 ** 62


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
    top += 1
    if top < INT64_SAFE:
        packed = np.zeros(len(left), dtype=np.int64)
        for tier, factor in zip(tiers, factors):
            packed = packed * factor + tier
        weights = (top - packed).tolist()
    else:
        packed = [0] * len(left)
        for tier, factor in zip(tiers, factors):
            packed = [p * factor + c for p, c in zip(packed, tier.tolist())]
        weights = [top - p for p in packed]
    edges = list(zip(left.tolist(), right.tolist(), weights))
    if top < RUST_LIMIT:
        graph = rx.PyGraph()
        graph.add_nodes_from(range(size))
        graph.add_edges_from(edges)
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    else:
        graph = nx.Graph()
        graph.add_nodes_from(range(size))
        graph.add_weighted_edges_from(edges)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) != games:
        return None
    return [tuple(sorted(pair)) for pair in matching]
