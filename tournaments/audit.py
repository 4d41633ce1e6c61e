"""The audit trail: who changed what in an event, when, and from what to what.

Each write in `services` records itself here inside its own transaction, so a
change and its record land or roll back together. Records are append-only
(see `AuditRecord`); organizers read them newest first.
"""
from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q

from tournaments import page_cache
from tournaments.models import AuditRecord, Event, Game, Player, PlayerReport, Result

# Every action the trail knows, for the API schema and the console's labels.
ACTIONS = {
    "settings_changed": "The event's settings changed.",
    "organizer_added": "A co-organizer was added.",
    "player_registered": "A player was registered (by an organizer or by their own account).",
    "player_updated": "A player's entry was corrected.",
    "player_removed": "A mistaken registration was removed.",
    "player_checked_in": "A player was checked in.",
    "player_dropped": "A player was dropped.",
    "player_disqualified": "A player was disqualified.",
    "key_rotated": "A player's private link was replaced; the old one stopped working.",
    "round_paired": "A round was paired and published.",
    "round_removed": "The latest round was removed (redo).",
    "seats_swapped": "Two players' seats were exchanged (forced when it broke a pairing rule).",
    "result_entered": "An organizer entered or corrected a result; it counts at once.",
    "result_reported": "A player reported a result; it awaits the opponent's confirmation.",
    "report_corrected": "A player corrected their own report before confirmation.",
    "result_confirmed": "The opponent confirmed a reported result; it counts.",
    "result_disputed": "The opponent disputed a reported result with their own figures.",
}

Actor = AbstractBaseUser | Player | None


def actor_fields(by: Actor) -> dict:
    """Who acted, as the record keeps it: a user, or a player through their link or linked account."""
    if isinstance(by, Player):
        return {"by": f"{by.name} (player)", "by_player": by, "by_user": by.user if by.user_id else None}
    if by is not None and by.is_authenticated:
        return {"by": by.get_username(), "by_user": by}
    return {"by": "system"}


def record(event: Event, by: Actor, action: str, *, game: Game | None = None, round_number: int | None = None,
           player: Player | int | None = None, other_player: Player | int | None = None,
           before=None, after=None) -> AuditRecord:
    if action not in ACTIONS:
        raise ValueError(f"unknown audit action {action}")
    page_cache.bump(event)  # every recorded change may change what public pages show
    if game is not None:
        round_number = game.round.number
        player = player or game.player_a_id
        other_player = other_player or game.player_b_id
    return AuditRecord.objects.create(
        event=event, action=action, round_number=round_number, table=game.table if game else None,
        player_id=getattr(player, "pk", player), other_player_id=getattr(other_player, "pk", other_player),
        before=before, after=after, **actor_fields(by))


def result_snapshot(result: Result | None) -> dict | None:
    if result is None:
        return None
    return {"outcome": result.outcome, "loser": result.loser or None, "vp_a": result.vp_a, "vp_b": result.vp_b,
            "tp_a": result.tp_a, "tp_b": result.tp_b, "turns": result.turns,
            "master_a": result.master_a, "master_b": result.master_b}


def version_snapshot(version: PlayerReport | None) -> dict | None:
    if version is None:
        return None
    return {"side": version.side, "outcome": version.outcome, "loser": version.loser or None,
            "vp_a": version.vp_a, "vp_b": version.vp_b, "turns": version.turns,
            "master_a": version.master_a, "master_b": version.master_b}


def records(event: Event, *, table: int | None = None, player: int | None = None):
    """The event's trail, newest first, optionally for one table or one player."""
    found = AuditRecord.objects.filter(event=event)
    if table is not None:
        found = found.filter(table=table)
    if player is not None:
        found = found.filter(Q(player_id=player) | Q(other_player_id=player) | Q(by_player_id=player))
    return found.order_by("-at", "-id")
