"""A 32-player, four-round GG2017 event run in the console alone, as an organizer with paper slips: created,
imported, checked in at the desk, each round paired, previewed and published, its 16 results typed in
place, then finished and its podium shown. The test counts what the organizer waited for: entering a
round's results loads no page, pairing and publishing each take one click and no confirmation page,
finishing takes one confirmation; and the busiest pages stay light with no other host asked."""
import pytest
from django.contrib.auth import get_user_model

from tests.browser.browsing import WEIGHT_LIMIT, event_created, sign_in, visit
from tournaments import selectors
from tournaments.models import Event

PLAYERS = 32
ROUNDS = 4
FACTIONS = ("Guild", "Arcanists", "Resurrectionists", "Neverborn", "Outcasts", "Ten Thunders", "Gremlins")


def slip(table: int, number: int) -> tuple[int, int]:
    """The VP written on table `table`'s slip in round `number` (any two figures from 0 to 10 are legal)."""
    return (table * 3 + number) % 11, (table * 7 + 2 * number) % 11


def stay(page) -> None:
    """Mark the page as it stands: a full page load forgets the mark."""
    page.evaluate("window.stayedOn = location.href")


def stayed(page) -> bool:
    return page.evaluate("window.stayedOn === location.href")


@pytest.mark.django_db(transaction=True)
def test_a_whole_event_in_the_console(contexts, live_server):
    get_user_model().objects.create_user("td", password="td-Pass-12345")
    page = contexts(viewport={"width": 1280, "height": 900}).new_page()
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)

    sign_in(page, live_server.url, "td", "td-Pass-12345")
    event_created(page, "County Championship", "2017-10-14")
    event = Event.objects.get(name="County Championship")
    page.click("text=Settings")
    page.check("input[name=check_in_on_the_day]")
    page.click("button[type=submit]:has-text('Save')")
    page.wait_for_selector("text=Settings saved.")
    csv = "\n".join(f"Player {n},{FACTIONS[n % len(FACTIONS)]},Club {n % 5}" for n in range(PLAYERS))
    page.fill("textarea[name=csv]", csv)
    page.click("button[name=preview]")
    page.click("button[name=confirm]")
    page.wait_for_selector(f"text={PLAYERS} players imported.")

    # The desk: one tap checks the first arrival in place, then everyone expected at once.
    page.click("text=Check-in desk")
    stay(page)
    page.locator(".desk-row").first.locator("button:has-text('Check in')").click()
    page.wait_for_selector("#desk-counts:has-text('1 arrived')")
    assert stayed(page), "a check-in changes its row in place"
    page.click("button:has-text('Check everyone expected in')")
    page.wait_for_selector(f"text={PLAYERS - 1} players checked in.")
    page.goto(f"{live_server.url}/console/e/{event.slug}/")

    for number in range(1, ROUNDS + 1):
        # One click each, no page asking first: the pairing's preview, then the published round's board.
        page.click("button[name=pair]")  # the event page's form for round 1, the board's "Pair round N" after
        page.wait_for_selector(f"h1:has-text('Round {number}: preview')")
        assert page.locator("table.preview tbody tr").count() == PLAYERS // 2
        page.click("button[name=publish]")
        page.wait_for_selector(f"text=Round {number} published")
        assert f"0 of {PLAYERS // 2} tables reported" in page.inner_text("#board-counter")

        stay(page)
        posts.clear()
        page.locator("section.result").first.locator("input[name$=vp_a]").focus()
        for entered in range(1, PLAYERS // 2 + 1):
            # The board moves the cursor to the next table still to enter once the saved row is in.
            page.wait_for_function("""() => { const field = document.activeElement;
                return field && field.name && field.name.endsWith('vp_a')
                    && field.closest('section').dataset.status !== 'confirmed'; }""")
            table = int(page.evaluate("document.activeElement.closest('section').id").removeprefix("table-"))
            vp_a, vp_b = slip(table, number)
            page.keyboard.type(str(vp_a))
            page.keyboard.press("Tab")
            page.keyboard.type(str(vp_b))
            page.keyboard.press("Enter")
            page.wait_for_selector(f"#board-counter:has-text('{entered} of {PLAYERS // 2} tables reported')")
        assert stayed(page), f"entering round {number}'s results loaded a page"
        assert len(posts) == PLAYERS // 2 and all("/result/" in url for url in posts), posts
        print(f"round {number}: {len(posts)} results, {len(posts)} requests, no page load")

    assert page.locator("button[name=pair]").count() == 0, "four rounds planned: no fifth to pair"
    page.click("h1 a:has-text('County Championship')")
    page.click("button:has-text('Finish the event')")  # one confirmation, then done
    page.wait_for_selector("text=Are you sure?")
    page.click("button:has-text('Yes: finish the event')")
    page.wait_for_selector("text=The event is finished: the standings are final.")

    page.click("text=Final results")
    winner = selectors.event_standings(Event.objects.get(pk=event.pk))[0].entrant.name
    assert winner in page.locator(".podium .place-1").inner_text()
    for path in (f"/e/{event.slug}/rounds/{ROUNDS}/", f"/console/e/{event.slug}/rounds/{ROUNDS}/",
                 f"/e/{event.slug}/standings/", f"/e/{event.slug}/final/"):
        tab, weight, foreign = visit(page.context, f"{live_server.url}{path}")
        tab.close()
        assert weight <= WEIGHT_LIMIT and not foreign, (path, weight, foreign)
        print(f"{path}: {weight} bytes compressed with what it loads")
