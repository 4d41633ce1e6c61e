"""How the people pages lay out what they show: a profile's factions and leaders under one heading per edition,
the rating chart's date labels inside its box, the statistics' matchups with short column headings and a hint
on each table that scrolls sideways."""
import re
import xml.etree.ElementTree as ET
from datetime import date, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from people import charts, rating_store
from people.stats_tables import short_names
from people.web import played_by_edition
from scoring.formats import FORMATS
from scoring.report import Report
from tournaments import services

pytestmark = pytest.mark.django_db
SVG = "{http://www.w3.org/2000/svg}"
AVERAGE_GLYPH = 0.62  # of the font size: a date's digits and letters in a sans-serif face, a little generous


@pytest.fixture
def user(db):
    return get_user_model().objects.create_user("org", password="x")


def event_played(user, *, format_key: str, day: date, factions: list[str], people=None, name: str = ""):
    """A finished two-round event of four players through the services; `people` the persons of the
    players (in order) from an earlier event. Returns the players' persons."""
    event = services.event_create(user=user, name=name or f"{format_key} {day}", format=format_key, date=day)
    entries = [services.player_register(event=event, by=user, name=f"Player {n}", faction=faction,
                                        person=people[n] if people else None)
               for n, faction in enumerate(factions)]
    for seed in ("1", "2"):
        for game in services.round_generate(event=event, by=user, seed=seed).games.all():
            services.result_record(game=game, by=user, report=Report(outcome="played", vp_a=5, vp_b=3))
    services.event_finish(event=event, by=user)
    return [entry.person_id for entry in entries]


def factions_section(page: str) -> str:
    return page.split('aria-labelledby="factions-title"', 1)[1].split("</section>", 1)[0]


def test_a_profile_lists_each_faction_once_under_its_edition_newest_first(client, user):
    people = event_played(user, format_key="gg2017", day=date(2017, 3, 18),
                          factions=["resurrectionists", "guild", "arcanists", "neverborn"])
    event_played(user, format_key="gg2017", day=date(2017, 5, 6), people=people,
                 factions=["guild", "resurrectionists", "arcanists", "neverborn"])
    event_played(user, format_key="m4e-gg0", day=date(2025, 3, 1), people=people,
                 factions=["resurrectionists", "guild", "arcanists", "neverborn"])
    for language, resurrectionists in (("en", "Resurrectionists"), ("fr", "Résurrectionnistes")):
        page = client.get(f"/people/{people[0]}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        parts = factions_section(page).split("<h3>")[1:]
        assert [part.split("</h3>")[0] for part in parts] == ["M4E", "M2E"]  # newest first, no M3E: none played
        m4e, m2e = (part.split("</h3>")[1].split("</p>")[0] for part in parts)
        assert m4e.count(resurrectionists) == 1 and f"{resurrectionists} (2)" in m4e
        assert m2e.count(resurrectionists) == 1 and f"{resurrectionists} (2)" in m2e
        assert m2e.count("Guil") == 1 and "(2)" in m2e.split("Guil")[1][:12]  # Guild or Guilde, 2 games
        assert m2e.index("Guil") < m2e.index(resurrectionists)  # as many games: by name
    assert factions_section(page).count("<h2") == 1  # one section, one heading per edition below it


def test_factions_and_leaders_are_summed_within_an_edition_and_kept_apart_across_editions():
    with translation.override("en"):
        played = played_by_edition(
            [(("gg2017", "resurrectionists"), 9), (("m4e-gg0", "resurrectionists"), 3), (("gg2017", "guild"), 1),
             (("m3e", "resurrectionists"), 2)],
            [(("gg2017", "Lady Justice"), 2), (("gg2017", "lady  justice"), 1), (("m3e", "Lady Justice"), 4),
             (("gg2017", "Seamus"), 1)])
    assert [each["edition"] for each in played] == ["M4E", "M3E", "M2E"]
    by_edition = {each["edition"]: each for each in played}
    assert by_edition["M4E"]["factions"] == [("Resurrectionists", 3)]
    assert by_edition["M2E"]["factions"] == [("Resurrectionists", 9), ("Guild", 1)]
    assert by_edition["M2E"]["leaders"] == [("Lady Justice", 3), ("Seamus", 1)]  # two spellings, one leader
    assert by_edition["M3E"]["leaders"] == [("Lady Justice", 4)]


def label_boxes(svg: str) -> tuple[float, list[tuple[str, float, float]]]:
    """The viewBox's width, and each bottom-axis label's text with its left and right edges in the
    viewBox's units: its x moved by its groups' translations, spread by its text-anchor, at an estimated
    width (no browser here to measure it)."""
    root = ET.fromstring(svg)
    width = float(root.get("viewBox").split()[2])
    boxes = []

    def walk(element, dx: float, axis: bool):
        moved = re.match(r"translate\(([-0-9.]+)", element.get("transform", ""))
        dx += float(moved.group(1)) if moved else 0
        axis = axis or element.get("class") == "axis bottom"
        if element.tag == f"{SVG}text" and axis:
            x, size = dx + float(element.get("x")), float(element.get("font-size"))
            wide = len(element.text) * size * AVERAGE_GLYPH
            left = {"start": x, "middle": x - wide / 2, "end": x - wide}[element.get("text-anchor", "start")]
            boxes.append((element.text, left, left + wide))
        for child in element:
            walk(child, dx, axis)

    walk(root, 0.0, False)
    return width, boxes


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("days", [2, 3, 9])
def test_the_rating_charts_date_labels_lie_inside_its_box(language, days):
    last = date(2026, 10, 14)  # the widest of dates: a two-digit day, a three-letter month
    points = [(last - timedelta(weeks=days - 1 - n), 1.8 - 0.9 * n) for n in range(days)]
    with translation.override(language):
        svg = charts.line_over_time(points, "Rating", name="Rating")
    width, boxes = label_boxes(svg)
    assert len(boxes) == min(days, 3)
    for text, left, right in boxes:
        assert 0 <= left and right <= width, f"{text!r} runs out of the chart: {left:.0f}–{right:.0f} of {width:.0f}"
    if days == 2:  # the last date on the chart's last tick: centred on it, as it was, it would be cut
        _width, centred = label_boxes(svg.replace('text-anchor="start"', 'text-anchor="middle"')
                                      .replace('text-anchor="end"', 'text-anchor="middle"'))
        assert max(right for _text, _left, right in centred) > width


def test_the_rating_charts_figures_below_zero_read_with_a_minus_sign():
    with translation.override("en"):
        svg = charts.line_over_time([(date(2026, 1, 1), 1.5), (date(2026, 2, 1), -2.5)], "Rating", name="Rating")
    labels = re.findall(r">([^<>]*)</text>", svg)
    assert any(label.startswith("\u2212") for label in labels)
    assert not any(re.match(r"-\d", label) for label in labels)


def test_the_profile_page_draws_its_chart_with_the_last_date_inside(client, user):
    people = event_played(user, format_key="m4e-gg0", day=date(2026, 9, 2),
                          factions=["resurrectionists", "guild", "arcanists", "neverborn"])
    event_played(user, format_key="m4e-gg0", day=date(2026, 10, 14), people=people,
                 factions=["resurrectionists", "guild", "arcanists", "neverborn"])
    rating_store.ratings_refresh("M4E")
    for language in ("en", "fr"):
        page = client.get(f"/people/{people[0]}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        svg = re.search(r"<svg.*?</svg>", page, re.S).group()
        width, boxes = label_boxes(svg)
        assert {"en": "14 Oct 2026", "fr": "14/10/2026"}[language] in {text for text, _left, _right in boxes}
        assert all(0 <= left and right <= width for _text, left, right in boxes), boxes


def test_short_names_are_short_and_different_in_every_format_and_language():
    for fmt in FORMATS.values():
        for names in ([f.name for f in fmt.factions], [f.name_fr or f.name for f in fmt.factions]):
            shorts = short_names(names)
            assert len(set(shorts)) == len(shorts) == len(names), (fmt.key, shorts)
            assert all(1 <= len(short) <= 3 for short in shorts), shorts
    assert short_names(["Guild", "Guilder"]) == ["Guild", "Guilde"]  # alike at three letters: longer
    assert short_names(["Ten Thunders", "Explorer's Society"]) == ["TT", "ES"]


def test_the_matchups_table_heads_its_columns_short_with_a_legend(client, user):
    event_played(user, format_key="m4e-gg0", day=date(2025, 3, 1),
                 factions=["resurrectionists", "ten-thunders", "explorers-society", "guild"])
    rating_store.ratings_refresh("M4E")
    for language, expected in (("en", {"Res": "Resurrectionists", "TT": "Ten Thunders", "Gui": "Guild"}),
                               ("fr", {"Rés": "Résurrectionnistes", "DT": "Dix-Tonnerres", "Gui": "Guilde"})):
        page = client.get("/stats/M4E/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        matchups = page.split('aria-labelledby="matchups-title"', 1)[1].split("</section>", 1)[0]
        head = matchups.split("<thead>", 1)[1].split("</thead>", 1)[0]
        for short, name in expected.items():
            assert f'<th scope="col"><abbr title="{name}">{short}</abbr></th>' in head
            assert f"{short} = {name}" in matchups  # the legend names each column
            assert f">{name}<" not in head  # never the whole name in a column's heading
        assert head.count('<th scope="col">') == 4
        assert page.count('class="scroll-hint"') == page.count('class="table-scroll"') == 4  # each table's hint
