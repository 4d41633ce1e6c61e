"""Who signed up stays private: an anonymous sign-up's answer is the same whatever the typed address holds,
through the API and the page alike (docs/api.md's promise)."""
import pytest
from django.test import Client
from rest_framework.test import APIClient

from notifications.models import Notification
from scoring.problems import Invalid
from signups import services
from signups.models import SignUp
from tests.factories import Api, make_user
from tests.signups.helpers import mailed_token, open_event, signed_up
from tournaments import services as tournament


@pytest.fixture
def kim_signed_up(db):
    """Kim holds a place (by her mailed link); Lee is an entry the organizer typed in with his address."""
    event, organizer = open_event()
    signed_up(event, "Kim", email="kim@example.org")
    tournament.player_register(event=event, by=organizer, name="Lee", faction="guild", email="lee@example.org")
    return event


def api_answer(event, name, email):
    status, body = Api(APIClient()).post(f"/api/events/{event.pk}/sign-ups/",
                                         {"name": name, "email": email, "faction": "guild"})
    return status, body


def page_answer(event, name, email):
    answer = Client().post(f"/e/{event.slug}/sign-up/", {"name": name, "email": email, "faction": "guild"})
    page = answer.content.decode().replace(email, "<the address>")  # the page echoes what was typed
    return answer.status_code, "is already signed up" in page, "Check your mail" in page


@pytest.mark.parametrize("name, holder", [("Kim", "kim@example.org"), ("Lee", "lee@example.org")])
def test_a_players_name_gets_the_same_answer_with_its_own_address_as_with_any_other(kim_signed_up, name, holder):
    event = kim_signed_up
    with_holder, with_stranger = api_answer(event, name, holder), api_answer(event, name, "new@example.org")
    assert with_holder == with_stranger
    assert with_holder[0] == 400 and with_holder[1]["errors"][0]["code"] == "duplicate_name"
    assert page_answer(event, name, holder) == page_answer(event, name, "other@example.org") == (200, True, False)
    assert SignUp.objects.filter(event=event).count() == 1  # Kim's own; nothing asked was kept


def test_a_new_name_gets_202_whatever_the_address_holds_and_only_the_holder_hears_of_it(kim_signed_up):
    event = kim_signed_up
    held, fresh = api_answer(event, "Someone", "kim@example.org"), api_answer(event, "Someone", "new@example.org")
    assert held == fresh and held[0] == 202 and held[1]["state"] == "unconfirmed"
    assert page_answer(event, "Another", "lee@example.org") == page_answer(event, "Another", "two@example.org")
    assert Notification.objects.filter(kind="signup_already", to="kim@example.org").exists()
    assert Notification.objects.filter(kind="signup_already", to="lee@example.org").exists()
    assert set(SignUp.objects.filter(event=event, state="unconfirmed").values_list("email", flat=True)) == {
        "new@example.org", "two@example.org"}


def test_a_waitlisted_name_typed_by_a_stranger_gets_the_answer_any_new_name_gets(db):
    """The players' names are public, the waitlist's are not: asked by email, a waiting person's name is
    taken as any other, on the page and through the API. Only who proves an address (the link followed, or
    an account) is told it is taken."""
    event, _ = open_event(cap=2)
    signed_up(event, "Kim", email="kim@example.org")
    signed_up(event, "Lee", email="lee@example.org")
    noor = signed_up(event, "Noor", email="noor@example.org")
    assert noor.state == "waitlisted"
    waiting, fresh = api_answer(event, "Noor", "one@example.org"), api_answer(event, "Someone", "two@example.org")
    assert waiting[0] == fresh[0] == 202 and waiting[1]["name"] == "Noor"
    assert {**waiting[1], "name": ""} == {**fresh[1], "name": ""}
    assert page_answer(event, "noor", "three@example.org") == page_answer(event, "Other", "four@example.org") \
        == (200, False, True)
    asked = SignUp.objects.filter(event=event, state="unconfirmed")
    assert sorted(asked.values_list("email", flat=True)) == [
        "four@example.org", "one@example.org", "three@example.org", "two@example.org"]
    assert set(Notification.objects.filter(kind="signup_confirm").values_list("to", flat=True)) >= {
        "one@example.org", "three@example.org"}  # each mailed a link, as the new names are
    with pytest.raises(Invalid) as followed:  # the link followed: now it is said
        services.signup_confirm(token=mailed_token("one@example.org"))
    assert followed.value.problems[0].code == "duplicate_name"
    account = make_user("norma", email="norma@example.org")[0]
    with pytest.raises(Invalid) as signed_in:
        services.signup_request(event=event, name="Noor", faction="guild", user=account)
    assert signed_in.value.problems[0].code == "duplicate_name"
