"""The weeks before the day in a real browser: the organizer announces an event of 4 places, six players
sign up on their phones (two with accounts, four by email and its link), four are registered and two wait;
one withdraws and the first waiting gets the place and a mail; the organizer marks payments, the deadline
closes sign-ups, and the day runs from that list. The run-up's pages, in English and French at 360 and
1280 px, fit the screen and pass axe-core; the calendar file parses."""
import os
from datetime import timedelta

import icalendar
import pytest
from django.utils import timezone

from notifications.models import Notification
from signups import announcements
from signups.models import REGISTERED, WAITLISTED, SignUp
from tests.browser.browsing import sign_in, violations
from tests.browser.test_browser_players import DOCS_SHOTS
from tests.factories import event_made, make_user
from tests.signups.helpers import LINK, signed_up

PHONE = {"viewport": {"width": 360, "height": 740}, "locale": "en-GB"}
DESK = {"viewport": {"width": 1280, "height": 800}, "locale": "en-GB"}


def fits(page, width):
    wide = page.evaluate("""() => [...document.querySelectorAll('body *')].filter(
        e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).map(
        e => e.tagName + '.' + e.className).slice(0, 5)""")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{page.url} at {width}: {wide}"


def by_email(contexts, base, slug, name, email, faction):
    """A visitor on their phone: the form, then the mailed link and its button."""
    page = contexts(**PHONE).new_page()
    page.goto(f"{base}/e/{slug}/")
    page.click("a.button")
    page.fill("input[name=name]", name)
    page.fill("input[name=email]", email)
    page.select_option("select[name=faction]", faction)
    page.click("main button[type=submit]")
    page.wait_for_selector("text=Check your mail")
    note = Notification.objects.filter(to=email, kind="signup_confirm").last()
    page.goto(base + LINK.search(note.body).group(0))
    page.click("text=Confirm my sign-up")
    page.wait_for_selector(".signup-state")
    return page


def with_account(contexts, base, slug, username, faction):
    page = contexts(**PHONE).new_page()
    page.goto(f"{base}/e/{slug}/sign-up/")
    page.click("main a:has-text('Sign in')")  # the sign-up page offers signing in, and comes back to it
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", f"{username}-Pass-123")
    page.click("main button[type=submit]")
    page.wait_for_selector("select[name=faction]")
    page.select_option("select[name=faction]", faction)
    page.click("main button[type=submit]")
    page.wait_for_selector(".signup-state")
    return page


@pytest.mark.django_db(transaction=True)
def test_the_run_up_from_announcement_to_the_first_round(contexts, live_server):
    base = live_server.url
    orla = make_user("orla")[0]
    orla.set_password("orla-Pass-123")
    orla.save()
    for name in ("ada", "ben"):
        account = make_user(name, email=f"{name}@example.org")[0]  # its address proven
        account.first_name = name.title()
        account.set_password(f"{name}-Pass-123")
        account.save()
    event = event_made(orla, players=0, name="Spring Gathering", registration_open=True, check_in_on_the_day=True,
                       date=timezone.localdate() + timedelta(days=20))
    desk = contexts(**DESK).new_page()
    sign_in(desk, base, "orla", "orla-Pass-123")
    desk.goto(f"{base}/console/e/{event.slug}/")
    desk.click("text=Announcement")
    desk.fill("input[name=venue]", "The Dice Cup")
    desk.fill("input[name=address]", "12 High Street, Leeds")
    desk.fill("input[name=cap]", "4")
    desk.fill("input[name=starts_at]", "09:30")
    desk.fill("input[name=price]", "£15")
    desk.click("text=Save the announcement")
    desk.wait_for_selector("text=Announcement saved.")

    with_account(contexts, base, event.slug, "ada", "guild")
    cleo = by_email(contexts, base, event.slug, "Cleo", "cleo@example.org", "arcanists")
    by_email(contexts, base, event.slug, "Dan", "dan@example.org", "neverborn")
    with_account(contexts, base, event.slug, "ben", "outcasts")
    eve = by_email(contexts, base, event.slug, "Eve", "eve@example.org", "resurrectionists")
    assert "number 1 on the waitlist" in eve.inner_text(".signup-state")
    fay = by_email(contexts, base, event.slug, "Fay", "fay@example.org", "ten-thunders")
    assert "number 2 on the waitlist" in fay.inner_text(".signup-state")

    desk.goto(f"{base}/console/e/{event.slug}/sign-ups/")
    counts = desk.inner_text(".signup-counts")
    assert "4 of 4 places taken" in counts and "2 on the waitlist" in counts, counts
    assert desk.locator(".waitlist li").all_inner_texts()[0].startswith("Eve")

    cleo.check("input[name=sure]")  # Cleo cannot come after all, from her sign-up's own page
    cleo.click("text=Withdraw")
    cleo.wait_for_selector("text=Your sign-up is withdrawn.")
    assert SignUp.objects.get(email="eve@example.org").state == REGISTERED
    assert SignUp.objects.get(email="fay@example.org").state == WAITLISTED
    promoted = Notification.objects.get(to="eve@example.org", kind="signup_promoted")
    assert "a place came free" in promoted.subject

    desk.goto(f"{base}/console/e/{event.slug}/sign-ups/")
    entry = {p.name: p.pk for p in event.players.all()}
    desk.locator(f"#player-{entry['Ada']} .choices button[value=paid]").click()
    desk.wait_for_selector("li.paid-paid")
    desk.locator(f"#player-{entry['Eve']} .choices button[value=free]").click()
    ben = desk.locator(f"#player-{entry['Ben']} input[name=note]")
    ben.fill("pays on the day")
    ben.press("Enter")  # the note alone: Ben stays unpaid
    desk.wait_for_selector("input[value='pays on the day']")
    desk.wait_for_selector("li.paid-free")
    desk.set_input_files("input[name=file]", files=[{"name": "orders.csv", "mimeType": "text/csv",
                                                      "buffer": b"order,email\n7,dan@example.org\n8,zed@x.org\n"}])
    desk.click("text=Mark paid")
    desk.wait_for_selector("text=1 marked paid: Dan")
    assert "zed@x.org" in desk.inner_text("#payments ~ .report, .report")
    assert {s.name: s.paid for s in SignUp.objects.filter(state=REGISTERED)} == {
        "Ada": "paid", "Dan": "paid", "Ben": "unpaid", "Eve": "free"}
    assert SignUp.objects.get(name="Ben").paid_note == "pays on the day"

    announcements.announcement_update(event=event, by=orla, deadline=timezone.now() - timedelta(minutes=1))
    late = contexts(**PHONE).new_page()
    late.goto(f"{base}/e/{event.slug}/sign-up/")
    assert "closed at the deadline" in late.inner_text("main")

    book = icalendar.Calendar.from_ical(desk.request.get(f"{base}/e/{event.slug}/calendar.ics").body())
    assert [str(e["SUMMARY"]) for e in book.walk("VEVENT")] == ["Spring Gathering"]

    # The day runs from that list: the desk expects the four, checks them in, and round 1 pairs them.
    desk.goto(f"{base}/console/e/{event.slug}/desk/")
    assert "4 expected" in desk.inner_text("#desk-counts")
    desk.click("text=Check everyone expected in")
    desk.wait_for_selector("text=4 arrived")
    desk.goto(f"{base}/console/e/{event.slug}/")
    desk.click("button[name=pair]")
    desk.click("button[name=publish]")
    desk.wait_for_selector("text=Round 1 published")
    paired = desk.request.get(f"{base}/e/{event.slug}/rounds/1/").text()
    assert all(name in paired for name in ("Ada", "Ben", "Dan", "Eve")) and "Cleo" not in paired


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language, words", [
    ("en", ("Before the day", "Sign up", "Places", "Check your mail", "Confirm my sign-up", "you have a place",
            "Upcoming")),
    ("fr", ("Avant le jour J", "S’inscrire", "Places", "Consultez vos mails", "Confirmer mon inscription",
            "vous avez une place", "À venir"))])
def test_the_run_up_pages_fit_and_read_in_both_languages(contexts, live_server, language, words, tmp_path):
    # The docs show the English event page and sign-up list (make screenshots); every other picture is the test's.
    docs = DOCS_SHOTS if os.environ.get("GG_SCREENSHOTS") and language == "en" else tmp_path
    shots = tmp_path
    base = live_server.url
    orla = make_user("orla")[0]
    orla.set_password("orla-Pass-123")
    orla.save()
    event = event_made(orla, players=0, name="Printemps", registration_open=True)
    announcements.announcement_update(event=event, by=orla, cap=8, venue="Salle des fêtes de Saint-Jean-de-Luz",
                                      address="1 avenue de Verdun, 64500 Saint-Jean-de-Luz", price="15 €",
                                      how_to_pay="Sur place, en espèces ou par carte", contact="orla@example.org")
    for n in range(5):
        signed_up(event, f"Player {n}", faction=("guild", "arcanists", "neverborn", "outcasts", "gremlins")[n])
    for width in (360, 1280):
        options = {"viewport": {"width": width, "height": 800}, "locale": language, "bypass_csp": True,
                   "extra_http_headers": {"Accept-Language": language}}
        context = contexts(**options)
        page = context.new_page()
        page.goto(f"{base}/e/{event.slug}/")
        text = page.inner_text("main")
        assert words[0] in text and words[2] in text, text[:400]
        fits(page, width)
        assert not violations(page)
        page.screenshot(path=str(docs / f"run-up-event-{language}-{width}.png"), full_page=True)
        page.goto(f"{base}/e/{event.slug}/sign-up/")
        assert words[1] in page.inner_text("main button[type=submit]")
        fits(page, width)
        assert not violations(page)
        # A visitor's whole way in: the form, "check your mail", the mailed link's page, their sign-up's page.
        email = f"visitor.{width}@example.org"
        page.fill("input[name=name]", f"Visiteuse {width}")
        page.fill("input[name=email]", email)
        page.select_option("select[name=faction]", "ten-thunders")
        page.click("main button[type=submit]")
        page.wait_for_selector(f"text={words[3]}")
        for step in ("check-mail", "confirm", "status"):
            if step == "confirm":
                page.goto(base + LINK.search(Notification.objects.get(to=email, kind="signup_confirm").body).group(0))
                assert words[4] in page.inner_text("main")
            if step == "status":
                page.click("main button[type=submit]")
                page.wait_for_selector(".signup-state")
                assert words[5] in page.inner_text(".signup-state")
            fits(page, width)
            assert not violations(page), step
            page.screenshot(path=str(shots / f"run-up-{step}-{language}-{width}.png"), full_page=True)
        page.goto(f"{base}/")
        assert words[6] in page.inner_text("main") and "Printemps" in page.inner_text("main")
        fits(page, width)
        assert not violations(page)
        organizer = context.new_page()
        sign_in(organizer, base, "orla", "orla-Pass-123")
        for path in ("sign-ups/", "announcement/"):
            organizer.goto(f"{base}/console/e/{event.slug}/{path}")
            folder = docs if path == "sign-ups/" else shots
            organizer.screenshot(path=str(folder / f"run-up-{path[:-1]}-{language}-{width}.png"), full_page=True)
            fits(organizer, width)
            assert not violations(organizer), path
