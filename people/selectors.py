"""What people's pages read, each in a constant number of queries: a profile (events, games, ratings and
their history) and a leaderboard (a page of stored ratings, filtered)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.db.models import Count

from people.models import Person, Rating, RatingStep
from ratings.skill import Rating as Skill
from ratings.skill import outcome_of
from scoring.formats import formats_of
from scoring.report import BYE, DOUBLE_LOSS, PLAYED
from tournaments.models import Game, Player

WIN, DRAW, LOSS = "win", "draw", "loss"
LEADERBOARD_PAGE = 50
MIN_GAMES = 5  # listed from this many rated games (a reader may ask for more, or fewer)


def side_outcome(result, side: str) -> str:
    """A counted result from one side: win, draw or loss (a double loss is a loss for both; a bye, a win).
    `result` has a Result's outcome, loser, tp_a and tp_b."""
    if result.outcome == BYE:
        return WIN
    if result.outcome == DOUBLE_LOSS:
        return LOSS
    if result.outcome != PLAYED:
        return LOSS if result.loser == side else WIN
    own, other = (result.tp_a, result.tp_b) if side == "a" else (result.tp_b, result.tp_a)
    return {1.0: WIN, 0.5: DRAW, 0.0: LOSS}[outcome_of(own, other)]


@dataclass
class EventPlayed:
    entry: Player
    players: int
    record: Counter = field(default_factory=Counter)


def profile(person: Person) -> dict:
    """Everything a profile shows, in a constant number of queries: entries with their events, the events'
    sizes, the games on each side with both players, ratings with their history."""
    entries = list(Player.objects.filter(person=person).select_related("event").order_by("-event__date", "-id"))
    # "3 of 11": of those ranked (a finished event's places; who did not play has none).
    sizes = dict(Player.objects.filter(event__in=[e.event_id for e in entries], is_ringer=False, place__isnull=False)
                 .values_list("event").annotate(n=Count("id")).values_list("event", "n"))
    events = {e.pk: EventPlayed(entry=e, players=sizes.get(e.event_id, 0)) for e in entries}
    lines, factions, leaders = [], Counter(), Counter()
    for side, other in (("a", "b"), ("b", "a")):
        # One indexed lookup per side (an OR of the two would scan every game), as plain values: a profile
        # lists hundreds of games.
        for row in Game.objects.filter(**{f"player_{side}__in": list(events)},
                                       round__published_at__isnull=False).values_list(*_game_columns(side, other)):
            line = GameLine(*row, side=side)
            outcome = side_outcome(line, side) if line.result_outcome else ""
            if outcome:
                events[line.entry].record[outcome] += 1
            factions[(line.format, line.faction)] += 1
            if line.leader:
                leaders[(line.format, line.leader)] += 1
            lines.append(line.shown(outcome))
    lines.sort(key=lambda line: (line["date"], line["event_id"], line["round"]), reverse=True)
    ratings = list(Rating.objects.filter(person=person).order_by("edition"))
    steps = {}
    for edition, day, mu, sigma, played in (RatingStep.objects.filter(person=person).order_by("edition", "date")
                                            .values_list("edition", "date", "mu", "sigma", "games")):
        steps.setdefault(edition, []).append((day, Skill(mu=mu, sigma=sigma).shown, played))
    return {"events": list(events.values()), "games": lines, "factions": factions.most_common(),
            "leaders": leaders.most_common(), "ratings": ratings, "steps": steps}


def _game_columns(side: str, other: str) -> list[str]:
    return ["round__event_id", "round__event__name", "round__event__slug", "round__event__date",
            "round__event__format", "round__number", "table", f"player_{side}_id", f"player_{side}__faction",
            f"player_{other}__name", f"player_{other}__faction", f"player_{other}__person_id",
            f"player_{other}__person__hidden", "result__outcome", "result__loser", "result__tp_a", "result__tp_b",
            "result__vp_a", "result__vp_b", f"result__master_{side}", f"result__leader_{side}", "strategy",
            "deployment", "round__strategy", "round__deployment"]


@dataclass
class GameLine:
    """One game from the profile's person's side, from one row of values."""

    event_id: int
    event_name: str
    slug: str
    date: object
    format: str
    round: int
    table: int | None
    entry: int
    faction: str
    opponent: str | None
    opponent_faction: str | None
    opponent_person: int | None
    opponent_hidden: bool | None
    result_outcome: str | None
    loser: str | None
    tp_a: int | None
    tp_b: int | None
    vp_a: int | None
    vp_b: int | None
    master: str | None
    leader_key: str | None
    own_strategy: str
    own_deployment: str
    strategy: str
    deployment: str
    side: str = "a"

    @property
    def outcome(self) -> str:  # what side_outcome reads, as a Result's field is named
        return self.result_outcome or ""

    @property
    def leader(self) -> str:
        return self.master or self.leader_key or ""

    def shown(self, outcome: str) -> dict:
        bye = self.opponent is None
        mine, theirs = (self.vp_a, self.vp_b) if self.side == "a" else (self.vp_b, self.vp_a)
        strategy, deployment = ((self.own_strategy, self.own_deployment) if self.own_strategy
                                else (self.strategy, self.deployment))
        return {"event_id": self.event_id, "event": self.event_name, "slug": self.slug, "date": self.date,
                "format": self.format, "round": self.round, "table": self.table, "bye": bye,
                "faction": self.faction, "leader": self.leader, "opponent": self.opponent,
                "opponent_faction": None if bye else self.opponent_faction,
                "opponent_person": None if bye or self.opponent_hidden else self.opponent_person,
                "outcome": outcome, "result": self.result_outcome or "",
                "score": None if bye or self.result_outcome is None else (mine, theirs),
                "strategy": strategy, "deployment": deployment}


def leaderboard(edition: str, *, faction: str = "", country: str = "", min_games: int = MIN_GAMES,
                page: int = 1) -> tuple[list[Rating], int]:
    """One page of an edition's leaderboard, best first, and how many people it lists: two queries. People who
    keep their profile private are not listed."""
    rows = Rating.objects.filter(edition=edition, games__gte=min_games, person__merged_into=None,
                                 person__hidden=False)  # a private profile shows no rating
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
    rated = Rating.objects.filter(edition=edition, person__hidden=False)
    factions = sorted(set(rated.values_list("faction", flat=True)))
    countries = sorted(set(rated.exclude(person__country="").values_list("person__country", flat=True)))
    return factions, countries


def edition_format(edition: str) -> str:
    """The latest format of an edition: it names the edition's factions."""
    return formats_of(edition)[-1]
