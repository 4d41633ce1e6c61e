"""The Swiss pairing engine: data in and pairings out, with no database or web in between.

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
exactly on its own, and the joint answer is *certified* (`certificate`): a
dynamic programme over the blocks bounds what any pairing crossing a cut must pay,
using each block's own optimum, and cuts beside roomy levels are proven never to
be crossed (an exchange argument). Uncertified cuts are removed and the merged
block solved again, starting from what its parts paid. Never a worse answer.

A block level on TP is the same problem on Differential (then VP) and is split
the same way; players level on every score are a seeded shuffle repaired around
rematch bans (`_level_pairs`). A block spanning several levels is one blossom
(`matching`, LEMON's) on the candidate graph of `candidates.candidate_pairs`,
which provably holds every optimal pairing once a legal pairing bounds the
block's slack.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter

import numpy as np

from scoring.messages import say
from scoring.problems import conflict
from tournaments.pairing.candidates import candidate_pairs, legal_pairs, lower_bound
from tournaments.pairing.certificate import Certificate
from tournaments.pairing.matching import min_cost_perfect_matching

SWISS, RANDOM, FOLD = "swiss", "random", "fold"
SWISS_COORDINATES = (attrgetter("tp"), attrgetter("diff"), attrgetter("vp"))
SMALL_BLOCK = 32  # players: every legal pair of a block this small is quicker than its candidate graph
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
    levels = [level(c) for c in order]
    starts = [i for i in range(len(order)) if i == 0 or levels[i] != levels[i - 1]]
    gap2 = {b: (levels[b - 1] - levels[b]) ** 2 for b in starts[1:]}
    cuts = {b for b in gap2 if b % 2 == 0}
    ids = {c.id for c in order}
    most_bans = max((len(forbidden.partners(c.id) & ids) for c in order), default=0)
    certificate = Certificate(levels, starts, gap2, cuts, most_bans)
    base_seed = rng.getrandbits(64)
    solved: dict[tuple[int, int], list[Pair] | None] = {}  # a block is the same block after a merge elsewhere

    hints: dict[tuple[int, int], int] = {}  # a merged block: the slack its parts' pairings pay together

    def job(span: tuple[int, int]) -> tuple:
        # Each block's ties come from its own seed, so a block solved again after a merge elsewhere
        # gives the same answer and can be kept.
        start, end = span
        return (order[start:end], coords, finer, forbidden, random.Random(f"{base_seed}:{start}:{end}"),
                hints.get(span, 0))

    while True:
        edges = sorted(cuts)
        blocks = list(zip([0, *edges], [*edges, len(order)]))
        solved.update((span, _solve_block(*job(span))) for span in blocks if span not in solved)
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
