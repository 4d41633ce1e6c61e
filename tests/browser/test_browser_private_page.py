"""Issue 52, the private page in Debian's Chromium at 360 px, English and French: the table and opponent on
the first screen, the report under its heading, "who conceded or forfeited" only for a game not played out
(no script needed: the page is read here with JavaScript off), and the tracker folded once reported."""
import pytest

from tests.browser.test_browser_players import fits_the_phone

PHONES = {"en": {"locale": "en-GB", "report": "Report the result", "live": "Live score", "record": "Record this turn",
                 "by_hand": "Report by hand instead"},
          "fr": {"locale": "fr-FR", "report": "Déclarer le résultat", "live": "Score en direct",
                 "record": "Enregistrer ce tour",
                 "by_hand": "Déclarer à la main plutôt"}}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_first_things_first_and_who_conceded_only_when_not_played_out(contexts, live_server, round_two, language):
    words, game = PHONES[language], round_two
    ann, bob = game.player_a, game.player_b
    context = contexts(viewport={"width": 360, "height": 740}, locale=words["locale"], java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/p/{ann.key}/")
    top = {name: page.locator(selector).first.bounding_box()["y"] for name, selector in (
        ("table", "#current h2"), ("opponent", "#current .opponent"), ("report", f"h3:has-text('{words['report']}')"),
        ("tracker", "#tracker"))}
    assert top["table"] < top["opponent"] < top["report"] < top["tracker"], top
    assert top["opponent"] < 740, "the table and the opponent on the first screen"
    loser = page.locator("select[name=loser]")
    assert not loser.is_visible(), "a game played out: nobody conceded"
    page.select_option("select[name=outcome]", "conceded")
    assert loser.is_visible()
    page.select_option("select[name=outcome]", "played")
    assert not loser.is_visible()
    fits_the_phone(page)

    page.fill("#tracker input[name=strategy]", "0")
    page.click(f"#tracker button:has-text('{words['record']}')")
    page.wait_for_selector(f"#tracker .live-score:has-text('{ann.name} 0–0 {bob.name}')")
    page.click(f"summary:has-text('{words['by_hand']}')")  # tracked: the form by hand waits folded
    page.fill("input[name=my_vp]", "6")
    page.fill("input[name=their_vp]", "4")
    page.click("button[value=report]")  # a plain form post: no script
    page.wait_for_selector(".messages")
    assert not page.locator("#tracker").is_visible(), "reported: the tracker is folded away"
    page.click(f"details.tracker-fold summary:has-text('{words['live']}')")
    assert page.locator("#tracker").is_visible()
    fits_the_phone(page)


@pytest.mark.django_db(transaction=True)
def test_the_score_sheets_next_scheme_follows_the_one_chosen_above(contexts, live_server):
    """M4E: once the first scheme is chosen, the second row offers only its card's three next schemes."""
    from rest_framework.test import APIClient

    from scoring.formats import M4E_GG0, key_of
    from tests.api.test_m4e_event import m4e_event
    from tests.factories import Api, make_user
    from tournaments.models import Game

    api = Api(APIClient(), make_user("zero-organizer")[1])
    event = m4e_event(api, players=4)
    api.post(f"/api/events/{event['id']}/rounds/", {})
    game = Game.objects.select_related("player_a").filter(round__event_id=event["id"]).order_by("table")[0]
    page = contexts(viewport={"width": 360, "height": 740}, locale="en-GB").new_page()
    page.goto(f"{live_server.url}/p/{game.player_a.key}/")
    page.click("text=My score sheet")
    offered = "s => Array.from(s.options).filter(o => !o.disabled).map(o => o.value)"
    whole_step = page.eval_on_selector("select[name=sheet_scheme_2]", offered)
    first = M4E_GG0.scheme(game.scheme_pool[0])
    page.select_option("select[name=sheet_scheme_1]", first.key)
    assert page.eval_on_selector("select[name=sheet_scheme_2]", offered) == ["", *(key_of(n) for n in first.next)]
    page.select_option("select[name=sheet_scheme_1]", "")
    assert page.eval_on_selector("select[name=sheet_scheme_2]", offered) == whole_step
    fits_the_phone(page)
