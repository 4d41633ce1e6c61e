"""An account's address is trusted by the run-up only once proven (people.verification): an account made
with someone else's address learns nothing of their sign-up and cannot take it over; proven, the same
account finds its own."""
import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from people import verification
from signups import services
from signups.models import REGISTERED, UNCONFIRMED, SignUp
from signups.payments import payments_import
from tests.factories import Api, db_state
from tests.signups.helpers import mailed_token, open_event, signed_up
from tournaments import services as tournament


def account(name, email):
    """An account as the sign-up page makes it: any address typed, nothing proven."""
    user = get_user_model().objects.create_user(name, email=email, password="a-long-Malifaux-pass")
    return user, Api(APIClient(), Token.objects.create(user=user).key)


def ask(api, event):
    """Signing up with the account, through both of the API's doors."""
    return [api.post(f"/api/events/{event.pk}/sign-ups/", {"name": "Mallory", "faction": "guild"}),
            api.post(f"/api/events/{event.pk}/register/", {"faction": "guild"})]


@pytest.fixture
def run_up(db):
    """Ann holds a place, Bea waits, Cid's sign-up awaits his link, Kim is an entry the organizer typed in."""
    event, organizer = open_event(cap=2)
    tournament.player_register(event=event, by=organizer, name="Kim", faction="guild", email="kim@example.org")
    signed_up(event, "Ann", email="ann@example.org")
    assert signed_up(event, "Bea", email="bea@example.org").state == "waitlisted"
    services.signup_request(event=event, name="Cid", faction="guild", email="cid@example.org")
    return event


def test_an_unproven_account_gets_one_answer_whoever_its_address_is_and_changes_nothing(run_up):
    event = run_up
    before = db_state()
    answers = {email: ask(account(email.split("@")[0] + "-not", email)[1], event)
               for email in ("ann@example.org", "bea@example.org", "cid@example.org", "kim@example.org",
                             "nobody@example.org")}
    after = db_state()
    for table in ("auth.User", "authtoken.Token"):  # the accounts just made: nothing else
        before.pop(table, None), after.pop(table, None)
    assert after == before
    for email, answered in answers.items():
        assert [(status, body["errors"][0]["code"]) for status, body in answered] == [
            (409, "email_unverified")] * 2, email


def test_an_unproven_account_cannot_take_over_a_sign_up_awaiting_its_link(run_up):
    event = run_up
    _, api = account("mallory", "cid@example.org")
    ask(api, event)
    cid = SignUp.objects.get(email="cid@example.org")
    assert cid.state == UNCONFIRMED and cid.user is None and cid.name == "Cid"
    assert services.signup_confirm(token=mailed_token("cid@example.org")).state in ("registered", "waitlisted")


def test_the_page_asks_an_unproven_account_to_prove_its_address_and_keeps_nothing(run_up):
    event = run_up
    account("mallory", "ann@example.org")
    person = Client()
    person.login(username="mallory", password="a-long-Malifaux-pass")
    page = person.get(f"/e/{event.slug}/sign-up/").content.decode()
    assert 'name="faction"' not in page and "/accounts/verify/" in page  # the resend button, no form
    before = db_state()
    answer = person.post(f"/e/{event.slug}/sign-up/", {"name": "Mallory", "faction": "guild"})
    assert answer.status_code == 409 and "Confirm your email address" in answer.content.decode()
    assert db_state() == before


def test_proven_the_account_finds_its_own_sign_up_and_entry(run_up):
    event = run_up
    ann, api = account("ann", "ann@example.org")
    verification.verified(ann)
    assert [(s, b["errors"][0]["code"]) for s, b in ask(api, event)] == [(409, "already_registered")] * 2
    bea, api = account("bea", "bea@example.org")
    verification.verified(bea)
    assert [(s, b["errors"][0]["code"]) for s, b in ask(api, event)] == [(409, "already_waitlisted")] * 2
    kim, api = account("kim", "KIM@example.org")
    verification.verified(kim)
    assert ask(api, event)[0][1]["errors"][0]["code"] == "already_registered"
    cid, api = account("cid", "cid@example.org")
    verification.verified(cid)
    status, own = ask(api, event)[0]
    assert status == 202 and own["state"] == "waitlisted"  # the sign-up awaiting his link, now his account's
    assert SignUp.objects.get(email="cid@example.org").user == cid


def test_a_changed_address_is_unproven_again(run_up):
    event = run_up
    user, api = account("zed", "zed@example.org")
    verification.verified(user)
    user.email = "ann@example.org"
    user.save()
    assert ask(api, event)[0][1]["errors"][0]["code"] == "email_unverified"
    assert SignUp.objects.get(email="ann@example.org").state == REGISTERED and not SignUp.objects.filter(
        user=user).exists()


def test_an_account_without_an_address_signs_up_by_the_account_alone(run_up):
    """Made in the admin without one: nothing to trust, nothing to match but the account itself."""
    event = run_up
    _, api = account("quiet", "")
    status, body = ask(api, event)[0]
    assert status == 202 and body["state"] == "waitlisted"
    assert SignUp.objects.get(user__username="quiet").email == ""


def test_a_stores_csv_marks_paid_by_an_accounts_address_only_once_proven(run_up):
    """An entry an account holds from before addresses were proven: the store's order under that address
    is someone else's until the account proves it (the order's payer could be the address's true holder)."""
    event, organizer = run_up, get_user_model().objects.get(username="orla")
    user, _ = account("mallory", "zed@example.org")
    entry = tournament.player_register(event=event, by=organizer, name="Mallory", faction="guild", user=user)
    SignUp.objects.create(event=event, name="Mallory", faction="guild", email="zed@example.org", user=user,
                          state=REGISTERED, player=entry)
    orders = "Order,Email\n1,zed@example.org\n"
    assert payments_import(event=event, text=orders, by=organizer)["marked"] == []
    verification.verified(user)
    assert payments_import(event=event, text=orders, by=organizer)["marked"] == ["Mallory"]
