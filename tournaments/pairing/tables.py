"""Table numbers for a round's games.

The best-placed game sits at the first table; pinned players (accessibility) get
their table; unavailable tables are skipped; with fresh tables, players are kept
off table numbers they already played on where a nearby table allows it.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from tournaments.pairing.matching import min_cost_perfect_matching

TABLE_NUMBER_MAX = 10000  # the highest table number an event may name (unavailable, pinned)
FRESH_TABLE_REACH = 8  # how far from its natural table a game may move to avoid a repeated table


def assign_tables(games: Sequence[tuple[int, int]], *, unavailable: set[int] = frozenset(),
                  pinned: Mapping[int, int] | None = None, played: Mapping[int, set[int]] | None = None,
                  fresh: bool = False) -> list[int]:
    """Table numbers for `games` (pairs of players, best-placed game first), in the same order."""
    pinned, played = pinned or {}, played or {}
    tables: list[int | None] = [None] * len(games)
    taken: set[int] = set()
    for k, game in enumerate(games):  # the best-placed game wins a contested pin
        wish = next((pinned[p] for p in game if p in pinned and pinned[p] not in taken), None)
        if wish is not None:
            tables[k] = wish
            taken.add(wish)
    free = [k for k, t in enumerate(tables) if t is None]
    numbers, candidate = [], 1
    while len(numbers) < len(free):
        if candidate not in unavailable and candidate not in taken:
            numbers.append(candidate)
        candidate += 1
    order = _fresh_order(free, numbers, games, played) if fresh else range(len(free))
    for k, slot in zip(free, order):
        tables[k] = numbers[slot]
    return tables


def _fresh_order(free: list[int], numbers: list[int], games, played) -> list[int]:
    """For each free game, the index of its table: fewest repeated tables, then closest to its natural place."""
    size = len(free)
    left, right, repeats, moves = [], [], [], []
    for g, k in enumerate(free):
        for t in range(max(0, g - FRESH_TABLE_REACH), min(size, g + FRESH_TABLE_REACH + 1)):
            left.append(g)
            right.append(size + t)
            repeats.append(sum(numbers[t] in played.get(p, ()) for p in games[k]))
            moves.append(abs(g - t))
    matching = min_cost_perfect_matching(2 * size, np.array(left), np.array(right),
                                         [np.array(repeats), np.array(moves)])
    order = [0] * size
    for a, b in matching:
        order[a] = b - size
    return order
