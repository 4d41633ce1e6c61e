"""Pairing benchmark: the engine against the complete-graph reference on the same simulated events.

    python -m benchmarks.pairing [--sizes 16,64,256,1000,10000] [--repeat 3]

Each event is simulated for 4 rounds (3/1/0 TP, random VP 0-10, greedy Swiss without rematches), then
round 5 is paired. For each size: the engine's median time, its peak memory, the objective, and up to
1,000 players the complete-graph reference (rustworkx blossom on every legal pair) with the time ratio.
The ratio, not the absolute time, is the figure to compare across machines.
"""
from __future__ import annotations

import argparse
import random
import resource
import statistics
import time
import tracemalloc
from itertools import combinations

import numpy as np

from tournaments.pairing import Contender, pair_round
from tournaments.pairing.matching import min_cost_perfect_matching

ROUNDS_PLAYED = 4
WINDOW = 3


def simulate(n: int, seed: int):
    """Totals and meetings after ROUNDS_PLAYED greedy Swiss rounds."""
    rng = random.Random(seed)
    totals = {i: [0, 0, 0] for i in range(n)}
    met: dict[frozenset, int] = {}
    for rnd in range(1, ROUNDS_PLAYED + 1):
        waiting = sorted(totals, key=lambda i: (-totals[i][0], -totals[i][1], -totals[i][2], rng.random()))
        while len(waiting) > 1:
            a = waiting.pop(0)
            b = next((p for p in waiting if frozenset((a, p)) not in met), waiting[0])
            waiting.remove(b)
            met[frozenset((a, b))] = rnd
            va, vb = rng.randint(0, 10), rng.randint(0, 10)
            for p, mine, theirs in ((a, va, vb), (b, vb, va)):
                totals[p][0] += 3 if mine > theirs else 1 if mine == theirs else 0
                totals[p][1] += mine - theirs
                totals[p][2] += mine
    contenders = [Contender(i, *totals[i]) for i in range(n)]
    return contenders, met


def engine(contenders, met):
    return pair_round(contenders, round_number=ROUNDS_PLAYED + 1, seed=1, met=met, rematch_window=WINDOW)


def full_graph(contenders, met):
    """The reference: one blossom over every legal pair (no blocks, no certificate)."""
    rnd = ROUNDS_PLAYED + 1
    legal = [(i, j) for (i, a), (j, b) in combinations(enumerate(contenders), 2)
             if rnd - met.get(frozenset((a.id, b.id)), -99) >= WINDOW]
    left, right = (np.array(side, dtype=np.int64) for side in zip(*legal))
    tiers = [(np.array([getattr(c, t) for c in contenders], dtype=np.int64)[left]
              - np.array([getattr(c, t) for c in contenders], dtype=np.int64)[right]) ** 2
             for t in ("tp", "diff", "vp")]
    pairs = min_cost_perfect_matching(len(contenders), left, right, tiers)
    return tuple(sum((getattr(contenders[i], t) - getattr(contenders[j], t)) ** 2 for i, j in pairs)
                 for t in ("tp", "diff", "vp"))


def timed(fn, *args, repeat: int):
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn(*args)
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="16,64,256,1000,10000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--reference-up-to", type=int, default=1000)
    args = parser.parse_args()
    print(f"{'players':>8} {'engine s':>9} {'peak MB':>8} {'objective (ΣΔTP², ΣΔDiff², ΣΔVP²)':>36} "
          f"{'full graph s':>12} {'ratio':>7} {'same':>5}")
    print("(peak MB: Python allocations of the engine, or the largest resident size of a process it forked,"
          " whichever is larger)")
    for n in (int(s) for s in args.sizes.split(",")):
        contenders, met = simulate(n, seed=n)
        tracemalloc.start()
        engine(contenders, met)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        peak = max(peak, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)
        seconds, pairing = timed(engine, contenders, met, repeat=args.repeat)
        line = f"{n:>8} {seconds:>9.3f} {peak:>8.1f} {str(pairing.objective):>36}"
        if n <= args.reference_up_to:
            ref_seconds, ref_objective = timed(full_graph, contenders, met, repeat=1)
            line += f" {ref_seconds:>12.3f} {ref_seconds / seconds:>6.1f}x {str(ref_objective == pairing.objective):>5}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
