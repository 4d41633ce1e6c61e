"""A reported result as values: its outcome (played, conceded, forfeited, a bye, a double loss), its sides,
where each side's VP came from (strategy, schemes, turn by turn) and the mission a table flipped. What
the validator judges, the services store and the pages show; apart from the validator, which is the
rules that judge it."""

from __future__ import annotations

from dataclasses import dataclass, field

PLAYED, CONCEDED, FORFEITED, BYE = "played", "conceded", "forfeited", "bye"
# Both players lose (two no-shows, collusion): the organizer's decision, each side takes the forfeit
# loser's award (GG2017).
DOUBLE_LOSS = "double_loss"
REPORTED_OUTCOMES = (PLAYED, CONCEDED, FORFEITED)  # what players may report
ENTERED_OUTCOMES = (*REPORTED_OUTCOMES, DOUBLE_LOSS)  # what organizers may enter
SIDES = ("a", "b")


def other_side(side: str | None) -> str | None:
    """The opponent's side of a game ("a" <-> "b")."""
    return {"a": "b", "b": "a"}.get(side)


@dataclass(frozen=True)
class SchemeScore:
    scheme: str
    vp: int
    noted_model: str = ""


@dataclass(frozen=True)
class TurnScore:
    turn: int
    strategy: int = 0
    schemes: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class SideBreakdown:
    """Where one player's VP came from: the strategy, each chosen scheme, optionally turn by turn."""

    strategy: int = 0
    schemes: tuple[SchemeScore, ...] = ()
    turns: tuple[TurnScore, ...] = ()


@dataclass(frozen=True)
class TableMission:
    """What a table played, as its players flipped it (missions set at the table): keys of the format's."""

    strategy: str = ""
    deployment: str = ""
    scheme_pool: tuple[str, ...] = ()


@dataclass(frozen=True)
class Report:
    outcome: str = PLAYED
    vp_a: int | None = None
    vp_b: int | None = None
    loser: str | None = None
    turns: int | None = None  # turns played; fewer than the format's length when time was called
    breakdown: dict[str, SideBreakdown] = field(default_factory=dict)
    mission: TableMission | None = None  # reported with the result when the table flips its own


def breakdown_from_dict(data: dict) -> dict[str, SideBreakdown]:
    """A breakdown as posted or stored ({"a": {"strategy", "schemes": [...], "turns": [...]}}) as values."""
    return {side: SideBreakdown(strategy=part.get("strategy", 0),
                                schemes=tuple(SchemeScore(**s) for s in part.get("schemes", ())),
                                turns=tuple(TurnScore(**t) for t in part.get("turns", ())))
            for side, part in data.items()}


def mission_from_dict(data: dict | None) -> TableMission | None:
    """A mission as posted or stored ({"strategy", "deployment", "scheme_pool"}); empty: none."""
    if not data:
        return None
    return TableMission(strategy=data.get("strategy", ""), deployment=data.get("deployment", ""),
                        scheme_pool=tuple(data.get("scheme_pool", ())))
