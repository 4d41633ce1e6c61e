"""Everyone entered hears of a moved or cancelled event, once each, with their private link: an organizer's
own entry too, once its paid status is set (its sign-up row has no address of its own). Who withdraws, or
is withdrawn, is told so in their language; only the promoted one used to hear."""
from datetime import date, time

import pytest
from django.contrib.auth import get_user_model

from notifications.models import Notification
from signups import announcements, payments, services
from signups.models import PAID, SignUp
from tests.signups.helpers import open_event, signed_up
from tournaments import services as tournament

SITE = "https://gg.example.org"
NNBSP = "\u202f"


@pytest.fixture
def run_up(db, settings):
    """Ann signed up; Kim entered by the organizer with an address, paid; Lou entered with her account."""
    settings.SITE_URL = SITE
    event, organizer = open_event(date=date(2027, 3, 14))
    ann = signed_up(event, "Ann", language="fr")
    kim = tournament.player_register(event=event, by=organizer, name="Kim", faction="guild", email="kim@example.org")
    lou = get_user_model().objects.create_user("lou", email="lou@example.org")
    lou_entry = tournament.player_register(event=event, by=organizer, name="Lou", faction="guild", user=lou)
    for entry in (kim, lou_entry):
        payments.paid_set(player=entry, paid=PAID, by=organizer)
    return event, organizer, ann, kim


def told(kind: str) -> dict[str, str]:
    return dict(Notification.objects.filter(kind=kind).values_list("to", "body"))


def test_a_moved_event_reaches_every_entry_once_paid_or_not_with_its_private_link(run_up):
    event, organizer, ann, kim = run_up
    announcements.announcement_update(event=event, by=organizer, starts_at=time(10, 0))
    bodies = told("event_changed")
    assert sorted(bodies) == ["ann@example.org", "kim@example.org", "lou@example.org"]
    assert f"{SITE}/p/{kim.key}/" in bodies["kim@example.org"]
    assert f"{SITE}/p/{ann.player.key}/" in bodies["ann@example.org"] and "Quand" in bodies["ann@example.org"]
    assert Notification.objects.filter(kind="event_changed").count() == 3  # once each


def test_a_cancelled_event_reaches_every_entry_once_paid_or_not(run_up):
    event, organizer, ann, kim = run_up
    announcements.event_cancel(event=event, by=organizer)
    bodies = told("event_cancelled")
    assert sorted(bodies) == ["ann@example.org", "kim@example.org", "lou@example.org"]
    assert "annulé" in bodies["ann@example.org"] and "is cancelled" in bodies["kim@example.org"]


def test_withdrawing_mails_a_confirmation_in_the_language_signed_up_in(db, settings):
    settings.SITE_URL = SITE
    event, _ = open_event(cap=2)
    ann = signed_up(event, "Ann", language="fr")
    signed_up(event, "Bea")
    bob = signed_up(event, "Bob")  # waits
    services.signup_withdraw(signup=ann)
    (to_ann,) = Notification.objects.filter(kind="signup_withdrawn")
    assert to_ann.to == "ann@example.org"
    assert to_ann.subject == f"Spring Open{NNBSP}: votre inscription est retirée"
    assert "Vous n’avez plus de place à Spring Open." in to_ann.body
    assert f"{SITE}/e/{event.slug}/sign-up/" in to_ann.body
    assert Notification.objects.filter(kind="signup_promoted", to="bob@example.org").exists()
    services.signup_withdraw(signup=SignUp.objects.get(pk=bob.pk))
    to_bob = Notification.objects.get(kind="signup_withdrawn", to="bob@example.org")
    assert to_bob.subject == "Spring Open: your sign-up is withdrawn" and "You no longer hold a place" in to_bob.body


def test_leaving_the_waitlist_or_an_organizers_entry_is_confirmed_too(db, settings):
    settings.SITE_URL = SITE
    event, organizer = open_event(cap=2)
    signed_up(event, "Bea")
    kim = tournament.player_register(event=event, by=organizer, name="Kim", faction="guild", email="kim@example.org")
    cid = signed_up(event, "Cid")  # waits
    services.signup_withdraw(signup=cid, by=organizer)
    assert "You are no longer on the waitlist of Spring Open." in told("signup_withdrawn")["cid@example.org"]
    services.signup_withdraw(signup=services.entry_signup(kim))  # from her private page: the entry's address
    assert "You no longer hold a place" in told("signup_withdrawn")["kim@example.org"]


def test_an_unconfirmed_sign_up_taken_back_mails_nothing(db):
    event, _ = open_event()
    services.signup_request(event=event, name="Dee", faction="guild", email="dee@example.org")
    services.signup_withdraw(signup=SignUp.objects.get(name="Dee"))
    assert not Notification.objects.filter(kind="signup_withdrawn").exists()
