"""A player's phone when the venue's wifi drops, in Debian's Chromium: the service worker registers, the
private page stays readable offline with the time it was fetched, and a report made offline waits on
the phone and is sent once when the network returns."""
import json
import os
from pathlib import Path

import pytest

from tests.browser.browsing import WEIGHT_LIMIT, sign_in, visit
from tournaments.models import AWAITING, Game, PlayerReport

PHONE = {"viewport": {"width": 360, "height": 740}, "locale": "en-GB"}
DOCS_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def shots(tmp_path):
    return DOCS_SHOTS if os.environ.get("GG_SCREENSHOTS") else tmp_path


def controlled(page) -> None:
    """Wait until the service worker is active, then reload so that it answers for this page."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    assert page.evaluate("!!navigator.serviceWorker.controller")


@pytest.mark.django_db(transaction=True)
def test_the_private_page_survives_the_wifi_and_its_offline_report_is_sent_once(contexts, live_server, round_two,
                                                                                 tmp_path):
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
    page.screenshot(path=str(shots(tmp_path) / "offline-360.png"))
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
    page.locator("#offline-note").wait_for(state="hidden", timeout=20_000)  # refreshed by itself (no eval: CSP)


@pytest.mark.django_db(transaction=True)
def test_the_live_tracker_moves_the_public_round_page_within_seconds(contexts, live_server, round_two, tmp_path):
    game, ann, bob = round_two, round_two.player_a, round_two.player_b
    player = contexts(**PHONE).new_page()
    player.goto(f"{live_server.url}/p/{ann.key}/")
    mine = "a" if game.player_a_id == ann.id else "b"
    player.click("#tracker button:has-text('Start turn 2')")
    player.locator("form.track-line").first.locator("input[name=strategy]").fill("1")
    player.locator("form.track-line").first.locator("button").click()
    player.wait_for_selector(f"text={ann.name} 1–0 {bob.name}")
    spectator = contexts(**PHONE).new_page()
    spectator.goto(f"{live_server.url}/e/spring-open/rounds/2/")
    row = spectator.locator(f"#pairings li.game:has-text('{ann.name}')")
    assert "turn 2" in row.inner_text()
    assert spectator.evaluate("document.documentElement.scrollWidth") <= 360
    # The opponent records their own turn on their phone: the spectator's page follows by itself.
    opponent = contexts(**PHONE).new_page()
    opponent.goto(f"{live_server.url}/p/{bob.key}/")
    assert f"{bob.name} 0–1 {ann.name}" in opponent.inner_text("#tracker")
    theirs = opponent.locator("form.track-line").first
    theirs.locator("input[name=strategy]").fill("1")
    theirs.locator("button").click()
    opponent.wait_for_selector(f"text={bob.name} 1–1 {ann.name}")
    spectator.locator("#pairings .live", has_text="1–1").wait_for(timeout=8_000)  # polled every 5 s
    spectator.screenshot(path=str(shots(tmp_path) / "round-live-360.png"))
    # Back on the first phone, the line appears without a reload, and the game is reported from it.
    player.wait_for_selector(f"text={ann.name} 1–1 {bob.name}", timeout=15_000)
    player.screenshot(path=str(shots(tmp_path) / "tracker-360.png"))  # the page: #tracker is swapped as it polls
    player.click("button:has-text('Game over: report this score')")
    player.wait_for_selector("text=Reported: your opponent now confirms it.")
    version = PlayerReport.objects.get(game=game)
    assert (version.vp_a, version.vp_b, version.turns) == (1, 1, 2) and version.side == mine


@pytest.mark.django_db(transaction=True)
def test_a_published_round_reaches_the_phone_and_the_discord_channel(contexts, live_server, round_two, organizer_api,
                                                                      event, settings, eager_celery):
    """The private page offers notifications once the server has VAPID keys; a round published in the console
    reaches a stand-in push service (encrypted for the phone: it decrypts it, after one failure retried) and a
    stand-in Discord (after a "slow down"); the message, handed to the page's service worker as the push
    service would, shows as a notification that names the table."""
    from notifications import push
    from tests.phones.receivers import Browser, Receiver

    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = push.vapid_pair()
    settings.OUTWARD_LOCAL = True
    push_service, discord = Receiver(answers=(500, 201)), Receiver(answers=(429, 204), body=b'{"retry_after": 0}')
    settings.DISCORD_API_ORIGIN = discord.url
    try:
        ann = round_two.player_a
        context = contexts(**PHONE)
        context.grant_permissions(["notifications"], origin=live_server.url)
        page = context.new_page()
        page.goto(f"{live_server.url}/p/{ann.key}/")
        controlled(page)
        assert page.locator("#push").is_visible() and page.locator("#push input[name=kinds]").count() == 4
        phone = Browser(push_service)  # what the browser's push service holds for this phone
        page.evaluate("""([url, body]) => fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json',
            'X-CSRFToken': document.querySelector('input[name=csrfmiddlewaretoken]').value},
            body: JSON.stringify(body)}).then(r => r.status)""",
                      [f"/p/{ann.key}/push/", {"subscription": phone.subscription, "kinds": ["round"]}])

        console = contexts(viewport={"width": 1280, "height": 900}).new_page()
        sign_in(console, live_server.url, "organizer", "pw-organizerorganizer")  # tests.factories.make_user
        console.goto(f"{live_server.url}/console/e/spring-open/phones/")
        webhook = "https://discord.com/api/webhooks/123456789012345678/" + "t0k-" * 17
        console.fill("input[name=discord_webhook]", webhook)
        console.click("button:has-text('Save')")
        console.wait_for_selector("text=Discord webhook saved")
        for game in Game.objects.filter(round__number=2, player_b__isnull=False):
            organizer_api.post(f"/api/games/{game.pk}/result/", {"vp_a": 5, "vp_b": 2})
        console.goto(f"{live_server.url}/console/e/spring-open/")
        console.click("button[name=pair]")
        console.wait_for_selector("h1:has-text('Round 3: preview')")
        console.click("button[name=publish]")
        console.wait_for_selector("text=Round 3 published")

        assert len(push_service.received) == 2 and len(discord.received) == 2  # each retried once
        message = phone.read(push_service.received[-1])
        table = Game.objects.get(round__number=3, seats__player=ann).table
        assert message["title"].startswith(f"Round 3: table {table} against ")
        posted = json.loads(discord.received[-1]["body"])["content"]
        assert posted.startswith("**Spring Open: round 3 is up**") and posted.endswith("/e/spring-open/rounds/3/")

        cdp = context.new_cdp_session(page)
        registrations = []
        cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: registrations.extend(e["registrations"]))
        cdp.send("ServiceWorker.enable")
        page.wait_for_timeout(500)
        cdp.send("ServiceWorker.deliverPushMessage", {"origin": live_server.url, "data": json.dumps(message),
                                                      "registrationId": registrations[0]["registrationId"]})
        shown = page.evaluate("""() => new Promise(done => setTimeout(() => navigator.serviceWorker.ready
            .then(r => r.getNotifications()).then(list => done(list.map(n => [n.title, n.data.url]))), 500))""")
        assert [message["title"], f"/p/{ann.key}/"] in shown
    finally:
        push_service.close()
        discord.close()
