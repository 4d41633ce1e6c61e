"""A round's mission: its Strategy, Deployment and Scheme Pool, chosen by the organizer, taken from
the format's rotation, or flipped from the event's Fate Deck.

GG2017: every table plays the same mission; no Strategy is used twice in an event (here: not
while an unused one is left, so a five-round M3E event with four strategies can still run);
at least 3 different Deployments should be used over the event (the season's `fewest_deployments`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .deck import Dealer, flip_deployment, flip_scheme_pool, flip_strategy
from .formats import Format, Named, SchemeChart
from .messages import say
from .problems import Invalid, Problem

POOL_SIZES = {"two-cards": 5, "five-values": 5, "three-cards": 3}
# How an event sets its missions: one for every table (GG2017; many M3E events), each table's own flipped by
# the product from the event's seeded deck, or flipped at the table and reported with the result.
PER_ROUND, PER_TABLE, AT_TABLE = "per_round", "per_table", "at_table"
MISSION_SETTINGS = (PER_ROUND, PER_TABLE, AT_TABLE)


@dataclass(frozen=True)
class Mission:
    strategy: Named
    deployment: Named
    scheme_pool: list[Named]
    warnings: list[Problem] = field(default_factory=list)


@dataclass(frozen=True)
class MissionHistory:
    """What earlier rounds of the event used."""

    strategies: Sequence[str] = ()
    deployments: Sequence[str] = ()


def pool_size(fmt: Format) -> int:
    return POOL_SIZES[fmt.pool_rule]


def scheme_pool_problems(chart: SchemeChart, pool: Sequence[str], attr: str = "scheme_pool", *,
                         size: int = 5) -> list[Problem]:
    """A pool the organizer fixes (or a table reports): `size` different schemes of the event's chart."""
    known = {s.key for s in chart.schemes}
    problems = []
    unknown = [key for key in pool if key not in known]
    if unknown:
        problems.append(
            Problem(
                "scheme_unknown",
                say("Not schemes of the {chart_name} chart: {value}.", chart_name=chart.name, value=", ".join(unknown)),
                attr,
            )
        )
    if len(set(pool)) != len(pool):
        problems.append(Problem("scheme_repeated", say("A Scheme Pool names each scheme once."), attr))
    if len(pool) != size:
        problems.append(Problem("pool_size", say("A Scheme Pool has {POOL_SIZE} schemes (got {value}).",
                                                 POOL_SIZE=size, value=len(pool)), attr))
    return problems


def unknown_names(fmt: Format, strategy: str, deployment: str, attr: str = "", *,
                  required: bool = False) -> list[Problem]:
    """A strategy or deployment (keys) the format does not have; empty ones only when `required`."""
    problems = []
    if required and not strategy:
        problems.append(Problem("unknown_strategy", say("Name the strategy the table flipped."), f"{attr}strategy"))
    elif strategy and fmt.strategy(strategy) is None:
        problems.append(Problem("unknown_strategy", say('"{strategy}" is not a strategy of {fmt_name}.',
                                                        strategy=strategy, fmt_name=fmt.name), f"{attr}strategy"))
    if required and not deployment:
        problems.append(Problem("unknown_deployment", say("Name the deployment the table flipped."),
                                f"{attr}deployment"))
    elif deployment and fmt.deployment(deployment) is None:
        problems.append(Problem("unknown_deployment", say('"{deployment}" is not a deployment of {fmt_name}.',
                                                          deployment=deployment, fmt_name=fmt.name),
                                f"{attr}deployment"))
    return problems


def table_mission_problems(fmt: Format, mission, attr: str = "mission") -> list[Problem]:
    """A mission a table flipped and reported: the format's strategy and deployment, and a pool of the
    format's size from one of its charts."""
    problems = unknown_names(fmt, mission.strategy, mission.deployment, f"{attr}.", required=True)
    charts = [c for c in fmt.scheme_charts if all(key in {s.key for s in c.schemes} for key in mission.scheme_pool)]
    problems += scheme_pool_problems(charts[0] if charts else fmt.scheme_charts[0], mission.scheme_pool,
                                     f"{attr}.scheme_pool", size=pool_size(fmt))
    return problems


def plan_mission(
    fmt: Format,
    chart: SchemeChart,
    dealer: Dealer,
    *,
    number: int,
    quarter: int,
    history: MissionHistory,
    planned_rounds: int,
    strategy: str = "",
    deployment: str = "",
    scheme_pool: Sequence[str] = (),
) -> Mission:
    """The mission of round `number`; the dealer records any card flipped. Raises `Invalid`."""
    problems: list[Problem] = unknown_names(fmt, strategy, deployment)
    fresh = [s for s in fmt.strategies if s.key not in history.strategies]
    if strategy and fmt.strategy(strategy) is not None:
        if strategy in history.strategies and fresh:
            problems.append(
                Problem(
                    "strategy_used",
                    say(
                        "{name} was already played in this event; each round plays a different strategy.",
                        name=fmt.strategy(strategy).name,
                    ),
                    "strategy",
                )
            )
    if scheme_pool:
        problems += scheme_pool_problems(chart, scheme_pool, size=pool_size(fmt))
    if problems:
        raise Invalid(*problems)

    suggested = fmt.rotation_for(quarter, number)
    if strategy:
        chosen_strategy = fmt.strategy(strategy)
    elif suggested and (suggested[0] in fresh or not fresh):
        chosen_strategy = suggested[0]
    elif all(s.suit for s in fmt.strategies):
        chosen_strategy = flip_strategy(fmt, dealer, history.strategies)
    else:
        chosen_strategy = (fresh or list(fmt.strategies))[0]

    if deployment:
        chosen_deployment = fmt.deployment(deployment)
    elif suggested:
        chosen_deployment = suggested[1]
    elif all(d.suit for d in fmt.deployments):
        chosen_deployment = flip_deployment(fmt, dealer)
    else:  # past the rotation: the deployment played least so far
        chosen_deployment = min(fmt.deployments, key=lambda d: list(history.deployments).count(d.key))

    pool = [chart_scheme(chart, key) for key in scheme_pool] if scheme_pool else flip_scheme_pool(fmt, chart, dealer)

    warnings = []
    deployments = {*history.deployments, chosen_deployment.key}
    fewest = fmt.fewest_deployments
    if fewest is not None and len(deployments) + max(planned_rounds - number, 0) < fewest:
        warnings.append(Problem("few_deployments", say(
            "This event will use only {value} different deployment(s); {season} asks for at least {fewest}.",
            value=len(deployments), season=fmt.name, fewest=fewest), "deployment"))
    return Mission(chosen_strategy, chosen_deployment, pool, warnings)


def chart_scheme(chart: SchemeChart, key: str) -> Named:
    return next(s for s in chart.schemes if s.key == key)


def table_mission(fmt: Format, chart: SchemeChart, dealer: Dealer) -> Mission:
    """One table's own mission (core set-up): the Attacker's card picks the strategy, the Defender's the
    deployment, then the pool (M3E: five values from the Fate Deck; M4E: three of the season's scheme cards)."""
    strategy = flip_strategy(fmt, dealer)
    deployment = flip_deployment(fmt, dealer)
    return Mission(strategy, deployment, flip_scheme_pool(fmt, chart, dealer))
