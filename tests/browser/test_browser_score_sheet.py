"""An M4E player on a 360 px phone fills in their score sheet (the table's own mission on show, leaders
suggested from their faction) and the organizer corrects it on the console's score sheet page."""
import os

import pytest
from rest_framework.test import APIClient

from scoring.formats import M4E_GG0, key_of
from tests.api.test_m4e_event import m4e_event
from tests.browser.browsing import sign_in
from tests.browser.test_browser_players import DOCS_SHOTS, PHONE, fits_the_phone
from tests.factories import Api, make_user
from tournaments.models import Game, PlayerReport


@pytest.mark.django_db(transaction=True)
def test_a_gg0_score_sheet_from_the_phone_and_the_console(contexts, live_server, tmp_path):
    shots = DOCS_SHOTS if os.environ.get("GG_SCREENSHOTS") else tmp_path
    user, token = make_user("zero-organizer")
    api = Api(APIClient(), token)
    event = m4e_event(api, players=4)
    api.post(f"/api/events/{event['id']}/rounds/", {})
    game = Game.objects.select_related("player_a", "round__event").filter(round__event_id=event["id"]).order_by(
        "table")[0]
    first = M4E_GG0.scheme(game.scheme_pool[0])
    then = M4E_GG0.scheme(key_of(first.next[0]))
    phone = contexts(**PHONE).new_page()
    phone.goto(f"{live_server.url}/p/{game.player_a.key}/")
    assert M4E_GG0.strategy(game.strategy).name in phone.inner_text("#current")
    phone.fill("input[name=my_vp]", "4")
    phone.fill("input[name=their_vp]", "3")
    phone.fill("input[name=turns]", "4")
    phone.click("text=My score sheet")
    phone.fill("input[name=sheet_strategy]", "2")
    phone.select_option("select[name=sheet_scheme_1]", first.key)
    phone.fill("input[name=sheet_scheme_1_vp]", "1")
    phone.fill("input[name=sheet_scheme_1_note]", "Nellie Cochrane")
    phone.select_option("select[name=sheet_scheme_2]", then.key)
    phone.fill("input[name=sheet_scheme_2_vp]", "1")
    phone.fill("input[name=sheet_scheme_2_note]", "Rusty Alyce")
    fits_the_phone(phone)
    phone.screenshot(path=str(shots / "score-sheet-360.png"), full_page=True)
    phone.click("button[value=report]")
    phone.wait_for_selector("text=Reported: your opponent now confirms it.")
    assert [s["scheme"] for s in PlayerReport.objects.get(game=game).breakdown["a"]["schemes"]] == [
        first.key, then.key]

    console = contexts(viewport={"width": 1280, "height": 900}, locale="en-GB").new_page()
    sign_in(console, live_server.url, "zero-organizer", "pw-" + "zero-organizer" * 2)
    console.goto(f"{live_server.url}/console/e/{game.round.event.slug}/games/{game.pk}/sheet/")
    assert console.input_value("select[name=a_scheme_2]") == then.key, "the player's version prefills it"
    console.fill("input[name=a_scheme_2_vp]", "3")
    console.fill("input[name=vp_a]", "5")
    console.click("text=Save the score sheet")
    assert "at most 2" in console.inner_text("form")
    console.screenshot(path=str(shots / "console-score-sheet.png"), full_page=True)
    console.fill("input[name=a_scheme_2_vp]", "2")
    console.click("text=Save the score sheet")
    console.wait_for_selector("text=Score sheet saved")
    assert Game.objects.get(pk=game.pk).result.breakdown["a"]["schemes"][1]["vp"] == 2
