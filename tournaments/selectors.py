"""Every read the API and the pages share, each in a fixed number of queries."""
from __future__ import annotations

from django.db.models import Count, Max, Prefetch, Q

from tournaments.models import Event, Game, Result, Round
from tournaments.pairing.report import History
from tournaments.standings import Entrant, SideResult, Standing, Totals, standings, totals_by_player


def is_organizer(user, event: Event) -> bool:
    return bool(user and user.is_authenticated) and event.organizers.filter(pk=user.pk).exists()


def side_results(event: Event) -> list[SideResult]:
    """Both sides of every result of the event, in one query."""
    rows = Result.objects.filter(game__round__event=event).values_list(
        "game__round__number", "game__player_a_id", "vp_a", "tp_a", "diff_a",
        "game__player_b_id", "vp_b", "tp_b", "diff_b")
    sides = []
    for number, a, vp_a, tp_a, diff_a, b, vp_b, tp_b, diff_b in rows:
        sides.append(SideResult(a, number, vp_a, tp_a, diff_a, opponent=b))
        if b is not None:
            sides.append(SideResult(b, number, vp_b, tp_b, diff_b, opponent=a))
    return sides


def entrants(event: Event) -> list[Entrant]:
    return [Entrant(id=pid, name=name, faction=faction, status=status, is_ringer=is_ringer)
            for pid, name, faction, status, is_ringer in
            event.players.values_list("id", "name", "faction", "status", "is_ringer")]


def event_standings(event: Event, *, after_round: int | None = None) -> list[Standing]:
    return standings(entrants(event), side_results(event), after_round=after_round, tiebreaks=event.tiebreaks)


def latest_round_number(event: Event) -> int:
    last = event.round_set.order_by("-number").values_list("number", flat=True).first()
    return last or 0


def pairing_history(event: Event, *, before_round: int | None = None) -> tuple[History, dict[int, Totals]]:
    """Earlier meetings, byes, tables, clubs and totals of the event's players, in three queries."""
    met: dict[frozenset[int], int] = {}
    had_bye: set[int] = set()
    tables: dict[int, set[int]] = {}
    players = {p["id"]: p for p in event.players.values("id", "club", "is_ringer")}
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


def rounds_with_games(event: Event):
    """Rounds with their games (by table, the bye last), results and players' versions: three queries for
    any number of rounds."""
    return event.round_set.select_related("event").prefetch_related(
        Prefetch("games", queryset=Game.objects.select_related("result")), "games__reports")


def round_with_games(event: Event, number: int) -> Round | None:
    return rounds_with_games(event).filter(number=number).first()


def round_pairings(rnd: Round) -> list[tuple]:
    """The round's games as plain values, for the public round page (the hall's most polled page: model
    instances for 128 games, results and their reports cost more than the rest of the render):
    (table, player_a_id, player_b_id, result id or None, vp_a, vp_b, outcome, players' versions)."""
    return list(rnd.games.annotate(versions=Count("reports")).values_list(
        "table", "player_a_id", "player_b_id", "result__id", "result__vp_a", "result__vp_b", "result__outcome",
        "versions"))


def events_by_phase() -> dict[str, list[Event]]:
    """Events for the home page, in one query: upcoming (no round yet), running, finished (every planned
    round paired and every game reported)."""
    events = Event.objects.annotate(
        rounds_made=Max("round_set__number"),
        open_games=Count("round_set__games", filter=Q(round_set__games__result__isnull=True)),
    ).order_by("-date", "name")
    phases: dict[str, list[Event]] = {"running": [], "upcoming": [], "finished": []}
    for event in events:
        if not event.rounds_made:
            phases["upcoming"].append(event)
        elif event.rounds_made == event.rounds and not event.open_games:
            phases["finished"].append(event)
        else:
            phases["running"].append(event)
    return phases


def player_games(player) -> list[Game]:
    """A player's games, round by round, with results and both players."""
    return list(Game.objects.filter(seats__player=player).select_related("round", "result", "player_a", "player_b")
                .prefetch_related("reports").order_by("round__number"))
