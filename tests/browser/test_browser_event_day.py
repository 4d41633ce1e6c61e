"""The organizer's day in a real browser, screen by screen: the check-in desk, the results board, the
final results and the hall display, at 360 px and 1280 px, fitting the screen (GG_SCREENSHOTS=1 writes
the pictures to docs/screenshots/)."""
import os

import pytest

from scoring.report import Report
from tests.browser.browsing import sign_in
from tests.browser.test_browser_players import DOCS_SHOTS
from tests.factories import event_made, make_user, results_entered, round_paired
from tournaments import services


@pytest.mark.django_db(transaction=True)
def test_the_event_day_screens_fit_a_phone_and_a_desk(contexts, live_server, tmp_path):
    shots = DOCS_SHOTS if os.environ.get("GG_SCREENSHOTS") else tmp_path
    user = make_user("day")[0]
    user.set_password("day-Pass-123")
    user.save()
    event = event_made(user, players=12, check_in_on_the_day=True)
    for player in event.players.order_by("name")[:9]:
        services.player_check_in(player=player, by=user)
    services.player_mark_absent(player=event.players.order_by("name")[9], by=user)
    def signed_in(width, height, path):
        page = contexts(viewport={"width": width, "height": height}, locale="en-GB").new_page()
        sign_in(page, live_server.url, "day", "day-Pass-123")
        page.goto(f"{live_server.url}{path}")
        return page

    for width, height in ((360, 740), (1280, 800)):
        page = signed_in(width, height, f"/console/e/{event.slug}/desk/")
        assert "9 arrived" in page.inner_text("#desk-counts")
        names = page.locator(".desk-row .who strong").all_inner_texts()
        assert names.index("Player 2") < names.index("Player 10"), "numbers sort by value"
        wide = page.evaluate("""() => [...document.querySelectorAll('body *')].filter(
            e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).map(
            e => e.tagName + '.' + e.className).slice(0, 5)""")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"desk at {width}: {wide}"
        page.screenshot(path=str(shots / f"desk-{width}.png"), full_page=True)
        page.goto(f"{live_server.url}/console/e/{event.slug}/")  # the pairing method's long option included
        page.locator("details.row-menu > summary").first.click()  # one compact row, its actions behind a menu
        for summary in page.locator("details.row-menu[open] details.warnings summary, "
                                    "details.row-menu[open] details.private-link summary").all()[:2]:
            summary.click()  # a warning's reason and a private link open inside the row
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"event console at {width}"
    services.players_check_in_all(event=event, by=user)
    results_entered(round_paired(event, user), user)
    draft = services.round_generate(event=event, by=user, seed="8", publish=False)
    late = services.player_register(event=event, by=user, name="Late Larry", faction="guild")
    services.player_check_in(player=late, by=user)
    for width, height in ((360, 740), (1280, 800)):
        page = signed_in(width, height, f"/console/e/{event.slug}/rounds/2/")
        assert "Not published yet" in page.inner_text("main") and "Late Larry" in page.inner_text("main")
        assert "plays up" in page.inner_text("table.preview") or "bye" in page.inner_text("table.preview")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"preview at {width}"
        page.screenshot(path=str(shots / f"preview-{width}.png"), full_page=False)
    services.round_publish(event=event, number=draft.number, by=user)
    rnd = event.round_set.get(number=draft.number)
    first = rnd.games.exclude(table=None).first()
    services.result_record(game=first, by=user, report=Report(vp_a=6, vp_b=4))
    for width, height in ((360, 740), (1280, 800)):
        page = signed_in(width, height, f"/console/e/{event.slug}/rounds/2/")
        assert "1 of 5 tables reported" in page.inner_text("#board-counter")
        page.screenshot(path=str(shots / f"results-board-{width}.png"), full_page=False)
    results_entered(rnd, user)
    services.event_finish(event=event, by=user)
    for width, height in ((360, 740), (1280, 800)):
        page = contexts(viewport={"width": width, "height": height}, locale="en-GB").new_page()
        page.goto(f"{live_server.url}/e/{event.slug}/final/")
        assert "Final results" in page.inner_text("h1")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"final results at {width}"
        page.screenshot(path=str(shots / f"final-{width}.png"), full_page=True)
        page.goto(f"{live_server.url}/e/{event.slug}/hall/")
        page.screenshot(path=str(shots / f"hall-{width}.png"), full_page=False)
