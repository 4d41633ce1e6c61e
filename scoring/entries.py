"""What a format accepts of a player's entry: one rule for registration, corrections and imports."""
from __future__ import annotations

from scoring.formats import Format
from scoring.messages import say
from scoring.problems import Problem

NAME_LENGTH = 100  # a player's name, as the entry stores it


def faction_problem(fmt: Format, faction: str, *, shown: str | None = None) -> Problem | None:
    """None when `faction` (a key) is one of the format's factions; else the problem, naming the
    value as the organizer wrote it (`shown`) and the factions to choose from."""
    if fmt.faction(faction) is not None:
        return None
    return Problem("unknown_faction", say('"{faction}" is not a faction of {fmt_name}; choose one of {value}.',
                                          faction=faction if shown is None else shown, fmt_name=fmt.name,
                                          value=", ".join(f.key for f in fmt.factions)), "faction")
