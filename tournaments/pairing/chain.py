"""Bounds for a chain of levels: a block whose every inner level boundary has an odd number above.

Paying only its lower bound in the first tier, such a block is paired level by level with exactly one
game across each boundary, between the two levels beside it (a second crossing, or a game spanning
two boundaries, costs more). So choosing the *floats* (who leaves each level for the next) decides
everything else: each level then pairs its own players plus the one who came down, minus the one who
went down, on the next tier alone. These functions bound that next tier for every choice of floats by
the values involved, so the engine solves exactly only the floats that can still be optimal.
"""
from __future__ import annotations

import numpy as np


def lower_bound(values: np.ndarray) -> int:
    """Σ gap² over the boundaries between distinct values with an odd number of players above (values in
    descending order): every boundary with an odd number above is crossed at least once, and squares of
    consecutive gaps add up to no more than the square of their sum."""
    changes = np.nonzero(values[1:] != values[:-1])[0] + 1
    gaps = values[changes - 1] - values[changes]
    return int(np.sum(np.where(changes % 2 == 1, gaps * gaps, 0)))


def bounds_with_floats(level: np.ndarray, incoming: np.ndarray | None, outgoing: bool) -> np.ndarray:
    """lower_bound(level + u - w) for each incoming value u (rows; a single row when `incoming` is None)
    and each distinct value w of the level leaving it (columns, in descending order; a single column when
    nobody leaves). `level` is in descending order.

    Removing one player of value w flips the parity of every boundary below w; when w was the only one of
    its value, the two boundaries around it become one."""
    leaving = np.unique(level)[::-1]
    rows = [None] if incoming is None else incoming.tolist()
    table = np.empty((len(rows), len(leaving) if outgoing else 1), dtype=np.int64)
    for r, u in enumerate(rows):
        values = level if u is None else np.sort(np.append(level, u))[::-1]
        if not outgoing:
            table[r, 0] = lower_bound(values)
            continue
        distinct, counts = np.unique(values, return_counts=True)
        distinct, counts = distinct[::-1], counts[::-1]
        m = len(distinct)
        above = np.cumsum(counts)[:-1]  # players above boundary b (between distinct[b] and distinct[b + 1])
        gap2 = (distinct[:-1] - distinct[1:]) ** 2
        odd, even = np.where(above % 2 == 1, gap2, 0), np.where(above % 2 == 0, gap2, 0)
        odd_before = np.concatenate(([0], np.cumsum(odd)))  # [j]: Σ odd over boundaries b < j
        even_from = np.concatenate((np.cumsum(even[::-1])[::-1], [0, 0]))  # [j]: Σ even over b >= j
        j = np.arange(m)
        shared = odd_before[j] + even_from[j]  # one of several leaves: boundaries from j down flip
        alone = np.where(j >= 1, odd_before[np.maximum(j - 1, 0)], 0) + even_from[j + 1]
        inner = (j >= 1) & (j <= m - 2)
        merged_above = above[np.clip(j - 1, 0, max(m - 2, 0))] if m > 1 else np.zeros(m, np.int64)
        merged_gap2 = (distinct[np.clip(j - 1, 0, m - 1)] - distinct[np.clip(j + 1, 0, m - 1)]) ** 2
        alone = alone + np.where(inner & (merged_above % 2 == 1), merged_gap2, 0)
        result = np.where(counts >= 2, shared, alone)
        table[r] = result[np.searchsorted(-distinct, -leaving)]
    return table


def cheapest_paths(tables: list[np.ndarray]) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Min-plus over a chain of tables (tables[k][u, w]: level k receiving float u and sending w, where
    level k's columns are level k + 1's rows): for each level, the least cost of everything above its
    incoming float (before) and of everything below its outgoing float (after)."""
    before = [np.zeros(1, dtype=np.int64)]
    for table in tables[:-1]:
        before.append((before[-1][:, None] + table).min(axis=0))
    after = [np.zeros(1, dtype=np.int64)]
    for table in reversed(tables[1:]):
        after.insert(0, (table + after[0][None, :]).min(axis=1))
    return before, after


FAR = 2 ** 40  # a float a class cannot send


def chain_floor(classes: list[np.ndarray], extra_in: tuple[int, np.ndarray] | None = None,
                extra_out: tuple[int, np.ndarray] | None = None, most: int = 400) -> int:
    """The least the next tier can cost in a block paid at its bound on this one: its classes (values on the
    next tier, in descending order, one array per class, best class first) each pair among themselves plus
    one float from the class above and minus one float to the class below, as such a pairing crosses each
    boundary between classes once. `extra_in` (class, values): one player of one of those values joins that
    class; `extra_out` (class, values): one of those leaves it. 0 where more than `most` choices of the two
    would have to be tried in one class."""
    count = len(classes)
    sends = []
    for j, base in enumerate(classes):
        joining = extra_in[1] if extra_in is not None and extra_in[0] == j else np.zeros(0, np.int64)
        sends.append(np.unique(np.concatenate((base, joining)))[::-1])
    tables = []
    for j, base in enumerate(classes):
        rows = sends[j - 1] if j else None
        columns = sends[j] if j < count - 1 else None
        joins = np.unique(extra_in[1]).tolist() if extra_in is not None and extra_in[0] == j else [None]
        leaves = np.unique(extra_out[1]).tolist() if extra_out is not None and extra_out[0] == j else [None]
        if len(joins) * len(leaves) > most:
            return 0
        table = np.full((1 if rows is None else len(rows), 1 if columns is None else len(columns)), FAR, np.int64)
        for joined in joins:
            for leaving in leaves:
                field = base.tolist() + ([] if joined is None else [joined])
                if leaving is not None:
                    field.remove(leaving)
                level = np.array(sorted(field, reverse=True), dtype=np.int64)
                part = bounds_with_floats(level, rows, columns is not None)
                if columns is None:
                    table = np.minimum(table, part)
                    continue
                at = np.searchsorted(-columns, -np.unique(level)[::-1])
                table[:, at] = np.minimum(table[:, at], part)
        tables.append(table)
    before, _ = cheapest_paths(tables)
    return int((before[-1][:, None] + tables[-1]).min())
