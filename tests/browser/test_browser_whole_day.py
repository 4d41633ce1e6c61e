"""Issue 52, done when: the whole event in Chromium, every page 360 px wide, in English and in French, with
no console error, uncaught exception or Content-Security-Policy refusal anywhere. An M4E (Gaining Grounds
Zero) event of 6 places with a top 4: announced, signed up on phones until one waits, one withdraws and the
first waiting gets the place; payments marked with one player left unpaid, whom the desk shows; two Swiss
rounds, the first with a score sheet corrected on the results board (the sheet and turns kept), the second
tracked live with an objection answered; then the Semifinals and the Final from the board's own buttons, the
event finished and its winner on the bracket and the podium. The team event is in test_browser_team_day.py."""
from datetime import timedelta

import pytest
from django.utils import timezone

from notifications.models import Notification
from scoring.formats import M4E_GG0, key_of
from signups.models import REGISTERED, WAITLISTED, SignUp
from tests.browser.browsing import sign_in
from tests.browser.day import Day, plain, say
from tests.browser.test_browser_teams_and_cut import organizer
from tests.signups.helpers import LINK, signed_up
from tournaments.models import Event, Game, Player, Result

FACTIONS = ("guild", "arcanists", "neverborn", "outcasts", "bayou", "explorers-society", "ten-thunders")


def by_email(day, slug, name, email, faction):
    """A visitor on their phone: the sign-up form, then the mailed link and its button; their sign-up's page."""
    page = day.go(day.page(), f"/e/{slug}/sign-up/")
    page.fill("input[name=name]", name)
    page.fill("input[name=email]", email)
    page.select_option("select[name=faction]", faction)
    page.click("main button[type=submit]")
    page.wait_for_selector(f"h1:has-text('{day.words('Check your mail')}')")
    note = Notification.objects.filter(to=email, kind="signup_confirm").last()
    day.go(page, LINK.search(note.body).group(0))
    page.click("main button[type=submit]")
    page.wait_for_selector(".signup-state")
    day.fits(page)
    return page


def game_of(player: Player, number: int) -> Game:
    return Game.objects.select_related("player_a", "player_b", "round__event").get(
        round__event=player.event, round__number=number, seats__player=player)


def board_entry(day, desk, game: Game, vp_a: int, vp_b: int) -> None:
    """The organizer types a slip's two figures on the results board; the row saves in place."""
    row = desk.locator(f"#table-{game.table}")
    row.locator("input[name$=vp_a]").fill(str(vp_a))
    row.locator("input[name$=vp_b]").fill(str(vp_b))
    row.locator("form.result-form button").click()
    desk.wait_for_selector(f"#table-{game.table}.saved")


def paired_and_published(day, desk, slug, stage_button: str, number: int) -> None:
    """The board's (or the event page's) own pair button, the preview, then its publish button."""
    desk.click(stage_button)
    desk.wait_for_selector("button[name=publish]")
    desk.click("button[name=publish]")
    desk.wait_for_selector("#board-counter")
    assert desk.url.endswith(f"/console/e/{slug}/rounds/{number}/")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_m4e_event_from_its_announcement_to_its_winner(contexts, live_server, language, tmp_path):
    day = Day(contexts, live_server.url, language, tmp_path)
    organizer("orla")
    desk = day.page()
    sign_in(desk, live_server.url, "orla", "orla-Pass-123")

    # The event, its settings and its announcement, from the console on a phone.
    desk.fill("input[name=name]", "Zero Cup")
    desk.fill("input[name=date]", (timezone.localdate() + timedelta(days=14)).isoformat())
    desk.select_option("select[name=format]", M4E_GG0.key)
    desk.click("form:has(input[name=date]) button[type=submit]")
    desk.wait_for_selector("h1:has-text('Zero Cup')")
    event = Event.objects.get(name="Zero Cup")
    slug = event.slug
    day.go(desk, f"/console/e/{slug}/settings/")
    desk.fill("input[name=rounds]", "2")
    desk.select_option("select[name=cut_size]", "4")
    desk.check("input[name=registration_open]")
    desk.check("input[name=check_in_on_the_day]")
    desk.click("main form button[type=submit]")
    desk.wait_for_selector(f"text={day.words('Settings saved.')}")
    day.go(desk, f"/console/e/{slug}/announcement/")
    desk.fill("input[name=venue]", "Salle des fêtes")
    desk.fill("input[name=cap]", "6")
    desk.fill("input[name=starts_at]", "09:30")
    desk.fill("input[name=price]", "15 €")
    desk.click("form:has(input[name=cap]) button[type=submit]")
    desk.wait_for_selector(f"text={day.words('Announcement saved.')}")

    # Six places taken (two on phones, four through the same services), a seventh waits, one withdraws.
    event.refresh_from_db()
    for n, name in enumerate(("Ann", "Bob", "Cy", "Dee")):
        signed_up(event, name, faction=FACTIONS[n], language=language)
    eve = by_email(day, slug, "Eve", "eve@example.org", FACTIONS[4])
    fay = by_email(day, slug, "Fay", "fay@example.org", FACTIONS[5])
    assert day.words("%(name)s: you have a place.", name="Fay").split(":")[0] in say(fay, ".signup-state")
    gus = by_email(day, slug, "Gus", "gus@example.org", FACTIONS[6])
    waiting = day.words("%(name)s: you are number %(n)s on the waitlist. If a place comes free, it is yours and "
                        "we mail you.", name="Gus", n=1)
    assert plain(waiting) in say(gus, ".signup-state")
    day.picture(gus, "run-up-waitlist")
    day.go(desk, f"/console/e/{slug}/sign-ups/")
    assert SignUp.objects.get(email="gus@example.org").state == WAITLISTED
    eve.check("input[name=sure]")
    eve.click("form[action*=withdraw] button[type=submit]")
    eve.wait_for_selector(".signup-state, .messages")
    assert SignUp.objects.get(email="gus@example.org").state == REGISTERED
    promoted = Notification.objects.get(to="gus@example.org", kind="signup_promoted")
    assert plain(day.words("%(event)s: a place came free, and it is yours", event="Zero Cup")) == plain(
        promoted.subject), "the promoted player's mail, in the language they signed up in"

    # Payments: all paid but Dee; the desk shows Dee unpaid, then checks everyone in.
    day.go(desk, f"/console/e/{slug}/sign-ups/")
    entries = {p.name: p for p in event.players.all()}
    assert set(entries) == {"Ann", "Bob", "Cy", "Dee", "Fay", "Gus"}
    for name in ("Ann", "Bob", "Cy", "Fay", "Gus"):
        desk.locator(f"#player-{entries[name].pk} .choices button[value=paid]").click()
        desk.wait_for_selector(f"#player-{entries[name].pk}.paid-paid")
    day.go(desk, f"/console/e/{slug}/desk/")
    assert day.words("unpaid") in say(desk, f"#desk-{entries['Dee'].pk}")
    assert day.words("unpaid") not in say(desk, f"#desk-{entries['Ann'].pk}")
    assert plain(day.words("%(n)s unpaid", n=1)) in say(desk, "#desk-counts")
    day.picture(desk, "desk-unpaid")
    desk.click("#desk-counts form button[type=submit]")
    desk.wait_for_selector("#desk-counts form", state="detached")  # nobody left expected
    assert Player.objects.filter(event=event, checked_in=True).count() == 6

    # Round 1: Ann reports with her score sheet and 4 turns, her opponent confirms; the board corrects it.
    day.go(desk, f"/console/e/{slug}/")
    paired_and_published(day, desk, slug, "button[name=pair]", 1)
    ann = Player.objects.get(event=event, name="Ann")
    first = game_of(ann, 1)
    mail = Notification.objects.get(to="ann@example.org", kind=Notification.ROUND_PUBLISHED)
    assert f"/p/{ann.key}/" in mail.body and str(first.table) in mail.body
    phone = day.go(day.page(), f"/p/{ann.key}/")
    scheme = M4E_GG0.scheme(first.scheme_pool[0])
    then = M4E_GG0.scheme(key_of(scheme.next[0]))
    phone.fill("input[name=my_vp]", "4")
    phone.fill("input[name=their_vp]", "3")
    phone.fill("input[name=turns]", "4")
    phone.click("details.sheet summary")
    phone.fill("input[name=sheet_strategy]", "2")
    phone.select_option("select[name=sheet_scheme_1]", scheme.key)
    phone.fill("input[name=sheet_scheme_1_vp]", "1")
    phone.fill("input[name=sheet_scheme_1_note]", "Nellie Cochrane")  # a scheme may ask what was noted
    phone.select_option("select[name=sheet_scheme_2]", then.key)
    phone.fill("input[name=sheet_scheme_2_vp]", "1")
    phone.fill("input[name=sheet_scheme_2_note]", "Rusty Alyce")
    day.fits(phone)
    phone.click("button[value=report]")
    phone.wait_for_selector(f"text={day.words('Reported: your opponent now confirms it.')}")
    opponent = first.player_b if first.player_a_id == ann.pk else first.player_a
    theirs = day.go(day.page(), f"/p/{opponent.key}/")
    theirs.click("button[value=confirm]")
    theirs.wait_for_selector(f"text={day.words('Confirmed: the result counts.')}")
    day.go(desk, f"/console/e/{slug}/rounds/1/")
    kept = Result.objects.get(game=first)
    row = desk.locator(f"#table-{first.table}")
    leader = M4E_GG0.leaders[ann.faction][0]
    row.locator(f"input[name$=master_{'a' if first.player_a_id == ann.pk else 'b'}]").fill(leader.label)
    row.locator("form.result-form button").click()
    desk.wait_for_selector(f"#table-{first.table}.saved")
    corrected = Result.objects.get(game=first)
    assert (corrected.turns, corrected.breakdown, corrected.vp_a, corrected.vp_b) == (
        4, kept.breakdown, kept.vp_a, kept.vp_b), "the correction keeps the score sheet and the turns"
    assert leader.label in (corrected.master_a, corrected.master_b)
    for game in Game.objects.filter(round__event=event, round__number=1, result__isnull=True, player_b__isnull=False):
        board_entry(day, desk, game, 6, 2)

    # Round 2, tracked live: one objects to a line of turn 1, it is recorded again, the game reported.
    desk.click("#board-counter button[name=pair]")
    desk.wait_for_selector("button[name=publish]")
    desk.click("button[name=publish]")
    desk.wait_for_selector("#board-counter")
    second = Game.objects.filter(round__event=event, round__number=2, player_b__isnull=False).select_related(
        "player_a", "player_b").order_by("table").first()
    one, two = (day.go(day.page(), f"/p/{p.key}/") for p in (second.player_a, second.player_b))
    for page in (one, two):
        page.locator("form#line-1 input[name=strategy]").fill("0")
        with page.expect_navigation():
            page.locator("form#line-1 button").click()
    with one.expect_navigation():
        one.click("#tracker button[name=turn][value='2']")
    one.locator("form#line-2 input[name=strategy]").fill("1")
    with one.expect_navigation():
        one.locator("form#line-2 button").click()
    two.reload()
    objection = two.locator("#tracker form:has(input[name=action][value=track-object]):has(input[name=turn][value='1'])"
                            ":has(input[name=side][value=a])")
    objection.locator("summary").click()
    objection.locator("input[name=note]").fill("—")
    objection.locator("button").click()
    two.wait_for_selector("#tracker .state-disputed")
    one.reload()
    said = day.words("%(name)s objects to your turn %(n)s: record it again as you both agree, the same figures if "
                     "they stand.", name=second.player_b.name, n=1)
    assert plain(said) in say(one, "form#line-1")
    day.picture(one, "tracker-objection")
    one.locator("form#line-1 button").click()
    one.wait_for_selector("form#line-1", state="detached")
    one.click("#tracker form:has(input[value=track-report]) button:not([disabled])")
    one.wait_for_selector(f"text={day.words('Reported: your opponent now confirms it.')}")
    two.reload()
    two.click("button[value=confirm]")
    two.wait_for_selector(f"text={day.words('Confirmed: the result counts.')}")
    assert (Result.objects.get(game=second).vp_a, Result.objects.get(game=second).vp_b) == (1, 0)
    day.go(desk, f"/console/e/{slug}/rounds/2/")
    for game in Game.objects.filter(round__event=event, round__number=2, result__isnull=True, player_b__isnull=False):
        board_entry(day, desk, game, 7, 3)

    # The top 4 from the board's own buttons: the Semifinals' preview has no individual controls.
    for number, stage in ((3, "Semifinals"), (4, "Final")):
        name = day.words(stage)
        pair = f"#board-counter button:has-text('{plain(day.words('Pair the %(name)s', name=name))}')"
        desk.locator(pair).wait_for()
        desk.click(pair)
        desk.wait_for_selector("button[name=publish]")
        assert plain(day.words("Publish the %(name)s", name=name)) in say(desk, "button[name=publish]")
        assert desk.locator("#late, form[action*=swap], select[name=seat_a]").count() == 0
        if number == 3:
            day.picture(desk, "cut-preview")
        desk.click("button[name=publish]")
        desk.wait_for_selector("#board-counter")
        for game in Game.objects.filter(round__event=event, round__number=number, player_b__isnull=False):
            board_entry(day, desk, game, 8, 5)
    final = Game.objects.get(round__event=event, round__number=4)
    desk.click("#board-counter form[action$='finish-event/'] button")
    desk.click("form:has(input[name=confirmed]) button[type=submit]")
    desk.wait_for_selector("h1")
    assert Event.objects.get(pk=event.pk).finished_at is not None

    spectator = day.go(day.page(), f"/e/{slug}/bracket/")
    assert final.player_a.name in spectator.locator(".stage").last.locator("p.won").inner_text()
    day.picture(spectator, "bracket")
    day.go(spectator, f"/e/{slug}/final/")
    assert final.player_a.name in say(spectator, "table.standings tbody tr:first-child")
    day.go(spectator, f"/e/{slug}/")
    assert day.words("Before the day") not in say(spectator, "main")
    for path in (f"/e/{slug}/rounds/2/", f"/e/{slug}/standings/", f"/console/e/{slug}/audit/"):
        day.go(desk if path.startswith("/console") else spectator, path)
    day.accessible(spectator)
    assert day.problems == [], day.problems
