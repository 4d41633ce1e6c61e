"""The Swiss pairing engine: pure Python, data in and pairings out.

Hard rules (GG2017 "Round Pairings"): nobody meets an opponent again within the
rematch window, nobody gets a second bye-or-Ringer game, and with an odd count
the lowest-placed eligible player takes the bye (or plays the Ringer), moving up
the standings when the rest could not then be paired legally.

Among legal pairings the engine returns one minimising Σ(ΔTP)², then Σ(ΔDiff)²,
then Σ(ΔVP)², exactly; the round's seed breaks remaining ties.

Why it is fast and still exact: for squared differences, a pairing can never
beat Σ gap² over the boundaries between TP groups that an odd number of players
sits above, and crossing a boundary with an even number above (a *cut*) costs at
least 2·gap² more. The field is split at the cuts into blocks, each solved
exactly on its own, and the joint answer is *certified* (`_Certificate`): a
dynamic programme over the blocks bounds what any pairing crossing a cut must pay,
using each block's own optimum, and cuts beside roomy levels are proven never to
be crossed (an exchange argument). Uncertified cuts are removed and the merged
block solved again, starting from what its parts paid. Never a worse answer.

A block level on TP is the same problem on Differential (then VP) and is split
the same way; players level on every score are a seeded shuffle repaired around
rematch bans (`_level_pairs`). A big block of several large levels joined by
boundaries with an odd number above is a chain: one float between each two
levels, chosen by a dynamic programme over the levels (`_chain_of_levels`).
Any other block spanning several levels is solved on the candidate graph of
`candidates.candidate_pairs`, which provably holds every optimal pairing once a
legal pairing bounds the block's slack.
"""

from __future__ import annotations

import bisect
import multiprocessing
import os
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from operator import attrgetter

import numpy as np

from scoring.messages import say
from scoring.problems import conflict
from tournaments.pairing.candidates import candidate_pairs, legal_pairs
from tournaments.pairing.chain import bounds_with_floats, chain_floor, cheapest_paths, lower_bound
from tournaments.pairing.matching import min_cost_perfect_matching

SWISS, RANDOM, FOLD = "swiss", "random", "fold"
SWISS_COORDINATES = (attrgetter("tp"), attrgetter("diff"), attrgetter("vp"))
BIG_BLOCK = 1000  # players: two or more blocks this large are solved in parallel processes
CHAIN_SIZE = 2000  # players: a smaller chain of levels is one blossom, quicker than the chain's bookkeeping
CHAIN_LEVEL = 100  # players per level on average: smaller levels are quicker in one blossom than chained
CHAIN_BUDGET = 0.5  # level solves per player before a chain gives up and the block is one blossom after all
CHAIN_WORK = 16  # players in blocks solved, per player of the chain: beyond that a chain gives up too
SMALL_BLOCK = 32  # players: every legal pair of a block this small is quicker than its candidate graph
SECOND_TIER = 2 ** 32  # beyond any level's second tier: a chain's bounds pack its next two tiers in one integer
STAND_IN = 2 ** 62  # a player's id less this: the same scores, met nobody (no real id is that far off)
NO_PAIRING = 2 ** 55  # a bound beyond any cost (summed over 128 levels it still fits): no legal pairing
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
    order: list[Contender], coords: list[Coordinate], finer: Costs, forbidden, rng: random.Random,
    memo: dict | None = None,
) -> list[Pair] | None:
    """Solve block by block between cuts, then certify the joint answer (see the module docstring).

    `order` is sorted by `coords` (descending, lexicographically). The tiers are (Δcoordinate)² for
    each coordinate in turn, then `finer`, then a seeded tie; cuts and certificate use the first.
    `memo` keeps blocks by who is in them, for a caller that solves many overlapping fields."""
    level = coords[0]
    levels = [level(c) for c in order]
    starts = [i for i in range(len(order)) if i == 0 or levels[i] != levels[i - 1]]
    gap2 = {b: (levels[b - 1] - levels[b]) ** 2 for b in starts[1:]}
    cuts = {b for b in gap2 if b % 2 == 0}
    ids = {c.id for c in order}
    most_bans = max((len(forbidden.partners(c.id) & ids) for c in order), default=0)
    certificate = _Certificate(levels, starts, gap2, cuts, most_bans)
    base_seed = rng.getrandbits(64)
    solved: dict[tuple[int, int], list[Pair] | None] = {}  # a block is the same block after a merge elsewhere

    hints: dict[tuple[int, int], int] = {}  # a merged block: the slack its parts' pairings pay together

    def job(span: tuple[int, int]) -> tuple:
        # Each block's ties come from its own seed, so a block solved again after a merge elsewhere
        # gives the same answer and can be kept.
        start, end = span
        return (order[start:end], coords, finer, forbidden, random.Random(f"{base_seed}:{start}:{end}"),
                hints.get(span, 0))

    names = np.array([c.id for c in order], dtype=np.int64)

    def remembered(span: tuple[int, int]) -> list[Pair] | None:
        if memo is None:
            return _solve_block(*job(span))
        key = names[span[0]:span[1]].tobytes()
        if key not in memo:
            memo[key] = _solve_block(*job(span))
        return memo[key]

    while True:
        edges = sorted(cuts)
        blocks = list(zip([0, *edges], [*edges, len(order)]))
        big = [span for span in blocks if span not in solved and span[1] - span[0] >= BIG_BLOCK]
        if len(big) > 1 and finer is _no_costs and all(isinstance(c, attrgetter) for c in coords):
            answers = _in_processes([job(span) for span in big])
            if answers is not None:
                solved.update(zip(big, answers))
        solved.update((span, remembered(span)) for span in blocks if span not in solved)
        for span in blocks:
            certificate.record(span, solved[span], level)
        parts = [solved[span] for span in blocks]
        infeasible = next((span for span, part in zip(blocks, parts) if part is None), None)
        if infeasible:
            if not cuts:
                return None
            cuts -= set(infeasible)  # no legal pairing inside: merge the block with its neighbours
            continue
        uncertified = certificate.uncertified(blocks)
        if not uncertified:
            return [pair for part in parts for pair in part]
        cuts -= uncertified
        merged = sorted(cuts)
        for start, end in zip([0, *merged], [*merged, len(order)]):
            hints.setdefault((start, end), sum(certificate.extra(b) for b in blocks if start <= b[0] and b[1] <= end))


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


class _Certificate:
    """Which cuts between blocks no pairing with the least first tier can cross.

    The field is first split at every cut (a level boundary with an even number of players above) into
    fine blocks; the engine's blocks are runs of them. Take any legal pairing M and split the field where
    M crosses no cut: each of M's runs either is one fine block (M pays at least that block's optimum) or
    crosses every cut inside it, at least twice each, paying at least the run's lower bound plus 2·gap²
    per inner cut, and at least the run's own optimum when the engine solved that run. So a dynamic
    programme over the fine blocks gives, for each cut, the least first tier any pairing crossing it can
    pay; a cut is certified when that exceeds what the engine's blocks pay together. Cuts beside roomy
    levels (`_has_room`) are never crossed by such a pairing, so no run may span them."""

    def __init__(self, levels: list[int], starts: list[int], gap2: dict[int, int], cuts: set[int], most_bans: int):
        self.size, self.gap2, self.most_bans = len(levels), gap2, most_bans
        edges = sorted(cuts)
        self.fine = list(zip([0, *edges], [*edges, self.size]))
        self.bound = {span: lower_bound(np.array(levels[span[0]:span[1]])) for span in self.fine}
        self.level_above = {starts[k]: starts[k - 1] for k in range(1, len(starts))}
        self.level_below = {starts[k]: starts[k + 1] if k + 1 < len(starts) else self.size
                            for k in range(1, len(starts))}
        self.paid: dict[tuple[int, int], int | None] = {}  # solved span -> its first tier (None: no pairing)

    def record(self, span: tuple[int, int], pairs: list[Pair] | None, level: Coordinate) -> None:
        if span not in self.paid:
            self.paid[span] = None if pairs is None else sum((level(a) - level(b)) ** 2 for a, b in pairs)

    def lower(self, span: tuple[int, int]) -> int:
        return sum(self.bound[f] for f in self.fine if span[0] <= f[0] and f[1] <= span[1])

    def extra(self, span: tuple[int, int]) -> int:
        return self.paid[span] - self.lower(span)

    def uncertified(self, blocks: list[tuple[int, int]]) -> set[int]:
        ours = sum(self.paid[span] for span in blocks)
        cuts = {end for _, end in blocks[:-1]}
        roomy: set[int] = set()
        while True:
            crossable = self._crossable(ours, roomy) & cuts
            regions, slack, inside = {}, 0, []  # slack of each region between certified cuts
            for span in blocks:
                slack += self.extra(span)
                inside.append(span[1])
                if span[1] not in crossable:
                    regions.update((cut, slack) for cut in inside)
                    slack, inside = 0, []
            fine_cuts = {start for start, _ in self.fine[1:]}
            more = {cut for cut in fine_cuts - roomy if cut in regions and self._has_room(cut, regions[cut])}
            if not more:
                return crossable
            roomy |= more

    def _crossable(self, ours: int, roomy: set[int]) -> set[int]:
        fine, count = self.fine, len(self.fine)
        spare = ours - sum(self.bound.values())  # a run's inner cuts cost 2·gap² each out of this

        def runs_from(i: int):
            inner = 0
            for j in range(i + 1, count + 1):
                if j - i == 1:
                    paid = self.paid.get(fine[i])
                    yield j, float("inf") if paid is None else paid
                    continue
                cut = fine[j - 1][0]
                inner += 2 * self.gap2[cut]
                if inner > spare or cut in roomy:
                    return
                cost = sum(self.bound[f] for f in fine[i:j]) + inner
                span = (fine[i][0], fine[j - 1][1])
                if span in self.paid:
                    cost = float("inf") if self.paid[span] is None else max(cost, self.paid[span])
                yield j, cost

        runs = [(i, j, cost) for i in range(count) for j, cost in runs_from(i)]
        best_before = [0.0] + [float("inf")] * count
        for i, j, cost in sorted(runs, key=lambda r: r[1]):
            best_before[j] = min(best_before[j], best_before[i] + cost)
        best_after = [float("inf")] * count + [0.0]
        for i, j, cost in sorted(runs, key=lambda r: -r[0]):
            best_after[i] = min(best_after[i], cost + best_after[j])
        crossable = set()
        for i, j, cost in runs:
            if j - i > 1 and best_before[i] + cost + best_after[j] <= ours:
                crossable.update(fine[k][0] for k in range(i + 1, j))
        return crossable

    def _has_room(self, cut: int, slack: int) -> bool:
        """Roomy levels beside a cut: no pairing with the least first tier crosses it.

        Let F be the most bans any player has here and M a legal pairing with the least first tier.
        (1) M crosses no boundary more than 2F + 1 times: among 2F + 2 crossing games (a, b), two have
        legal (a, a') and (b, b'), and playing those instead lowers the first tier by 2·(a - b')·(a' - b).
        (2) Each boundary is crossed at least once if an odd number of players is above it, and every
        crossing beyond that costs gap² out of the region's slack. (3) If M crossed the cut (twice at
        least), take two crossing games (a1, b1), (a2, b2), a game (w, z) of M inside the level H just
        above and (w', z') inside the level L just below, and play a1-w, a2-z, b1-w', b2-z' instead: the
        first tier drops by at least 2·gap², as (a - b)² ≥ (a - H)² + gap² + (L - b)². a1 and a2 have at
        most 2F bans, and each game of H they both block takes two, so F + 1 games inside H leave one
        free (likewise in L). H keeps (|H| - players of H met across its two boundaries) / 2 games of its
        own, at least F + 1 when this returns True."""
        top, bottom = self.level_above[cut], self.level_below[cut]
        need = 2 * self.most_bans + 2
        return (cut - top - self._most_met(cut, top if top > 0 else None, slack) >= need
                and bottom - cut - self._most_met(cut, bottom if bottom < self.size else None, slack) >= need)

    def _most_met(self, cut: int, other: int | None, slack: int) -> int:
        """The most players of a level beside `cut` that M can pair across the level's two boundaries,
        when M crosses `cut` (an even number of times, at least 2)."""
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


def _solve_block(
    block: list[Contender], coords: list[Coordinate], finer: Costs, forbidden, rng: random.Random, slack: int = 0
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
    if len(coords) > 1 and (values[:, 0] == values[0, 0]).all() and len(block) > SMALL_BLOCK:
        return _certified_blocks(block, coords[1:], finer, forbidden, rng)
    if finer is _no_costs and len(coords) > 1 and len(block) >= CHAIN_SIZE:
        chained = _chain_of_levels(block, coords, forbidden, rng)
        if chained is not None:
            return chained
    levels = values[:, 0]
    bound = lower_bound(levels)
    index = {c.id: k for k, c in enumerate(block)}
    bans = [{index[o] for o in forbidden.partners(c.id) if o in index} for c in block]
    # The standing order as a last column: no two players tie on it, and it keeps the windows finite.
    ordered = np.column_stack((values, -np.arange(len(block), dtype=np.int64)))

    def solve(left: np.ndarray, right: np.ndarray):
        tiers = [(values[left, t] - values[right, t]) ** 2 for t in range(values.shape[1])]
        tiers += [*finer(block, left, right), np.random.default_rng(rng.getrandbits(64)).integers(0, 64, len(left))]
        return min_cost_perfect_matching(len(block), left, right, tiers)

    def first_tier(matching) -> int:
        return sum(int(levels[a] - levels[b]) ** 2 for a, b in matching)

    if finer is _no_costs and len(block) > SMALL_BLOCK:
        # Any legal pairing bounds what the optimum pays over the bound (its slack); the candidate graph for
        # that slack holds every optimal pairing, so its optimum is the block's. Start from the slack the
        # block's parts paid (a merged block), or from none.
        tries = 0
        while tries < 4:
            matching = solve(*candidate_pairs(ordered, bans, slack))
            if matching is not None and first_tier(matching) - bound <= slack:
                return [(block[a], block[b]) for a, b in matching]
            tries += 1
            widest = 2 * int(levels.max() - levels.min()) ** 2
            slack = first_tier(matching) - bound if matching is not None else 2 * slack + widest
    left, right = np.triu_indices(len(block), 1)
    matching = solve(*legal_pairs((left, right), bans))
    if matching is None:
        return None
    return [(block[a], block[b]) for a, b in matching]


def _chain_of_levels(block: list[Contender], coords: list[Coordinate], forbidden, rng: random.Random
                     ) -> list[Pair] | None:
    """A block of several levels, every inner boundary with an odd number above, solved level by level.

    If the block can pay only its lower bound in the first tier, every such pairing crosses each boundary
    exactly once, between the two levels beside it (see `chain`), so it is a choice of floats plus each
    level paired on its own with the float it received and without the one it sent. A level so paired is
    split at its own cuts on the next tier and solved block by block, which is exact when those blocks pay
    its lower bound, and otherwise solved whole. The floats are chosen by a dynamic programme over the
    levels, solving exactly only the floats whose bound (`chain.bounds_with_floats`) on the next tier
    could still beat the best solved path; a path whose next tier is within that limit is optimal.
    Equal players are tried as floats only where they can differ: by their bans (`_floats_by_value`,
    `_seen_below`, `relaxed`). None when the block is no such chain, its levels are small, it cannot pay
    its lower bound, or it would need more than CHAIN_BUDGET level solves per player: then it is solved as
    one blossom."""
    level, tier, rest = coords[0], coords[1], coords[1:]
    marks = [level(c) for c in block]
    starts = [i for i in range(len(block)) if i == 0 or marks[i] != marks[i - 1]]
    if len(starts) < 2 or any(s % 2 == 0 for s in starts[1:]) or len(block) < CHAIN_LEVEL * len(starts):
        return None
    members = [block[s:e] for s, e in zip(starts, [*starts[1:], len(block)])]
    count = len(members)
    if count > 128:  # NO_PAIRING summed over the levels must still fit in 64 bits
        return None
    if len(rest) > 1:  # and the second tier, summed over the block, under one unit of the first
        spread = max(rest[1](c) for c in block) - min(rest[1](c) for c in block)
        if len(block) // 2 * spread ** 2 >= SECOND_TIER:
            return None
    values = [np.array([tier(c) for c in m], dtype=np.int64) for m in members]
    distinct = [np.unique(v)[::-1] for v in values]
    ids = [np.array([c.id for c in m], dtype=np.int64) for m in members]
    base = rng.getrandbits(64)
    blocks = _Remembered()  # a level's blocks on the next tier, by their players

    shift = SECOND_TIER if len(rest) > 1 else 1  # a bound packs the next two tiers: first * shift + second

    def bound(k: int) -> np.ndarray:
        """Level k's least cost on the next two tiers by its floats' values, packed: the first tier's lower
        bound plus what its blocks away from the floats are known to pay over theirs (`_claims`); the
        second tier what those blocks pay there, when none of them pays over its bound in the first (then
        a pairing at the bound keeps each of them whole)."""
        came = distinct[k - 1] if k else None
        table = bounds_with_floats(values[k], came, k < count - 1)
        left = distinct[k] if k < count - 1 else None
        top = came if left is None else left if came is None else np.maximum.outer(came, left)
        low = came if left is None else left if came is None else np.minimum.outer(came, left)
        least, _, above, second_above = _claims(members[k], values[k], ids[k], rest, forbidden, base, blocks, True)
        _, most, below, second_below = _claims(members[k], values[k], ids[k], rest, forbidden, base, blocks, False)
        # The unchanged blocks are those wholly above both floats, and wholly below; the one beside the
        # floats claims nothing, as the float's own value may sit closer to it than its cut's gap.
        top, low = np.asarray(top).reshape(-1), np.asarray(low).reshape(-1)
        over = (least[None, :] > top[:, None]).sum(axis=1)
        under = (most[None, :] < low[:, None]).sum(axis=1)
        start_below = len(below) - under

        def prefix(a, n):
            return np.concatenate(([0], np.cumsum(a)))[n]

        def suffix(a, i):
            return np.concatenate((np.cumsum(a[::-1])[::-1], [0]))[np.minimum(i, len(a))]

        claimed = prefix(above, np.maximum(over - 1, 0)) + suffix(below, start_below + 1)
        second = np.where(claimed == 0, prefix(second_above, over) + suffix(second_below, start_below), 0)
        return np.minimum((table + claimed.reshape(table.shape)) * shift + second.reshape(table.shape), NO_PAIRING)

    tables = [bound(k) for k in range(count)]
    before, after = cheapest_paths(tables)
    level_of = {c.id: k for k, m in enumerate(members) for c in m}
    by_value = _floats_by_value(members, tier, rest, level_of, forbidden)
    seen_below = _seen_below(members, rest, level_of, forbidden)
    keys = [[tuple(-f(c) for f in rest) for c in m] for m in members]
    position = [{c.id: i for i, c in enumerate(m)} for m in members]
    levels: dict[tuple, tuple | None] = {}  # (level, float in, float out) -> (costs, pairs) or None

    def field(k: int, came: Contender | None, left: Contender | None) -> tuple:
        """Level k with the float that came in and without the one that left, in order: players, their
        next-tier values and ids, and where the one that came in sits."""
        players, column, names = list(members[k]), values[k], ids[k]
        at = None if came is None else bisect.bisect_left(keys[k], tuple(-f(came) for f in rest))
        if left is not None:
            gone = position[k][left.id]
            del players[gone]
            column, names = np.delete(column, gone), np.delete(names, gone)
            if at is not None and gone < at:
                at -= 1
        if came is not None:
            players.insert(at, came)
            column, names = np.insert(column, at, tier(came)), np.insert(names, at, came.id)
        return players, column, names, at

    def solved_level(k: int, came: Contender | None, left: Contender | None, exact: bool = False) -> tuple | None:
        """(costs, pairs, whether it pays its lower bound) for level k with these floats, or None. Floats
        alike to this level (`_seen_below`) share one solve, its pairs naming the first of them, unless
        `exact` asks for the pairs of this very float."""
        key = (k, None if came is None else came.id if exact else seen_below[came.id], left and left.id)
        if key not in levels:
            players, column, names, _ = field(k, came, left)
            answer = _level_by_blocks(players, column, names, rest, forbidden, base, blocks)
            levels[key] = None if answer is None else (*answer, answer[0][0] == lower_bound(column))
        return levels[key]

    def relaxed(k: int, came: Contender | None, alike: list[Contender]) -> int:
        """The least level k can pay, packed, with `came` in and any one of `alike` (equal on every tier left)
        out: the level with one of them out and the others standing in without their bans, a field every one
        of them leaves with as many bans or more. Bans inside a score class (a drawn game's two players
        share their VP) keep it tighter than any bound by values alone."""
        players, column, names, _ = field(k, came, alike[0])
        others = {x.id for x in alike}
        players = [replace(c, id=c.id - STAND_IN) if c.id in others else c for c in players]
        answer = _level_by_blocks(players, column, np.array([c.id for c in players], dtype=np.int64), rest,
                                  forbidden, base, blocks)
        return NO_PAIRING if answer is None else packed(answer[0])

    def separable(k: int, ins: list, outs: list) -> tuple | None:
        """(the level solved with the first of each, {float in: level solved with it and the first out},
        {float out: the same}) when which float comes in and which leaves change different blocks of the
        level (`apart`), so its cost is a sum over the two choices; (None, {}, {}) when not; None when the
        budget cannot pay for it."""
        if len(ins) < 2 or len(outs) < 2:
            return None, {}, {}
        hub = solved_level(k, ins[0], outs[0])
        if hub is None or not hub[2] or not apart(k, ins[0], outs[0]):
            return None, {}, {}
        if len(levels) + len(ins) + len(outs) > budget:
            return None
        return (hub, {c.id: a for c in ins if (a := solved_level(k, c, outs[0])) is not None and a[2]},
                {x.id: a for x in outs if (a := solved_level(k, ins[0], x)) is not None and a[2]})

    def apart(k: int, came: Contender, left: Contender) -> bool:
        """Whether the float that came in and the others of the leaving one's value sit in different blocks
        of the level: then which of each is the float changes only its own block, and the level's cost is
        a sum over the two choices."""
        players, column, names, at = field(k, came, left)
        changes = np.nonzero(column[1:] != column[:-1])[0] + 1
        edges = changes[changes % 2 == 0]
        stays = next(i for i, c in enumerate(players) if c.id != left.id and tier(c) == tier(left))
        return int(np.searchsorted(edges, at, side="right")) != int(np.searchsorted(edges, stays, side="right"))

    def add(a: tuple, b: tuple) -> tuple:
        return tuple(x + y for x, y in zip(a, b))

    def packed(costs: tuple[int, ...]) -> int:
        return costs[0] * shift + (costs[1] if len(costs) > 1 else 0)

    def refine(k: int, ins: list, outs: list) -> int:
        """A sharper bound for level k with floats of these values, before solving it for every choice: the
        blocks that no choice changes solved (they are remembered), and on the second tier the lower bound
        of the blocks that hold a float, when each is level on the first. 0 when it cannot say more."""
        came, left = ins[0], outs[0]
        players, column, names, at = field(k, came, left)
        if not players:
            return 0
        changes = np.nonzero(column[1:] != column[:-1])[0] + 1
        edges = [0, *changes[changes % 2 == 0].tolist(), len(players)]
        stays = np.nonzero((column == tier(left)) & (names != left.id))[0] if left is not None else []
        gap2 = [int(column[e - 1] - column[e]) ** 2 for e in edges[1:-1]]
        first, claimed, second = lower_bound(column), 0, 0
        for b, (start, end) in enumerate(zip(edges, edges[1:])):
            took = came is not None and len(ins) > 1 and start <= at < end
            gave = len(outs) > 1 and len(stays) and start <= stays[0] < end
            if not (took or gave):  # the same block whichever floats: solved, it claims its excess (`_claims`)
                part = _next_tier_block(players, names, start, end, rest, forbidden, base, blocks)
                over = float("inf") if part is None else part[1][0] - lower_bound(column[start:end])
                claimed += int(min(over, *gap2[max(b - 1, 0):b + 1])) if over and gap2 else 0
                second += part[1][1] if part is not None and len(rest) > 1 else 0
            elif len(rest) > 1:
                second += _float_floor(players[start:end], at - start if took else None, left if gave else None,
                                       ins if took else [], outs, rest)
        return (first + claimed) * shift + (second if claimed == 0 else 0)

    budget = int(CHAIN_BUDGET * len(block))
    refined: set[tuple[int, int, int]] = set()
    sizes = [np.array([len({seen_below[x.id] for x in by_value[k][int(v)]})
                       for v in distinct[k]], dtype=np.int64) for k in range(count)]
    work = [(sizes[k - 1] if k else np.zeros(1, np.int64))[:, None]
            + (sizes[k] if k < count - 1 else np.zeros(1, np.int64))[None, :] for k in range(count)]
    def to_open(through: list[np.ndarray], limit: int) -> int:
        """Roughly how many level solves the floats within the limit still need."""
        return sum(int(work[k][through[k] <= limit].sum()) for k in range(count))

    def sharpened() -> tuple:
        """Paths through the tables once every float on a cheapest one has its sharper bound: sharpening
        costs far less than solving, so it runs first (and gives up with the budget)."""
        while True:
            before, after = cheapest_paths(tables)
            through = [before[k][:, None] + tables[k] + after[k][None, :] for k in range(count)]
            lowest = int(through[0].min())
            if lowest >= NO_PAIRING:
                return before, after, through, lowest
            todo = [(k, u, w) for k in range(count) for u, w in np.argwhere(through[k] == lowest).tolist()
                    if (k, u, w) not in refined]
            if not todo:
                return before, after, through, lowest
            for k, u, w in todo:
                refined.add((k, u, w))
                ins = [None] if k == 0 else by_value[k - 1][int(distinct[k - 1][u])]
                outs = [None] if k == count - 1 else by_value[k][int(distinct[k][w])]
                tables[k][u, w] = max(int(tables[k][u, w]), refine(k, ins, outs))
            if len(refined) > budget:
                return None

    limit = -1
    sums: dict = {}  # (level, float in value, float out value) -> `separable`
    bounds: dict = {}  # (level, came, alike floats out) -> `refine` for them
    floors: dict = {}  # the same -> `relaxed` for them, where their bound by values was not reached
    while True:
        paths = sharpened()
        if paths is None:
            return None
        before, after, through, lowest = paths
        if lowest >= NO_PAIRING:
            return None
        limit = max(lowest, limit)
        # Give up before solving, not after, when the floats still open would take more than the budget.
        if len(levels) + to_open(through, limit) > budget:
            return None
        states: dict = {None: ((0,) * len(rest), None)}  # who floats out of the level above -> (cost, back)
        beyond_limit = NO_PAIRING  # the least path bound skipped as over the limit
        trail, raised = [], False
        for k in range(count):
            reached: dict = {}

            def reach(came: Contender | None, left: Contender | None, costs: tuple,
                      states: dict = states, reached: dict = reached, k: int = k) -> None:
                cost = add(states[came and came.id][0], costs)
                name = left and left.id
                if name not in reached or cost < reached[name][0]:
                    reached[name] = (cost, (came and came.id, k, came, left, costs))

            for u, w in np.argwhere(through[k] <= limit).tolist():
                ins = [None] if k == 0 else by_value[k - 1][int(distinct[k - 1][u])]
                outs = [None] if k == count - 1 else by_value[k][int(distinct[k][w])]
                if (k, u, w) not in refined:
                    refined.add((k, u, w))
                    sharper = refine(k, ins, outs)
                    if sharper > tables[k][u, w]:
                        tables[k][u, w], raised = sharper, True
                        if before[k][u] + sharper + after[k][w] > limit:  # cannot be on a path within the limit
                            continue
                if len(levels) + len(ins) * len(outs) > budget and not (len(ins) > 1 and len(outs) > 1):
                    return None
                work[k][u, w] = 0  # solved from now on: remembered
                if (k, u, w) not in sums:
                    sums[(k, u, w)] = separable(k, ins, outs)
                if sums[(k, u, w)] is None:
                    return None
                least, (hub, by_in, by_out) = NO_PAIRING, sums[(k, u, w)]
                if by_in and by_out:  # cost(c, x) = cost(c, first out) + cost(first in, x) - cost(hub)
                    least = (min(packed(a[0]) for a in by_in.values())
                             + min(packed(a[0]) for a in by_out.values()) - packed(hub[0]))
                    came = min((c for c in ins if c.id in by_in and c.id in states),
                               key=lambda c: add(states[c.id][0], by_in[c.id][0]), default=None)
                    for left in (x for x in outs if came is not None and x.id in by_out):
                        reach(came, left, tuple(a + b - h for a, b, h in zip(by_in[came.id][0],
                                                                              by_out[left.id][0], hub[0])))
                alike: dict = {}  # floats out that the next level cannot tell apart: equal, met nobody there
                for x in outs:
                    alike.setdefault(x and seen_below[x.id], []).append(x)
                below = int(after[k][w])
                for came in ins:
                    state = states.get(came and came.id)
                    for seen, others in alike.items():
                        todo = [x for x in others if x.id not in by_out] if came and came.id in by_in else others
                        if not todo:
                            continue
                        kind = (k, came and came.id, seen)
                        if kind not in bounds:  # by values alone, cheap: floats no path within the limit can use
                            bounds[kind] = refine(k, [came, came], others if len(others) > 1 else others * 2)
                        # a float no path reaches yet is solved as the table's least way here could reach it
                        path = (packed(state[0]) if state else int(before[k][u])) + bounds[kind] + below
                        if path > limit:
                            least = min(least, bounds[kind])
                            if state:
                                beyond_limit = min(beyond_limit, path)
                            continue
                        for left in todo:
                            if len(levels) >= budget or blocks.work > CHAIN_WORK * len(block):
                                return None
                            answer = solved_level(k, came, left)
                            if answer is None:
                                continue
                            cost = packed(answer[0])
                            least = min(least, cost)
                            if state:
                                reach(came, left, answer[0])
                            if cost > bounds[kind] and len(others) > 2 and kind not in floors:
                                floors[kind] = relaxed(k, came, others)
                            if cost <= max(bounds[kind], floors.get(kind, -1)):  # none of the others pays less
                                break
                if least > tables[k][u, w]:  # every float of these values solved: the bound is their least
                    tables[k][u, w], raised = least, True
            trail.append(reached)
            states = reached
        best = packed(states[None][0]) if None in states else NO_PAIRING
        if best <= limit:
            pairs, name = [], None
            for reached in reversed(trail):
                name, k, came, left, costs = reached[name][1]
                answer = solved_level(k, came, left, exact=came is not None)
                if answer is None or answer[0] != costs:  # a sum over two choices must be the level's optimum
                    return None
                pairs.extend(answer[1])
            return pairs
        if best < NO_PAIRING and len(levels) + to_open(through, best) <= budget:
            limit = best  # affordable: every float that could beat the best found, in one last pass
            continue
        if not raised:  # nothing learnt at this limit: the next limit is the next bound, or the best found
            beyond = [int(t[fresh].min()) for t in through if (fresh := (t > limit) & (t < NO_PAIRING)).any()]
            if not beyond and best == NO_PAIRING and beyond_limit == NO_PAIRING:
                return None
            limit = min([best, *beyond, beyond_limit])


def _seen_below(members: list[list[Contender]], rest: list[Coordinate], level_of: dict[int, int], forbidden
                ) -> dict[int, tuple | int]:
    """Each player as the level below theirs sees them coming: by their scores when they have met nobody in
    it (then that level is the same problem whichever of them comes), else by name."""
    return {c.id: tuple(f(c) for f in rest) if all(level_of.get(o) != k + 1 for o in forbidden.partners(c.id))
            else c.id for k, m in enumerate(members) for c in m}


def _floats_by_value(members: list[list[Contender]], tier: Coordinate, rest: list[Coordinate],
                     level_of: dict[int, int], forbidden) -> list[dict[int, list[Contender]]]:
    """For each level, who may float out of it by their value on the next tier, in standing order: of the
    players equal on every tier left who have met nobody in this level or the levels beside it, only the
    first. Swapping two such players changes no level's problem but by their names (neither is banned from
    anyone either level could pair them with), so the one is as good a float as the other, and a level of
    hundreds of equal players on the next tier has a few floats to try, not hundreds."""
    by_value: list[dict[int, list[Contender]]] = []
    for k, m in enumerate(members):
        kept: dict[int, list[Contender]] = {}
        seen: set[tuple] = set()
        for c in m:
            if all(abs(level_of.get(o, k + 2) - k) > 1 for o in forbidden.partners(c.id)):
                scores = tuple(f(c) for f in rest)
                if scores in seen:
                    continue
                seen.add(scores)
            kept.setdefault(tier(c), []).append(c)
        by_value.append(kept)
    return by_value


class _Remembered(dict):
    """Blocks solved on the next tier, by who is in them (bytes of their ids); `work` counts the players of
    every block solved, the measure of what a chain has spent."""

    work = 0

    def __setitem__(self, key, value):
        if isinstance(key, bytes):
            self.work += len(key) // 8
        super().__setitem__(key, value)


def _level_by_blocks(players: list[Contender], column: np.ndarray, names: np.ndarray, coords: list[Coordinate],
                     forbidden, base: int, blocks: dict) -> tuple | None:
    """One level of a chain (its float in, without its float out) on the remaining tiers: (costs, pairs),
    or None when it has no legal pairing. Split at its cuts on the first remaining tier and solved block by
    block (each block remembered, as most are the same whichever floats the level has), which is its
    optimum when the blocks pay its lower bound; otherwise solved whole."""
    if not players:
        return _with_costs([], coords)
    changes = np.nonzero(column[1:] != column[:-1])[0] + 1
    edges = [0, *changes[changes % 2 == 0].tolist(), len(players)]
    pairs: list[Pair] = []
    costs = [0] * len(coords)
    for start, end in zip(edges, edges[1:]):
        part = _next_tier_block(players, names, start, end, coords, forbidden, base, blocks)
        if part is None:
            break
        pairs.extend(part[0])
        costs = [a + b for a, b in zip(costs, part[1])]
    else:
        if costs[0] == lower_bound(column):
            return tuple(costs), pairs
    whole = _certified_blocks(players, coords, _no_costs, forbidden,
                              random.Random(f"{base}:{names[0]}:{names[-1]}:{len(players)}:whole"), blocks)
    return None if whole is None else _with_costs(whole, coords)


def _next_tier_block(players: list[Contender], names: np.ndarray, start: int, end: int, coords: list[Coordinate],
                     forbidden, base: int, blocks: dict) -> tuple[list[Pair], tuple[int, ...]] | None:
    """players[start:end] solved on `coords` with their own seed, and what they pay: remembered by who they
    are (`blocks` maps them to their pairs, as `_certified_blocks` shares it, and (them,) to the costs)."""
    key = names[start:end].tobytes()
    if key not in blocks:
        blocks[key] = _solve_block(players[start:end], coords, _no_costs, forbidden,
                                   random.Random(f"{base}:{names[start]}:{names[end - 1]}:{end - start}"))
    if blocks[key] is None:
        return None
    if (key,) not in blocks:
        blocks[(key,)] = _with_costs(blocks[key], coords)[0]
    return blocks[key], blocks[(key,)]


def _claims(players: list[Contender], column: np.ndarray, names: np.ndarray, coords: list[Coordinate], forbidden,
            base: int, blocks: dict, from_top: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A level's blocks on the next tier (cut where an even number is above, or below), each with its least
    and greatest value, its claim: min(what its optimum pays over its bound, gap² at each cut beside it),
    and what its optimum pays in the tier after.

    Floats change a level's blocks only between their two values; any pairing of the level with those
    floats pays its bound plus at least the claims of the unchanged blocks. A block paired on its own pays
    its excess; a run of blocks paired across its cuts pays 2·gap² more per inner cut, which covers the
    claims of its unchanged blocks, as each claims at most gap² of a cut inside the run and a cut is
    claimed by its two sides at most."""
    size = len(players)
    changes = np.nonzero(column[1:] != column[:-1])[0] + 1
    cuts = changes[(changes if from_top else size - changes) % 2 == 0]
    edges = [0, *cuts.tolist(), size]
    gap2 = [int(column[c - 1] - column[c]) ** 2 for c in cuts.tolist()]
    least, most, claim, second = [], [], [], []
    for b, (start, end) in enumerate(zip(edges, edges[1:])):
        least.append(column[end - 1])
        most.append(column[start])
        part = None if (end - start) % 2 else _next_tier_block(players, names, start, end, coords, forbidden, base,
                                                                blocks)
        paid = float("inf") if part is None else part[1][0]
        beside = [gap2[b - 1]] if b > 0 else []
        beside += [gap2[b]] if b < len(gap2) else []
        claim.append(int(min(paid - lower_bound(column[start:end]), *beside)) if beside and part is not None
                     else min(beside, default=0) if (end - start) % 2 == 0 else 0)
        second.append(part[1][1] if part and len(coords) > 1 else 0)
    return tuple(np.array(v, dtype=np.int64) for v in (least, most, claim, second))


def _float_floor(players: list[Contender], came_at: int | None, left: Contender | None, ins: list, outs: list,
                 coords: list[Coordinate]) -> int:
    """`chain.chain_floor` for one block of a level that holds a float: its players by class on coords[0],
    valued on coords[1], the one at `came_at` standing for any of `ins`, `left` (gone) for any of `outs`."""
    level, after = coords[0], coords[1]
    staying = [c for i, c in enumerate(players) if i != came_at] + ([left] if left is not None else [])
    marks = sorted({level(c) for c in staying} | ({level(ins[0])} if came_at is not None else set()), reverse=True)
    classes = [np.array(sorted((after(c) for c in staying if level(c) == mark), reverse=True), dtype=np.int64)
               for mark in marks]
    extra_in = None if came_at is None else (marks.index(level(ins[0])), np.array([after(c) for c in ins]))
    extra_out = None if left is None else (marks.index(level(left)), np.array([after(c) for c in outs]))
    return chain_floor(classes, extra_in, extra_out)


def _with_costs(pairs: list[Pair], coords: list[Coordinate]) -> tuple:
    return tuple(sum((f(a) - f(b)) ** 2 for a, b in pairs) for f in coords), pairs


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
