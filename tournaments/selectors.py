"""Every read the API and the pages share, each in a fixed number of queries."""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Max, Min, Prefetch, Q

from gaininggrounds import http_cache
from scoring.missions import MissionHistory
from tournaments.bracket import CutGame, CutResult, bracket, with_cut
from tournaments.models import BY_TABLE, CUT_STAGE, SWISS_STAGE, Event, Game, Result, Round, Seat
from tournaments.pairing.report import History
from tournaments.planning import Attendee, RoundInputs
from tournaments.standings import (
    ACTIVE,
    LATE_WITH_LOSSES,
    Adjustment,
    Entrant,
    SideResult,
    Standing,
    Totals,
    missed_round_losses,
    standings,
    totals_by_player,
)


def side_results(event: Event) -> list[SideResult]:
    """Both sides of every result of the event's Swiss rounds (a top cut is its bracket), in one query; with
    late arrivals' missed rounds as losses where the event says so (two more queries)."""
    rows = Result.objects.filter(game__round__event=event, game__round__stage=SWISS_STAGE).values_list(
        "game__round__number", "game__player_a_id", "vp_a", "tp_a", "diff_a",
        "game__player_b_id", "vp_b", "tp_b", "diff_b", "no_show")
    sides = []
    for number, a, vp_a, tp_a, diff_a, b, vp_b, tp_b, diff_b, unseen in rows:
        sides.append(SideResult(a, number, vp_a, tp_a, diff_a, opponent=b, no_show="a" in unseen))
        if b is not None:
            sides.append(SideResult(b, number, vp_b, tp_b, diff_b, opponent=a, no_show="b" in unseen))
    if event.late_arrivals == LATE_WITH_LOSSES:
        sides += late_losses(event)
    return sides


def late_losses(event: Event) -> list[SideResult]:
    """A loss for each published round before a late arrival's first seat: a player who has played, or who
    is checked in to play now; never the Ringer, nor someone registered who never came."""
    played = latest_round_number(event, stage=SWISS_STAGE)
    if not played:
        return []
    first = dict(Seat.objects.filter(round__event=event, round__published_at__isnull=False, round__stage=SWISS_STAGE)
                 .values("player").annotate(first=Min("round__number")).values_list("player", "first"))
    arrived = {pid: first.get(pid) for pid, status, checked_in in
               event.players.filter(is_ringer=False).values_list("id", "status", "checked_in")
               if pid in first or (status == ACTIVE and checked_in)}
    return missed_round_losses(arrived, played, event.rules().forfeit.loser)


def entrants(event: Event) -> list[Entrant]:
    return [Entrant(id=pid, name=name, faction=faction, status=status, is_ringer=is_ringer)
            for pid, name, faction, status, is_ringer in
            event.players.values_list("id", "name", "faction", "status", "is_ringer")]


def event_standings(event: Event, *, after_round: int | None = None) -> list[Standing]:
    """The standings, those who did not play listed apart once a round is published; once a top cut is
    published (and up to a round of it), its players first by how far they went (`tournaments.bracket`)."""
    adjustments = [Adjustment(player, tp, number) for player, tp, number in
                   event.adjustments.values_list("player_id", "tp", "round_number")]
    swiss = standings(entrants(event), side_results(event), after_round=after_round, tiebreaks=event.tiebreaks,
                      adjustments=adjustments, seated=seated_players(event, after_round=after_round))
    cut = cut_bracket(event, swiss, after_round=after_round)
    return swiss if cut is None else with_cut(swiss, *cut)


def cut_bracket(event: Event, swiss: list[Standing], *, after_round: int | None = None,
                drafts: bool = False, pairing: bool = False) -> tuple[list[int], list[list[CutGame]]] | None:
    """The event's top cut as it stands (up to round `after_round`): its seeds, best first, and its stages;
    None without a cut published (`drafts`: or paired; `pairing`: its seeds set, its next round being
    paired), in no query for an event with no cut, else three."""
    if not event.cut_size or after_round is not None and event.rounds and after_round <= event.rounds:
        return None
    rounds = event.round_set.filter(stage=CUT_STAGE, **({} if drafts or pairing else {"published_at__isnull": False}))
    if not pairing and not rounds.exists():
        return None
    seeds = list(event.players.filter(seed__isnull=False).order_by("seed").values_list("id", flat=True))
    results = Result.objects.filter(game__round__in=rounds)
    if after_round is not None:
        results = results.filter(game__round__number__lte=after_round)
    played = [CutResult(*row) for row in results.values_list(
        "game__player_a_id", "game__player_b_id", "vp_a", "vp_b", "outcome", "loser")]
    totals = {row.entrant.id: (row.totals.diff, row.totals.vp) for row in swiss}
    return seeds, bracket(seeds, played, event.cut_draws, totals)


def current_standings(event: Event) -> list[Standing]:
    """`event_standings` as of the event's last change, worked out once per change and shared by every
    process (the public standings page and each player's private page read them alike)."""
    return http_cache.memo(http_cache.scope_key("event", "event_id", event.pk), f"standings:{event.pk}",
                           lambda: event_standings(event))


@dataclass(frozen=True)
class CutView:
    """The top cut as its pages show it: seeds (player ids, best first), stages (`tournaments.bracket`),
    each paired game with its round and result by its two players, and who everyone is."""

    seeds: list[int]
    stages: list[list[CutGame]]
    games: dict[frozenset, Game]
    entrants: dict[int, Entrant]

    def game(self, cut_game: CutGame) -> Game | None:
        return self.games.get(frozenset((cut_game.a, cut_game.b)))


def cut_view(event: Event, *, drafts: bool = False) -> CutView | None:
    """The event's top cut for its pages (None before one is published; `drafts`: paired), in a constant
    number of queries."""
    swiss = event_standings(event, after_round=event.rounds)
    cut = cut_bracket(event, swiss, drafts=drafts)
    if cut is None:
        return None
    games = Game.objects.filter(round__event=event, round__stage=CUT_STAGE).select_related("round", "result")
    if not drafts:
        games = games.filter(round__published_at__isnull=False)
    return CutView(*cut, {frozenset((g.player_a_id, g.player_b_id)): g for g in games},
                   {row.entrant.id: row.entrant for row in swiss})


def non_players(event: Event) -> set[int]:
    """Who did not play (absent, or a no-show at every table): out of the awards and counted apart."""
    return {row.entrant.id for row in event_standings(event) if not row.played}


def seated_players(event: Event, *, after_round: int | None = None) -> set[int] | None:
    """Everyone seated in a published round (up to `after_round`); None before round 1 is published, when
    nobody has played yet and nobody is set apart."""
    seats = Seat.objects.filter(round__event=event, round__published_at__isnull=False)
    if after_round is not None:
        seats = seats.filter(round__number__lte=after_round)
    seated = set(seats.values_list("player_id", flat=True))
    return seated or None


PUBLISHED = Q(published_at__isnull=False)
# An event's latest round players have seen, as an annotation (a draft stays the organizers').
ROUNDS_MADE = Max("round_set__number", filter=Q(round_set__published_at__isnull=False))


def published_rounds(event: Event):
    """The rounds players and the public see: a draft is the organizers' until it is published."""
    return event.round_set.filter(PUBLISHED)


def current_game(event: Event, player) -> tuple[Round | None, Game | None]:
    """The round players are playing (the latest published) and `player`'s game in it, if any: what a
    disqualification and a judge's game loss forfeit, and what a penalty is recorded against."""
    current = published_rounds(event).order_by("-number").first()
    return current, current and current.games.filter(seats__player=player).select_related("result").first()


def latest_round_number(event: Event, *, drafts: bool = False, stage: str | None = None) -> int:
    """The latest published round's number (0: none yet); with `drafts`, a draft being previewed counts;
    with `stage`, only a round of that stage (Swiss or the cut)."""
    rounds = event.round_set.all() if drafts else published_rounds(event)
    if stage is not None:
        rounds = rounds.filter(stage=stage)
    return rounds.order_by("-number").values_list("number", flat=True).first() or 0


PLAYER_FIELDS = ("id", "club", "is_ringer", "pinned_table", "status", "checked_in")


def pairing_history(event: Event, *, before_round: int | None = None,
                    players: list[dict] | None = None) -> tuple[History, dict[int, Totals]]:
    """Earlier meetings, byes, tables, clubs and totals of the event's players, in three queries (two
    when the caller passes every player's PLAYER_FIELDS)."""
    met: dict[frozenset[int], int] = {}
    had_bye: set[int] = set()
    tables: dict[int, set[int]] = {}
    players = {p["id"]: p for p in (players if players is not None else event.players.values(*PLAYER_FIELDS))}
    ringer = next((pid for pid, p in players.items() if p["is_ringer"]), None)
    games = Game.objects.filter(round__event=event)
    if before_round is not None:
        games = games.filter(round__number__lt=before_round)
    for number, table, a, b in games.values_list("round__number", "table", "player_a_id", "player_b_id"):
        if b is None:
            had_bye.add(a)
            continue
        pair = frozenset((a, b))
        met[pair] = max(number, met.get(pair, 0))
        for p in pair:
            tables.setdefault(p, set()).add(table)
        if ringer in pair:
            had_bye.update(pair - {ringer})
    sides = side_results(event)
    if before_round is not None:
        sides = [s for s in sides if s.round < before_round]
    totals = totals_by_player(sides)
    history = History(tp={pid: t.tp for pid, t in totals.items()}, met=met, tables=tables, had_bye=had_bye,
                      club={pid: p["club"] for pid, p in players.items()}, ringer=ringer)
    return history, totals


def round_inputs(event: Event) -> RoundInputs:
    """What planning the next round needs, in four queries: earlier missions and cards, the players,
    and the pairing history with everyone's totals."""
    earlier = list(event.round_set.order_by("number").values_list("strategy", "deployment", "flips"))
    everyone = list(event.players.values(*PLAYER_FIELDS))
    players = [Attendee(p["id"], p["club"], p["is_ringer"], p["pinned_table"]) for p in everyone
               if p["status"] == ACTIVE and p["checked_in"]]
    history, totals = pairing_history(event, players=everyone)
    number = len(earlier) + 1
    return RoundInputs(
        number=number, rules=event.rules(), chart=event.chart(), deck_seed=event.deck_seed,
        cards_flipped=sum(len(flips) for _, _, flips in earlier), quarter=(event.date.month - 1) // 3 + 1,
        missions=MissionHistory([s for s, _, _ in earlier if s], [d for _, d, _ in earlier if d]),
        missions_setting=event.missions,
        planned_rounds=event.rounds, fixed_pool=event.scheme_pools.get(str(number), []), players=players,
        planned_mission=event.missions_plan.get(str(number), {}),
        history=history, totals=totals, rematch_window=event.rematch_window,
        unavailable_tables=event.unavailable_tables, fresh_tables=event.fresh_tables)


def rounds_with_games(event: Event, *, drafts: bool = False):
    """Rounds with their games (by table, the bye last), results and players' versions: three queries for
    any number of rounds. A draft only `drafts` (the organizers)."""
    rounds = event.round_set.all() if drafts else published_rounds(event)
    # Each round's games by table (the prefetch groups them by round): sorting them by their round too, as
    # Game's default ordering does, would join the rounds for nothing.
    by_table = Game.objects.select_related("result").order_by(BY_TABLE)
    return rounds.select_related("event").prefetch_related(Prefetch("games", queryset=by_table), "games__reports")


def round_with_games(event: Event, number: int, *, drafts: bool = False) -> Round | None:
    return rounds_with_games(event, drafts=drafts).filter(number=number).first()


def round_pairings(rnd: Round) -> list[tuple]:
    """The round's games as plain values, for the public round page (the hall's most polled page: model
    instances for 128 games, results and their reports cost more than the rest of the render):
    (table, player_a_id, player_b_id, result id or None, vp_a, vp_b, outcome, loser, players' versions, and
    the table's own mission: strategy, deployment, scheme pool, empty where the round's applies)."""
    return list(rnd.games.annotate(versions=Count("reports")).values_list(
        "table", "player_a_id", "player_b_id", "result__id", "result__vp_a", "result__vp_b", "result__outcome",
        "result__loser", "versions", "strategy", "deployment", "scheme_pool"))


def player_games(player) -> list[Game]:
    """A player's games in published rounds, round by round, with results and both players; each round's
    event is the player's own, already read (not joined again, nor read by the round clock)."""
    games = list(Game.objects.filter(seats__player=player, round__published_at__isnull=False)
                 .select_related("round", "result", "player_a", "player_b")
                 .prefetch_related("reports").order_by("round__number"))
    for game in games:
        game.round.event = player.event
    return games
