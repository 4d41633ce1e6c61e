"""Turn by turn: a side's per-turn figures checked against the format's timing (no VP before the first
scoring turn, per-turn caps for the strategy and each scheme, turns within the game's length) and
against the totals they should add up to. Part of the score validator, apart because the timing rules
differ by edition."""

from __future__ import annotations

from .formats import Format, Named
from .messages import say
from .problems import Problem
from .report import Report, SideBreakdown


def strategy_turn_most(rules: Format, strategy: Named | None, turn: int) -> int:
    """The most strategy VP one turn can give: the per-turn cap, doubled in the card's doubled turn, or
    one more for its once-a-game bonus (M4E); without a known strategy, the best of the format's cards."""
    per_turn = rules.vp.strategy_per_turn
    cards = [strategy] if strategy is not None else list(rules.strategies)
    return max(per_turn * (2 if card.doubled_turn == turn else 1) + (1 if card.bonus_once else 0) for card in cards)


def turn_problems(rules: Format, report: Report, part: SideBreakdown, base: str, who: str,
                  strategy: Named | None = None) -> list[Problem]:
    limits = rules.vp
    last_turn = report.turns or rules.turns_max
    chosen = {s.scheme for s in part.schemes}
    problems: list[Problem] = []
    add = problems.append
    seen: set[int] = set()
    for i, turn in enumerate(part.turns):
        attr = f"{base}.turns.{i}"
        if turn.turn in seen:
            add(
                Problem(
                    "turn_repeated",
                    say("{who}'s turn {turn_turn} is listed twice.", who=who, turn_turn=turn.turn),
                    f"{attr}.turn",
                )
            )
        seen.add(turn.turn)
        if not 1 <= turn.turn <= last_turn:
            add(
                Problem(
                    "turn_out_of_range",
                    say(
                        "{who} scored in turn {turn_turn}, but the game had {last_turn} turns.",
                        who=who,
                        turn_turn=turn.turn,
                        last_turn=last_turn,
                    ),
                    f"{attr}.turn",
                )
            )
        values = [turn.strategy, *turn.schemes.values()]
        if any(v < 0 for v in values):
            add(
                Problem(
                    "vp_negative",
                    say("{who}'s VP in turn {turn_turn} cannot be negative.", who=who, turn_turn=turn.turn),
                    attr,
                )
            )
        if turn.turn < limits.strategy_first_turn and turn.strategy:
            add(Problem("vp_in_first_turn", say(
                "{who} scored strategy VP in turn {turn_turn}; the strategy scores from turn {first}.",
                who=who, turn_turn=turn.turn, first=limits.strategy_first_turn), f"{attr}.strategy"))
        if turn.strategy > (most := strategy_turn_most(rules, strategy, turn.turn)):
            add(Problem("strategy_turn_limit", say(
                "{who} scored {turn_strategy} strategy VP in turn {turn_turn}; at most {limits_strategy_per_turn} "
                "that turn.", who=who, turn_strategy=turn.strategy, turn_turn=turn.turn,
                limits_strategy_per_turn=most), f"{attr}.strategy"))
        if limits.schemes_turn_total is not None and sum(turn.schemes.values()) > limits.schemes_turn_total:
            add(Problem("schemes_turn_limit", say(
                "{who}'s schemes gave {value} VP in turn {turn_turn}; one held scheme gives at most {most} a turn.",
                who=who, value=sum(turn.schemes.values()), turn_turn=turn.turn, most=limits.schemes_turn_total),
                f"{attr}.schemes"))
        for key, vp in turn.schemes.items():
            scheme = rules.scheme(key)
            if scheme is None and key in chosen:
                continue  # an unknown scheme: the validator says so once
            if key not in chosen:
                add(
                    Problem(
                        "scheme_not_chosen",
                        say(
                            '{who} scored "{key}" in turn {turn_turn} but did not list it among their schemes.',
                            who=who,
                            key=key,
                            turn_turn=turn.turn,
                        ),
                        f"{attr}.schemes",
                    )
                )
            elif vp and turn.turn < rules.scheme_first_turn(scheme):
                add(Problem("vp_in_first_turn", say(
                    "{who} scored {name} in turn {turn_turn}; it scores from turn {first} in {rules_name}.",
                    who=who, name=scheme.name, turn_turn=turn.turn, first=rules.scheme_first_turn(scheme),
                    rules_name=rules.name), f"{attr}.schemes"))
            elif vp and scheme.at_game_end and report.turns is not None and turn.turn != report.turns:
                add(Problem("scheme_before_game_end", say(
                    "{who} scored {name} in turn {turn_turn}; it scores at the end of the game (turn {last}).",
                    who=who, name=scheme.name, turn_turn=turn.turn, last=report.turns), f"{attr}.schemes"))
            elif limits.scheme_per_turn is not None and vp > limits.scheme_per_turn:
                add(
                    Problem(
                        "scheme_turn_limit",
                        say(
                            "{who} scored {vp} VP from {name} in turn {turn_turn}; "
                            "a scheme gives at most {limits_scheme_per_turn} a turn in {rules_name}.",
                            who=who,
                            vp=vp,
                            name=scheme.name,
                            turn_turn=turn.turn,
                            limits_scheme_per_turn=limits.scheme_per_turn,
                            rules_name=rules.name,
                        ),
                        f"{attr}.schemes",
                    )
                )
    if strategy is not None and strategy.bonus_once:
        bonus_turns = [t.turn for t in part.turns if t.strategy > limits.strategy_per_turn]
        if len(bonus_turns) > 1:
            add(Problem("strategy_bonus_repeated", say(
                "{who} scored {strategy_name}'s bonus VP in turns {value}; it scores once a game.",
                who=who, strategy_name=strategy.name, value=", ".join(map(str, bonus_turns))), f"{base}.turns"))
    if rules.scheme_chains:
        problems += _order_problems(rules, part, base, who)
    if sum(t.strategy for t in part.turns) != part.strategy:
        add(
            Problem(
                "turn_breakdown_mismatch",
                say(
                    "{who}'s strategy VP turn by turn add up to {value}, not {part_strategy}.",
                    who=who,
                    value=sum(t.strategy for t in part.turns),
                    part_strategy=part.strategy,
                ),
                f"{base}.turns",
            )
        )
    for score in part.schemes:
        by_turn = sum(t.schemes.get(score.scheme, 0) for t in part.turns)
        if by_turn != score.vp:
            add(
                Problem(
                    "turn_breakdown_mismatch",
                    say(
                        '{who}\'s VP from "{score_scheme}" turn by turn add up to {by_turn}, not {score_vp}.',
                        who=who,
                        score_scheme=score.scheme,
                        by_turn=by_turn,
                        score_vp=score.vp,
                    ),
                    f"{base}.turns",
                )
            )
    return problems


def _order_problems(rules: Format, part: SideBreakdown, base: str, who: str) -> list[Problem]:
    """M4E: a player holds one scheme at a time and picks the next at the end of the turn the previous one
    was revealed (or abandoned), so each scheme first scores in a later turn than the one before it, and
    the n-th scheme held in turn n at the earliest."""
    problems = []
    ended = 0  # the turn the scheme before ended in (revealed; abandoned at the earliest)
    for i, score in enumerate(part.schemes):
        scored_in = [t.turn for t in part.turns if t.schemes.get(score.scheme, 0) > 0]
        earliest = ended + 1
        if not scored_in:
            ended = earliest  # abandoned (or still held): the next one comes a turn later at the earliest
            continue
        scheme = rules.scheme(score.scheme)
        if min(scored_in) < earliest:
            problems.append(Problem("scheme_out_of_order", say(
                "{who} scored {key} (scheme {n} held) in turn {turn_turn}; the scheme before it ended in turn "
                "{last} at the earliest and the next is picked at the end of that turn.", who=who,
                key=scheme.name if scheme else score.scheme, n=i + 1, turn_turn=min(scored_in), last=ended),
                f"{base}.turns"))
        ended = max(min(scored_in), earliest)
    return problems
