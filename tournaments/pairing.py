"""The Swiss pairing engine: pure Python, data in and pairings out.

Hard rules (GG2017 "Round Pairings"): nobody meets an opponent again within the
rematch window, nobody gets a second bye-or-Ringer game, and with an odd count
the lowest-placed eligible player takes the bye (or plays the Ringer), moving up
the standings when the rest could not then be paired legally.

Among legal pairings the engine picks one minimising Σ(ΔTP)², then Σ(ΔDiff)²,
then Σ(ΔVP)² — lexicographically and exactly — with the round's seed breaking
the remaining ties, so a seed reproduces a round. The exact optimum comes from
a maximum-weight perfect matching on integer weights (networkx's blossom
algorithm, which stays in integer arithmetic for integer weights), the tiers
packed into one Python integer with factors large enough that no lower tier can
outweigh a higher one.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

import networkx as nx

from scoring.problems import conflict


@dataclass(frozen=True)
class Contender:
    """A player the round must seat, with their totals so far."""

    id: int
    tp: int = 0
    diff: int = 0
    vp: int = 0
    had_bye: bool = False  # already had a bye or a game against the Ringer


@dataclass(frozen=True)
class PairedGame:
    table: int | None  # None for a bye
    player_a: int
    player_b: int | None  # None for a bye; the Ringer's id for a Ringer game


@dataclass(frozen=True)
class RoundPairing:
    games: tuple[PairedGame, ...]
    # (ΣΔTP², ΣΔDiff², ΣΔVP²) over the Swiss games, the quantity the engine minimised.
    objective: tuple[int, int, int]
    # Who took the bye or played the Ringer this round, if the count was odd.
    odd_one_out: int | None = None


def pair_round(contenders: Sequence[Contender], *, round_number: int, seed: int | str,
               met: Mapping[frozenset[int], int] | None = None, rematch_window: int = 3,
               ringer: int | None = None) -> RoundPairing:
    """Seat every contender once; `met` maps a pair of players to the last round they met."""
    met = met or {}
    rng = random.Random(f"{seed}")
    order = _standing_order(contenders, rng)

    def forbidden(a: int, b: int) -> bool:
        last = met.get(frozenset((a, b)))
        return last is not None and round_number - last < rematch_window

    if len(order) % 2 == 0:
        matching = _best_matching(order, forbidden, rng)
        if matching is None:
            raise conflict("no_legal_pairing",
                           f"No pairing of these {len(order)} players avoids a rematch within "
                           f"the last {rematch_window} rounds.")
        return _with_tables(order, matching, None, ringer)
    else:
        eligible = [c for c in reversed(order) if not c.had_bye]
        if not eligible:
            raise conflict("no_bye_candidate", "Every player has already had a bye or a game against the Ringer.")
        for candidate in eligible:
            matching = _best_matching([c for c in order if c is not candidate], forbidden, rng)
            if matching is not None:
                break
        else:
            raise conflict("no_legal_pairing",
                           "No player who has not had a bye or a Ringer game can take it while the others are "
                           f"paired without a rematch within the last {rematch_window} rounds.")
        return _with_tables(order, matching, candidate, ringer)


def _standing_order(contenders: Sequence[Contender], rng: random.Random) -> list[Contender]:
    """Best first by TP, Diff, VP; players equal on all three are ordered by the seed."""
    shuffled = list(contenders)
    rng.shuffle(shuffled)
    return sorted(shuffled, key=lambda c: (-c.tp, -c.diff, -c.vp))


def _best_matching(order: list[Contender], forbidden, rng: random.Random) -> list[tuple[Contender, Contender]] | None:
    """The legal perfect matching of least lexicographic cost, or None when none exists."""
    if not order:
        return []
    if all((c.tp, c.diff, c.vp) == (order[0].tp, order[0].diff, order[0].vp) for c in order):
        # Everyone level (round 1): every legal matching costs 0, so the seeded order decides.
        neighbours = list(zip(order[::2], order[1::2]))
        if not any(forbidden(a.id, b.id) for a, b in neighbours):
            return neighbours
    edges = []
    for (i, a), (j, b) in combinations(enumerate(order), 2):
        if not forbidden(a.id, b.id):
            tiers = ((a.tp - b.tp) ** 2, (a.diff - b.diff) ** 2, (a.vp - b.vp) ** 2, rng.randrange(len(order) ** 2))
            edges.append((i, j, tiers))
    if not edges:
        return None
    games = len(order) // 2
    # Each factor exceeds the largest sum the tiers below it can reach in one round.
    factors = [games * max(e[2][t] for e in edges) + 1 for t in range(4)]
    costs = []
    for i, j, tiers in edges:
        cost = 0
        for tier, factor in zip(tiers, factors):
            cost = cost * factor + tier
        costs.append((i, j, cost))
    top = max(c for _, _, c in costs) + 1
    graph = nx.Graph()
    graph.add_nodes_from(range(len(order)))
    graph.add_weighted_edges_from((i, j, top - cost) for i, j, cost in costs)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) != games:
        return None
    return [(order[i], order[j]) for i, j in matching]


def _with_tables(order: list[Contender], matching: list[tuple[Contender, Contender]],
                 odd_one_out: Contender | None, ringer: int | None) -> RoundPairing:
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
    return RoundPairing(games=tuple(games), objective=objective,
                        odd_one_out=odd_one_out.id if odd_one_out else None)
