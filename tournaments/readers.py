"""What the apps built on the tournament hide from or add to what the tournament reads: the tracker
registers how a player reads the versions of a game's result (the opponent's unrevealed schemes left
out; the game's API and the private page ask here) and the live scores its players keep (the round page,
the hall, the console); teams register the tables a round still owes (games seated once a lineup is set,
the results board counts them); people register who an entry may be (namesakes for the players' import, the person
chosen while registering). So the tournament imports none of those apps. A leaf module, connected to at
start."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

VersionsFilter = Callable[[object, list, "str | None"], list]
_VERSIONS: list[VersionsFilter] = []


def register_versions_filter(seen: VersionsFilter) -> None:
    """`seen(game, breakdowns, reader)` gives the breakdowns as the side `reader` ("a", "b"; None: an
    organizer) may read them."""
    if seen not in _VERSIONS:
        _VERSIONS.append(seen)


def versions_seen(game, breakdowns: list, reader: str | None) -> list:
    for seen in _VERSIONS:
        breakdowns = seen(game, breakdowns, reader)
    return breakdowns


LiveScores = Callable[[object], dict]
_LIVE: list[LiveScores] = []


def register_live_scores(scores: LiveScores) -> None:
    """`scores(round)` gives {table: (vp_a, vp_b, turn)} for the round's games whose players keep a live
    score (the tracker)."""
    if scores not in _LIVE:
        _LIVE.append(scores)


def live_scores(rnd) -> dict:
    kept: dict = {}
    for scores in _LIVE:
        kept.update(scores(rnd))
    return kept


TablesOwed = Callable[[object], int]
_OWED: list[TablesOwed] = []


def register_tables_owed(owed: TablesOwed) -> None:
    """`owed(round)` gives how many of the round's tables have no game seated yet (a team round's matches
    waiting for their lineup, teams registers it): the board counts them, and offers no next round before."""
    if owed not in _OWED:
        _OWED.append(owed)


def tables_owed(rnd) -> int:
    return sum(owed(rnd) for owed in _OWED)


@dataclass(frozen=True)
class Namesake:
    """Someone who played before under a name, as an organizer tells them apart (`label`)."""

    pk: int
    name: str
    label: str


@dataclass(frozen=True)
class Chosen:
    """The person an organizer chose for an entry, as they are now (followed through merges)."""

    pk: int
    name: str
    club: str


_PEOPLE: dict[str, Callable] = {}


def register_people(*, namesakes: Callable[..., dict], chosen: Callable[[int], Chosen | None]) -> None:
    """Who an entry may be: `namesakes(names, event=)` gives {name: [Namesake]} for the players' import,
    `chosen(person_id)` the person picked while registering (people registers both)."""
    _PEOPLE.update(namesakes=namesakes, chosen=chosen)


def namesakes(names: list[str], *, event) -> dict[str, list[Namesake]]:
    return _PEOPLE["namesakes"](names, event=event) if "namesakes" in _PEOPLE else {}


def person_chosen(person_id: int) -> Chosen | None:
    return _PEOPLE["chosen"](person_id) if "chosen" in _PEOPLE else None
