"""The score validator: every problem with a reported result, each with a stable code and a
sentence naming the player, the scheme and the limit, so a reporter can fix them all at once.

It knows the limits of DOMAIN.md and DOMAIN-M4E.md: VP per game, strategy and scheme caps, different
schemes from the table's pool (M4E: a chain of next schemes), noted models and secret choices, each
format's (and scheme's) first scoring turn, per-turn caps, what a game cut short by time can give,
turns in a game, and a mission reported from the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from .formats import Format, Named, key_of
from .messages import say
from .missions import table_mission_problems
from .problems import Problem
from .report import DOUBLE_LOSS, PLAYED, SIDES, Report, SideBreakdown
from .turns import turn_problems

ERROR_CODES = {
    "vp_required": "A played game needs both players' VP.",
    "vp_negative": "A VP figure is below zero.",
    "vp_above_game_limit": "More VP than a game allows (10 GG2017, 8 M3E, 11 M4E).",
    "loser_required": "A conceded or forfeited game must name its loser, a or b.",
    "loser_not_single": "A double loss has no single loser: both players lose.",
    "loser_unexpected": "A played game names no loser: more VP wins.",
    "breakdown_unexpected": "Conceded and forfeited games take fixed awards: no breakdown.",
    "turns_out_of_range": "Turns played must be from 1 to the format's most turns.",
    "vp_in_first_turn": "VP scored in a turn before the format (or the scheme) scores: M3E scores nothing in "
                        "turn 1, GG2017's strategies and some of its schemes score from turn 2.",
    "vp_above_turns": "More VP than a game of the turns played can give (M3E: 6 in 3 turns).",
    "strategy_above_limit": "More strategy VP than the strategy allows (4; M4E 5).",
    "strategy_above_turns": "More strategy VP than turns that could score (1 a turn from the first scoring turn).",
    "scheme_above_turns": "More VP from one scheme than the turns played can give (M3E: 1 a turn from turn 2).",
    "scheme_before_game_end": "VP from a scheme that scores at the end of the game, in an earlier turn.",
    "scheme_unknown": "Not a scheme of the event's format.",
    "scheme_not_in_pool": "The scheme is not in the round's Scheme Pool.",
    "scheme_repeated": "The same scheme chosen twice by one player.",
    "too_many_schemes": "More schemes than a player chooses (2; M4E: at most 4 held and scored).",
    "scheme_above_limit": "More VP from one scheme than it allows (3 GG2017, 2 M3E and M4E).",
    "noted_model_missing": "A scheme that needs a noted model scored without one.",
    "breakdown_mismatch": "Strategy and scheme VP do not add up to the reported VP.",
    "turn_out_of_range": "A turn number outside the turns played.",
    "turn_repeated": "The same turn listed twice.",
    "strategy_turn_limit": "More strategy VP in one turn than the strategy gives (1; M4E 2 in its doubled turn "
                           "or with its once-a-game bonus).",
    "scheme_turn_limit": "More VP from one scheme in one turn than allowed (M3E 1, M4E 2).",
    "scheme_not_chosen": "Per-turn VP for a scheme the player did not choose.",
    "turn_breakdown_mismatch": "Per-turn VP do not add up to the breakdown.",
    "schemes_above_limit": "More VP from all schemes together than a game allows (6 M4E).",
    "scheme_not_next": "A scheme that is not one of the previous scheme's next schemes (M4E).",
    "scheme_out_of_order": "A scheme scored before the scheme it follows was revealed (M4E: one held at a time).",
    "schemes_turn_limit": "More VP from schemes in one turn than one held scheme can give (2 M4E).",
    "strategy_bonus_repeated": "A strategy's once-a-game bonus VP scored in two turns (M4E).",
    "strategy_unknown": "Not a strategy of the event's format.",
    "unknown_strategy": "The table's reported strategy is not one of the format's.",
    "unknown_deployment": "The table's reported deployment is not one of the format's.",
    "mission_required": "The event's tables flip their own missions: report the strategy, deployment and pool.",
    "pool_size": "A Scheme Pool of the wrong size (5 GG2017 and M3E, 3 M4E).",
    "mission_unexpected": "The event's missions are set by the organizer or drawn at pairing: report none.",
    "leader_not_in_faction": "A leader of another faction than the player declared (M4E).",
    "leader_title_needed": "A Master of several titles named without one (M4E): the answer lists the titles.",
    "hidden_characters": "A Master's name holds an invisible or control character.",
}

# What a player secretly notes on choosing a scheme, as the validator names it (in the reader's language).
SECRET_NOTES = {
    "model": lambda: say("the model noted when it was chosen"),
    "enemy_model": lambda: say("the enemy model chosen in secret"),
    "friendly_model": lambda: say("the friendly model chosen in secret"),
    "marker_type": lambda: say("the marker type chosen in secret"),
}


def validate_report(
    rules: Format, report: Report, *, pool: Sequence[str] = (), names: dict[str, str] | None = None,
    strategy: str = "",
) -> list[Problem]:
    """Every problem with the report; an empty list means it can be scored. An empty pool is not checked;
    `strategy` (the game's strategy key) sharpens the strategy's limits where its card has its own (M4E)."""
    names = names or {"a": "Player A", "b": "Player B"}
    problems: list[Problem] = []
    add = problems.append
    if report.mission is not None:
        problems += table_mission_problems(rules, report.mission)
        strategy, pool = report.mission.strategy, report.mission.scheme_pool
        if problems:
            strategy, pool = "", ()  # judged against a mission that is itself wrong, every scheme would be too
    played_strategy = rules.strategy(strategy) if strategy else None
    if strategy and played_strategy is None:
        add(Problem("strategy_unknown", say('"{strategy}" is not a strategy of {rules_name}.', strategy=strategy,
                                            rules_name=rules.name), "strategy"))
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
                        "{vp} VP for {who}: {rules_name} allows at most {vp_game} in a game.",
                        who=who,
                        vp=vp,
                        rules_name=rules.name,
                        vp_game=rules.vp.game,
                    ),
                    attr,
                )
            )
        elif report.turns is not None and vp > (most := rules.game_most_after(report.turns, played_strategy)):
            if most == 0:
                add(Problem("vp_in_first_turn", say(
                    "{vp} VP for {who} in a game that ended in turn 1, where no VP can be scored.",
                    who=who, vp=vp), attr))
            else:
                add(Problem("vp_above_turns", say(
                    "{vp} VP for {who} in {turns} turns: {rules_name} allows at most {most} by then.",
                    who=who, vp=vp, turns=report.turns, rules_name=rules.name, most=most), attr))
        if side in report.breakdown:
            problems += _breakdown_problems(rules, report, side, vp, pool, who, played_strategy)
    return problems


def _breakdown_problems(
    rules: Format, report: Report, side: str, vp: int | None, pool: Sequence[str], who: str,
    played_strategy: Named | None,
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
    elif report.turns is not None and part.strategy > rules.strategy_most_after(report.turns, played_strategy):
        add(Problem("strategy_above_turns", say(
            "{who} scored {part_strategy} strategy VP in {report_turns} turns; at most {per_turn} a turn from "
            "turn {first} (and the card's bonus, if any) allows {value}.", who=who, part_strategy=part.strategy,
            report_turns=report.turns, per_turn=limits.strategy_per_turn, first=limits.strategy_first_turn,
            value=rules.strategy_most_after(report.turns, played_strategy)), f"{base}.strategy"))
    if rules.scheme_chains:
        problems += _chain_problems(rules, part, pool, base, who, report.turns or rules.turns_max)
    elif len(part.schemes) > limits.schemes_per_player:
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
        if pool and score.scheme not in pool and not rules.scheme_chains:
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
        if score.scheme in chosen and not rules.scheme_chains:
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
            add(Problem("noted_model_missing", say(
                "{who}'s {scheme_name} needs {secret} written down; without it the scheme scores nothing.",
                who=who, scheme_name=scheme.name, secret=SECRET_NOTES[scheme.secret or "model"]()),
                f"{attr}.noted_model"))
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
        problems += turn_problems(rules, report, part, base, who, played_strategy)
    return problems


def _chain_problems(rules: Format, part: SideBreakdown, pool: Sequence[str], base: str, who: str,
                    turns: int) -> list[Problem]:
    """M4E: the schemes a player held, in order: the first from the table's pool, each later one among the
    previous one's next schemes, none revealed twice (one abandoned for 0 VP may come back), and 6 VP
    from all of them together. One is held at a time and the next picked at the end of a turn, so the
    n-th scores in turn n at the earliest: a game of `turns` turns scores at most its first `turns`."""
    limits = rules.vp
    problems: list[Problem] = []
    add = problems.append
    if len(part.schemes) > limits.schemes_per_player:
        add(Problem("too_many_schemes", say(
            "{who} listed {value} schemes; a player holds one at a time and scores at most {most} in a game.",
            who=who, value=len(part.schemes), most=limits.schemes_per_player), f"{base}.schemes"))
    revealed: set[str] = set()
    previous = None
    for i, score in enumerate(part.schemes):
        attr = f"{base}.schemes.{i}.scheme"
        scheme = rules.scheme(score.scheme)
        if scheme is None:
            previous = None
            continue  # said once by the caller
        if i == 0 and pool and score.scheme not in pool:
            add(Problem("scheme_not_in_pool", say(
                "{who} started with {scheme_name}, which is not in this table's Scheme Pool.",
                who=who, scheme_name=scheme.name), attr))
        if previous is not None and scheme.key not in {key_of(n) for n in previous.next}:
            add(Problem("scheme_not_next", say(
                "{who} followed {previous} with {scheme_name}; after {previous} come {value}.",
                who=who, previous=previous.name, scheme_name=scheme.name, value=", ".join(previous.next)), attr))
        if score.vp > 0 and i + 1 > turns:
            add(Problem("scheme_above_turns", say(
                "{who}'s scheme {n} ({scheme_name}) scored in a game of {turns} turns; one scheme is held at a time "
                "and the next picked at the end of a turn, so scheme {n} scores from turn {n}.", who=who, n=i + 1,
                scheme_name=scheme.name, turns=turns), f"{base}.schemes.{i}.vp"))
        if score.vp > 0 and scheme.key in revealed:
            add(Problem("scheme_repeated", say(
                "{who} revealed {scheme_name} twice; a player reveals each scheme once a game.",
                who=who, scheme_name=scheme.name), attr))
        if score.vp > 0:
            revealed.add(scheme.key)
        previous = scheme
    total = sum(s.vp for s in part.schemes)
    if limits.schemes_total is not None and total > limits.schemes_total:
        add(Problem("schemes_above_limit", say(
            "{who}'s schemes add up to {value} VP; all schemes together give at most {most} in {rules_name}.",
            who=who, value=total, most=limits.schemes_total, rules_name=rules.name), f"{base}.schemes"))
    return problems

