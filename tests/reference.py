"""Brute-force reference for the pairing objective, for small fields in tests."""
from collections.abc import Callable, Iterable


def perfect_matchings(ids: list):
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for i, partner in enumerate(rest):
        for tail in perfect_matchings(rest[:i] + rest[i + 1:]):
            yield [(first, partner), *tail]


def objective(pairs, totals: dict) -> tuple[int, int, int]:
    """(ΣΔTP², ΣΔDiff², ΣΔVP²); totals maps a player to (tp, diff, vp)."""
    return tuple(sum((totals[a][t] - totals[b][t]) ** 2 for a, b in pairs) for t in range(3))


def best_objective(ids: Iterable, totals: dict, legal: Callable) -> tuple[int, int, int] | None:
    """The least objective over every legal perfect matching of `ids`, None if there is none."""
    costs = [objective(m, totals) for m in perfect_matchings(list(ids)) if all(legal(a, b) for a, b in m)]
    return min(costs) if costs else None


def full_graph_objective(ids: list, totals: dict, legal: Callable) -> tuple[int, int, int] | None:
    """The exact optimum over the complete legal graph (networkx blossom on Python integers), or None."""
    import networkx as nx

    ids = list(ids)
    if not ids:
        return (0, 0, 0)
    games = len(ids) // 2
    edges = [(a, b, tuple((totals[a][t] - totals[b][t]) ** 2 for t in range(3)))
             for i, a in enumerate(ids) for b in ids[i + 1:] if legal(a, b)]
    if not edges:
        return None
    factors = [games * max(e[2][t] for e in edges) + 1 for t in range(3)]
    packed = [(a, b, (c[0] * factors[1] + c[1]) * factors[2] + c[2]) for a, b, c in edges]
    top = max(p[2] for p in packed) + 1
    graph = nx.Graph()
    graph.add_nodes_from(ids)
    graph.add_weighted_edges_from((a, b, top - c) for a, b, c in packed)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) != games:
        return None
    return objective(list(matching), totals)
