"""An organizer runs the start of an event from the browser, without the API."""
import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser.browsing import event_created, sign_in

CSV = """name,faction,club
Ada Ortega,Guild,Bristol
Ben Okafor,arcanists,Bristol
Chloé Martin,Outcasts,Lyon
Dev Patel,Imperial Guard,
Emma Lind,gremlins,
Farid Haddad,ten-thunders,Lyon
"""


@pytest.mark.django_db(transaction=True)
def test_organizer_creates_imports_pairs_and_enters_results(browser, live_server):
    get_user_model().objects.create_user("organizer", password="console-Pass-123")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    sign_in(page, live_server.url, "organizer", "console-Pass-123")

    event_created(page, "Browser Open", "2017-03-18")

    page.fill("textarea[name=csv]", CSV)
    page.click("button[name=preview]")
    bad = page.locator("tr.bad")
    assert bad.count() == 1 and "Imperial Guard" in bad.inner_text()
    page.click("button[name=confirm]")
    page.wait_for_selector("text=5 players imported.")
    assert page.locator("table.console tr").count() == 5

    page.click("button[name=pair]")
    page.wait_for_selector("h1:has-text('Round 1: preview')")
    assert "Not published yet" in page.inner_text("main") and "bye" in page.inner_text("table.preview")
    page.click("button[name=publish]")
    page.wait_for_selector("text=Round 1 published")
    forms = page.locator("section.result form.result-form")
    assert forms.count() == 2  # five players: two games and a bye
    assert "0 of 2 tables reported" in page.inner_text("#board-counter")
    # Who conceded or forfeited is asked only once the outcome is a concession or a forfeit.
    first_row = page.locator("section.result").first
    expect(first_row.locator(".field-loser")).to_be_hidden()
    first_row.locator("select[name$=outcome]").select_option("conceded")
    expect(first_row.locator(".field-loser")).to_be_visible()
    first_row.locator("select[name$=outcome]").select_option("played")
    loads = []
    page.on("load", lambda _: loads.append(page.url))
    # From paper slips, keyboard only: type, Tab, Enter. An impossible score is refused beside its field.
    page.locator("section.result >> nth=0").locator("input[name$=vp_a]").focus()
    page.keyboard.type("12")
    page.keyboard.press("Tab")
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    page.wait_for_selector("section.result .error")
    assert re.search(r"at most 10", page.inner_text("section.result >> nth=0"))
    for k in range(2):
        row = page.locator("section.result").nth(k)
        row.locator("input[name$=vp_a]").fill("6")
        row.locator("input[name$=vp_a]").press("Tab")
        page.keyboard.type("4")
        page.keyboard.press("Enter")
        expect(page.locator("section.result.saved")).to_have_count(k + 1)
        if k == 0:  # the cursor waits in the next table still to enter
            focused = page.evaluate("document.activeElement.closest('section').id")
            assert focused == page.locator("section.result").nth(1).get_attribute("id")
    assert loads == [], "results are entered in place, without loading the page again"
    assert "2 of 2 tables reported" in page.inner_text("#board-counter")
    assert "6–4" in page.inner_text("section.result >> nth=0")
    page.click("text=Pair round 2")
    page.wait_for_selector("h1:has-text('Round 2: preview')")
    page.click("button[name=publish]")
    page.wait_for_selector("text=Round 2 published")
    assert page.locator("section.result").count() == 3
    context.close()  # before the live server stops, so no request thread outlives the test database


def test_the_console_is_for_signed_in_organizers(client, db):
    from tests.factories import Api, make_user

    assert client.get("/console/").status_code == 302
    api = Api(client, make_user("owner")[1])
    status, event = api.post("/api/events/", {"name": "Owned", "date": "2017-01-01", "format": "gg2017"})
    stranger = get_user_model().objects.create_user("stranger", password="x-Pass-1234")
    client.force_login(stranger)
    assert client.get("/console/e/owned/").status_code == 403
    assert client.post("/console/e/owned/rounds/").status_code == 403
