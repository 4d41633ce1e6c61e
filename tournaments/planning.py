"""The next round as a pure plan: mission and flipped cards, pairing, tables and each game's flags.

Plain data in (`RoundInputs`, loaded by `selectors.round_inputs` in a few
queries), plain data out (`RoundPlan`, saved by `services.rounds` in one
transaction): no database and no request, so the whole of a round's making can
be tested and reasoned about without either.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass, replace

from scoring.deck import Dealer
from scoring.formats import Format, SchemeChart
from scoring.messages import say
from scoring.missions import PER_ROUND, PER_TABLE, Mission, MissionHistory, plan_mission, table_mission
from scoring.problems import conflict, invalid
from tournaments.pairing import SWISS, Contender, PairedGame, RoundPairing, pair_round
from tournaments.pairing.report import History, game_flags
from tournaments.pairing.tables import assign_tables
from tournaments.standings import Totals


@dataclass(frozen=True)
class Attendee:
    """A checked-in, active player as the plan sees them."""

    id: int
    club: str = ""
    is_ringer: bool = False
    pinned_table: int | None = None


@dataclass(frozen=True)
class RoundInputs:
    number: int
    rules: Format
    chart: SchemeChart
    deck_seed: str
    cards_flipped: int  # by earlier rounds: the event's one Fate Deck goes on from there
    quarter: int  # of the event's date (GG2017's rotation)
    missions: MissionHistory
    planned_rounds: int | None  # as the event announced them; None: fixed now from the attendance
    fixed_pool: list[str]  # a scheme pool fixed in advance for this round
    players: list[Attendee]
    history: History
    totals: dict[int, Totals]
    rematch_window: int
    unavailable_tables: list[int]
    fresh_tables: bool
    missions_setting: str = PER_ROUND  # per_round, per_table or at_table (scoring.missions)
    planned_mission: dict | None = None  # the round's strategy and deployment as announced in advance


@dataclass(frozen=True)
class PlannedGame:
    player_a: int
    player_b: int | None  # None: the bye
    table: int | None
    flags: list[str]
    mission: Mission | None = None  # the table's own (missions per table)


@dataclass(frozen=True)
class RoundPlan:
    number: int
    seed: str
    planned_rounds: int
    mission: Mission | None  # None: each table has its own, or flips it at the table
    flips: list[dict]  # every Fate card flipped for the round, in order (with its table, per table)
    games: list[PlannedGame]
    objective: dict[str, int]


def plan_round(inputs: RoundInputs, *, seed: str | int | None = None, strategy: str = "", deployment: str = "",
               scheme_pool: list[str] | None = None, method: str = SWISS, avoid_same_club: bool = False,
               cut_pairs: list[tuple[int, int]] | None = None, progress=lambda percent: None) -> RoundPlan:
    """The round `inputs.number`; a round that cannot be made raises a Conflict naming why. `cut_pairs`: a
    round of the top cut, its games (the better seed first) set by the bracket, not by Swiss pairing."""
    ringer = next((p for p in inputs.players if p.is_ringer), None)
    field = [p for p in inputs.players if not p.is_ringer]
    if len(field) < 2:
        raise conflict("not_enough_players",
                       say("Only {value} checked-in active player(s): a round needs two.", value=len(field)))
    planned_rounds = inputs.planned_rounds or inputs.rules.rounds_for(len(field))
    dealer = Dealer.for_event(inputs.deck_seed, already_flipped=inputs.cards_flipped, label=f"round-{inputs.number}")
    mission = None
    if inputs.missions_setting == PER_ROUND:
        planned = inputs.planned_mission or {}
        mission = plan_mission(inputs.rules, inputs.chart, dealer, number=inputs.number, quarter=inputs.quarter,
                               history=inputs.missions, planned_rounds=planned_rounds,
                               strategy=strategy or planned.get("strategy", ""),
                               deployment=deployment or planned.get("deployment", ""),
                               scheme_pool=scheme_pool or inputs.fixed_pool)
    elif strategy or deployment or scheme_pool:
        raise invalid("mission_per_table", say("This event's tables each have their own mission: a round's "
                                               "strategy, deployment or pool cannot be chosen."), "strategy")
    flips = [{"card": f.card.code, "purpose": f.purpose, "kept": f.kept} for f in dealer.flips]
    seed = str(seed) if seed is not None and str(seed) != "" else secrets.token_hex(8)
    history, none_yet = inputs.history, Totals()
    progress(10)
    contenders = [Contender(id=p.id, tp=t.tp, diff=t.diff, vp=t.vp, had_bye=p.id in history.had_bye, club=p.club)
                  for p in field for t in [inputs.totals.get(p.id, none_yet)]]
    if cut_pairs is not None:
        pairing = RoundPairing(tuple(PairedGame(None, a, b) for a, b in cut_pairs), objective=(0, 0, 0))
    else:
        pairing = pair_round(contenders, round_number=inputs.number, seed=seed, met=history.met,
                             rematch_window=inputs.rematch_window, ringer=ringer.id if ringer else None,
                             method=method, avoid_same_club=avoid_same_club)
    progress(80)
    seated = [(g.player_a, g.player_b) for g in pairing.games if g.player_b is not None]
    tables = iter(assign_tables(seated, unavailable=set(inputs.unavailable_tables), played=history.tables,
                                pinned={p.id: p.pinned_table for p in inputs.players if p.pinned_table},
                                fresh=inputs.fresh_tables))
    games = []
    for g in pairing.games:
        table = next(tables) if g.player_b is not None else None
        games.append(PlannedGame(g.player_a, g.player_b, table, [] if cut_pairs is not None else game_flags(
            g.player_a, g.player_b, table, history=history, round_number=inputs.number,
            rematch_window=inputs.rematch_window)))
    if inputs.missions_setting == PER_TABLE:
        games = [_with_table_mission(game, inputs, dealer, flips) for game in sorted(
            games, key=lambda game: (game.table is None, game.table))]
    return RoundPlan(number=inputs.number, seed=seed, planned_rounds=planned_rounds, mission=mission,
                     flips=flips, games=games, objective=dict(zip(("tp", "diff", "vp"), pairing.objective)))


def _with_table_mission(game: PlannedGame, inputs: RoundInputs, dealer: Dealer, flips: list[dict]) -> PlannedGame:
    """A table's own mission flipped from the event's deck, in table order, its cards recorded with the table."""
    if game.table is None:
        return game
    already = len(dealer.flips)
    dealer.label = f"round-{inputs.number}/table-{game.table}"
    mission = table_mission(inputs.rules, inputs.chart, dealer)
    flips += [{"card": f.card.code, "purpose": f.purpose, "kept": f.kept, "table": game.table}
              for f in dealer.flips[already:]]
    return replace(game, mission=mission)
