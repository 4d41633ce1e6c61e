"""The Swiss pairing engine: pure Python, data in and pairings out.

Hard rules (GG2017 "Round Pairings"): nobody meets an opponent again within the
rematch window, nobody gets a second bye-or-Ringer game, and with an odd count
the lowest-placed eligible player takes the bye (or plays the Ringer), moving up
the standings when the rest could not then be paired legally.

Among legal pairings the engine returns one minimising Σ(ΔTP)², then Σ(ΔDiff)²,
then Σ(ΔVP)², exactly; the round's seed breaks remaining ties.

Why it is fast and still exact: for squared differences, a pairing can never
beat Σ gap² over the boundaries between TP groups that an odd number of players
sits above (each such boundary must be crossed at least once, and one edge across
several boundaries costs more than one edge per boundary). A boundary with an
even number above is a *cut*: crossing it costs at least 2·gap² more. So the
field is split at the cuts into blocks, each block solved exactly on its own, and
the joint answer is then *certified*: a pairing crossing every cut inside a run
of blocks pays at least 2·gap² per cut over the run's lower bound, so unless the
blocks of some run pay that much extra (rematch bans force extras), no pairing
crossing a cut can be as good and the answer is the global optimum. Cuts that
fail the test are removed and the merged block is solved again; in the worst case
the whole field is one block. Never a worse answer.

A block level on TP is the same problem on Differential (then VP) and is split
the same way. A block spanning several TP groups is solved on the candidate
pairs of `candidates.short_pairs`, or on every legal pair when those do not
reach the block's bound.
"""

from __future__ import annotations

import multiprocessing
import os
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from operator import attrgetter

import numpy as np

from scoring.messages import say
from scoring.problems import conflict
from tournaments.pairing.candidates import legal_pairs, short_pairs
from tournaments.pairing.matching import min_cost_perfect_matching

SWISS, RANDOM, FOLD = "swiss", "random", "fold"
SWISS_COORDINATES = (attrgetter("tp"), attrgetter("diff"), attrgetter("vp"))
BIG_BLOCK = 1000  # players: two or more blocks this large are solved in parallel processes
METHODS = (SWISS, RANDOM, FOLD)


@dataclass(frozen=True)
class Contender:
    """A player the round must seat, with their totals so far."""

    id: int
    tp: int = 0
    diff: int = 0
    vp: int = 0
    had_bye: bool = False  # already had a bye or a game against the Ringer
    club: str = ""


@dataclass(frozen=True)
class PairedGame:
    table: int | None  # None for a bye
    player_a: int
    player_b: int | None  # None for a bye; the Ringer's id for a Ringer game


@dataclass(frozen=True)
class RoundPairing:
    games: tuple[PairedGame, ...]
    # (ΣΔTP², ΣΔDiff², ΣΔVP²) over the games between contenders.
    objective: tuple[int, int, int]
    # Who took the bye or played the Ringer this round, if the count was odd.
    odd_one_out: int | None = None


Pair = tuple[Contender, Contender]


class RematchBans:
    """Who may not meet whom this round: met within the rematch window."""

    def __init__(self, met: Mapping[frozenset[int], int], round_number: int, window: int):
        self._partners: dict[int, set[int]] = {}
        for pair, last in met.items():
            if round_number - last < window:
                a, b = tuple(pair)
                self._partners.setdefault(a, set()).add(b)
                self._partners.setdefault(b, set()).add(a)

    def __call__(self, a: int, b: int) -> bool:
        return b in self._partners.get(a, ())

    def partners(self, a: int) -> set[int]:
        return self._partners.get(a, set())


def pair_round(
    contenders: Sequence[Contender],
    *,
    round_number: int,
    seed: int | str,
    met: Mapping[frozenset[int], int] | None = None,
    rematch_window: int = 3,
    ringer: int | None = None,
    method: str = SWISS,
    avoid_same_club: bool = False,
) -> RoundPairing:
    """Seat every contender once; `met` maps a pair of players to the last round they met."""
    if method not in METHODS:
        raise ValueError(f"unknown pairing method {method!r}")
    rng = random.Random(f"{seed}")
    order = standing_order(contenders, rng)
    forbidden = RematchBans(met or {}, round_number, rematch_window)

    def solve(field: list[Contender]) -> list[Pair] | None:
        if avoid_same_club and round_number == 1 and not met:
            return _apart_by_club(field, rng)
        return _optimal(field, method, forbidden, rng)

    if len(order) % 2 == 0:
        matching = solve(order)
        if matching is None:
            raise conflict(
                "no_legal_pairing",
                say(
                    "No pairing of these {value} players avoids a rematch within the last {rematch_window} rounds.",
                    value=len(order),
                    rematch_window=rematch_window,
                ),
            )
        return _with_tables(order, matching, None, ringer)
    eligible = [c for c in reversed(order) if not c.had_bye]
    if not eligible:
        raise conflict("no_bye_candidate", say("Every player has already had a bye or a game against the Ringer."))
    for candidate in eligible:
        matching = solve([c for c in order if c is not candidate])
        if matching is not None:
            return _with_tables(order, matching, candidate, ringer)
    raise conflict(
        "no_legal_pairing",
        say(
            "No player who has not had a bye or a Ringer game can take it while the others are paired "
            "without a rematch within the last {rematch_window} rounds.",
            rematch_window=rematch_window,
        ),
    )


def standing_order(contenders: Sequence[Contender], rng: random.Random) -> list[Contender]:
    """Best first by TP, Diff, VP; players equal on all three are ordered by the seed."""
    shuffled = list(contenders)
    rng.shuffle(shuffled)
    return sorted(shuffled, key=lambda c: (-c.tp, -c.diff, -c.vp))


Coordinate = Callable[[Contender], int]
Costs = Callable[[list[Contender], np.ndarray, np.ndarray], list[np.ndarray]]


def _optimal(order: list[Contender], method: str, forbidden, rng: random.Random) -> list[Pair] | None:
    """The best legal pairing of `order` (even length) for the method, or None when none is legal."""
    if not order:
        return []
    if method == RANDOM:
        # A seeded shuffle, then the engine keeps neighbours together: the position is the only tier.
        shuffled = list(order)
        rng.shuffle(shuffled)
        position = {c.id: i for i, c in enumerate(shuffled)}
        return _certified_blocks(shuffled, [lambda c: -position[c.id]], _no_costs, forbidden, rng)
    if method == FOLD:
        return _certified_blocks(order, [lambda c: c.tp], _fold_costs(order), forbidden, rng)
    return _certified_blocks(order, list(SWISS_COORDINATES), _no_costs, forbidden, rng)


def _no_costs(block, i, j) -> list[np.ndarray]:
    return []


def _fold_costs(order: list[Contender]) -> Costs:
    """Fold: inside a TP group the top half meets the bottom half (1st v (n/2+1)th, ...); floats
    between groups keep the Swiss tiers."""
    rank, half = {}, {}
    for tp in {c.tp for c in order}:
        group = [c for c in order if c.tp == tp]
        for k, c in enumerate(group):
            rank[c.id], half[c.id] = k, (len(group) + 1) // 2

    def costs(block: list[Contender], i: np.ndarray, j: np.ndarray) -> list[np.ndarray]:
        tp, diff, vp, ranks, halves = (
            np.array(v, dtype=np.int64) for v in zip(*((c.tp, c.diff, c.vp, rank[c.id], half[c.id]) for c in block))
        )
        fold = (np.abs(ranks[i] - ranks[j]) - halves[i]) ** 2
        return [np.where(tp[i] == tp[j], fold, (diff[i] - diff[j]) ** 2), (vp[i] - vp[j]) ** 2]

    return costs


def _certified_blocks(
    order: list[Contender], coords: list[Coordinate], finer: Costs, forbidden, rng: random.Random
) -> list[Pair] | None:
    """Solve block by block between cuts, then certify the joint answer (see the module docstring).

    `order` is sorted by `coords` (descending, lexicographically). The tiers are (Δcoordinate)² for
    each coordinate in turn, then `finer`, then a seeded tie; cuts and certificate use the first."""
    level = coords[0]
    starts = [i for i in range(len(order)) if i == 0 or level(order[i]) != level(order[i - 1])]
    gap2 = {b: (level(order[b - 1]) - level(order[b])) ** 2 for b in starts[1:]}
    odd_boundaries = [b for b in gap2 if b % 2]
    cuts = {b for b in gap2 if b % 2 == 0}
    ids = {c.id for c in order}
    most_bans = max((len(forbidden.partners(c.id) & ids) for c in order), default=0)
    roomy = _Roomy(starts, len(order), gap2, most_bans)
    base_seed = rng.getrandbits(64)
    solved: dict[tuple[int, int], list[Pair] | None] = {}  # a block is the same block after a merge elsewhere

    def solve(span: tuple[int, int]) -> list[Pair] | None:
        # Each block's ties come from its own seed, so a block solved again after a merge elsewhere
        # gives the same answer and can be kept.
        start, end = span
        return _solve_block(order[start:end], coords, finer, forbidden, random.Random(f"{base_seed}:{start}:{end}"))

    while True:
        edges = sorted(cuts)
        blocks = list(zip([0, *edges], [*edges, len(order)]))
        big = [span for span in blocks if span not in solved and span[1] - span[0] >= BIG_BLOCK]
        if len(big) > 1 and finer is _no_costs and all(isinstance(c, attrgetter) for c in coords):
            answers = _in_processes(
                [
                    (order[start:end], coords, finer, forbidden, random.Random(f"{base_seed}:{start}:{end}"))
                    for start, end in big
                ]
            )
            if answers is not None:
                solved.update(zip(big, answers))
        solved.update((span, solve(span)) for span in blocks if span not in solved)
        parts = [solved[span] for span in blocks]
        infeasible = next((span for span, part in zip(blocks, parts) if part is None), None)
        if infeasible:
            if not cuts:
                return None
            cuts -= set(infeasible)  # no legal pairing inside: merge the block with its neighbours
            continue
        # Extra first-tier cost each block pays above its own lower bound (rematch bans force it).
        extra = [
            sum((level(a) - level(b)) ** 2 for a, b in part) - sum(gap2[b] for b in odd_boundaries if start < b < end)
            for part, (start, end) in zip(parts, blocks)
        ]
        uncertified = roomy.certify(blocks, extra, _uncertified_cuts(blocks, extra, gap2))
        if not uncertified:
            return [pair for part in parts for pair in part]
        cuts -= uncertified


def _in_processes(jobs: list[tuple]) -> list[list[Pair] | None] | None:
    """Solve large blocks on several cores (rustworkx holds the GIL, so threads would not help).
    None where no child process can be started, as in a daemonic Celery worker: then one at a time."""
    if (os.cpu_count() or 1) < 2:
        return None
    try:
        with ProcessPoolExecutor(
            max_workers=min(len(jobs), os.cpu_count()), mp_context=multiprocessing.get_context("fork")
        ) as pool:
            return list(pool.map(_solve_block_job, jobs))
    except (AssertionError, OSError, BrokenProcessPool):
        return None


def _solve_block_job(job: tuple) -> list[Pair] | None:
    return _solve_block(*job)


class _Roomy:
    """Cuts that no pairing with the least first tier crosses, because the levels beside them are roomy.

    Let F be the most bans any player has here, and M a legal pairing with the least first tier.
    (1) M crosses no boundary more than 2F + 1 times: among 2F + 2 crossing games (a, b), two have legal
    (a, a') and (b, b'), and playing those instead lowers the first tier by 2·(a - b')·(a' - b) > 0.
    (2) Each boundary b is crossed at least once if an odd number of players is above it, and M pays
    (crossings beyond that)·gap_b² over the lower bound; so the crossings beyond are limited by the slack
    of the region (what our blocks pay over its bound, an upper bound on what M pays over it).
    (3) If M crossed a cut (twice at least), take two crossing games (a1, b1), (a2, b2), a game (w, z) of
    M inside the level H just above the cut and (w', z') inside the level L just below, and play a1-w,
    a2-z, b1-w', b2-z' instead: the first tier drops by at least 2·gap², as (a - b)² ≥ (a - H)² + gap² +
    (L - b)². a1 and a2 have at most 2F bans, and each game of H they both block takes two, so F + 1
    games inside H leave one free (and likewise in L). H holds (|H| - players of H met across its two
    boundaries) / 2 games of its own; with (1) and (2) that is at least F + 1 whenever `_has_room` says
    so, and then M cannot cross the cut. Regions are the stretches between cuts already certified (no
    such M crosses them), so a large extra paid far away does not weaken a cut here."""

    def __init__(self, starts: list[int], size: int, gap2: dict[int, int], most_bans: int):
        self.size, self.gap2, self.most_bans = size, gap2, most_bans
        self.level_above = {starts[k]: starts[k - 1] for k in range(1, len(starts))}
        self.level_below = {starts[k]: starts[k + 1] if k + 1 < len(starts) else size for k in range(1, len(starts))}

    def certify(self, blocks: list[tuple[int, int]], extra: list[int], uncertified: set[int]) -> set[int]:
        """The cuts in `uncertified` that stay so once the roomy ones are taken out."""
        uncertified = set(uncertified)
        while uncertified:
            region_slack, slack, inside = {}, 0, []
            for (_, high), paid in zip(blocks, extra):
                slack += paid
                if high in uncertified:
                    inside.append(high)
                else:  # a certified cut or the end closes the region
                    region_slack.update((cut, slack) for cut in inside)
                    slack, inside = 0, []
            roomy = {cut for cut in uncertified if self._has_room(cut, region_slack[cut])}
            if not roomy:
                return uncertified
            uncertified -= roomy
        return uncertified

    def _has_room(self, cut: int, slack: int) -> bool:
        top, bottom = self.level_above[cut], self.level_below[cut]
        return (cut - top - self._most_met(cut, top if top > 0 else None, slack) >= 2 * self.most_bans + 2
                and bottom - cut - self._most_met(cut, bottom if bottom < self.size else None, slack)
                >= 2 * self.most_bans + 2)

    def _most_met(self, cut: int, other: int | None, slack: int) -> int:
        """The most players of a level beside `cut` that M can pair across the level's two boundaries, given
        that M crosses `cut` (an even number of times, at least 2)."""
        cap = 2 * self.most_bans + 1
        most = 0
        for crossing in range(2, min(cap, cut, self.size - cut) + 1, 2):
            rest = slack - crossing * self.gap2[cut]
            if rest < 0:
                break
            if other is None:
                most = crossing
                continue
            floor = other % 2
            beyond = min((min(cap, other, self.size - other) - floor) // 2, rest // (2 * self.gap2[other]))
            most = max(most, crossing + floor + 2 * beyond)
        return most


def _uncertified_cuts(blocks: list[tuple[int, int]], extra: list[int], gap2: dict[int, int]) -> set[int]:
    """Cuts a better pairing might cross. A pairing that crosses every cut inside a run of blocks pays at
    least 2·gap² per cut over the run's lower bound; ours pays the blocks' extras. Only when the extras
    reach the crossing cost could crossing help, and such a run starts and ends at blocks with an extra."""
    paying = [k for k, e in enumerate(extra) if e > 0]
    uncertified: set[int] = set()
    for x, first in enumerate(paying):
        for last in paying[x:]:
            inner_cuts = [blocks[k][0] for k in range(first + 1, last + 1)]
            crossing = 2 * sum(gap2[c] for c in inner_cuts)
            if first == last:
                # A single paying block: crossing one cut on either side, into a neighbour that pays nothing.
                for neighbour_cut in (blocks[first][0], blocks[first][1]):
                    if neighbour_cut in gap2 and 2 * gap2[neighbour_cut] <= extra[first]:
                        uncertified.add(neighbour_cut)
            elif crossing <= sum(extra[first : last + 1]):
                uncertified.update(inner_cuts)
    return uncertified


def _solve_block(
    block: list[Contender], coords: list[Coordinate], finer: Costs, forbidden, rng: random.Random
) -> list[Pair] | None:
    """The exact optimum of one block over its legal pairs.

    A block level on its first coordinate is the same problem one tier down, so it is split again on
    the next coordinate. Otherwise one blossom solves it; pairs spanning two or more levels are added
    only when the block cannot reach its lower bound without them (they never help otherwise)."""
    if len(block) == 2:
        a, b = block
        return None if forbidden(a.id, b.id) else [(a, b)]
    values = np.array([[coord(c) for coord in coords] for c in block], dtype=np.int64).reshape(len(block), -1)
    if finer is _no_costs and (values == values[0]).all():
        return _level_pairs(block, forbidden, rng)
    if len(coords) > 1 and (values[:, 0] == values[0, 0]).all():
        return _certified_blocks(block, coords[1:], finer, forbidden, rng)
    levels = values[:, 0]
    bound = _block_lower_bound(levels)
    index = {c.id: k for k, c in enumerate(block)}
    bans = [{index[o] for o in forbidden.partners(c.id) if o in index} for c in block]

    def solve(left: np.ndarray, right: np.ndarray):
        tiers = [(values[left, t] - values[right, t]) ** 2 for t in range(values.shape[1])]
        tiers += [*finer(block, left, right), np.random.default_rng(rng.getrandbits(64)).integers(0, 64, len(left))]
        return min_cost_perfect_matching(len(block), left, right, tiers)

    def reaches_bound(matching) -> bool:
        return matching is not None and sum(int(levels[a] - levels[b]) ** 2 for a, b in matching) == bound

    matching = None
    if values.shape[1] > 1 and finer is _no_costs:
        matching = solve(*legal_pairs(short_pairs(values, bans), bans))
    if not reaches_bound(matching):
        left, right = np.triu_indices(len(block), 1)
        matching = solve(*legal_pairs((left, right), bans))
        if matching is None:
            return None
    return [(block[a], block[b]) for a, b in matching]


def _level_pairs(block: list[Contender], forbidden, rng: random.Random) -> list[Pair] | None:
    """Level players: every legal pairing costs the same, so pair neighbours in a seeded shuffle and
    repair only around rematch bans. Each banned game is re-paired with the games either side of it (a
    blossom on those few players, staying as close to the shuffle as it can); the reach doubles until
    those players can be paired legally, up to the whole group. None only when the group has no legal
    pairing at all. No dense graph: round 1 of any size is a shuffle."""
    shuffled = list(block)
    rng.shuffle(shuffled)
    games = len(shuffled) // 2
    banned = [g for g in range(games) if forbidden(shuffled[2 * g].id, shuffled[2 * g + 1].id)]
    reach = 2
    while banned:
        spans: list[list[int]] = []
        for g in banned:  # games [low, high) around each banned one, overlapping spans merged
            low, high = max(0, g - reach), min(games, g + reach + 1)
            if spans and low <= spans[-1][1]:
                spans[-1][1] = high
            else:
                spans.append([low, high])
        repaired = [_closest_legal(shuffled[2 * low:2 * high], forbidden) for low, high in spans]
        if all(part is not None for part in repaired):
            for (low, high), part in zip(spans, repaired):
                shuffled[2 * low:2 * high] = part
            break
        if spans == [[0, games]]:
            return None
        reach *= 2
    return [(shuffled[2 * g], shuffled[2 * g + 1]) for g in range(games)]


def _closest_legal(players: list[Contender], forbidden) -> list[Contender] | None:
    """The players reordered so that consecutive twos are legal games, each game as close in the given
    order as possible (a blossom on every legal pair of these few players), or None."""
    left, right = np.triu_indices(len(players), 1)
    legal = np.array([not forbidden(players[a].id, players[b].id) for a, b in zip(left.tolist(), right.tolist())],
                     dtype=bool)
    left, right = left[legal], right[legal]
    matching = min_cost_perfect_matching(len(players), left, right, [right - left])
    if matching is None:
        return None
    return [players[k] for pair in sorted(matching) for k in pair]


def _block_lower_bound(levels: np.ndarray) -> int:
    """Σ gap² over the level boundaries with an odd number of players above (levels in descending order)."""
    changes = np.nonzero(levels[1:] != levels[:-1])[0] + 1
    return int(sum((levels[b - 1] - levels[b]) ** 2 for b in changes if b % 2))


def _apart_by_club(field: list[Contender], rng: random.Random) -> list[Pair]:
    """Round 1 keeping clubs apart: list players club by club (largest club first, the seed ordering
    clubs of equal size and players inside a club) and pair each with the one half a field further on.
    Two clubmates meet only where one club holds more than half the field, and then as few times as can be."""
    clubs: dict[str, list[Contender]] = {}
    for c in field:
        clubs.setdefault(c.club or f"\0{c.id}", []).append(c)  # no club: a club of one
    members = list(clubs.values())
    rng.shuffle(members)
    members.sort(key=len, reverse=True)
    listing = [c for club in members for c in club]
    half = len(listing) // 2
    return [(listing[i], listing[i + half]) for i in range(half)]


def _with_tables(
    order: list[Contender], matching: list[Pair], odd_one_out: Contender | None, ringer: int | None
) -> RoundPairing:
    """Table 1 for the best-placed game, the better-placed player as A; a bye has no table."""
    position = {c.id: i for i, c in enumerate(order)}
    seated = [tuple(sorted((a.id, b.id), key=position.__getitem__)) for a, b in matching]
    if odd_one_out is not None and ringer is not None:
        seated.append((odd_one_out.id, ringer))
    seated.sort(key=lambda pair: position[pair[0]])
    games = [PairedGame(table, a, b) for table, (a, b) in enumerate(seated, start=1)]
    if odd_one_out is not None and ringer is None:
        games.append(PairedGame(None, odd_one_out.id, None))
    objective = tuple(sum((getattr(a, t) - getattr(b, t)) ** 2 for a, b in matching) for t in ("tp", "diff", "vp"))
    return RoundPairing(games=tuple(games), objective=objective, odd_one_out=odd_one_out.id if odd_one_out else None)
