"""The one hook the apps built on the tournament listen to (people: who an entry is, which ratings are
due; sign-ups: a place freed for the waitlist; mail, phones, Discord: who is told what), so
that the tournament imports nothing of theirs. A service tells it with `services.changes.announce`, inside
the change's transaction, just where the change happens: what a listener writes (a person linked, a rating
marked due, a mail or a push queued as a row) commits or rolls back with the change, and a listener that
refuses (a Problem raised) refuses the whole change. Work that must wait for the commit (handing a mail to
the workers), a listener puts off with transaction.on_commit itself.

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
# round (just published, or a pairing published at once), games (its games, byes too, as saved): who sits where
ROUND_PUBLISHED = "round_published"
# game; player (who reported it, the opponent must confirm or dispute), version_stamp (that version: told once)
REPORT_AWAITS = "report_awaits"
# game; player (who disputes the opponent's version), version_stamp (the disputing version: told once)
REPORT_DISPUTED = "report_disputed"
# round; left (its clock's moment said on the round page, in seconds left: a 30-minute step, the last call,
# 0 for time called), run (the clock's start, ISO: which run of the clock), last_call (the last call's seconds);
# game (optional): a table's own moment, its time extension later than the round's: for its two players only
CLOCK_CALLED = "clock_called"
# game; player (who called), call (the call's id), about (rules, time, dispute or other), note: a player called a
# judge to their table (told by the judges app once the call is committed: a listener's failure never refuses it)
JUDGE_CALLED = "judge_called"
KINDS = (ENTRY_REGISTERED, ENTRY_RESTORED, ENTRY_CHANGED, ENTRY_REMOVED, ENTRY_GONE, RESULT_CHANGED, DATE_MOVED,
         EVENT_RESTORED, EVENT_FINISHED, ROUND_PUBLISHED, REPORT_AWAITS, REPORT_DISPUTED, CLOCK_CALLED, JUDGE_CALLED)
tournament_changed = Signal()
