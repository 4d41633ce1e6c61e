"""What an app built on the tournament hides from a reader of the tournament's answers: the tracker
registers how a player reads the versions of a game's result (the opponent's unrevealed schemes left
out), and the game's API and the private page ask here. So the tournament imports none of those apps.
A leaf module, connected to at start."""
from __future__ import annotations

from collections.abc import Callable

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
