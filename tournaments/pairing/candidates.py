"""Candidate pairs for one block: every pair an optimal pairing might use, and no more.

The proofs are exchange arguments on squared differences (see `short_pairs`); the
engine only trusts the result when the block reaches its lower bound, which is
what those arguments assume, and otherwise falls back to every legal pair.
"""
from __future__ import annotations

import numpy as np


def legal_pairs(pairs: tuple[np.ndarray, np.ndarray], bans: list[set[int]]) -> tuple[np.ndarray, np.ndarray]:
    left, right = pairs
    banned = {(a, b) for a, partners in enumerate(bans) for b in partners}
    if not banned:
        return left, right
    keep = np.array([(a, b) not in banned for a, b in zip(left.tolist(), right.tolist())], dtype=bool)
    return left[keep], right[keep]


def short_pairs(values: np.ndarray, bans: list[set[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Candidate pairs that provably contain every optimal pairing of a block that reaches its lower bound.

    Such a pairing only joins players of one level or of two adjacent levels (one pair per odd boundary).
    Exchange argument on the second coordinate (squared, so uncrossing or unnesting two pairs strictly
    helps): a pair can have more than 4F (same level) or 4F + 2 (adjacent levels) players of its levels
    strictly between its two second-coordinate values only if rematch bans block every improving exchange,
    where F is the most bans any player has here. So keep the pairs within those counts, in each of the
    levels involved. The same argument one tier down (swapping a player for a classmate of equal level and
    second coordinate) bounds the classmates strictly between on the third coordinate: by 4F inside one
    class, by 6F + 4 otherwise."""
    most_bans = max((len(b) for b in bans), default=0)
    levels, second = values[:, 0], values[:, 1]
    # Players of one level are consecutive in the block, sorted by the second coordinate, descending.
    groups = [np.nonzero(levels == v)[0] for v in np.unique(levels)[::-1]]
    windows = [_windows(second[g], 4 * most_bans) for g in groups]
    float_windows = [_windows(second[g], 4 * most_bans + 2) for g in groups]
    left, right = [], []
    for g, members in enumerate(groups):
        low, high = windows[g](second[members])
        # Same level: the partners after a, down to the lowest value still inside a's window.
        ends = len(members) - np.searchsorted(second[members][::-1], low, side="left")
        starts = np.arange(1, len(members) + 1)
        counts = np.maximum(ends - starts, 0)
        left.append(np.repeat(members, counts))
        right.append(members[_ranges(starts, counts)])
        if g + 1 < len(groups):
            below = groups[g + 1]
            low_b, high_b = float_windows[g + 1](second[members])
            desc = second[below]
            first = np.searchsorted(-desc, -high_b, side="left")
            last = np.searchsorted(-desc, -low_b, side="right")
            counts = np.maximum(last - first, 0)
            a, b = np.repeat(members, counts), below[_ranges(first, counts)]
            back_low, back_high = float_windows[g](second[b])
            ok = (second[a] >= back_low) & (second[a] <= back_high)
            left.append(a[ok])
            right.append(b[ok])
    left, right = np.concatenate(left), np.concatenate(right)
    if values.shape[1] < 3:
        return left, right
    third = values[:, 2]
    classmates = (levels[left] == levels[right]) & (second[left] == second[right])
    keep = np.ones(len(left), dtype=bool)
    for limit, applies in ((4 * most_bans, classmates), (6 * most_bans + 4, ~classmates)):
        low, high = _class_windows(values, limit)
        keep &= ~applies | ((third[right] >= low[left]) & (third[right] <= high[left])
                            & (third[left] >= low[right]) & (third[left] <= high[right]))
    return left[keep], right[keep]


def _class_windows(values: np.ndarray, limit: int) -> tuple[np.ndarray, np.ndarray]:
    """Per player, the third-coordinate values w with at most `limit` classmates (equal first and second
    coordinates) strictly between the player's own value and w."""
    low = np.empty(len(values), dtype=np.int64)
    high = np.empty(len(values), dtype=np.int64)
    classes: dict[tuple[int, int], list[int]] = {}
    for k, (first, second) in enumerate(values[:, :2].tolist()):
        classes.setdefault((first, second), []).append(k)
    for members in classes.values():
        members = np.array(members)
        low[members], high[members] = _windows(values[members, 2], limit)(values[members, 2])
    return low, high


def _windows(values: np.ndarray, limit: int):
    """For query values q: the range [low, high] of values w with at most `limit` of `values` strictly
    between q and w."""
    ascending = np.sort(values)
    big, small = 2 ** 62, -(2 ** 62)  # beyond any score, and safe to negate

    def window(q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        above = np.searchsorted(ascending, q, side="right") + limit
        below = np.searchsorted(ascending, q, side="left") - limit - 1
        high = np.where(above < len(ascending), ascending[np.minimum(above, len(ascending) - 1)], big)
        low = np.where(below >= 0, ascending[np.maximum(below, 0)], small)
        return low, high
    return window


def _ranges(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Concatenated index ranges [start, start + count) for each pair of entries."""
    if counts.sum() == 0:
        return np.zeros(0, dtype=np.int64)
    offsets = np.repeat(starts - np.concatenate(([0], np.cumsum(counts)[:-1])), counts)
    return np.arange(counts.sum()) + offsets
