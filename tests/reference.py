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


def perfectly_matchable(ids: list, legal: Callable) -> bool:
    """Whether `ids` can all be paired by legal pairs (networkx's maximum-cardinality blossom on the legal
    graph: nothing of the engine's, no costs)."""
    import networkx as nx

    ids = list(ids)
    if len(ids) % 2:
        return False
    graph = nx.Graph()
    graph.add_nodes_from(ids)
    graph.add_edges_from((a, b) for i, a in enumerate(ids) for b in ids[i + 1:] if legal(a, b))
    return len(nx.max_weight_matching(graph, maxcardinality=True)) == len(ids) // 2


def pairing_with_a_bye_exists(ids: list, eligible: set, legal: Callable) -> bool:
    """Whether some eligible player can sit out while the others are paired legally: a perfect matching of
    the legal graph with one stand-in joined to every eligible player."""
    stand_in = object()
    return perfectly_matchable([*ids, stand_in],
                               lambda a, b: (b in eligible if a is stand_in else a in eligible if b is stand_in
                                             else legal(a, b)))


def lowest_possible_bye(order_low_first: list, eligible: set, legal: Callable):
    """The lowest-placed eligible player for whom the others can still be paired legally (None: nobody)."""
    return next((c for c in order_low_first
                 if c in eligible and perfectly_matchable([i for i in order_low_first if i != c], legal)), None)
