"""Proving an account's address: the link mailed when the account is made (and again on asking) proves it
only by its button, only for the address it went to, and only for a while; a password reset mailed there
proves it too. Existing accounts start unproven, the site's staff proven."""
import re
import time

import pytest
from django.contrib.auth import get_user_model
from django.core import mail, signing
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from people import verification
from people.models import VerifiedEmail

PASSWORD = "a-long-Malifaux-pass"
VERIFY = re.compile(r"https?://[^/\s]+(/accounts/verify/\S+/(?:\?next=\S+)?)")


def made(person: Client, name: str, email: str):
    person.post("/accounts/signup/", {"username": name, "email": email, "password1": PASSWORD, "password2": PASSWORD})
    return get_user_model().objects.get(username=name)


def test_a_new_account_is_mailed_a_link_that_proves_its_address_by_its_button_only(db):
    person = Client()
    zoe = made(person, "zoe", "Zoe@Example.org")
    assert not verification.is_verified(zoe)
    (sent,) = mail.outbox
    assert sent.to == ["Zoe@Example.org"] and sent.subject == "Confirm your email address" and '“zoe”' in sent.body
    link = VERIFY.search(sent.body).group(1)
    assert "zoe@example.org" not in link.lower()  # no address in clear in a link
    stranger = Client()  # the mailbox's owner, who may never have made the account; a mail scanner
    page = stranger.get(link)
    assert page.status_code == 200 and "Zoe@Example.org" in page.content.decode() and not verification.is_verified(zoe)
    assert page["Cache-Control"].startswith("max-age=0") and page["X-Robots-Tag"] == "noindex, nofollow"
    assert "Sign in as “zoe”" in page.content.decode() and "<form method=\"post\">" not in page.content.decode()
    assert stranger.post(link).status_code == 403 and not verification.is_verified(zoe)
    other = Client()
    made(other, "vic", "vic@example.org")
    assert other.post(link).status_code == 403 and not verification.is_verified(zoe)  # another account's session
    assert "Confirm this address for my account" in person.get(link).content.decode()
    assert person.post(link).status_code == 302 and verification.is_verified(zoe)
    assert VerifiedEmail.objects.get(user=zoe).email == "zoe@example.org"
    assert "/accounts/verify/" not in person.get("/accounts/").content.decode()  # no more asking


def test_a_link_proves_nothing_once_altered_expired_or_for_an_address_changed_since(db, monkeypatch):
    zoe = get_user_model().objects.create_user("zoe", email="zoe@example.org")
    altered = verification.token_for(zoe)[:-2] + "xx"
    moved = verification.token_for(zoe)
    zoe.email = "other@example.org"
    zoe.save()
    now = time.time()
    monkeypatch.setattr(signing.TimestampSigner, "timestamp", lambda self: signing.b62_encode(int(now) - 4 * 86400))
    expired = verification.token_for(zoe)
    monkeypatch.undo()
    for token, status, says in ((altered, 404, "This link is unknown"), (moved, 404, "This link is unknown"),
                                ("nothing-like-a-token", 404, "This link is unknown"),
                                (expired, 404, "This link has expired")):
        for method in ("get", "post"):
            answer = getattr(Client(), method)(f"/accounts/verify/{token}/")
            assert answer.status_code == status and says in answer.content.decode(), (token, method)
    assert not VerifiedEmail.objects.exists()


def test_the_link_is_sent_again_from_the_accounts_pages_within_limits(db, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "reset_account": "2/hour"}  # the account's own mail, one more
    person = Client()
    made(person, "zoe", "zoe@example.org")
    for page in ("/accounts/", "/accounts/profile/"):
        assert 'action="/accounts/verify/"' in person.get(page).content.decode(), page
    again = person.post("/accounts/verify/", {"next": "/accounts/profile/"}, follow=True)
    assert again.redirect_chain[-1][0] == "/accounts/profile/" and "We sent a link to zoe@example.org" in \
        again.content.decode()
    answer = person.post("/accounts/verify/", {"next": "https://phish.example/"}, follow=True)
    assert answer.redirect_chain[-1][0] == "/accounts/"  # never sent off the site
    assert "Too many links were asked for: try again in 60 minutes." in answer.content.decode()
    assert len(mail.outbox) == 2  # the account's own, then one asked for: the second was refused
    back = person.post(VERIFY.search(mail.outbox[-1].body).group(1), follow=True)
    assert back.redirect_chain[-1][0] == "/accounts/profile/"  # back where the link was asked for
    done = person.post("/accounts/verify/", follow=True).content.decode()
    assert "Your email address is confirmed already." in done and len(mail.outbox) == 2
    assert Client().post("/accounts/verify/").status_code == 302 and len(mail.outbox) == 2  # signed in only


def test_a_mail_server_down_leaves_the_account_and_says_so(db, settings):
    settings.EMAIL_BACKEND = "tests.people.test_email_verification.Refusing"
    person = Client()
    answer = person.post("/accounts/signup/", {"username": "zoe", "email": "zoe@example.org", "password1": PASSWORD,
                                               "password2": PASSWORD}, follow=True)
    assert "The mail to zoe@example.org could not be sent now" in answer.content.decode()
    assert get_user_model().objects.filter(username="zoe").exists()


class Refusing:
    def __init__(self, *args, **kwargs):
        pass

    def send_messages(self, messages):
        raise ConnectionRefusedError("no mail server")


def test_a_password_reset_mailed_to_the_address_proves_it(db):
    zoe = get_user_model().objects.create_user("zoe", email="zoe@example.org", password=PASSWORD)
    Client().post("/accounts/password-reset/", {"email": "zoe@example.org"})
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    browser = Client()
    form = browser.get(link, follow=True)
    assert not verification.is_verified(zoe)
    browser.post(form.redirect_chain[-1][0], {"new_password1": "another-Malifaux-pass",
                                              "new_password2": "another-Malifaux-pass"})
    assert verification.is_verified(zoe)


@pytest.mark.django_db(transaction=True)
def test_accounts_made_before_start_unproven_but_the_sites_staff():
    executor = MigrationExecutor(connection)
    executor.migrate([("people", "0008_rate_finished_events_only")])
    old = executor.loader.project_state([("people", "0008_rate_finished_events_only")]).apps
    users = old.get_model("auth", "User").objects
    users.create(username="player", email="player@example.org")
    users.create(username="staff", email="Staff@Example.org", is_staff=True)
    users.create(username="root", email="root@example.org", is_superuser=True)
    users.create(username="nameless-staff", is_staff=True)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    proven = dict(VerifiedEmail.objects.values_list("user__username", "email"))
    assert proven == {"staff": "staff@example.org", "root": "root@example.org"}


def test_a_username_that_reads_as_an_address_is_no_link_in_the_mail(db):
    """Anyone may mail anyone's address a link by making an account with it: the username they chose must
    not become a second, foreign link in a mail sent from the site."""
    made(Client(), "www.claim-your-prize.example", "vic@example.org")
    (sent,) = mail.outbox
    assert "www.claim" not in sent.body and "www[.]claim-your-prize.example" in sent.body
    assert VERIFY.search(sent.body)  # the site's own link stays one


def test_a_mistyped_address_is_changed_with_the_password_and_proven_again(db):
    """The way out of a typo: the new address, with the account's password (a session left open is not
    enough: the address is where a password reset goes), then its own link; the old one proves nothing."""
    person = Client()
    zoe = made(person, "zoe", "zoe@exmaple.org")
    old_link = VERIFY.search(mail.outbox[0].body).group(1)
    wrong = person.post("/accounts/email/", {"email": "zoe@example.org", "password": "not-it"})
    assert wrong.status_code == 400 and "That is not your password." in wrong.content.decode()
    same = person.post("/accounts/email/", {"email": "ZOE@exmaple.org", "password": PASSWORD})
    assert same.status_code == 400 and "That is your address already." in same.content.decode()
    bad = person.post("/accounts/email/", {"email": "not an address", "password": PASSWORD})
    assert bad.status_code == 400
    zoe.refresh_from_db()
    assert zoe.email == "zoe@exmaple.org" and len(mail.outbox) == 1  # refused: nothing changed, nothing sent
    done = person.post("/accounts/email/", {"email": "zoe@example.org", "password": PASSWORD}, follow=True)
    zoe.refresh_from_db()
    assert zoe.email == "zoe@example.org" and not verification.is_verified(zoe)
    assert "We sent a link to zoe@example.org" in done.content.decode()
    assert mail.outbox[-1].to == ["zoe@example.org"]
    assert person.post(old_link).status_code == 404 and not verification.is_verified(zoe)
    back = person.post(VERIFY.search(mail.outbox[-1].body).group(1), follow=True)
    assert back.redirect_chain[-1][0] == "/accounts/profile/" and verification.is_verified(zoe)
    assert Client().post("/accounts/email/", {"email": "x@example.org", "password": PASSWORD}).status_code == 302
