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
