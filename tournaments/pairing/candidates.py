"""Candidate pairs for one block: a graph that provably holds every optimal pairing, and few pairs more.

The block is sorted best first on its columns (TP, Diff, VP, or what is left of them one tier down);
the engine adds the seeded standing order as a last column, so no two players tie on every column.
Tier 1 is the first column; the others count only once the tiers before them are equal.

Why an optimal pairing M of the block (over every legal pair) uses only these pairs. F is the most
bans any player has here, and `slack` bounds what M pays in tier 1 over the block's lower bound
(Σ gap² over the level boundaries with an odd number of players above); any legal pairing found so far
gives one, since M can only pay less.

- Levels (tier 1). Each boundary b is crossed at least parity(b) times and pays gap_b² per extra
  crossing; M crosses it at most 2F + 1 times (among 2F + 2 crossing games two can be re-paired legally
  inside their sides, which is cheaper). A game spanning several boundaries pays the cross terms of its
  square on top. So a game between two levels needs, out of the slack, its cross terms plus 2·gap² for
  every boundary with an even number above that it crosses; levels further apart are never paired.
- Windows (each later column c). Swapping the partners of a and of a player x that ties with a on every
  column before c changes no earlier tier and moves tier c by 2·(a - x)·(partner(a) - partner(x)). For a
  game (a, b), every such x strictly between b and a on column c gives a strictly better swap unless x's
  partner lies beyond b and outside x's class (at most `out` of those: the players of the class met
  across its boundaries) or a ban blocks it (each of a's and b's bans blocks at most two x). So at most
  4F + out players of a's class lie strictly between, and likewise for b. `out` is at most the level's
  boundary crossings for column 2, and grows by 4F + 2 per column after (2F + 1 crossings of each of the
  class's two boundaries inside the class one column up, by the same re-pairing argument).
"""
from __future__ import annotations

import numpy as np

BIG, SMALL = 2 ** 62, -(2 ** 62)  # beyond any score, and safe to negate


def lower_bound(values: np.ndarray) -> int:
    """Σ gap² over the boundaries between distinct values with an odd number of players above (values in
    descending order): every boundary with an odd number above is crossed at least once, and squares of
    consecutive gaps add up to no more than the square of their sum."""
    changes = np.nonzero(values[1:] != values[:-1])[0] + 1
    gaps = values[changes - 1] - values[changes]
    return int(np.sum(np.where(changes % 2 == 1, gaps * gaps, 0)))


def candidate_pairs(values: np.ndarray, bans: list[set[int]], slack: int) -> tuple[np.ndarray, np.ndarray]:
    """Legal candidate pairs (left < right, indices into the block) of a block sorted best first on every
    column of `values`; the last column must hold no ties (the standing order)."""
    size, columns = values.shape
    most_bans = max((len(b) for b in bans), default=0)
    level = values[:, 0]
    starts = np.concatenate(([0], np.nonzero(level[1:] != level[:-1])[0] + 1))
    ends = np.append(starts[1:], size)
    level_of = np.repeat(np.arange(len(starts)), ends - starts)
    crossings = _most_crossings(level, starts, size, most_bans, slack)
    out = (crossings[:-1] + crossings[1:])[level_of]  # players of the level met across its boundaries
    low, high = np.empty((columns, size), np.int64), np.empty((columns, size), np.int64)
    classes = []  # per column c >= 1: the class id of each player (ties on every column before c)
    for c in range(1, columns):
        changed = np.zeros(size, dtype=bool)
        changed[1:] = (values[1:, :c] != values[:-1, :c]).any(axis=1)
        ids = np.cumsum(changed)
        classes.append(ids)
        limit = 4 * most_bans + out + (c - 1) * (4 * most_bans + 2)
        class_starts = np.nonzero(np.concatenate(([True], changed[1:])))[0]
        for s, e in zip(class_starts, np.append(class_starts[1:], size)):
            low[c, s:e], high[c, s:e] = _windows(values[s:e, c], limit[s:e])
    left, right = _pairs_in_windows(values, starts, ends, _level_pairs(level, starts, crossings, slack),
                                    classes, low, high)
    keep = left < right
    for c in range(1, columns):
        keep &= (values[left, c] >= low[c, right]) & (values[left, c] <= high[c, right])
    return legal_pairs((left[keep], right[keep]), bans)


def _most_crossings(level, starts, size, most_bans, slack) -> np.ndarray:
    """The most times M can cross each level boundary (padded with 0 for the block's two ends)."""
    most = [0]
    for b in starts[1:].tolist():
        gap2 = int(level[b - 1] - level[b]) ** 2
        floor = b % 2
        most.append(min(2 * most_bans + 1, b, size - b, floor + 2 * (slack // (2 * gap2))))
    most.append(0)
    return np.array(most, dtype=np.int64)


def _level_pairs(level, starts, crossings, slack) -> list[tuple[int, int]]:
    """Pairs of levels (i <= j) a game of M can join (see the module docstring)."""
    values = level[starts].tolist()
    pairs = []
    for i in range(len(values)):
        pairs.append((i, i))
        gaps2, evens = 0, 0
        for j in range(i + 1, len(values)):
            if crossings[j] == 0:
                break
            gap2 = (values[j - 1] - values[j]) ** 2
            gaps2 += gap2
            evens += 0 if starts[j] % 2 else 2 * gap2
            if (values[i] - values[j]) ** 2 - gaps2 + evens > slack:
                break
            pairs.append((i, j))
    return pairs


def _pairs_in_windows(values, starts, ends, level_pairs, classes, low, high) -> tuple[np.ndarray, np.ndarray]:
    """Every (a, b) with b in a level paired with a's and b inside a's windows on every column.

    Works on index ranges of the sorted block: start with b's whole level, then narrow column by column
    (b's values inside a's window) and split the range at b's class boundaries, so no range is ever
    expanded to pairs before the last column has narrowed it."""
    size, columns = values.shape
    sizes = ends - starts
    first, second = np.array([p[0] for p in level_pairs]), np.array([p[1] for p in level_pairs])
    a = np.concatenate([np.arange(starts[i], ends[i]) for i in first]) if len(first) else np.zeros(0, np.int64)
    lo = np.repeat(starts[second], sizes[first])
    hi = np.repeat(ends[second], sizes[first])
    for c in range(1, columns):
        ids = classes[c - 1]
        span = int(values[:, c].max() - values[:, c].min()) + 1 if size else 1
        # One increasing key along the block: class first, then the column descending.
        key = ids * span + (values[:, c].max() - values[:, c])
        cls = ids[lo]
        lo = np.maximum(lo, np.searchsorted(key, cls * span + (values[:, c].max() - np.minimum(high[c, a],
                                            values[:, c].max())), side="left"))
        hi = np.minimum(hi, np.searchsorted(key, cls * span + (values[:, c].max() - np.maximum(low[c, a],
                                            values[:, c].min())), side="right"))
        nonempty = hi > lo
        a, lo, hi = a[nonempty], lo[nonempty], hi[nonempty]
        if c + 1 < columns:  # split at the next column's class boundaries
            nxt = classes[c]
            first_class, last_class = nxt[lo], nxt[hi - 1]
            pieces = last_class - first_class + 1
            class_start = np.searchsorted(nxt, np.arange(nxt[-1] + 2), side="left")
            piece = np.arange(pieces.sum()) - np.repeat(np.cumsum(pieces) - pieces, pieces)
            which = np.repeat(first_class, pieces) + piece
            a = np.repeat(a, pieces)
            lo = np.maximum(np.repeat(lo, pieces), class_start[which])
            hi = np.minimum(np.repeat(hi, pieces), class_start[which + 1])
    counts = hi - lo
    left = np.repeat(a, counts)
    right = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts) + np.repeat(lo, counts)
    return left, right


def legal_pairs(pairs: tuple[np.ndarray, np.ndarray], bans: list[set[int]]) -> tuple[np.ndarray, np.ndarray]:
    """The pairs of (left, right) that no rematch ban forbids."""
    left, right = pairs
    banned = [a * len(bans) + b for a, partners in enumerate(bans) for b in partners]
    if not banned:
        return left, right
    keep = ~np.isin(left * len(bans) + right, banned)
    return left[keep], right[keep]


def _windows(values: np.ndarray, limits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each member of a class: the range [low, high] of values w with at most `limits` of the class's
    `values` strictly between the member's own value and w."""
    ascending = np.sort(values)
    above = np.searchsorted(ascending, values, side="right") + limits
    below = np.searchsorted(ascending, values, side="left") - limits - 1
    high = np.where(above < len(ascending), ascending[np.minimum(above, len(ascending) - 1)], BIG)
    low = np.where(below >= 0, ascending[np.maximum(below, 0)], SMALL)
    return low, high
