"""Avatars and the Manifest Clock (M2E expansion): what the Manifest action costs, by turn and by how
many of the Avatar's two requirements are met. Read from the seed's table and its worked example."""
from __future__ import annotations

from enum import Enum

AVATAR_HIRING_COST = 2  # Soulstones, paid per Master that carries an Avatar


class ManifestCost(str, Enum):
    CANNOT = "cannot"
    AP_2 = "ap-2"
    AP_1 = "ap-1"
    CHOOSE_1_OR_0 = "choose-1-or-0"  # the player picks 1 AP or 0 AP
    AUTOMATIC = "automatic"  # at the start of the Master's activation, unless it sacrifices a Soulstone


# requirements met -> the first turn of each step (cannot before the first listed turn).
_CLOCK = {
    1: ((3, ManifestCost.AP_2), (4, ManifestCost.AP_1), (5, ManifestCost.CHOOSE_1_OR_0), (6, ManifestCost.AUTOMATIC)),
    2: ((2, ManifestCost.AP_2), (3, ManifestCost.AP_1), (4, ManifestCost.CHOOSE_1_OR_0), (5, ManifestCost.AUTOMATIC)),
}


def manifest_cost(turn: int, requirements_met: int) -> ManifestCost:
    if turn < 1 or requirements_met not in (0, 1, 2):
        raise ValueError("turn counts from 1 and an Avatar has two requirements")
    cost = ManifestCost.CANNOT
    for first_turn, step in _CLOCK.get(requirements_met, ()):
        if turn >= first_turn:
            cost = step
    return cost


def avatar_hiring_cost(masters_with_avatar: int) -> int:
    return AVATAR_HIRING_COST * masters_with_avatar
