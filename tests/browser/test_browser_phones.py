"""A player's phone when the venue's wifi drops, in Debian's Chromium: the service worker registers, the
private page stays readable offline with the time it was fetched, and a report made offline waits on
the phone and is sent once when the network returns."""
import pytest

from tests.browser.browsing import WEIGHT_LIMIT, visit
from tournaments.models import AWAITING, Game, PlayerReport

PHONE = {"viewport": {"width": 360, "height": 740}, "locale": "en-GB"}


def controlled(page) -> None:
    """Wait until the service worker is active, then reload so that it answers for this page."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    assert page.evaluate("!!navigator.serviceWorker.controller")


@pytest.mark.django_db(transaction=True)
def test_the_private_page_survives_the_wifi_and_its_offline_report_is_sent_once(contexts, live_server, round_two):
    game, ann, bob = round_two, round_two.player_a, round_two.player_b
    context = contexts(**PHONE)
    page, weight, foreign = visit(context, f"{live_server.url}/p/{ann.key}/")
    assert weight < WEIGHT_LIMIT and not foreign
    manifest = page.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
    assert manifest["start_url"] == f"/p/{ann.key}/"
    controlled(page)

    context.set_offline(True)
    page.goto(f"{live_server.url}/p/{ann.key}/")
    note = page.locator("#offline-note")
    assert note.is_visible() and note.inner_text().startswith("As of ") and "offline" in note.inner_text()
    current = page.inner_text("#current")
    assert f"Table {game.table}" in current and bob.name in current  # the last table this phone saw
    page.fill("input[name=my_vp]", "6")
    page.fill("input[name=their_vp]", "3")
    page.click("button[value=report]")
    page.wait_for_selector("#outbox-note", state="visible")
    assert not PlayerReport.objects.filter(game=game).exists()  # it waits on the phone

    context.set_offline(False)
    page.wait_for_selector("text=Reported: your opponent now confirms it.", timeout=20_000)
    assert not page.locator("#offline-note").is_visible() and not page.locator("#outbox-note").is_visible()
    page.reload()  # nothing left waiting: nothing sent again
    page.wait_for_load_state("networkidle")
    version = PlayerReport.objects.get(game=game)
    assert (version.vp_a, version.vp_b) == ((6, 3) if game.player_a_id == ann.id else (3, 6))
    assert Game.objects.get(pk=game.pk).result_status() == AWAITING
    assert page.evaluate("caches.open('gg-outbox').then(box => box.keys()).then(keys => keys.length)") == 0


@pytest.mark.django_db(transaction=True)
def test_a_public_page_read_offline_in_french(contexts, live_server, round_two):
    context = contexts(viewport={"width": 360, "height": 740}, locale="fr-FR")
    page = context.new_page()
    page.goto(f"{live_server.url}/language/fr/?next=/e/spring-open/standings/")
    controlled(page)
    context.set_offline(True)
    page.goto(f"{live_server.url}/e/spring-open/standings/")
    note = page.inner_text("#offline-note")
    assert note.startswith("État à ") and "hors ligne" in note
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.set_offline(False)
    page.wait_for_function("!document.body.dataset.offlineAsOf", timeout=20_000)  # refreshed by itself
