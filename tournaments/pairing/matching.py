"""Exact minimum-cost perfect matching with lexicographic costs.

Each candidate pair carries a tuple of tiers (most important first). The tiers
are packed into one integer with factors larger than anything the tiers below
can add up to in one round, so the maximum-weight matching on `top - cost` is
exactly the lexicographic optimum: no float rounding, no lower tier outweighing
a higher one. rustworkx (Rust, 128-bit weights) solves it; a cost too large for
128 bits goes to networkx, which works on Python integers.
"""
from __future__ import annotations

from collections.abc import Sequence

import networkx as nx
import rustworkx as rx

RUST_LIMIT = 2 ** 100  # rustworkx keeps weights in 128 bits; stay far below so its sums cannot overflow


def min_cost_perfect_matching(size: int, edges: Sequence[tuple[int, int, tuple[int, ...]]]) -> list[tuple[int, int]] | None:
    """Pairs of node indices (0..size-1) covering every node at least cost, or None if no perfect matching."""
    if size == 0:
        return []
    if size % 2 or not edges:
        return None
    games = size // 2
    tiers = len(edges[0][2])
    factors = [games * max(e[2][t] for e in edges) + 1 for t in range(tiers)]
    packed = []
    for i, j, costs in edges:
        cost = 0
        for tier, factor in zip(costs, factors):
            cost = cost * factor + tier
        packed.append((i, j, cost))
    top = max(c for _, _, c in packed) + 1
    weighted = [(i, j, top - c) for i, j, c in packed]
    if top < RUST_LIMIT:
        graph = rx.PyGraph()
        graph.add_nodes_from(range(size))
        graph.add_edges_from(weighted)
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    else:
        graph = nx.Graph()
        graph.add_nodes_from(range(size))
        graph.add_weighted_edges_from(weighted)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) != games:
        return None
    return [tuple(sorted(pair)) for pair in matching]
