"""Two people confirming for the last place at once: one place and one waitlist entry, never two places
over the cap nor a 500, on PostgreSQL's row locks (SQLite's writes take turns, so the race cannot happen
there)."""
from functools import partial

import pytest
from django.db import connection

from signups import services
from signups.models import REGISTERED, WAITLISTED, SignUp
from signups.selectors import places_taken
from tests.services.test_races import race
from tests.signups.helpers import mailed_token, open_event, signed_up

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL (CI's second pass)")


def test_the_last_place_goes_to_one_of_two_confirming_at_once(transactional_db):
    for attempt in range(6):
        event, _ = open_event(cap=2, name=f"Last place {attempt}")
        signed_up(event, f"Ann {attempt}")
        tokens = []
        for name in ("Bob", "Cid"):
            email = f"{name.lower()}{attempt}@example.org"
            services.signup_request(event=event, name=f"{name} {attempt}", faction="guild", email=email)
            tokens.append(mailed_token(email))
        outcomes = race(*(partial(services.signup_confirm, token=token) for token in tokens))
        assert outcomes == ["done", "done"], outcomes
        states = sorted(SignUp.objects.filter(event=event).exclude(name__startswith="Ann")
                        .values_list("state", flat=True))
        assert states == [REGISTERED, WAITLISTED] and places_taken(event) == 2


def test_one_link_followed_twice_at_once_places_once(transactional_db):
    event, _ = open_event(cap=8, name="Double click")
    services.signup_request(event=event, name="Dee", faction="guild", email="dee@example.org")
    token = mailed_token("dee@example.org")
    outcomes = race(*(partial(services.signup_confirm, token=token) for _ in range(2)))
    assert "done" in outcomes and all(o in ("done", "link_unknown") or "Invalid" in o for o in outcomes), outcomes
    assert places_taken(event) == 1
