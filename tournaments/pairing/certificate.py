"""The certificate of the pairing engine's blocks: which cuts between them no pairing with the least
first tier can cross, so that solving the blocks apart is exact (see `engine`'s docstring for the
argument). Pure arithmetic on the levels and what each solved block paid; it never pairs anyone."""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from tournaments.pairing.candidates import lower_bound


class Certificate:
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

    def record(self, span: tuple[int, int], pairs: list[tuple] | None, level: Callable[[object], int]) -> None:
        """What a block the engine solved pays in the first tier (None: it has no legal pairing)."""
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
