"""Failed password sign-ins are limited per account and per client address, on all three doors (the API
token, the console, the admin); past the limit even the right password waits, and the refusal comes
before the password is hashed."""
import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.factories import Api


@pytest.fixture
def limits(settings, db):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signin_account": "3/hour", "signin_address": "5/hour"}
    get_user_model().objects.create_user("ann", password="ann-right-password", is_staff=True)
    get_user_model().objects.create_user("bob", password="bob-right-password", is_staff=True)


def token(username, password, address="10.0.0.1"):
    api = Api(Client(REMOTE_ADDR=address))
    return api.post("/api/auth/token/", {"username": username, "password": password})


def test_the_api_token_answers_429_once_an_account_failed_too_often(limits):
    assert [token("ann", f"wrong-{n}")[0] for n in range(3)] == [400, 400, 400]
    status, body = token("ann", "ann-right-password", address="10.9.9.9")  # from anywhere: the account
    assert status == 429 and body["errors"][0]["code"] == "throttled"
    assert token("bob", "bob-right-password")[0] == 200  # another account from the same address


def test_the_address_is_limited_whatever_account_it_tries(limits):
    for n in range(5):
        token(f"nobody-{n}", "guess")
    assert token("bob", "bob-right-password")[0] == 429
    assert token("bob", "bob-right-password", address="10.0.0.2")[0] == 200


def test_a_burst_from_one_address_is_cut_within_the_minute(limits, settings):
    """So a flood costs a few slow password hashes a minute, not the hour's whole allowance at once."""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signin_address": "100/hour", "signin_burst": "2/minute"}
    assert [token(f"nobody-{n}", "guess")[0] for n in range(3)] == [400, 400, 429]
    assert token("bob", "bob-right-password", address="10.0.0.2")[0] == 200


def test_no_password_is_hashed_once_refused(limits, monkeypatch):
    for n in range(3):
        token("ann", f"wrong-{n}")
    checked = []
    monkeypatch.setattr("django.contrib.auth.backends.ModelBackend.authenticate",
                        lambda *args, **kwargs: checked.append(1))
    assert token("ann", "ann-right-password")[0] == 429 and checked == []


@pytest.mark.parametrize("door", ["/console/login/", "/admin/login/"])
def test_the_console_and_the_admin_say_why_and_keep_the_right_password_out(limits, door):
    browser = Client(REMOTE_ADDR="10.0.0.3")
    for n in range(3):
        page = browser.post(door, {"username": "ann", "password": f"wrong-{n}"}).content.decode()
        assert "Too many failed sign-ins" not in page
    page = browser.post(door, {"username": "ann", "password": "ann-right-password"})
    assert page.status_code == 200 and "Too many failed sign-ins" in page.content.decode()
    assert "_auth_user_id" not in browser.session
    other = Client(REMOTE_ADDR="10.0.0.4")
    assert other.post(door, {"username": "bob", "password": "bob-right-password"}).status_code == 302


@pytest.mark.parametrize("raw", ["[1]", '"ann"', "1", "null", '{"username": ["ann"], "password": 1}'])
def test_a_token_request_that_is_not_an_object_is_a_400(limits, raw):
    status, body = Api(Client()).call("POST", "/api/auth/token/", raw=raw)
    assert status == 400 and body["errors"], body


@pytest.mark.parametrize("username", ["ánn\x01 with spaces, a newline\n and a {'dict': 1}" * 20, "x" * 5000])
def test_any_username_keys_its_counter_short_and_plain(limits, username):
    """Found by schemathesis: the username went into the cache key as sent (Django warns: a key a memcached
    would refuse; a 5,000-character key on Redis). Digested now, and still counted."""
    assert [token(username, "guess", address=f"10.1.0.{n}")[0] for n in range(4)] == [400, 400, 400, 429]



def test_a_username_sent_as_a_number_is_counted_against_that_account(limits):
    """Found in review: the serializer reads 12345 as the account "12345", so the limit must too."""
    get_user_model().objects.create_user("12345", password="digits-right-password")
    api = Api(Client(REMOTE_ADDR="10.5.0.1"))
    for n in range(3):
        assert api.post("/api/auth/token/", {"username": 12345, "password": f"wrong-{n}"})[0] == 400
    assert token("12345", "digits-right-password", address="10.5.0.2")[0] == 429
    assert Api(Client(REMOTE_ADDR="10.5.0.3")).post("/api/auth/token/", {"username": 12345,
                                                                         "password": "x"})[0] == 429
