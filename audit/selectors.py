"""Reading the audit trail: the organizers' view of an event's changes."""
from __future__ import annotations

from django.db.models import Q

from audit.models import AuditRecord


def records(event, *, table: int | None = None, player: int | None = None):
    """The event's trail, newest first, optionally for one table or one player."""
    found = AuditRecord.objects.filter(event=event)
    if table is not None:
        found = found.filter(table=table)
    if player is not None:
        found = found.filter(Q(player_id=player) | Q(other_player_id=player) | Q(by_player_id=player))
    return found.order_by("-at", "-id")
