"""Issue 52: a round page opened before play (refreshed every 20 s) moves to every 5 s once a game of the
round is tracked, as pages loaded later do: the refresh brings its pace with the pairings it replaces. The
hall display already did (it replaces itself whole). The quiet pace is cut to 2 s here to keep it short."""
import pytest
from django.test import Client

from tests.browser.test_browser_players import PHONE, fits_the_phone
from tournaments.web.public import LIVE_POLL_SECONDS


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("where, live", [("rounds/2/", "#pairings .live"), ("hall/", "#hall .live")])
def test_the_live_pace_follows_the_content(contexts, live_server, round_two, monkeypatch, where, live):
    monkeypatch.setattr("tournaments.web.public.POLL_SECONDS", 2)
    polled = "#pairings" if where.startswith("rounds") else "#hall"
    page = contexts(**PHONE).new_page()
    page.goto(f"{live_server.url}/e/spring-open/{where}")
    assert page.get_attribute(polled, "data-poll") == "2", "before play: the quiet pace"
    tracked = Client().post(f"/p/{round_two.player_a.key}/", {"action": "track-line", "side": "a", "turn": 1,
                                                              "strategy": 0})
    assert tracked.status_code == 302
    page.locator(live, has_text="0–0").wait_for(timeout=8_000)  # the next refresh shows the live score
    assert page.get_attribute(polled, "data-poll") == str(LIVE_POLL_SECONDS), "and from now on, the live pace"
    if where.startswith("rounds"):
        fits_the_phone(page)
