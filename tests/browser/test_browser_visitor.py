"""A visitor on a phone (360×740) in a real browser: finds their table, reads the standings in French.
Also screenshots each public page at 360 and 1280 px; `make screenshots` keeps them in docs/screenshots/."""
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

DOCS_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.mark.django_db(transaction=True)
def test_visitor_finds_their_table_and_reads_the_standings_in_french(browser, live_server, event):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/e/spring-open/rounds/1/")
    assert page.locator(".game").count() == 3
    page.fill("input[name=q]", "chlo")
    expect(page.locator(".game")).to_have_count(1)  # (a string predicate would need eval, which CSP forbids)
    assert "Chloé Martin" in page.inner_text("#pairings")
    page.fill("input[name=q]", "CHLOE")  # case and accents ignored
    expect(page.locator(".game")).to_have_count(1)
    table = page.locator(".game .table").first.inner_text()
    page.fill("input[name=q]", table)  # a table number finds its table
    expect(page.locator(".game")).to_have_count(1)
    page.fill("input[name=q]", "")
    expect(page.locator(".game")).to_have_count(3)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "no sideways scrolling at 360 px"
    small = page.evaluate("""() => [...document.querySelectorAll('header a, .tabs a, .game a, input, button')]
        .map(e => [e.textContent.trim() || e.name, e.getBoundingClientRect()])
        .filter(([, r]) => r.width < 44 || r.height < 44).map(([t]) => t)""")
    assert small == [], f"tap targets under 44 x 44 px: {small}"
    page.click("a[hreflang=fr]")
    page.wait_for_selector("html[lang=fr]")
    page.click("text=Classement")
    page.wait_for_selector("table.standings")
    assert "Après la ronde 1" in page.inner_text("main")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


@pytest.mark.django_db(transaction=True)
def test_screenshots_of_every_public_page(browser, live_server, event, tmp_path):
    shots = DOCS_SHOTS if os.environ.get("GG_SCREENSHOTS") else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    player = event["ids"]["Ada Ortega"]
    pages = {"home": "/", "event": "/e/spring-open/", "round": "/e/spring-open/rounds/1/",
             "standings": "/e/spring-open/standings/", "player": f"/e/spring-open/players/{player}/"}
    for width, height in ((360, 740), (1280, 800)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        for name, path in pages.items():
            page.goto(live_server.url + path)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{name} scrolls sideways"
            page.screenshot(path=str(shots / f"{name}-{width}.png"), full_page=True)
        context.close()


@pytest.mark.django_db(transaction=True)
def test_the_content_security_policy_blocks_nothing_we_serve(browser, live_server, event):
    """Every page runs under the policy (our origin only, no inline script or style) without one
    violation: the policy is real and our pages keep to it."""
    from django.contrib.auth import get_user_model

    organizer = get_user_model().objects.get(username="organizer")
    organizer.set_password("pw-for-the-browser")
    organizer.save()
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    violations = []
    page.on("console", lambda message: "Content Security Policy" in message.text
            and violations.append((page.url, message.text)))
    for path in ("/", "/e/spring-open/", "/e/spring-open/rounds/1/", "/e/spring-open/standings/",
                 f"/e/spring-open/players/{event['ids']['Ada Ortega']}/", "/console/login/"):
        response = page.goto(live_server.url + path)
        assert "default-src 'self'" in response.headers["content-security-policy"], path
    # The round page polls its pairings every 20 s while visible, with no eval (poll.js, not a filter).
    page.clock.install()
    page.goto(live_server.url + "/e/spring-open/rounds/1/")
    with page.expect_request(lambda request: request.headers.get("hx-request") == "true") as polled:
        page.clock.fast_forward(21_000)
    assert "/e/spring-open/rounds/1/" in polled.value.url
    page.goto(live_server.url + "/console/login/")
    page.fill("input[name=username]", "organizer")
    page.fill("input[name=password]", "pw-for-the-browser")
    page.click("button[type=submit]")
    for path in ("/console/e/spring-open/", "/console/e/spring-open/rounds/1/",
                 "/console/e/spring-open/rounds/1/print/", "/api/schema/swagger-ui/"):
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
    assert violations == []
    context.close()
