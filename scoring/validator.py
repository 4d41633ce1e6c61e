"""The score validator: every problem with a reported result, each with a stable code and a
sentence naming the player, the scheme and the limit, so a reporter can fix them all at once.

It knows the limits of DOMAIN.md: VP per game, strategy and scheme caps, two different schemes
from the round's pool, noted models, no VP in turn 1, per-turn caps, turns in a game.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .formats import Format
from .problems import Problem

PLAYED, CONCEDED, FORFEITED, BYE = "played", "conceded", "forfeited", "bye"
REPORTED_OUTCOMES = (PLAYED, CONCEDED, FORFEITED)
SIDES = ("a", "b")

ERROR_CODES = {
    "vp_required": "A played game needs both players' VP.",
    "vp_negative": "A VP figure is below zero.",
    "vp_above_game_limit": "More VP than a game allows (10 GG2017, 8 M3E).",
    "loser_required": "A conceded or forfeited game must name its loser, a or b.",
    "loser_unexpected": "A played game names no loser: more VP wins.",
    "breakdown_unexpected": "Conceded and forfeited games take fixed awards: no breakdown.",
    "turns_out_of_range": "Turns played must be from 1 to the format's most turns.",
    "vp_in_first_turn": "No VP can be scored in turn 1.",
    "strategy_above_limit": "More strategy VP than the strategy allows (4).",
    "strategy_above_turns": "More strategy VP than turns that could score (turns played - 1).",
    "scheme_unknown": "Not a scheme of the event's format.",
    "scheme_not_in_pool": "The scheme is not in the round's Scheme Pool.",
    "scheme_repeated": "The same scheme chosen twice by one player.",
    "too_many_schemes": "More schemes than a player chooses (2).",
    "scheme_above_limit": "More VP from one scheme than it allows (3 GG2017, 2 M3E).",
    "noted_model_missing": "A scheme that needs a noted model scored without one.",
    "breakdown_mismatch": "Strategy and scheme VP do not add up to the reported VP.",
    "turn_out_of_range": "A turn number outside the turns played.",
    "turn_repeated": "The same turn listed twice.",
    "strategy_turn_limit": "More than 1 strategy VP in one turn.",
    "scheme_turn_limit": "More than 1 VP from one scheme in one turn (M3E).",
    "scheme_not_chosen": "Per-turn VP for a scheme the player did not choose.",
    "turn_breakdown_mismatch": "Per-turn VP do not add up to the breakdown.",
}


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
class Report:
    outcome: str = PLAYED
    vp_a: int | None = None
    vp_b: int | None = None
    loser: str | None = None
    turns: int | None = None  # turns played; fewer than the format's length when time was called
    breakdown: dict[str, SideBreakdown] = field(default_factory=dict)


def validate_report(rules: Format, report: Report, *, pool: Sequence[str] = (),
                    names: dict[str, str] | None = None) -> list[Problem]:
    """Every problem with the report; an empty list means it can be scored. An empty pool is not checked."""
    names = names or {"a": "Player A", "b": "Player B"}
    problems: list[Problem] = []
    add = problems.append
    if report.outcome != PLAYED:
        if report.loser not in SIDES:
            add(Problem("loser_required", f"A {report.outcome} game must name the player who lost it: "
                        "\"a\" or \"b\".", "loser"))
        if report.breakdown:
            add(Problem("breakdown_unexpected", f"A {report.outcome} game takes the event's awards; "
                        "leave out the breakdown.", "breakdown"))
        return problems
    if report.loser is not None:
        add(Problem("loser_unexpected", "A played game has no loser to name; more VP wins.", "loser"))
    if report.turns is not None and not 1 <= report.turns <= rules.turns_max:
        add(Problem("turns_out_of_range", f"{rules.name} games last at most {rules.turns_max} turns "
                    f"(got {report.turns}).", "turns"))
    for side in SIDES:
        vp = getattr(report, f"vp_{side}")
        attr, who = f"vp_{side}", names[side]
        if vp is None:
            add(Problem("vp_required", f"A played game needs {who}'s VP.", attr))
            continue
        if vp < 0:
            add(Problem("vp_negative", f"{who}'s VP cannot be negative (got {vp}).", attr))
        elif vp > rules.vp.game:
            add(Problem("vp_above_game_limit", f"{who} reported {vp} VP; {rules.name} allows at most "
                        f"{rules.vp.game} in a game.", attr))
        elif vp > 0 and report.turns is not None and report.turns < rules.vp.first_scoring_turn:
            add(Problem("vp_in_first_turn", f"{who} reported {vp} VP in a game that ended in turn 1, "
                        "where no VP can be scored.", attr))
        if side in report.breakdown:
            problems += _breakdown_problems(rules, report, side, vp, pool, who)
    return problems


def _breakdown_problems(rules: Format, report: Report, side: str, vp: int | None, pool: Sequence[str],
                        who: str) -> list[Problem]:
    part = report.breakdown[side]
    base = f"breakdown.{side}"
    limits = rules.vp
    problems: list[Problem] = []
    add = problems.append
    if part.strategy < 0:
        add(Problem("vp_negative", f"{who}'s strategy VP cannot be negative.", f"{base}.strategy"))
    elif part.strategy > limits.strategy:
        add(Problem("strategy_above_limit", f"{who} scored {part.strategy} strategy VP; the strategy gives at most "
                    f"{limits.strategy}.", f"{base}.strategy"))
    elif report.turns is not None and part.strategy > report.turns - 1:
        add(Problem("strategy_above_turns", f"{who} scored {part.strategy} strategy VP in {report.turns} turns; "
                    f"at most 1 a turn from turn 2 allows {max(report.turns - 1, 0)}.", f"{base}.strategy"))
    if len(part.schemes) > limits.schemes_per_player:
        add(Problem("too_many_schemes", f"{who} listed {len(part.schemes)} schemes; a player chooses "
                    f"{limits.schemes_per_player}.", f"{base}.schemes"))
    chosen: set[str] = set()
    for i, score in enumerate(part.schemes):
        attr = f"{base}.schemes.{i}"
        scheme = rules.scheme(score.scheme)
        if scheme is None:
            add(Problem("scheme_unknown", f"{who}'s \"{score.scheme}\" is not a scheme of {rules.name}.",
                        f"{attr}.scheme"))
            continue
        if pool and score.scheme not in pool:
            add(Problem("scheme_not_in_pool", f"{who} chose {scheme.name}, which is not in this round's "
                        "Scheme Pool.", f"{attr}.scheme"))
        if score.scheme in chosen:
            add(Problem("scheme_repeated", f"{who} chose {scheme.name} twice; the two schemes must differ.",
                        f"{attr}.scheme"))
        chosen.add(score.scheme)
        if score.vp < 0:
            add(Problem("vp_negative", f"{who}'s VP from {scheme.name} cannot be negative.", f"{attr}.vp"))
        elif score.vp > limits.scheme:
            add(Problem("scheme_above_limit", f"{who} scored {score.vp} VP from {scheme.name}; a scheme gives at "
                        f"most {limits.scheme} in {rules.name}.", f"{attr}.vp"))
        if scheme.noted_model and score.vp > 0 and not score.noted_model.strip():
            add(Problem("noted_model_missing", f"{who}'s {scheme.name} needs the model noted when it was chosen; "
                        "without it the scheme scores nothing.", f"{attr}.noted_model"))
    if vp is not None and part.strategy + sum(s.vp for s in part.schemes) != vp:
        add(Problem("breakdown_mismatch", f"{who}'s breakdown adds up to "
                    f"{part.strategy + sum(s.vp for s in part.schemes)} VP, not the {vp} reported.", base))
    if part.turns:
        problems += _turn_problems(rules, report, part, base, who)
    return problems


def _turn_problems(rules: Format, report: Report, part: SideBreakdown, base: str, who: str) -> list[Problem]:
    limits = rules.vp
    last_turn = report.turns or rules.turns_max
    chosen = {s.scheme for s in part.schemes}
    problems: list[Problem] = []
    add = problems.append
    seen: set[int] = set()
    for i, turn in enumerate(part.turns):
        attr = f"{base}.turns.{i}"
        if turn.turn in seen:
            add(Problem("turn_repeated", f"{who}'s turn {turn.turn} is listed twice.", f"{attr}.turn"))
        seen.add(turn.turn)
        if not 1 <= turn.turn <= last_turn:
            add(Problem("turn_out_of_range", f"{who} scored in turn {turn.turn}, but the game had {last_turn} "
                        "turns.", f"{attr}.turn"))
        values = [turn.strategy, *turn.schemes.values()]
        if any(v < 0 for v in values):
            add(Problem("vp_negative", f"{who}'s VP in turn {turn.turn} cannot be negative.", attr))
        if turn.turn < limits.first_scoring_turn and any(values):
            add(Problem("vp_in_first_turn", f"{who} scored in turn {turn.turn}; no VP is scored in turn 1.", attr))
        if turn.strategy > limits.strategy_per_turn:
            add(Problem("strategy_turn_limit", f"{who} scored {turn.strategy} strategy VP in turn {turn.turn}; "
                        f"at most {limits.strategy_per_turn} a turn.", f"{attr}.strategy"))
        for key, vp in turn.schemes.items():
            if key not in chosen:
                add(Problem("scheme_not_chosen", f"{who} scored \"{key}\" in turn {turn.turn} but did not list "
                            "it among their schemes.", f"{attr}.schemes"))
            elif limits.scheme_per_turn is not None and vp > limits.scheme_per_turn:
                add(Problem("scheme_turn_limit", f"{who} scored {vp} VP from {rules.scheme(key).name} in turn "
                            f"{turn.turn}; a scheme gives at most {limits.scheme_per_turn} a turn in "
                            f"{rules.name}.", f"{attr}.schemes"))
    if sum(t.strategy for t in part.turns) != part.strategy:
        add(Problem("turn_breakdown_mismatch", f"{who}'s strategy VP turn by turn add up to "
                    f"{sum(t.strategy for t in part.turns)}, not {part.strategy}.", f"{base}.turns"))
    for score in part.schemes:
        by_turn = sum(t.schemes.get(score.scheme, 0) for t in part.turns)
        if by_turn != score.vp:
            add(Problem("turn_breakdown_mismatch", f"{who}'s VP from \"{score.scheme}\" turn by turn add up to "
                        f"{by_turn}, not {score.vp}.", f"{base}.turns"))
    return problems
