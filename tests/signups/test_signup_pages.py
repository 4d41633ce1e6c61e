"""The run-up as people use it: the event page announces the event (venue, map link, times, places,
calendar file), the sign-up page takes a visitor by email or a signed-in player, the mailed link confirms
only when its button is pressed, and a sign-up's own page withdraws it."""
from datetime import date, time, timedelta

import icalendar
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from notifications.models import Notification
from people import verification
from signups import announcements
from signups.models import REGISTERED, UNCONFIRMED, WAITLISTED, SignUp
from tests.signups.helpers import LINK, open_event, signed_up
from tournaments.models import Player


def announced(cap=None):
    event, organizer = open_event(cap=cap, date=date(2027, 3, 14))
    announcements.announcement_update(
        event=event, by=organizer, venue="The Dice Cup", address="12 High Street, Leeds LS1 6DT", country="GB",
        starts_at=time(9, 30), ends_at=time(18, 0), price="£15", how_to_pay="Pay at diceup.example/shop",
        schedule="09:30 registration\n10:00 round 1", contact="orla@example.org", painting_rules="Three colours")
    return event, organizer


def test_the_event_page_announces_the_event_before_round_1(db):
    event, _ = announced(cap=4)
    signed_up(event, "Ann")
    page = Client().get(f"/e/{event.slug}/").content.decode()
    for shown in ("The Dice Cup", "12 High Street", "£15", "Pay at diceup.example/shop", "1 of 4 taken",
                  "Three colours", "09:30 registration", f"/e/{event.slug}/sign-up/", "Europe/London"):
        assert shown in page, shown
    assert "https://www.openstreetmap.org/search?query=12+High+Street%2C+Leeds+LS1+6DT" in page
    assert "<iframe" not in page  # a link, no embedded map


def test_the_calendar_file_parses_and_holds_the_event(db):
    event, _ = announced()
    answer = Client().get(f"/e/{event.slug}/calendar.ics")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/calendar")
    book = icalendar.Calendar.from_ical(answer.content)
    entry = next(iter(book.walk("VEVENT")))
    assert str(entry["SUMMARY"]) == event.name and "The Dice Cup" in str(entry["LOCATION"])
    starts = entry.decoded("DTSTART")
    assert (starts.year, starts.month, starts.day, starts.hour, starts.minute) == (2027, 3, 14, 9, 30)
    assert str(starts.tzinfo) in ("Europe/London", "GMT") and book.walk("VTIMEZONE")
    feed = icalendar.Calendar.from_ical(Client().get("/events.ics").content)
    assert event.name in [str(e["SUMMARY"]) for e in feed.walk("VEVENT")]


def test_a_visitor_signs_up_by_email_and_the_link_confirms_only_by_its_button(db):
    event, _ = announced(cap=4)
    visitor = Client()
    form = visitor.get(f"/e/{event.slug}/sign-up/").content.decode()
    assert 'name="email"' in form and 'name="faction"' in form
    answer = visitor.post(f"/e/{event.slug}/sign-up/", {"name": "Zoé", "email": "zoe@example.org",
                                                        "faction": "neverborn"})
    assert answer.status_code == 200 and "zoe@example.org" in answer.content.decode()
    signup = SignUp.objects.get(email="zoe@example.org")
    assert signup.state == UNCONFIRMED and signup.key not in answer.content.decode()  # its link comes by mail
    path = LINK.search(Notification.objects.get(kind="signup_confirm").body).group(0)
    assert "Confirm my sign-up" in Client().get(path).content.decode()  # a mail scanner's GET confirms nothing
    assert SignUp.objects.get(pk=signup.pk).state == UNCONFIRMED
    done = Client().post(path)
    assert done.status_code == 302 and done["Location"] == f"/sign-ups/{signup.key}/"
    own = Client().get(done["Location"]).content.decode()
    assert "you have a place" in own and Player.objects.get(event=event).key in own
    assert Client().post(path).status_code == 409  # used once


def test_a_signed_in_player_signs_up_at_once_and_withdraws_from_the_private_page(db):
    event, _ = announced(cap=2)
    signed_up(event, "Ann")
    zed = get_user_model().objects.create_user("zed", email="zed@example.org", password="a-long-Malifaux-pass")
    verification.verified(zed)  # its address proven by the mailed link
    person = Client()
    person.login(username="zed", password="a-long-Malifaux-pass")
    form = person.get(f"/e/{event.slug}/sign-up/").content.decode()
    assert 'name="email"' not in form  # the account's address
    answer = person.post(f"/e/{event.slug}/sign-up/", {"name": "Zed", "faction": "guild"})
    signup = SignUp.objects.get(user__username="zed")
    assert answer["Location"] == f"/sign-ups/{signup.key}/" and signup.state == REGISTERED
    waiting = signed_up(event, "Cid")
    assert waiting.state == WAITLISTED
    private = f"/p/{signup.player.key}/"
    assert "Cannot come?" in person.get(private).content.decode()
    unsure = person.post(f"{private}withdraw/")
    assert unsure.status_code == 302 and Player.objects.filter(pk=signup.player_id).exists()  # the box unticked
    person.post(f"{private}withdraw/", {"sure": "1"})
    assert not Player.objects.filter(pk=signup.player_id).exists()
    assert SignUp.objects.get(pk=waiting.pk).state == REGISTERED


def test_a_full_event_offers_the_waitlist_and_a_closed_one_says_why(db):
    event, organizer = announced(cap=2)
    signed_up(event, "Ann")
    signed_up(event, "Bob")
    assert "Join the waitlist" in Client().get(f"/e/{event.slug}/").content.decode()
    assert "you join the waitlist, behind 0 people" in Client().get(f"/e/{event.slug}/sign-up/").content.decode()
    announcements.event_cancel(event=event, by=organizer)
    page = Client().get(f"/e/{event.slug}/").content.decode()
    assert "This event is cancelled." in page and "/sign-up/" not in page
    closed = Client().post(f"/e/{event.slug}/sign-up/", {"name": "Late", "email": "late@example.org",
                                                         "faction": "guild"})
    assert closed.status_code == 409 and "cancelled" in closed.content.decode()
    assert Notification.objects.filter(kind="event_cancelled").count() == 2


def test_unknown_keys_and_tokens_are_404s(db):
    assert Client().get("/sign-ups/no-such-key/").status_code == 404
    assert Client().get("/sign-ups/confirm/no-such-token/").status_code == 404
    assert Client().post("/sign-ups/no-such-key/withdraw/", {"sure": "1"}).status_code == 404


def test_a_crew_list_is_sent_from_the_sign_up_page_and_shown_as_the_organizer_chose(db):
    event, organizer = announced()
    announcements.announcement_update(event=event, by=organizer, crew_lists="by_date", lists_shown="public",
                                      lists_due=timezone.localdate() + timedelta(days=30))
    ann = signed_up(event, "Ann")
    page = Client().get(f"/sign-ups/{ann.key}/").content.decode()
    assert 'name="crew_list"' in page
    Client().post(f"/sign-ups/{ann.key}/crew-list/", {"crew_list": "Lady Justice\n<script>x</script>"})
    assert SignUp.objects.get(pk=ann.pk).crew_list.startswith("Lady Justice")
    public = Client().get(f"/e/{event.slug}/").content.decode()
    assert "Lady Justice" in public and "<script>x" not in public and "&lt;script&gt;" in public
    announcements.announcement_update(event=event, by=organizer, lists_shown="organizers")
    assert "Lady Justice" not in Client().get(f"/e/{event.slug}/").content.decode()
    assert Client().get(f"/api/events/{event.pk}/crew-lists/").status_code in (401, 403)


def test_times_read_in_the_event_time_zone_in_summer_too(db):
    event, organizer = open_event(date=date(2027, 7, 10))
    announcements.announcement_update(event=event, by=organizer, starts_at=time(9, 30), time_zone="Europe/London")
    page = Client().get(f"/e/{event.slug}/").content.decode()
    assert "09:30" in page and 'datetime="2027-07-10T09:30:00+01:00"' in page  # not 08:30 UTC


def test_sign_up_pages_keep_their_secrets(db):
    event, _ = open_event()
    ann = signed_up(event, "Ann")
    page = Client().get(f"/sign-ups/{ann.key}/")
    assert "no-store" in page["Cache-Control"] and page["Referrer-Policy"] == "same-origin"
    assert "noindex" in page["X-Robots-Tag"]
