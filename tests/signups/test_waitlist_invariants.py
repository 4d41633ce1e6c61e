"""Whatever people do before the day (sign up, withdraw, the organizer changing the cap, registering a walk-in
under a waiting person's name and removing one), the cap holds, nobody passes the waitlist, and each place
goes to whom the test's own bookkeeping says: the first waiting in the order people confirmed in, passing
only over someone whose name a walk-in took."""
import itertools

from django.db import transaction
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from signups import announcements, services
from signups.models import REGISTERED, WAITLISTED, Announcement, SignUp
from signups.selectors import places_taken
from tests.profiles import examples
from tests.signups.helpers import open_event, signed_up
from tournaments import services as tournament

STEP = st.one_of(
    st.tuples(st.just("sign_up"), st.integers(0, 0)),
    st.tuples(st.just("withdraw"), st.integers(0, 30)),
    st.tuples(st.just("cap"), st.integers(2, 8)),
    st.tuples(st.just("walk_in"), st.integers(0, 30)),  # the organizer types in a waiting person's name
    st.tuples(st.just("walk_out"), st.integers(0, 30)),  # ... and removes a walk-in (not one holding such a name:
    # test_a_walk_in_leaving_gives_the_place_to_whose_name_they_held, below)
)
# A few sign-ups first (a waitlist to work with, past the cap of 3), then anything.
STEPS = st.builds(lambda first, then: [("sign_up", 0)] * first + then, st.integers(0, 6),
                  st.lists(STEP, min_size=1, max_size=20))

EXAMPLES = itertools.count()


class Line:
    """The test's own account of who holds what: sign-ups registered, the waitlist in the order people
    confirmed in, and the walk-ins the organizer typed in (by entry)."""

    def __init__(self, cap):
        self.cap, self.registered, self.waiting, self.walk_ins, self.names = cap, set(), [], {}, {}

    def taken(self):
        return len(self.registered) + len(self.walk_ins)

    def stuck(self, pk):
        """Who cannot be registered: a walk-in holds their name."""
        return self.names[pk] in self.walk_ins.values()

    def fill(self):
        """A place freed: the first waiting who can be registered takes it, while places are free."""
        for pk in list(self.waiting):
            if self.taken() >= self.cap:
                break
            if not self.stuck(pk):
                self.waiting.remove(pk)
                self.registered.add(pk)

    def signed_up(self, pk, name):
        """Nobody new takes a place while someone waits, even with places free."""
        self.names[pk] = name
        if self.taken() < self.cap and not self.waiting:
            self.registered.add(pk)
        else:
            self.waiting.append(pk)

    def withdrawn(self, pk):
        """A place freed, or someone waiting ahead gone: the places free go down the waitlist."""
        (self.registered.remove if pk in self.registered else self.waiting.remove)(pk)
        self.fill()

    def capped(self, cap):
        if cap != self.cap:
            self.cap = cap
            self.fill()


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
# Four sign-ups for three places, a walk-in under the fourth's name, more places: the fourth cannot have
# one, and the sign-up after must wait behind them all the same.
@example(steps=[("sign_up", 0)] * 4 + [("walk_in", 0), ("cap", 8), ("sign_up", 0)])
# Two places freed while the fourth cannot have one, a sign-up waiting behind them, then the fourth
# withdrawing: the one behind is first now, and a place is free.
@example(steps=[("sign_up", 0)] * 4 + [("walk_in", 0), ("withdraw", 0), ("withdraw", 0), ("sign_up", 0),
                                        ("withdraw", 1)])
def test_the_cap_holds_and_each_place_goes_to_whom_the_waitlist_says(db, steps):
    """(Hypothesis runs every example in the one test's transaction: each has its own event.)"""
    event, organizer = open_event(cap=3, name=f"Invariants {next(EXAMPLES)}")
    line = Line(cap=3)
    for n, (kind, value) in enumerate(steps):
        before = places_taken(event)
        if kind == "sign_up":
            name = f"Player {n}"
            line.signed_up(signed_up(event, name, email=f"p{n}.{event.pk}@example.org").pk, name)
        elif kind == "withdraw":
            holding = sorted(line.registered | set(line.waiting))
            if holding:
                pk = holding[value % len(holding)]
                services.signup_withdraw(signup=SignUp.objects.get(pk=pk))
                line.withdrawn(pk)
        elif kind == "cap":
            announcements.announcement_update(event=event, by=organizer, cap=value)
            line.capped(value)
        elif kind == "walk_in":
            free = [pk for pk in line.waiting if not line.stuck(pk)]
            name = line.names[free[value % len(free)]] if free else f"Walk-in {n}"
            entry = tournament.player_register(event=event, by=organizer, name=name, faction="guild")
            line.walk_ins[entry.pk] = name
        elif leaving := sorted(line.walk_ins):  # walk_out: a walk-in removed, their name free again
            entry = leaving[value % len(leaving)]
            tournament.player_remove(player=event.players.get(pk=entry), by=organizer)
            del line.walk_ins[entry]
            line.fill()
        cap = Announcement.objects.get(event=event).cap
        waiting = [s.pk for s in services.waitlist(event)]
        registered = set(SignUp.objects.filter(event=event, state=REGISTERED).values_list("pk", flat=True))
        taken = places_taken(event)
        assert cap == line.cap and taken == line.taken()
        if kind != "walk_in":  # the organizer may type in a walk-in over the cap
            assert taken <= max(cap, before)  # a place is given only below the cap (lowering it removes nobody)
        assert (registered, waiting) == (line.registered, line.waiting), (kind, n)  # who got each place
        # A place free while someone waits: only behind someone whose name a walk-in took, and a new
        # sign-up waits behind them too (tried, then undone).
        assert taken >= cap or not waiting or line.stuck(waiting[0])
        if waiting and taken < cap:
            with transaction.atomic():
                assert signed_up(event, f"New {n}", email=f"new{n}.{event.pk}@example.org").state == WAITLISTED
                transaction.set_rollback(True)
        assert set(SignUp.objects.filter(event=event, state=WAITLISTED).values_list("pk", flat=True)) == set(waiting)
        assert len(registered) + len(line.walk_ins) == taken  # each place a sign-up's or a walk-in's


def test_a_walk_in_leaving_gives_the_place_to_whose_name_they_held(db):
    event, organizer = open_event(cap=3)
    for name in ("Ann", "Bob", "Cid"):
        signed_up(event, name)
    dee = signed_up(event, "Dee")  # waits
    walk_in = tournament.player_register(event=event, by=organizer, name="Dee", faction="guild")
    services.signup_withdraw(signup=SignUp.objects.get(name="Ann"))  # three places taken still: nobody moves
    eve = signed_up(event, "Eve")
    assert [s.pk for s in services.waitlist(event)] == [dee.pk, eve.pk]
    tournament.player_remove(player=walk_in, by=organizer)  # Dee's name is free, and a place with it
    assert SignUp.objects.get(pk=dee.pk).state == REGISTERED
    assert [s.pk for s in services.waitlist(event)] == [eve.pk]
