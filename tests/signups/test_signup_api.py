"""The run-up through the API, as the docs show it with curl: the announcement, signing up (by email:
202 and a mailed link; signed in: 201 with a place or a waitlist position), confirming, withdrawing,
the waitlist, payments and crew lists. Bad input is a 400 that changes nothing."""
import pytest
from rest_framework.test import APIClient

from notifications.models import Notification
from signups.models import SignUp
from tests.factories import Api, db_state, make_user
from tests.signups.helpers import LINK


@pytest.fixture
def open_api(api):
    status, event = api.post("/api/events/", {"name": "Run-up", "date": "2027-03-14", "format": "m4e-gg0",
                                              "registration_open": True})
    assert status == 201
    assert api.call("PATCH", f"/api/events/{event['id']}/announcement/", {"cap": 2, "venue": "Hall"})[0] == 200
    return event


def sign_up(event, name, email, faction="guild"):
    return Api(APIClient()).post(f"/api/events/{event['id']}/sign-ups/",
                                 {"name": name, "email": email, "faction": faction})


def confirm(email):
    token = LINK.search(Notification.objects.filter(to=email, kind="signup_confirm").last().body).group(1)
    return Api(APIClient()).post("/api/sign-ups/confirm/", {"token": token})


def test_sign_up_confirm_waitlist_and_withdraw(api, open_api):
    event = open_api
    status, body = sign_up(event, "Ann", "ann@example.org")
    assert status == 202 and body["state"] == "unconfirmed" and body["key"] == ""
    status, ann = confirm("ann@example.org")
    assert status == 200 and ann["state"] == "registered" and "/p/" in ann["player_link"]
    for name in ("Bob", "Cid"):
        sign_up(event, name, f"{name.lower()}@example.org")
    confirm("bob@example.org")
    status, cid = confirm("cid@example.org")
    assert cid["state"] == "waitlisted" and cid["position"] == 1
    assert Api(APIClient()).get(f"/api/sign-ups/{cid['key']}/")[1]["position"] == 1
    assert api.get(f"/api/events/{event['id']}/waitlist/")[1][0]["name"] == "Cid"
    status, gone = Api(APIClient()).post(f"/api/sign-ups/{ann['key']}/withdraw/")
    assert status == 200 and gone["state"] == "withdrawn"
    assert Api(APIClient()).get(f"/api/sign-ups/{cid['key']}/")[1]["state"] == "registered"
    status, again = Api(APIClient()).post(f"/api/sign-ups/{ann['key']}/withdraw/")
    assert status == 409 and again["errors"][0]["code"] == "already_withdrawn"


def test_a_signed_in_sign_up_is_placed_at_once(api, open_api):
    _, token = make_user("zed")
    status, body = Api(APIClient(), token).post(f"/api/events/{open_api['id']}/sign-ups/",
                                                {"name": "Zed", "faction": "guild"})
    assert status == 201 and body["state"] == "registered" and body["key"]


def test_organizer_reads_sign_ups_marks_payments_and_reorders(api, open_api):
    event = open_api
    for name in ("Ann", "Bob", "Cid", "Dee"):
        sign_up(event, name, f"{name.lower()}@example.org")
        confirm(f"{name.lower()}@example.org")
    status, rows = api.get(f"/api/events/{event['id']}/sign-ups/")
    assert status == 200 and [r["state"] for r in rows] == ["registered", "registered", "waitlisted", "waitlisted"]
    waiting = [r["id"] for r in rows if r["state"] == "waitlisted"]
    status, order = api.call("PUT", f"/api/events/{event['id']}/waitlist/", {"order": waiting[::-1]})
    assert status == 200 and [r["name"] for r in order] == ["Dee", "Cid"]
    ann = rows[0]["player"]
    status, marked = api.call("PUT", f"/api/events/{event['id']}/players/{ann}/payment/",
                              {"paid": "paid", "note": "cash"})
    assert status == 200 and (marked["paid"], marked["paid_note"]) == ("paid", "cash")
    status, report = api.post(f"/api/events/{event['id']}/payments/", {"csv": "email\nbob@example.org\nzz@q.org\n"})
    assert status == 200 and report == {"marked": ["Bob"], "already": [], "unmatched": ["zz@q.org"]}
    status, promoted = api.post(f"/api/events/{event['id']}/sign-ups/{waiting[0]}/promote/")
    assert status == 200 and promoted["state"] == "registered"


def test_strangers_and_visitors_cannot_read_or_change_the_run_up(api, open_api, stranger_api):
    event = open_api
    assert Api(APIClient()).get(f"/api/events/{event['id']}/announcement/")[1]["venue"] == "Hall"  # public
    for method, path, body in (("GET", "sign-ups/", None), ("PATCH", "announcement/", {"cap": 9}),
                               ("GET", "waitlist/", None), ("POST", "payments/", {"csv": "a@b.org"}),
                               ("POST", "cancel/", {"cancelled": True}), ("GET", "crew-lists/", None)):
        assert stranger_api.call(method, f"/api/events/{event['id']}/{path}", body)[0] == 403, path


def test_bad_input_is_a_400_and_changes_nothing(api, open_api):
    event = open_api
    before = db_state()
    for body in ({"name": "Ann", "faction": "guild"}, {"name": "", "email": "x@y.org", "faction": "guild"},
                 {"name": "Ann", "email": "not-mail", "faction": "guild"}, {"name": ["x"], "faction": 3},
                 {"name": "Ann", "email": "a@b.org", "faction": "no-such-faction"}):
        status, _ = Api(APIClient()).post(f"/api/events/{event['id']}/sign-ups/", body)
        assert status == 400, body
    for body in ({"cap": 1}, {"cap": "many"}, {"time_zone": "Mars/Olympus"}, {"venue": "a\nb"},
                 {"crew_lists": "always"}, {"country": "XX"}):
        assert api.call("PATCH", f"/api/events/{event['id']}/announcement/", body)[0] == 400, body
    assert Api(APIClient()).post("/api/sign-ups/confirm/", {"token": "nope"})[0] == 400
    assert Api(APIClient()).get("/api/sign-ups/nope/")[0] == 404
    assert db_state() == before


def test_sign_ups_are_throttled_per_email(api, open_api, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "entry_email": "2/hour"}
    for _ in range(2):
        assert sign_up(open_api, "Ann", "ann@example.org")[0] == 202
    status, body = sign_up(open_api, "Ann", "ann@example.org")
    assert status == 429 and SignUp.objects.count() == 1


def test_an_overlong_address_is_a_400_not_a_500(api, open_api):
    status, body = sign_up(open_api, "Ann", "a" * 250 + "@example.org")
    assert status == 400 and not SignUp.objects.exists()
