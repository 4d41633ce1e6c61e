"""Issue 34, done when: an M4E (Gaining Grounds Zero) day in a real browser, with an absent player, a
no-show in round 2, a confirmed concession, leaders entered on the results board and a finished event.
Each rule is asserted where people meet it: the non-player ranked apart and out of the awards, what the
concession does said before and after, a correction pre-filled, the mission labelled, the final place on
the player's page, no sideways scrolling at 360 px with a long surname in English and French, and no
Content-Security-Policy violation on any page, including after in-place saves."""
import re

import pytest
from django.contrib.auth import get_user_model

from scoring.formats import M4E_GG0
from scoring.report import Report
from tests.browser.browsing import sign_in
from tournaments import services
from tournaments.models import Event, Game, Player, Result

FACTIONS = ("guild", "arcanists", "neverborn", "outcasts", "bayou", "resurrectionists")
LONG = "Bartholomew Wolfeschlegelsteinhausenberger"  # a 30-letter surname
PHONE = {"viewport": {"width": 360, "height": 740}, "locale": "en-GB"}
PHONE_FR = {"viewport": {"width": 360, "height": 740}, "locale": "fr-FR",
            "extra_http_headers": {"Accept-Language": "fr"}}


class Watch:
    """Every page opened through it records Content-Security-Policy reports from the browser console."""

    def __init__(self, contexts):
        self.contexts, self.violations = contexts, []

    def page(self, **options):
        page = self.contexts(**options).new_page()
        page.on("console", lambda m: self.violations.append(f"{page.url}: {m.text}")
                if "Content Security Policy" in m.text else None)
        return page


def fits(page, width=360):
    assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{page.url} scrolls sideways"


def game_of(player: Player, number: int) -> Game:
    return Game.objects.select_related("player_a", "player_b", "round__event").get(
        round__number=number, round__event=player.event, seats__player=player)


def rest_entered(event: Event, number: int, user) -> None:
    """The organizer's 6–3 at every table of the round still without a result."""
    for game in Game.objects.filter(round__event=event, round__number=number, player_b__isnull=False,
                                    result__isnull=True).select_related("round__event", "player_a", "player_b"):
        services.result_record(game=game, by=user, report=Report(outcome="played", vp_a=6, vp_b=3))


@pytest.mark.django_db(transaction=True)
def test_an_m4e_day_from_the_desk_to_the_podium(contexts, live_server):
    user = get_user_model().objects.create_user("td", password="td-Pass-12345")
    event = services.event_create(user=user, name="Zero Hour", date=__import__("datetime").date(2026, 11, 28),
                                  format=M4E_GG0.key, rounds=3)
    names = [LONG] + [f"Player {n:02}" for n in range(1, 12)]
    players = [services.player_register(event=event, by=user, name=name, faction=FACTIONS[n % len(FACTIONS)])
               for n, name in enumerate(names)]
    absent = players[7]
    services.player_mark_absent(player=absent, by=user)  # marked absent at the desk: never plays
    watch = Watch(contexts)
    base = live_server.url

    # Round 1, paired and published; the organizer enters one table from its slip with both leaders.
    services.round_generate(event=event, seed="1", by=user)
    console = watch.page(viewport={"width": 1280, "height": 900})
    sign_in(console, base, "td", "td-Pass-12345")
    console.goto(f"{base}/console/e/{event.slug}/rounds/1/")
    slips = [g for g in Game.objects.filter(round__event=event, round__number=1, player_b__isnull=False)
             .select_related("player_a", "player_b").order_by("table")]
    board_game, conceded = slips[0], slips[1]
    row = console.locator(f"#table-{board_game.table}")
    lead_a, lead_b = (M4E_GG0.leaders[p.faction][0] for p in (board_game.player_a, board_game.player_b))
    row.locator("input[name$=vp_a]").fill("7")
    row.locator("input[name$=vp_b]").fill("4")
    row.locator("input[name$=master_a]").fill(lead_a.label.lower())  # matched loosely, stored as the list spells it
    row.locator("input[name$=master_b]").fill(lead_b.label)
    row.locator("form.result-form button").click()
    console.wait_for_selector(f"#table-{board_game.table}.saved")
    result = Result.objects.get(game=board_game)
    assert (result.leader_a, result.master_a, result.leader_b) == (lead_a.key, lead_a.label, lead_b.key)
    assert "stays in it and is paired for the next round" in console.inner_text("main")  # the rule, before

    # A concession reported from a phone and confirmed from the other: what it does, said before and after.
    conceder, winner = conceded.player_b, conceded.player_a
    phone = watch.page(**PHONE)
    phone.goto(f"{base}/p/{conceder.key}/")
    current = phone.inner_text("#current")
    assert current.startswith(f"Table {conceded.table}"), "the table first"
    for label in ("Strategy", "Deployment", "Schemes (pool)"):
        assert label in current
    fits(phone)
    phone.select_option("select[name=outcome]", "conceded")
    phone.select_option("select[name=loser]", "me")
    phone.click("button[value=report]")
    phone.wait_for_selector("text=Reported: your opponent now confirms it.")
    other = watch.page(**PHONE)
    other.goto(f"{base}/p/{winner.key}/")
    assert f"{conceder.name} concedes this game and stays for round 2" in other.inner_text("#current")
    other.click("button[value=confirm]")
    other.wait_for_selector("text=Confirmed: the result counts.")
    phone.reload()
    assert f"{conceder.name} conceded this game and stays for round 2" in phone.inner_text("#current")
    console.reload()
    assert f"{conceder.name} conceded this game and stays for round 2" in console.inner_text(
        f"#table-{conceded.table}")
    rest_entered(event, 1, user)
    assert Player.objects.get(pk=conceder.pk).status == "active"

    # The standings after round 1: the absent player is listed apart, never ranked among those who played.
    public = watch.page(**PHONE)
    public.goto(f"{base}/e/{event.slug}/standings/")
    table = public.inner_text("table.standings")
    assert absent.name not in table and absent.name in public.inner_text("main").split("Did not play")[1]
    public.goto(f"{base}/e/{event.slug}/")
    assert "12 registered, 11 played" in public.inner_text("main")

    # Round 2: the conceder plays on; a player who played round 1 is a no-show, recorded from the board.
    services.round_generate(event=event, seed="2", by=user)
    assert game_of(conceder, 2) is not None
    no_show = next(p for p in players if p not in (absent, conceder, winner, players[0])
                   and game_of(p, 2).player_b_id is not None)
    gone = game_of(no_show, 2)
    console.goto(f"{base}/console/e/{event.slug}/rounds/2/")
    row = console.locator(f"#table-{gone.table}")
    row.locator("details.no-show summary").click()
    row.locator(f"button:has-text('{no_show.name} is a no-show')").click()
    console.click("form:has(input[name=confirmed]) button.primary")  # asked first: it forfeits and marks absent
    console.wait_for_selector(f"text={no_show.name} recorded as a no-show")
    assert Result.objects.get(game=gone).outcome == "forfeited"
    # Correct my report: pre-filled with what the player reported.
    reporter_game = game_of(players[0], 2)
    mine = watch.page(**PHONE)
    mine.goto(f"{base}/p/{players[0].key}/")
    mine.fill("input[name=my_vp]", "5")
    mine.fill("input[name=their_vp]", "2")
    mine.click("button[value=report]")
    mine.wait_for_selector("text=Reported: your opponent now confirms it.")
    assert mine.input_value("input[name=my_vp]") == "5" and mine.input_value("input[name=their_vp]") == "2"
    assert mine.locator("button[value=report]").inner_text() == "Correct my report"
    fits(mine)
    assert reporter_game.result_status() != "confirmed"
    rest_entered(event, 2, user)

    # Round 3, then the organizer finishes the event.
    services.round_generate(event=event, seed="3", by=user)
    rest_entered(event, 3, user)
    console.goto(f"{base}/console/e/{event.slug}/")
    console.click("button:has-text('Finish the event')")
    if console.locator("form:has(input[name=confirmed])").count():
        console.click("form:has(input[name=confirmed]) button.primary")
    console.wait_for_selector("h1")
    assert Event.objects.get(pk=event.pk).finished_at is not None

    # The podium: the absent player takes no award; the no-show of round 2 is ranked by the forfeit.
    public.goto(f"{base}/e/{event.slug}/final/")
    text = public.inner_text("main")
    spoon = re.search(r"Wooden spoon: (.*)", text)
    assert spoon is None or absent.name not in spoon.group(1)
    assert absent.name in text.split("Did not play")[1] and absent.name not in public.inner_text("table.standings")
    assert no_show.name in public.inner_text("table.standings")
    fits(public)

    # The conceder's page: the final place, a link to the final results, no clock.
    phone.reload()
    page_text = phone.inner_text("main")
    assert re.search(r"Final place: \d+=? of 11", page_text) and "Time left" not in page_text
    assert phone.locator(f"a[href='/e/{event.slug}/final/']").count() >= 1

    # Every public page at 360 px in English and French, the long surname included.
    for options in (PHONE, PHONE_FR):
        reader = watch.page(**options)
        for path in (f"/e/{event.slug}/", f"/e/{event.slug}/rounds/1/", f"/e/{event.slug}/rounds/3/",
                     f"/e/{event.slug}/standings/", f"/e/{event.slug}/final/", f"/p/{players[0].key}/",
                     f"/e/{event.slug}/hall/"):
            reader.goto(base + path)
            fits(reader)
        reader.goto(f"{base}/p/{players[0].key}/")
        labels = ("Stratégie", "Déploiement", "Combines (Pot)") if options is PHONE_FR else (
            "Strategy", "Deployment", "Schemes (pool)")
        assert all(label in reader.inner_text("main") for label in labels)
    assert watch.violations == [], watch.violations
