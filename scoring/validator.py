"""The score validator: every problem with a reported result, each with a stable code and a
sentence naming the player, the scheme and the limit, so a reporter can fix them all at once.

It knows the limits of DOMAIN.md: VP per game, strategy and scheme caps, two different schemes
from the round's pool, noted models, each format's (and scheme's) first scoring turn, per-turn caps,
what a game cut short by time can give, turns in a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .formats import Format
from .messages import say
from .problems import Problem
from .turns import turn_problems

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


ERROR_CODES = {
    "vp_required": "A played game needs both players' VP.",
    "vp_negative": "A VP figure is below zero.",
    "vp_above_game_limit": "More VP than a game allows (10 GG2017, 8 M3E).",
    "loser_required": "A conceded or forfeited game must name its loser, a or b.",
    "loser_not_single": "A double loss has no single loser: both players lose.",
    "loser_unexpected": "A played game names no loser: more VP wins.",
    "breakdown_unexpected": "Conceded and forfeited games take fixed awards: no breakdown.",
    "turns_out_of_range": "Turns played must be from 1 to the format's most turns.",
    "vp_in_first_turn": "VP scored in a turn before the format (or the scheme) scores: M3E scores nothing in "
                        "turn 1, GG2017's strategies and some of its schemes score from turn 2.",
    "vp_above_turns": "More VP than a game of the turns played can give (M3E: 6 in 3 turns).",
    "strategy_above_limit": "More strategy VP than the strategy allows (4).",
    "strategy_above_turns": "More strategy VP than turns that could score (1 a turn from the first scoring turn).",
    "scheme_above_turns": "More VP from one scheme than the turns played can give (M3E: 1 a turn from turn 2).",
    "scheme_before_game_end": "VP from a scheme that scores at the end of the game, in an earlier turn.",
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


def breakdown_from_dict(data: dict) -> dict[str, SideBreakdown]:
    """A breakdown as posted or stored ({"a": {"strategy", "schemes": [...], "turns": [...]}}) as values."""
    return {side: SideBreakdown(strategy=part.get("strategy", 0),
                                schemes=tuple(SchemeScore(**s) for s in part.get("schemes", ())),
                                turns=tuple(TurnScore(**t) for t in part.get("turns", ())))
            for side, part in data.items()}


def validate_report(
    rules: Format, report: Report, *, pool: Sequence[str] = (), names: dict[str, str] | None = None
) -> list[Problem]:
    """Every problem with the report; an empty list means it can be scored. An empty pool is not checked."""
    names = names or {"a": "Player A", "b": "Player B"}
    problems: list[Problem] = []
    add = problems.append
    if report.outcome == DOUBLE_LOSS:
        if report.loser is not None:
            add(Problem("loser_not_single", say("In a double loss both players lose; name no loser."), "loser"))
        if report.breakdown:
            add(Problem("breakdown_unexpected", say(
                "A {report_outcome} game takes the event's awards; leave out the breakdown.",
                report_outcome=report.outcome), "breakdown"))
        return problems
    if report.outcome != PLAYED:
        if report.loser not in SIDES:
            add(
                Problem(
                    "loser_required",
                    say(
                        'A {report_outcome} game must name the player who lost it: "a" or "b".',
                        report_outcome=report.outcome,
                    ),
                    "loser",
                )
            )
        if report.breakdown:
            add(
                Problem(
                    "breakdown_unexpected",
                    say(
                        "A {report_outcome} game takes the event's awards; leave out the breakdown.",
                        report_outcome=report.outcome,
                    ),
                    "breakdown",
                )
            )
        return problems
    if report.loser is not None:
        add(Problem("loser_unexpected", say("A played game has no loser to name; more VP wins."), "loser"))
    if report.turns is not None and not 1 <= report.turns <= rules.turns_max:
        add(
            Problem(
                "turns_out_of_range",
                say(
                    "{rules_name} games last at most {rules_turns_max} turns (got {report_turns}).",
                    rules_name=rules.name,
                    rules_turns_max=rules.turns_max,
                    report_turns=report.turns,
                ),
                "turns",
            )
        )
    for side in SIDES:
        vp = getattr(report, f"vp_{side}")
        attr, who = f"vp_{side}", names[side]
        if vp is None:
            add(Problem("vp_required", say("A played game needs {who}'s VP.", who=who), attr))
            continue
        if vp < 0:
            add(Problem("vp_negative", say("{who}'s VP cannot be negative (got {vp}).", who=who, vp=vp), attr))
        elif vp > rules.vp.game:
            add(
                Problem(
                    "vp_above_game_limit",
                    say(
                        "{who} reported {vp} VP; {rules_name} allows at most {vp_game} in a game.",
                        who=who,
                        vp=vp,
                        rules_name=rules.name,
                        vp_game=rules.vp.game,
                    ),
                    attr,
                )
            )
        elif report.turns is not None and vp > (most := rules.game_most_after(report.turns)):
            if most == 0:
                add(Problem("vp_in_first_turn", say(
                    "{who} reported {vp} VP in a game that ended in turn 1, where no VP can be scored.",
                    who=who, vp=vp), attr))
            else:
                add(Problem("vp_above_turns", say(
                    "{who} reported {vp} VP in {turns} turns; {rules_name} allows at most {most} by then.",
                    who=who, vp=vp, turns=report.turns, rules_name=rules.name, most=most), attr))
        if side in report.breakdown:
            problems += _breakdown_problems(rules, report, side, vp, pool, who)
    return problems


def _breakdown_problems(
    rules: Format, report: Report, side: str, vp: int | None, pool: Sequence[str], who: str
) -> list[Problem]:
    part = report.breakdown[side]
    base = f"breakdown.{side}"
    limits = rules.vp
    problems: list[Problem] = []
    add = problems.append
    if part.strategy < 0:
        add(Problem("vp_negative", say("{who}'s strategy VP cannot be negative.", who=who), f"{base}.strategy"))
    elif part.strategy > limits.strategy:
        add(
            Problem(
                "strategy_above_limit",
                say(
                    "{who} scored {part_strategy} strategy VP; the strategy gives at most {limits_strategy}.",
                    who=who,
                    part_strategy=part.strategy,
                    limits_strategy=limits.strategy,
                ),
                f"{base}.strategy",
            )
        )
    elif report.turns is not None and part.strategy > rules.strategy_most_after(report.turns):
        add(Problem("strategy_above_turns", say(
            "{who} scored {part_strategy} strategy VP in {report_turns} turns; at most {per_turn} a turn from "
            "turn {first} allows {value}.", who=who, part_strategy=part.strategy, report_turns=report.turns,
            per_turn=limits.strategy_per_turn, first=limits.strategy_first_turn,
            value=rules.strategy_most_after(report.turns)), f"{base}.strategy"))
    if len(part.schemes) > limits.schemes_per_player:
        add(
            Problem(
                "too_many_schemes",
                say(
                    "{who} listed {value} schemes; a player chooses {limits_schemes_per_player}.",
                    who=who,
                    value=len(part.schemes),
                    limits_schemes_per_player=limits.schemes_per_player,
                ),
                f"{base}.schemes",
            )
        )
    chosen: set[str] = set()
    for i, score in enumerate(part.schemes):
        attr = f"{base}.schemes.{i}"
        scheme = rules.scheme(score.scheme)
        if scheme is None:
            add(
                Problem(
                    "scheme_unknown",
                    say(
                        '{who}\'s "{score_scheme}" is not a scheme of {rules_name}.',
                        who=who,
                        score_scheme=score.scheme,
                        rules_name=rules.name,
                    ),
                    f"{attr}.scheme",
                )
            )
            continue
        if pool and score.scheme not in pool:
            add(
                Problem(
                    "scheme_not_in_pool",
                    say(
                        "{who} chose {scheme_name}, which is not in this round's Scheme Pool.",
                        who=who,
                        scheme_name=scheme.name,
                    ),
                    f"{attr}.scheme",
                )
            )
        if score.scheme in chosen:
            add(
                Problem(
                    "scheme_repeated",
                    say(
                        "{who} chose {scheme_name} twice; the two schemes must differ.",
                        who=who,
                        scheme_name=scheme.name,
                    ),
                    f"{attr}.scheme",
                )
            )
        chosen.add(score.scheme)
        if score.vp < 0:
            add(
                Problem(
                    "vp_negative",
                    say("{who}'s VP from {scheme_name} cannot be negative.", who=who, scheme_name=scheme.name),
                    f"{attr}.vp",
                )
            )
        elif score.vp > limits.scheme:
            add(
                Problem(
                    "scheme_above_limit",
                    say(
                        "{who} scored {score_vp} VP from {scheme_name}; "
                        "a scheme gives at most {limits_scheme} in {rules_name}.",
                        who=who,
                        score_vp=score.vp,
                        scheme_name=scheme.name,
                        limits_scheme=limits.scheme,
                        rules_name=rules.name,
                    ),
                    f"{attr}.vp",
                )
            )
        elif report.turns is not None and score.vp > (most := rules.scheme_most_after(scheme, report.turns)):
            add(Problem("scheme_above_turns", say(
                "{who} scored {score_vp} VP from {scheme_name} in {report_turns} turns; it can give at most "
                "{most} by then in {rules_name}.", who=who, score_vp=score.vp, scheme_name=scheme.name,
                report_turns=report.turns, most=most, rules_name=rules.name), f"{attr}.vp"))
        if scheme.noted_model and score.vp > 0 and not score.noted_model.strip():
            add(
                Problem(
                    "noted_model_missing",
                    say(
                        "{who}'s {scheme_name} needs the model noted when it was chosen; "
                        "without it the scheme scores nothing.",
                        who=who,
                        scheme_name=scheme.name,
                    ),
                    f"{attr}.noted_model",
                )
            )
    if vp is not None and part.strategy + sum(s.vp for s in part.schemes) != vp:
        add(
            Problem(
                "breakdown_mismatch",
                say(
                    "{who}'s breakdown adds up to {value} VP, not the {vp} reported.",
                    who=who,
                    value=part.strategy + sum(s.vp for s in part.schemes),
                    vp=vp,
                ),
                base,
            )
        )
    if part.turns:
        problems += turn_problems(rules, report, part, base, who)
    return problems

