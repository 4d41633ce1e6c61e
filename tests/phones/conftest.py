"""What the phones tests share: VAPID keys for the site, and local stand-ins for the push service and for
Discord (tests/phones/receivers.py), closed when the test ends."""
import pytest

from notifications import push
from tests.phones.receivers import Receiver


@pytest.fixture
def vapid(settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = push.vapid_pair()
    settings.VAPID_SUBJECT = "mailto:organizer@example.org"
    settings.OUTWARD_LOCAL = True
    return settings


@pytest.fixture
def receiver():
    """A push service on loopback, answering `answers` in turn."""
    made = []

    def start(answers=(201,), body=b""):
        made.append(Receiver(answers, body))
        return made[-1]

    yield start
    for one in made:
        one.close()


@pytest.fixture
def channel(settings):
    """Discord on loopback: the site posts there."""
    made = []

    def start(answers=(204,), body=b""):
        made.append(Receiver(answers, body))
        settings.DISCORD_API_ORIGIN, settings.OUTWARD_LOCAL = made[-1].url, True
        return made[-1]

    yield start
    for one in made:
        one.close()
