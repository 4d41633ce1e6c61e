"""The day-before reminder is for an event that takes place: a cancelled event's players are not told to come
tomorrow, neither by the hourly task nor by the mail alone; taken back, the cancellation no longer stops it."""
from datetime import timedelta

from django.utils import timezone

from notifications.models import Notification
from signups import announcements, mails
from signups.models import Announcement
from signups.selectors import announcement_of
from signups.tasks import send_reminders
from tests.signups.helpers import open_event, signed_up
from tournaments import services as tournament


def reminded() -> list[str]:
    return sorted(Notification.objects.filter(kind="event_reminder").values_list("to", flat=True))


def test_no_reminder_the_day_before_a_cancelled_event(db):
    tomorrow = timezone.localdate() + timedelta(days=1)
    cancelled, organizer = open_event(name="Called Off", date=tomorrow)
    signed_up(cancelled, "Ann")
    tournament.player_register(event=cancelled, by=organizer, name="Kim", faction="guild", email="kim@example.org")
    held, _ = open_event(name="Still On", date=tomorrow)  # the same day, not cancelled: its player is told
    signed_up(held, "Bob")
    announcements.event_cancel(event=cancelled, by=organizer)
    assert Announcement.objects.get(event=cancelled).mail_reminder, "only the cancellation stops it"

    assert send_reminders() == 1
    assert reminded() == ["bob@example.org"]
    cancelled.refresh_from_db()  # as the task reads it: the announcement with its cancellation
    assert mails.reminder(cancelled, announcement_of(cancelled)) == 0  # the mail alone, asked directly
    assert reminded() == ["bob@example.org"]

    announcements.event_cancel(event=cancelled, by=organizer, cancelled=False)  # it takes place after all
    assert send_reminders() == 3
    assert reminded() == ["ann@example.org", "bob@example.org", "kim@example.org"]
