"""Builders for the sign-up tests: an open event with a cap, a sign-up by email followed to its link."""
import re

from django.contrib.auth import get_user_model

from notifications.models import Notification
from signups import announcements, services
from tests.factories import event_made

LINK = re.compile(r"/sign-ups/confirm/([\w-]+)/")


def open_event(cap=None, *, players=0, **settings):
    organizer = get_user_model().objects.get_or_create(username="orla")[0]
    event = event_made(organizer, players=players, registration_open=True, **settings)
    if cap is not None:
        announcements.announcement_update(event=event, by=organizer, cap=cap)
    return event, organizer


def mailed_token(email: str) -> str:
    """The token of the latest confirmation link mailed to `email`."""
    note = Notification.objects.filter(to=email, kind="signup_confirm").order_by("-pk").first()
    return LINK.search(note.body).group(1)


def signed_up(event, name: str, *, faction="guild", email=None, **extra):
    """Signed up by email and confirmed by following the mailed link."""
    email = email or f"{name.lower().replace(' ', '.')}@example.org"
    services.signup_request(event=event, name=name, faction=faction, email=email, **extra)
    return services.signup_confirm(token=mailed_token(email))
