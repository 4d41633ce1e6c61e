"""Every read the API and the pages share, each in a fixed number of queries."""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from tournaments.models import Event, Game, Result, Round
from tournaments.standings import Entrant, SideResult, Standing, standings


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
    return [Entrant(id=p.id, name=p.name, faction=p.faction, status=p.status, is_ringer=p.is_ringer)
            for p in event.players.all()]


def event_standings(event: Event, *, after_round: int | None = None) -> list[Standing]:
    return standings(entrants(event), side_results(event), after_round=after_round, tiebreaks=event.tiebreaks)


def latest_round_number(event: Event) -> int:
    last = event.round_set.order_by("-number").values_list("number", flat=True).first()
    return last or 0


@dataclass(frozen=True)
class PairingHistory:
    """What the pairing engine needs from earlier rounds, loaded in one query."""

    met: dict[frozenset[int], int]  # pair of players -> last round they met
    had_bye: set[int]  # players who had a bye or a game against the Ringer


def pairing_history(event: Event) -> PairingHistory:
    met: dict[frozenset[int], int] = {}
    had_bye: set[int] = set()
    games = Game.objects.filter(round__event=event).values_list(
        "round__number", "player_a_id", "player_a__is_ringer", "player_b_id", "player_b__is_ringer")
    for number, a, a_is_ringer, b, b_is_ringer in games:
        if b is None:
            had_bye.add(a)
            continue
        pair = frozenset((a, b))
        met[pair] = max(number, met.get(pair, 0))
        if a_is_ringer:
            had_bye.add(b)
        if b_is_ringer:
            had_bye.add(a)
    return PairingHistory(met=met, had_bye=had_bye)


def rounds_with_games(event: Event):
    """Rounds with their games (by table, the bye last) and results: two queries for any number of rounds."""
    return event.round_set.select_related("event").prefetch_related(
        Prefetch("games", queryset=Game.objects.select_related("result")))


def round_with_games(event: Event, number: int) -> Round | None:
    return rounds_with_games(event).filter(number=number).first()
