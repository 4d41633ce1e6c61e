"""Issue 52: a phone that opened its private link once (a QR slip scanned after pairings are up) and never
again before the wifi dropped: the service worker, installed by that very visit, keeps that page too, so
the reopened tab shows the table and the opponent as last seen, said to be a copy, not "Offline"."""
import time

import pytest

KEPT = "caches.open('gg-pages').then(box => box.match(location.href)).then(Boolean)"


def kept(page, seconds: float = 10) -> bool:
    """Whether the worker keeps this page within a few seconds (asked from here: wait_for_function would
    evaluate a string, which the site's Content-Security-Policy rightly refuses)."""
    end = time.monotonic() + seconds
    while not page.evaluate(KEPT):
        if time.monotonic() > end:
            return False
        page.wait_for_timeout(200)
    return True


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("locale, note, table", [("en-GB", "As of ", "Table"), ("fr-FR", "État à ", "Table")])
def test_the_page_that_installed_the_worker_is_kept_for_the_wifi_drop(contexts, live_server, round_two, locale,
                                                                      note, table):
    game, ann, bob = round_two, round_two.player_a, round_two.player_b
    context = contexts(viewport={"width": 360, "height": 740}, locale=locale)
    page = context.new_page()
    page.goto(f"{live_server.url}/p/{ann.key}/")  # the first and only visit: nothing answered for it yet
    assert kept(page), "kept by the worker this visit installed, with no other visit"

    context.set_offline(True)
    page.reload()
    said = page.locator("#offline-note")
    assert said.is_visible() and said.inner_text().startswith(note)
    current = page.inner_text("#current")
    assert f"{table} {game.table}" in current and bob.name in current
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
