"""Celery shells over the sign-ups' mails."""
from datetime import timedelta

from celery import shared_task
from django.utils import timezone


@shared_task(acks_late=True, time_limit=300)
def send_reminders() -> int:
    """Celery beat, hourly: the day-before mail for tomorrow's events (each address once, so running
    again sends nothing more)."""
    from signups import mails
    from signups.selectors import announcement_of
    from tournaments.models import Event

    tomorrow = timezone.localdate() + timedelta(days=1)
    return sum(mails.reminder(event, announcement_of(event))
               for event in Event.objects.filter(date=tomorrow, finished_at__isnull=True))


@shared_task(acks_late=True, time_limit=120)
def move_pages_by_the_clock() -> int:
    """Celery beat, every few minutes: pages that a passing deadline or a day's end changed."""
    from django.conf import settings

    from signups.announcements import pages_moved_by_the_clock

    now = timezone.now()
    return pages_moved_by_the_clock(since=now - timedelta(seconds=settings.CLOCK_PAGES_SECONDS), now=now)
