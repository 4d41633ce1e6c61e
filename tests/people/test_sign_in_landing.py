"""Signing in, or making an account on the way, lands where the person came from (`next`, on this site only),
else on their own events; an organizer on the console. Sign up → Sign in → Create an account keeps the
way back to the event's sign-up page, and so does the link that confirms the new account's address."""
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.factories import event_made

PASSWORD = "a-long-Malifaux-pass"


@pytest.fixture
def sign_up_page(db):
    """An event's sign-up page, the page a player signing in or making an account comes from."""
    organizer = get_user_model().objects.create_user("orla", password=PASSWORD)
    event = event_made(organizer, players=0, registration_open=True)
    return f"/e/{event.slug}/sign-up/"


def signed_in(name: str, next_page: str | None = None) -> str:
    """Where the sign-in form sends `name` (its password right)."""
    form = {"username": name, "password": PASSWORD, **({"next": next_page} if next_page is not None else {})}
    answer = Client().post("/console/login/", form)
    assert answer.status_code == 302, answer.content.decode()[:500]
    return answer["Location"]


def test_a_player_lands_on_their_events_and_an_organizer_on_the_console(sign_up_page):
    get_user_model().objects.create_user("pia", password=PASSWORD)
    assert signed_in("pia") == "/accounts/"
    assert signed_in("pia", "") == "/accounts/"
    assert signed_in("orla") == "/console/"


def test_sign_in_lands_where_it_came_from_on_this_site_only(sign_up_page):
    get_user_model().objects.create_user("pia", password=PASSWORD)
    assert signed_in("pia", sign_up_page) == sign_up_page
    assert signed_in("orla", sign_up_page) == sign_up_page
    for elsewhere in ("https://phish.example/", "//phish.example/", "javascript:alert(1)"):
        assert signed_in("pia", elsewhere) == "/accounts/"
        assert signed_in("orla", elsewhere) == "/console/"


@pytest.mark.parametrize("language, create", [("en", "Create an account"), ("fr", "Créer un compte")])
def test_the_sign_in_page_offers_an_account_that_keeps_the_way_back(sign_up_page, client, language, create):
    client.cookies["django_language"] = language
    page = client.get(f"/console/login/?next={quote(sign_up_page)}").content.decode()
    assert f'<a href="/accounts/signup/?next={quote(sign_up_page)}">{create}</a>' in page
    form = client.get(f"/accounts/signup/?next={quote(sign_up_page)}").content.decode()
    assert f'<input type="hidden" name="next" value="{sign_up_page}">' in form


def test_a_new_account_lands_on_the_sign_up_page_it_came_from_and_its_link_leads_back_there(sign_up_page):
    person = Client()
    answer = person.post("/accounts/signup/", {"username": "zoe", "email": "zoe@example.org", "password1": PASSWORD,
                                               "password2": PASSWORD, "next": sign_up_page})
    assert answer.status_code == 302 and answer["Location"] == sign_up_page
    (sent,) = mail.outbox
    assert f"?next={quote(sign_up_page, safe='')}" in sent.body
    assert person.get(sign_up_page).context["user"].username == "zoe"  # signed in, on the page they wanted


def test_a_new_account_with_nowhere_or_elsewhere_to_go_lands_on_its_events(db):
    for name, form in (("zoe", {}), ("vic", {"next": "https://phish.example/"})):
        answer = Client().post("/accounts/signup/", {"username": name, "email": f"{name}@example.org",
                                                     "password1": PASSWORD, "password2": PASSWORD, **form})
        assert answer.status_code == 302 and answer["Location"] == "/accounts/"
