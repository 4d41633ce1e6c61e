"""Who is asking, for the API and the pages alike: an organizer of this event, the player a key or an
account acts as. Framework-neutral: plain users, keys and events in, answers out."""
from __future__ import annotations

from tournaments.models import Event


def is_organizer(user, event: Event) -> bool:
    """A signed-in organizer (creator or co-organizer) of `event`; reads prefetched organizers when the
    caller loaded them, so a list of events costs no query per event."""
    if not (user and user.is_authenticated):
        return False
    cached = getattr(event, "_prefetched_objects_cache", {}).get("organizers")
    if cached is not None:
        return any(organizer.pk == user.pk for organizer in cached)
    return event.organizers.filter(pk=user.pk).exists()
