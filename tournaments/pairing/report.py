"""The pairing report: what an organizer should notice about each game before publishing a round."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

REMATCH, REMATCH_IN_WINDOW, FLOAT, SAME_CLUB, REPEAT_TABLE, BYE, RINGER, SECOND_BYE = (
    "rematch", "rematch_within_window", "float", "same_club", "repeat_table", "bye", "ringer", "second_bye")
# Flags that only a forced swap can produce: they break a hard pairing rule.
FORCED_ONLY = (REMATCH_IN_WINDOW, SECOND_BYE)


@dataclass(frozen=True)
class History:
    """What earlier rounds tell about the players being seated."""

    tp: Mapping[int, int] = field(default_factory=dict)
    met: Mapping[frozenset[int], int] = field(default_factory=dict)  # pair -> last round they met
    club: Mapping[int, str] = field(default_factory=dict)
    tables: Mapping[int, set[int]] = field(default_factory=dict)  # player -> table numbers played on
    had_bye: set[int] = field(default_factory=set)  # a bye or a Ringer game already
    ringer: int | None = None


def game_flags(player_a: int, player_b: int | None, table: int | None, *, history: History, round_number: int,
               rematch_window: int) -> list[str]:
    flags: list[str] = []
    if player_b is None:
        flags.append(BYE)
        if player_a in history.had_bye:
            flags.append(SECOND_BYE)
        return flags
    pair = (player_a, player_b)
    if history.ringer in pair:
        flags.append(RINGER)
        if any(p in history.had_bye for p in pair if p != history.ringer):
            flags.append(SECOND_BYE)
    last = history.met.get(frozenset(pair))
    if last is not None:
        flags.append(REMATCH_IN_WINDOW if round_number - last < rematch_window else REMATCH)
    if history.ringer not in pair and history.tp.get(player_a, 0) != history.tp.get(player_b, 0):
        flags.append(FLOAT)
    club_a, club_b = history.club.get(player_a, ""), history.club.get(player_b, "")
    if club_a and club_a.casefold() == club_b.casefold():
        flags.append(SAME_CLUB)
    if table is not None and any(table in history.tables.get(p, ()) for p in pair):
        flags.append(REPEAT_TABLE)
    return flags
