"""The people pages in Chromium, English and French, at 360 px and 1280 px: the statistics page never scrolls
sideways as a whole (its matchups of eight factions fit a desktop's width; on a phone a table scrolls in its own
box and says so), and the profile's rating chart keeps its first and last dates inside its box."""
from datetime import date

import pytest

from people import rating_store
from scoring.formats import FORMATS
from scoring.report import Report
from tests.factories import make_user
from tournaments import services

M4E_FACTIONS = [f.key for f in FORMATS["m4e-gg0"].factions]  # eight: every matchup column there can be
WIDTHS = (360, 1280)

CHART_LABELS = """() => [...document.querySelectorAll('svg.chart')].flatMap(svg => {
    const toUnits = svg.getScreenCTM().inverse(), width = svg.viewBox.baseVal.width;
    return [...svg.querySelectorAll('.axis.bottom text')].map(text => {
        const box = text.getBBox(), at = toUnits.multiply(text.getScreenCTM());
        return [text.textContent, at.e + box.x, at.e + box.x + box.width, width];
    });
})"""
SCROLLERS = """() => Object.fromEntries([...document.querySelectorAll('.table-scroll')].map(box =>
    [box.getAttribute('aria-label'), {wide: box.scrollWidth, box: box.clientWidth,
                                      hint: box.querySelector('.scroll-hint').offsetHeight}]))"""


def two_m4e_events():
    """Eight people, one per M4E faction, at two finished events six weeks apart: every matchup, two rating
    steps. Returns the first player's person."""
    (user, _token), people = make_user("org"), []
    for day in (date(2026, 9, 2), date(2026, 10, 14)):
        event = services.event_create(user=user, name=f"Open {day}", format="m4e-gg0", date=day)
        people = [services.player_register(event=event, by=user, name=f"Player {n}", faction=faction,
                                           person=people[n] if people else None).person_id
                  for n, faction in enumerate(M4E_FACTIONS)]
        for seed in ("1", "2", "3"):
            for n, game in enumerate(services.round_generate(event=event, by=user, seed=seed).games.all()):
                services.result_record(game=game, by=user, report=Report(outcome="played", vp_a=2 + n % 5, vp_b=4))
        services.event_finish(event=event, by=user)
    rating_store.ratings_refresh("M4E")
    return people[0]


@pytest.mark.django_db(transaction=True)
def test_statistics_and_profile_fit_their_width_and_show_what_scrolls(contexts, live_server):
    person = two_m4e_events()
    for language in ("en", "fr"):
        for width in WIDTHS:
            page = contexts(viewport={"width": width, "height": 800}, locale=language,
                            extra_http_headers={"Accept-Language": language}).new_page()
            page.goto(f"{live_server.url}/stats/M4E/")
            page.locator("section[aria-labelledby=matchups-title]").scroll_into_view_if_needed()
            assert page.locator("table.matchups thead th[scope=col]").count() == len(M4E_FACTIONS)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (language, width)
            boxes = page.evaluate(SCROLLERS)
            matchups = boxes["Affrontements" if language == "fr" else "Matchups"]
            if width == 1280:
                assert matchups["wide"] <= matchups["box"], (language, matchups)  # no scrollbar of its own
                assert all(each["hint"] == 0 for each in boxes.values()), boxes  # nothing to scroll, no hint
            else:
                scrolling = [name for name, each in boxes.items() if each["wide"] > each["box"]]
                assert scrolling, boxes
                assert all(boxes[name]["hint"] > 0 for name in scrolling), boxes  # each says it scrolls
            page.goto(f"{live_server.url}/people/{person}/")
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (language, width)
            labels = page.evaluate(CHART_LABELS)
            assert len(labels) == 2, labels  # the first day's date and the last's
            for text, left, right, box in labels:
                assert 0 <= left and right <= box, f"{text} drawn from {left:.0f} to {right:.0f} of {box:.0f}"
