"""What people's pages read, each in a constant number of queries: a profile (events, games, ratings and
their history) and a leaderboard (a page of stored ratings, filtered)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.db.models import Count, Q

from people.models import Person, Rating, RatingStep
from scoring.formats import FORMATS
from scoring.validator import BYE, DOUBLE_LOSS, PLAYED
from tournaments.models import Game, Player

WIN, DRAW, LOSS = "win", "draw", "loss"
LEADERBOARD_PAGE = 50
MIN_GAMES = 5  # listed from this many rated games (a reader may ask for more, or fewer)


def side_outcome(result, side: str) -> str:
    """A counted result from one side: win, draw or loss (a double loss is a loss for both; a bye, a win)."""
    if result.outcome == BYE:
        return WIN
    if result.outcome == DOUBLE_LOSS:
        return LOSS
    if result.outcome != PLAYED:
        return LOSS if result.loser == side else WIN
    own, other = (result.tp_a, result.tp_b) if side == "a" else (result.tp_b, result.tp_a)
    return WIN if own > other else DRAW if own == other else LOSS


@dataclass
class EventPlayed:
    entry: Player
    players: int
    record: Counter = field(default_factory=Counter)


def profile(person: Person) -> dict:
    """Everything a profile shows, in four queries: entries with their events, the events' sizes, the
    games with both players, ratings with their history."""
    entries = list(Player.objects.filter(person=person).select_related("event").order_by("-event__date", "-id"))
    sizes = dict(Player.objects.filter(event__in=[e.event_id for e in entries], is_ringer=False)
                 .values_list("event").annotate(n=Count("id")).values_list("event", "n"))
    events = {e.pk: EventPlayed(entry=e, players=sizes.get(e.event_id, 0)) for e in entries}
    games = (Game.objects.filter(Q(player_a__in=events) | Q(player_b__in=events), round__published_at__isnull=False)
             .select_related("round__event", "player_a__person", "player_b__person", "result")
             .order_by("-round__event__date", "-round__event_id", "-round__number"))
    lines, factions, leaders = [], Counter(), Counter()
    for game in games:
        mine = game.player_a if game.player_a_id in events else game.player_b
        side = game.side_of(mine.pk)
        other = game.player_b if side == "a" else game.player_a
        result = getattr(game, "result", None)
        outcome = side_outcome(result, side) if result is not None else ""
        if outcome:
            events[mine.pk].record[outcome] += 1
        leader = (result.master_a or result.leader_a) if result and side == "a" else (
            (result.master_b or result.leader_b) if result else "")
        event = game.round.event
        factions[(event.format, mine.faction)] += 1
        if leader:
            leaders[(event.format, leader)] += 1
        lines.append({"game": game, "event": event, "entry": mine, "opponent": other, "result": result,
                      "side": side, "outcome": outcome, "leader": leader,
                      "own": _seen(result, side), "mission": game.mission()})
    ratings = list(Rating.objects.filter(person=person).order_by("edition"))
    steps = {}
    for edition, day, mu, sigma, played in (RatingStep.objects.filter(person=person).order_by("edition", "date")
                                            .values_list("edition", "date", "mu", "sigma", "games")):
        steps.setdefault(edition, []).append((day, mu - 3 * sigma, played))
    return {"events": list(events.values()), "games": lines, "factions": factions.most_common(),
            "leaders": leaders.most_common(), "ratings": ratings, "steps": steps}


def _seen(result, side: str) -> tuple[int, int] | None:
    """The score as the profile's person reads it: their VP first."""
    if result is None or result.outcome == BYE:
        return None
    return (result.vp_a, result.vp_b) if side == "a" else (result.vp_b, result.vp_a)


def leaderboard(edition: str, *, faction: str = "", country: str = "", min_games: int = MIN_GAMES,
                page: int = 1) -> tuple[list[Rating], int]:
    """One page of an edition's leaderboard, best first, and how many people it lists: two queries."""
    rows = Rating.objects.filter(edition=edition, games__gte=min_games, person__merged_into=None)
    if faction:
        rows = rows.filter(faction=faction)
    if country:
        rows = rows.filter(person__country=country)
    start = (page - 1) * LEADERBOARD_PAGE
    listed = list(rows.select_related("person").order_by("-shown", "person__name", "person_id")
                  [start:start + LEADERBOARD_PAGE])
    return listed, rows.count()


def leaderboard_choices(edition: str) -> tuple[list[str], list[str]]:
    """The factions and countries the edition's leaderboard can be filtered by (those rated)."""
    rated = Rating.objects.filter(edition=edition)
    factions = sorted(set(rated.values_list("faction", flat=True)))
    countries = sorted(set(rated.exclude(person__country="").values_list("person__country", flat=True)))
    return factions, countries


def edition_format(edition: str) -> str:
    """The latest format of an edition: it names the edition's factions."""
    return [f.key for f in FORMATS.values() if f.edition == edition][-1]


EDITIONS = sorted({f.edition for f in FORMATS.values()}, reverse=True)  # newest first: M4E, M3E, M2E
