"""Issue 52, in Chromium on two 360 px phones: Bob objects to Ann's line of turn 1 while they play turn 3;
Ann records it again from her page, and on Bob's page (refreshed by itself) *Game over: report this
score* is no longer held back."""
import pytest

from tests.browser.test_browser_players import PHONE, fits_the_phone
from tests.phones.test_tracker_objections import objected  # noqa: F401 (a fixture)
from tournaments.models import AWAITING, Game

REPORT = "#tracker button.primary:has-text('Game over: report this score')"


@pytest.mark.django_db(transaction=True)
def test_an_objected_line_recorded_again_frees_the_report(contexts, live_server, objected):  # noqa: F811
    ann, bob = objected.player_a, objected.player_b
    theirs = contexts(**PHONE).new_page()
    theirs.goto(f"{live_server.url}/p/{bob.key}/")
    assert theirs.locator(REPORT).is_disabled()
    mine = contexts(**PHONE).new_page()
    mine.goto(f"{live_server.url}/p/{ann.key}/")
    again = mine.locator("form#line-1")
    assert f"{bob.name} objects to your turn 1" in again.inner_text() and mine.locator(REPORT).is_disabled()
    fits_the_phone(mine)
    again.locator("button:has-text('Record turn 1 again')").click()
    mine.wait_for_selector("form#line-1", state="detached")
    assert mine.locator(REPORT).is_enabled()
    theirs.locator(f"{REPORT}:not([disabled])").wait_for(timeout=15_000)  # the tracker polls every 10 s
    theirs.click(REPORT)
    theirs.wait_for_selector("text=Reported: your opponent now confirms it.")
    assert Game.objects.get(pk=objected.pk).result_status() == AWAITING
