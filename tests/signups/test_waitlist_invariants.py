"""Whatever people do before the day (sign up, withdraw, the organizer changing the cap), the cap holds,
nobody waits while a place is free, and the waitlist keeps the order people confirmed in."""
import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from signups import announcements, services
from signups.models import REGISTERED, WAITLISTED, Announcement, SignUp
from signups.selectors import places_taken
from tests.signups.helpers import open_event, signed_up

STEPS = st.lists(st.one_of(
    st.tuples(st.just("sign_up"), st.integers(0, 0)),
    st.tuples(st.just("withdraw"), st.integers(0, 30)),
    st.tuples(st.just("cap"), st.integers(2, 8)),
), min_size=1, max_size=25)


EXAMPLES = itertools.count()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_the_cap_and_the_waitlist_order_hold(db, steps):
    """(Hypothesis runs every example in the one test's transaction: each has its own event.)"""
    event, organizer = open_event(cap=3, name=f"Invariants {next(EXAMPLES)}")
    confirmed_order, taken = [], 0
    for n, (kind, value) in enumerate(steps):
        before = taken
        if kind == "sign_up":
            confirmed_order.append(signed_up(event, f"Player {n}", email=f"p{n}.{event.pk}@example.org").pk)
        elif kind == "withdraw":
            holding = list(SignUp.objects.filter(event=event, state__in=(REGISTERED, WAITLISTED)).order_by("pk"))
            if holding:
                services.signup_withdraw(signup=holding[value % len(holding)])
        else:
            announcements.announcement_update(event=event, by=organizer, cap=value)
        cap = Announcement.objects.get(event=event).cap
        waiting = [s.pk for s in services.waitlist(event)]
        taken = places_taken(event)
        assert taken <= max(cap, before)  # a place is given only below the cap (lowering it removes nobody)
        assert not waiting or taken >= cap  # nobody waits while a place is free
        assert waiting == [pk for pk in confirmed_order if pk in waiting]  # first come, first served
        assert SignUp.objects.filter(event=event, state=REGISTERED).count() == taken  # each place a sign-up's
