"""Two players on their phones (360×740) in a real browser: one reports from the private link on the
table slip, the other confirms from theirs; a dispute reaches the organizer, who decides."""
import os
from pathlib import Path

import pytest

from tests.browser.browsing import sign_in
from tournaments.models import Game

DOCS_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PHONE = {"viewport": {"width": 360, "height": 740}, "locale": "en-GB"}


def fits_the_phone(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "no sideways scrolling at 360 px"


@pytest.mark.django_db(transaction=True)
def test_one_player_reports_and_the_opponent_confirms_on_their_phones(contexts, live_server, round_two, tmp_path):
    shots = DOCS_SHOTS if os.environ.get("GG_SCREENSHOTS") else tmp_path
    game = round_two
    reporter, opponent = game.player_a, game.player_b
    first = contexts(**PHONE).new_page()
    first.goto(f"{live_server.url}/p/{reporter.key}/")
    assert opponent.name in first.inner_text("#current") and f"Table {game.table}" in first.inner_text("#current")
    fits_the_phone(first)
    first.fill("input[name=my_vp]", "7")
    first.fill("input[name=their_vp]", "4")
    first.fill("input[name=my_master]", "Lady Justice")
    first.click("button[value=report]")
    first.wait_for_selector("text=Reported: your opponent now confirms it.")
    assert "awaiting confirmation" in first.inner_text("#current")
    first.screenshot(path=str(shots / "private-360.png"), full_page=True)

    second = contexts(**PHONE).new_page()
    second.goto(f"{live_server.url}/p/{opponent.key}/")
    # Both players by name, the reader first, with the leader being confirmed.
    told = second.inner_text("#current")
    assert f"{reporter.name} reported: {opponent.name} 4–7 {reporter.name}" in told.replace("\u202f:", ":")
    assert f"{reporter.name}'s leader: Lady Justice" in told
    fits_the_phone(second)
    second.click("button[value=confirm]")
    second.wait_for_selector("text=Confirmed: the result counts.")
    result = Game.objects.get(pk=game.pk).result
    assert (result.vp_a, result.vp_b, result.master_a) == (7, 4, "Lady Justice")
    public = contexts(**PHONE).new_page()
    public.goto(f"{live_server.url}/e/spring-open/rounds/2/")
    assert "7–4" in public.inner_text("#pairings") and "confirmed" in public.inner_text("#pairings")


@pytest.mark.django_db(transaction=True)
def test_a_dispute_from_the_phone_is_decided_in_the_console(contexts, live_server, round_two):
    game = round_two
    reporter, opponent = game.player_a, game.player_b
    first = contexts(**PHONE).new_page()
    first.goto(f"{live_server.url}/p/{reporter.key}/")
    first.fill("input[name=my_vp]", "7")
    first.fill("input[name=their_vp]", "4")
    first.click("button[value=report]")
    first.wait_for_selector("text=Reported: your opponent now confirms it.")
    second = contexts(**PHONE).new_page()
    second.goto(f"{live_server.url}/p/{opponent.key}/")
    assert second.locator("button.primary[value=confirm]").is_visible(), "confirming is the main action"
    assert not second.locator("input[name=my_vp]").is_visible(), "disputing opens its own form"
    second.click("text=My figures differ: dispute")
    second.fill("input[name=my_vp]", "6")
    second.fill("input[name=their_vp]", "6")
    second.click("button[value=dispute]")
    second.wait_for_selector("text=Your version is recorded: the organizer decides.")

    console = contexts().new_page()
    sign_in(console, live_server.url, "organizer", "pw-" + "organizer" * 2)
    console.goto(f"{live_server.url}/console/e/spring-open/rounds/2/")
    first_game = console.locator("section.result").first
    assert "disputed" in first_game.inner_text() and "version" in first_game.inner_text()
    first_game.locator("input[name$=vp_a]").fill("6")
    first_game.locator("input[name$=vp_b]").fill("5")
    first_game.locator("form.result-form button").click()
    console.wait_for_selector("section.result.saved")
    assert Game.objects.get(pk=game.pk).result.vp_a == 6
    first.reload()
    assert "confirmed" in first.inner_text("#current")
