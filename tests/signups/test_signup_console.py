"""The organizer's run-up in the console: the announcement form, the sign-ups with the waitlist (give a
place, move up and down, withdraw), and who has paid, one tap at a time or from the store's CSV."""
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from audit.models import AuditRecord
from signups.models import REGISTERED, SignUp
from tests.factories import make_user
from tests.signups.helpers import open_event, signed_up
from tournaments import services as tournament


@pytest.fixture
def desk(db):
    event, organizer = open_event(cap=2)
    organizer.set_password("a-long-Malifaux-pass")
    organizer.save()
    client = Client()
    client.login(username=organizer.username, password="a-long-Malifaux-pass")
    for name in ("Ann", "Bob", "Cid", "Dee"):
        signed_up(event, name)
    return event, organizer, client


def test_the_announcement_form_saves_in_the_event_time_zone_and_says_what_is_wrong(desk):
    event, _, client = desk
    url = f"/console/e/{event.slug}/announcement/"
    assert client.get(url).status_code == 200
    base = {"time_zone": "Europe/Paris", "crew_lists": "", "lists_shown": "organizers", "cap": "3",
            "venue": "Salle des fêtes", "deadline": "2027-03-13T18:00", "mail_placed": "on"}
    assert client.post(url, base).status_code == 302
    event.announcement.refresh_from_db()
    saved = event.announcement
    assert saved.venue == "Salle des fêtes" and saved.cap == 3 and not saved.mail_promoted
    assert saved.deadline.isoformat() == "2027-03-13T17:00:00+00:00"  # 18:00 in Paris
    assert SignUp.objects.get(name="Cid").state == REGISTERED  # the raised cap gave the waitlist's first a place
    wrong = client.post(url, {**base, "cap": "1", "venue": "two\nlines"})
    assert wrong.status_code == 200 and "errorlist" in wrong.content.decode()
    event.announcement.refresh_from_db()
    assert event.announcement.cap == 3


def test_paid_in_one_tap_and_from_a_csv_of_orders(desk):
    event, _, client = desk
    ann = event.players.get(name="Ann")
    page = client.get(f"/console/e/{event.slug}/sign-ups/").content.decode()
    assert "2 of 2 places taken" in page and "2 on the waitlist" in page
    client.post(f"/console/e/{event.slug}/sign-ups/paid/{ann.pk}/", {"paid": "free", "note": "judge"})
    assert (ann.signup.__class__.objects.get(player=ann).paid, SignUp.objects.get(player=ann).paid_note) == \
        ("free", "judge")
    orders = "Order,Customer email,Total\n1001,bob@example.org,15\n1002,ANN@example.org,15\n1003,nobody@x.org,15\n"
    client.post(f"/console/e/{event.slug}/sign-ups/payments/",
                {"file": SimpleUploadedFile("orders.csv", orders.encode(), content_type="text/csv")})
    assert SignUp.objects.get(name="Bob").paid == "paid"
    assert SignUp.objects.get(name="Ann").paid == "free"  # free stays free
    report = client.get(f"/console/e/{event.slug}/sign-ups/").content.decode()
    assert "1 marked paid: Bob" in report and "nobody@x.org" in report
    assert AuditRecord.objects.filter(event=event, action="payment_marked").count() == 2
    bad = client.post(f"/console/e/{event.slug}/sign-ups/paid/{ann.pk}/", {"paid": "maybe"})
    assert bad.status_code == 302 and SignUp.objects.get(name="Ann").paid == "free"


def test_the_waitlist_moves_and_gives_places(desk):
    event, _, client = desk
    cid, dee = SignUp.objects.get(name="Cid"), SignUp.objects.get(name="Dee")
    client.post(f"/console/e/{event.slug}/sign-ups/{dee.pk}/move/", {"direction": "up"})
    assert [s.name for s in SignUp.objects.filter(state="waitlisted").order_by("position")] == ["Dee", "Cid"]
    client.post(f"/console/e/{event.slug}/sign-ups/{cid.pk}/promote/")
    assert SignUp.objects.get(pk=cid.pk).state == REGISTERED and event.players.count() == 3
    client.post(f"/console/e/{event.slug}/sign-ups/{dee.pk}/withdraw/")
    assert SignUp.objects.get(pk=dee.pk).state == "withdrawn"


def test_only_the_event_organizers_see_or_change_its_sign_ups(desk):
    event, _, _ = desk
    make_user("stranger")[0].set_password("x")
    stranger = Client()
    stranger.force_login(make_user("nosy")[0])
    for path in ("sign-ups/", "announcement/"):
        assert stranger.get(f"/console/e/{event.slug}/{path}").status_code == 403
    ann = event.players.get(name="Ann")
    assert stranger.post(f"/console/e/{event.slug}/sign-ups/paid/{ann.pk}/", {"paid": "paid"}).status_code == 403
    assert Client().get(f"/console/e/{event.slug}/sign-ups/").status_code == 302  # to sign in


def test_an_entry_the_organizer_typed_gets_a_paid_status_too(desk):
    event, organizer, client = desk
    kim = tournament.player_register(event=event, by=organizer, name="Kim", faction="guild")
    client.post(f"/console/e/{event.slug}/sign-ups/paid/{kim.pk}/", {"paid": "paid"})
    assert SignUp.objects.get(player=kim).paid == "paid"


def test_every_sign_up_as_a_spreadsheet_safe_csv(desk):
    event, _, client = desk
    signed_up(event, "=HYPERLINK(1)", email="formula@example.org")
    answer = client.get(f"/console/e/{event.slug}/sign-ups.csv")
    assert answer["Content-Disposition"].endswith('-sign-ups.csv"')
    lines = answer.content.decode().splitlines()
    assert lines[0].startswith("name,email,faction,club,state,position,paid")
    assert any(line.startswith("Cid,cid@example.org,guild,,waitlisted,1,unpaid") for line in lines), lines
    assert any(line.startswith("'=HYPERLINK(1)") for line in lines)


def test_an_announcement_that_contradicts_itself_is_refused(desk):
    event, organizer, _ = desk
    from datetime import time

    from scoring.problems import Invalid
    from signups import announcements
    with pytest.raises(Invalid) as refused:
        announcements.announcement_update(event=event, by=organizer, crew_lists="by_date",
                                          starts_at=time(18), ends_at=time(9))
    assert {p.code for p in refused.value.problems} == {"date_missing", "ends_before_start"}


def test_too_few_places_are_said_in_words_beside_every_other_problem(desk):
    """A cap of one is refused by the announcement's rules, in their words and with the rest of what is wrong
    (the end before the start), never by the database constraint's name; nothing is saved."""
    event, _, client = desk
    url = f"/console/e/{event.slug}/announcement/"
    before = event.announcement.cap
    form = {"time_zone": "Europe/Paris", "crew_lists": "", "lists_shown": "organizers", "cap": "1",
            "starts_at": "18:00", "ends_at": "09:00"}
    page = client.post(url, form).content.decode()
    assert "A number of places from 2 to 1000, or empty." in page
    assert "The end comes after the start." in page
    assert "announcement_cap_two_or_more" not in page
    french = client.post(url, form, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "announcement_cap_two_or_more" not in french and "places" in french
    event.announcement.refresh_from_db()
    assert event.announcement.cap == before


def test_sign_ups_open_and_close_from_the_announcement_page(desk):
    event, _, client = desk
    client.post(f"/console/e/{event.slug}/announcement/open/", {"open": "0"})
    event.refresh_from_db()
    assert not event.registration_open
    assert "Open sign-ups" in client.get(f"/console/e/{event.slug}/announcement/").content.decode()
    client.post(f"/console/e/{event.slug}/announcement/open/", {"open": "1"})
    event.refresh_from_db()
    assert event.registration_open
