"""The run-up's other mails (the reminder the day before, a moved date, time or venue, a cancellation),
each switched off per event, and the home page's list: upcoming by date, past below, filtered and paged."""
from datetime import date, time, timedelta

from django.utils import timezone

from notifications.models import Notification
from signups import announcements, services
from signups.listing import PER_PAGE
from signups.models import Announcement, SignUp
from signups.tasks import send_reminders
from tests.factories import event_made
from tests.signups.helpers import open_event, signed_up
from tournaments import services as tournament


def test_the_reminder_goes_the_day_before_once_to_each_registered_player(db):
    event, organizer = open_event(cap=2, date=timezone.localdate() + timedelta(days=1))
    announcements.announcement_update(event=event, by=organizer, venue="The Dice Cup", starts_at=time(9, 30))
    for name in ("Ann", "Bob", "Cid"):  # Cid waits: no reminder
        signed_up(event, name)
    tournament.player_register(event=event, by=organizer, name="Kim", faction="guild", email="kim@example.org")
    assert send_reminders() == 3
    assert send_reminders() == 3  # asked again: the notification's uniqueness sends nothing twice
    reminders = Notification.objects.filter(kind="event_reminder")
    assert sorted(reminders.values_list("to", flat=True)) == ["ann@example.org", "bob@example.org", "kim@example.org"]
    body = reminders.get(to="ann@example.org").body
    assert "09:30" in body and "The Dice Cup" in body and "/p/" in body
    other, _ = open_event(name="Next week", date=timezone.localdate() + timedelta(days=7))
    signed_up(other, "Dee")
    send_reminders()
    assert not Notification.objects.filter(kind="event_reminder", to="dee@example.org").exists()


def test_a_moved_time_or_date_is_mailed_unless_switched_off(db):
    event, organizer = open_event(date=date(2027, 3, 14))
    signed_up(event, "Ann")
    announcements.announcement_update(event=event, by=organizer, price="£15")  # not a move: no mail
    assert not Notification.objects.filter(kind="event_changed").exists()
    announcements.announcement_update(event=event, by=organizer, starts_at=time(10, 0))
    assert Notification.objects.get(kind="event_changed").to == "ann@example.org"
    tournament.event_update(event=event, by=organizer, date=date(2027, 3, 21))
    assert Notification.objects.filter(kind="event_changed").count() == 2
    assert "2027-03-21" in Notification.objects.filter(kind="event_changed").last().body
    announcements.announcement_update(event=event, by=organizer, mail_changes=False, venue="Elsewhere")
    announcements.event_cancel(event=event, by=organizer)
    assert Notification.objects.filter(kind__in=("event_changed", "event_cancelled")).count() == 2


def test_the_home_page_lists_upcoming_by_date_past_below_and_filters(db, client):
    organizer = open_event()[1]
    today = timezone.localdate()
    later = event_made(organizer, players=0, name="Later Open", format="m4e-gg0", date=today + timedelta(days=30))
    soon = event_made(organizer, players=0, name="Soon Cup", format="m3e", date=today + timedelta(days=3))
    event_made(organizer, players=0, name="Old Open", format="gg2017", date=today - timedelta(days=300))
    announcements.announcement_update(event=later, by=organizer, country="FR", region="Bretagne",
                                      venue="Salle Ker Anna")
    announcements.announcement_update(event=soon, by=organizer, country="GB", region="Yorkshire")
    html = client.get("/").content.decode()
    upcoming, past = html.split("<h2>Past</h2>")[0], html.split("<h2>Past</h2>")[1]
    assert upcoming.index("Soon Cup") < upcoming.index("Later Open") and "Old Open" in past
    assert "Old Open" not in upcoming
    assert "Soon Cup" not in client.get("/?edition=M4E").content.decode()
    assert "Later Open" in client.get("/?edition=M4E").content.decode()
    by_country = client.get("/?country=fr").content.decode()
    assert "Later Open" in by_country and "Soon Cup" not in by_country
    assert "Soon Cup" in client.get("/?region=york").content.decode()
    assert "Later Open" in client.get("/?q=ker+anna").content.decode()
    assert client.get("/?edition=nonsense&page=x&up=-3").status_code == 200  # whatever is typed


def test_the_home_page_pages_its_past_events(db, client):
    organizer = open_event()[1]
    for n in range(PER_PAGE + 3):
        event_made(organizer, players=0, name=f"Past {n:02}", date=date(2020, 1, 1) + timedelta(days=n))
    first = client.get("/").content.decode()
    assert "Past 22" in first and "Past 00" not in first and "page 1 of 2" in first
    second = client.get("/?page=2").content.decode()
    assert "Past 00" in second and "Past 22" not in second


def test_a_deadline_passing_moves_the_cached_event_page_on(db, client):
    event, organizer = open_event()
    announcements.announcement_update(event=event, by=organizer, deadline=timezone.now() + timedelta(hours=1))
    assert "/sign-up/" in client.get(f"/e/{event.slug}/").content.decode()
    deadline = timezone.now() - timedelta(seconds=5)
    Announcement.objects.filter(event=event).update(deadline=deadline)  # the clock, not a write, closed it
    assert "/sign-up/" in client.get(f"/e/{event.slug}/").content.decode()  # the copy from before
    assert announcements.pages_moved_by_the_clock(since=deadline - timedelta(minutes=6), now=timezone.now()) == 1
    assert "/sign-up/" not in client.get(f"/e/{event.slug}/").content.decode()
    later = timezone.now() + timedelta(days=1)
    assert announcements.pages_moved_by_the_clock(since=later - timedelta(minutes=6), now=later) == 0


def test_the_promoted_mail_is_switched_off_and_the_places_are_given_all_the_same(db):
    event, organizer = open_event(cap=2)
    for name in ("Ann", "Bob", "Cid", "Dee", "Eve"):  # Cid, Dee and Eve wait
        signed_up(event, name)
    services.signup_withdraw(signup=SignUp.objects.get(event=event, name="Ann"))
    assert Notification.objects.get(kind="signup_promoted").to == "cid@example.org"  # on unless switched off
    announcements.announcement_update(event=event, by=organizer, mail_promoted=False)
    services.signup_withdraw(signup=SignUp.objects.get(event=event, name="Bob"))  # Dee moves up
    services.signup_promote(signup=SignUp.objects.get(event=event, name="Eve"), by=organizer)  # Eve by hand
    assert sorted(event.players.values_list("name", flat=True)) == ["Cid", "Dee", "Eve"]
    assert list(Notification.objects.filter(kind="signup_promoted").values_list("to", flat=True)) == [
        "cid@example.org"]
