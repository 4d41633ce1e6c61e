"""Simulated events for the pairing benchmark: the fields a real event produces, not only random ones.

Kinds (the same generator serves the benchmark and, small, the exactness tests):
- `level`: round 1, nobody has played, every player on 0/0/0.
- `random`: every game's VP drawn uniformly from 0 to 10 for each side.
- `skill`: each player has a hidden skill s ~ N(0, 1); a game between a and b gives
  VP_a = clamp(round(5 + 2.2·(s_a - s_b) + N(0, 1.8)), 0, 10) and VP_b the same with the sign turned.
  Strong players keep winning, so score groups become long chains of near-equal players who
  have met each other: the field that makes a Swiss engine work hardest.

Earlier rounds are paired greedily (top down, each player with the first one below not met within
the window) or by the engine itself; an odd field gives the lowest player without a bye the bye
(GG2017: 3 TP, +5 Diff, 10 VP).
"""
from __future__ import annotations

import random
from collections.abc import Callable

from tournaments.pairing import Contender

KINDS = ("level", "random", "skill")
WINDOW = 3
BYE = (3, 5, 10)


def simulate(n: int, kind: str, round_number: int, seed: int, *, window: int = WINDOW,
             history: str = "greedy") -> tuple[list[Contender], dict[frozenset[int], int]]:
    """Contenders and meetings (pair -> last round) just before `round_number` is paired."""
    rng = random.Random(f"{kind}:{n}:{round_number}:{seed}")
    skill = [rng.gauss(0, 1) for _ in range(n)]
    totals = {i: [0, 0, 0] for i in range(n)}
    had_bye: set[int] = set()
    met: dict[frozenset[int], int] = {}
    game = _skilled_game(skill, rng) if kind == "skill" else _random_game(rng)
    for played in range(1, round_number if kind != "level" else 1):
        contenders = [Contender(i, *totals[i], had_bye=i in had_bye) for i in range(n)]
        pairs, bye = _pair(contenders, met, played, window, rng, history)
        if bye is not None:
            had_bye.add(bye)
            for k in range(3):
                totals[bye][k] += BYE[k]
        for a, b in pairs:
            met[frozenset((a, b))] = played
            va, vb = game(a, b)
            for p, mine, theirs in ((a, va, vb), (b, vb, va)):
                totals[p][0] += 3 if mine > theirs else 1 if mine == theirs else 0
                totals[p][1] += mine - theirs
                totals[p][2] += mine
    return [Contender(i, *totals[i], had_bye=i in had_bye) for i in range(n)], met


def _random_game(rng: random.Random) -> Callable[[int, int], tuple[int, int]]:
    return lambda a, b: (rng.randint(0, 10), rng.randint(0, 10))


def _skilled_game(skill: list[float], rng: random.Random) -> Callable[[int, int], tuple[int, int]]:
    def game(a: int, b: int) -> tuple[int, int]:
        edge = 2.2 * (skill[a] - skill[b])
        return (min(10, max(0, round(5 + edge + rng.gauss(0, 1.8)))),
                min(10, max(0, round(5 - edge + rng.gauss(0, 1.8)))))
    return game


def _pair(contenders: list[Contender], met, round_number: int, window: int, rng: random.Random, history: str):
    if history == "engine":
        from scoring.problems import Conflict
        from tournaments.pairing import pair_round

        try:
            pairing = pair_round(contenders, round_number=round_number, seed=rng.getrandbits(32), met=met,
                                 rematch_window=window)
            return [(g.player_a, g.player_b) for g in pairing.games if g.player_b is not None], pairing.odd_one_out
        except Conflict:  # a tiny field that cannot avoid a rematch: seat it greedily, rematches allowed
            pass
    waiting = sorted(contenders, key=lambda c: (-c.tp, -c.diff, -c.vp, rng.random()))
    bye = None
    if len(waiting) % 2:
        bye = next((c for c in reversed(waiting) if not c.had_bye), waiting[-1])
        waiting.remove(bye)
    ids = [c.id for c in waiting]
    pairs = []
    while ids:
        a = ids.pop(0)
        k = next((k for k, b in enumerate(ids) if round_number - met.get(frozenset((a, b)), -99) >= window), 0)
        pairs.append((a, ids.pop(k)))
    return pairs, bye.id if bye else None
