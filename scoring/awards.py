"""The awards an organizer may announce (GG2017 lets them vary the bye, concession and forfeit), and
the ranges every front end accepts for them and for an event's length."""
from __future__ import annotations

from dataclasses import asdict, replace

from scoring.formats import Award, Format, UnusualResult

# Inclusive ranges, shared by the API's serializers and the console's forms.
AWARD_RANGES = {"tp": (0, 10), "diff": (-100, 100), "vp": (0, 100)}
ROUNDS_RANGE = (1, 30)  # an event's planned rounds, and its rematch window
WINNER_VP_RANGE = (0, AWARD_RANGES["vp"][1])
# The encounter's size in Soulstones (GG2017 and M4E GG0 suggest 50) and a round's length in minutes,
# which GG2017 ties to the encounter's size: event settings.
ENCOUNTER_SIZE_RANGE = (10, 100)
ROUND_MINUTES_RANGE = (30, 300)


def with_winner_vp(result: UnusualResult, vp: int) -> UnusualResult:
    """A concession or forfeit whose winner gets `vp` VP: the Differential follows (winner +vp, loser
    -vp), and every other figure stays as announced. Unchanged when `vp` is what the winner gets."""
    if vp == result.winner.vp:
        return result
    return UnusualResult(winner=replace(result.winner, vp=vp, diff=vp), loser=replace(result.loser, diff=-vp))


def varied_awards(rules: Format, *, bye: Award, concession_vp: int, forfeit_vp: int) -> dict:
    """The awards as plain data (`Format.announced` reads it back) after the organizer set the bye
    and the winner's VP of a concession and a forfeit, keeping whatever else was announced."""
    return {"bye": asdict(bye),
            "concession": asdict(with_winner_vp(rules.concession, concession_vp)),
            "forfeit": asdict(with_winner_vp(rules.forfeit, forfeit_vp))}
