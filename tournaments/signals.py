"""The one hook the apps built on the tournament listen to (people: who an entry is, which ratings are
due; sign-ups: a place freed for the waitlist), so that the tournament imports nothing of theirs. A
service tells it with `services.changes.announce`, inside the change's transaction, just where the change
happens: what a listener writes (a person linked, a rating marked due) commits or rolls back with the change, and a
listener that refuses (a Problem raised) refuses the whole change. Work that must wait for the commit, a
listener puts off with transaction.on_commit itself.

A leaf module (Django's dispatcher and nothing of ours), so an app can connect to it at start without
importing the tournament's services."""
from django.dispatch import Signal

# Each kind, and what comes with it besides the event:
# player; user (their own account) or person (the id an organizer chose), and by (who registered it)
ENTRY_REGISTERED = "entry_registered"
# player; user, person (the id the backup names, perhaps another server's), original (the event's slug there)
ENTRY_RESTORED = "entry_restored"
ENTRY_CHANGED = "entry_changed"  # player; fields (the names of the fields an organizer set)
ENTRY_REMOVED = "entry_removed"  # player (still in the database: told just before it is deleted), by
ENTRY_GONE = "entry_gone"  # by: told just after the delete, in the same change (its name and place are free)
RESULT_CHANGED = "result_changed"  # game (its result entered, corrected, confirmed or replaced)
DATE_MOVED = "date_moved"  # before, after (the event's two dates)
EVENT_RESTORED = "event_restored"  # a backup restored as this new event, whole
EVENT_FINISHED = "event_finished"  # finished or reopened: only a finished event's games are rated
KINDS = (ENTRY_REGISTERED, ENTRY_RESTORED, ENTRY_CHANGED, ENTRY_REMOVED, ENTRY_GONE, RESULT_CHANGED, DATE_MOVED,
         EVENT_RESTORED, EVENT_FINISHED)
tournament_changed = Signal()
