"""The import preview in Chromium, as an organizer uses it on a phone and at a desk, in English and French:
no serious or critical accessibility finding, nothing wider than the screen, a typo's faction taken in one
tap that lands on its row, and a returning person linked."""
from datetime import date

import pytest

from tests.browser.browsing import sign_in, violations
from tests.factories import event_made, make_user
from tournaments import services

CSV = "name,faction,club\nchloe martin,Nevrborn,Rook Club\n,Guild,Lyon\nZoé Lune,ten-thunders,\n"


@pytest.mark.parametrize("language", ("en", "fr"))
@pytest.mark.parametrize(("width", "height"), ((360, 740), (1280, 800)))
@pytest.mark.django_db(transaction=True)
def test_the_import_preview_reads_well_and_corrects_in_place(contexts, live_server, language, width, height):
    user = make_user("importer")[0]
    user.set_password("import-Pass-123")
    user.save()
    earlier = event_made(user, players=0, name="Earlier", date=date(2017, 1, 7))
    chloe = services.player_register(event=earlier, by=user, name="Chloé Martin", faction="guild").person
    event = event_made(user, players=0)
    context = contexts(viewport={"width": width, "height": height}, bypass_csp=True)  # axe goes in inline
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    sign_in(page, live_server.url, "importer", "import-Pass-123")
    page.goto(f"{live_server.url}/console/e/{event.slug}/")
    page.fill("textarea[name=csv]", CSV)
    page.click("button[name=preview]")
    page.wait_for_selector("#row-1")
    assert page.locator("tr.bad").count() == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not violations(page), violations(page)
    page.click("button[name=accept]")  # the nearest faction, Neverborn
    page.wait_for_selector("#row-1.good")
    assert page.url.endswith("#row-1") and page.input_value("select[name=row-1-faction]") == "neverborn"
    page.check(f"input[name=row-1-person][value='{chloe.pk}']")
    page.fill("input[name=row-2-name]", "Noé Vidal")
    page.click("button[name=check] >> nth=0")
    page.wait_for_selector("#row-2.good")
    assert page.locator("tr.bad").count() == 0
    page.click("button[name=confirm]")
    page.wait_for_selector(".messages")
    assert set(event.players.values_list("name", "faction")) == {
        ("chloe martin", "neverborn"), ("Noé Vidal", "guild"), ("Zoé Lune", "ten-thunders")}
    assert event.players.get(name="chloe martin").person_id == chloe.pk
