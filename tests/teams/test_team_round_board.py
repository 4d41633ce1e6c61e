"""A team round on the organizer's console (issue 52): its preview and its results board show the matches,
the lineups owed and the games seated, none of an individual pairing's controls, and offer the next round only
once every match's games are seated and reported. 4 teams of 3 on M4E, as the issue's organizer ran it."""
import html
import re

import pytest
from django.test import Client

from scoring.report import Report
from teams import rounds
from teams.models import TeamMatch
from tests.factories import make_user
from tests.teams.test_m4e_team_event import four_teams_of_three, seat_in_order
from tests.web.test_correction_keeps import Forms
from tournaments import services
from tournaments.models import Game

WORDS = {
    "en": {"matches": "Team matches", "draft": "Check the matches, then publish",
           "reported": "{n} of {total} tables reported", "owed": "2 matches still wait for their lineup.",
           "one_owed": "1 match still waits for its lineup.", "to_set": "lineup to set",
           "results": "3 of 3 results in", "all_in": "Every table's result is in.", "pair": "Pair round 2",
           "add": "Add to this round", "late": "Checked in but not in this pairing", "swap": "Swap two seats",
           "not_paired": "Not paired"},
    "fr": {"matches": "Matchs d’équipes", "draft": "Vérifiez les matchs, puis publiez",
           "reported": "Résultats saisis : {n} sur {total} tables",  # the catalogue's own space
           "owed": "2 matchs attendent encore leur composition.",
           "one_owed": "1 match attend encore sa composition.", "to_set": "composition à fixer",
           "results": "3 résultats sur 3", "all_in": "Toutes les tables ont leur résultat.",
           "pair": "Apparier la ronde 2", "add": "Ajouter à cette ronde",
           "late": "Pointés mais absents de cet appariement", "swap": "Échanger deux places",
           "not_paired": "Non appariés"},
}


@pytest.fixture
def organizer(db):
    user, _ = make_user("team-board-organizer")
    client = Client()
    client.force_login(user)
    return user, client


def text(page: str) -> str:
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_team_rounds_preview_and_board_follow_its_matches(organizer, language):
    user, console = organizer
    words = WORDS[language]
    console.cookies["django_language"] = language
    event = four_teams_of_three(user)
    assert console.post(f"/console/e/{event.slug}/rounds/", {"method": "swiss", "pair": ""}).status_code == 302
    board = f"/console/e/{event.slug}/rounds/1/"
    matches = list(TeamMatch.objects.filter(round__event=event).select_related("team_a", "team_b").order_by("pk"))

    preview = text(console.get(board).content.decode())
    assert words["matches"] in preview and words["draft"] in preview
    for match in matches:
        assert f"{match.team_a.name} vs {match.team_b.name}" in preview.replace(" contre ", " vs ")
    for individual in ("add", "late", "swap", "not_paired"):
        assert words[individual] not in preview, f"no individual pairing's {individual} on a team round"

    assert console.post(f"{board}publish/", {}).status_code == 302
    page = text(console.get(board).content.decode())
    assert words["reported"].format(n=0, total=6) in page and words["owed"] in page
    assert words["all_in"] not in page and words["pair"] not in page and words["swap"] not in page

    seat_in_order(matches[0], user)
    for game in Game.objects.filter(team_game__match=matches[0]):
        services.result_record(game=game, by=user, report=Report(outcome="played", vp_a=5, vp_b=3))
    page = text(console.get(board).content.decode())
    assert words["reported"].format(n=3, total=6) in page and words["one_owed"] in page
    assert words["results"] in page and words["to_set"] in page and words["pair"] not in page, \
        "one match in: the other's lineup still owed"
    assert words["pair"] not in text(console.get(f"{board}?todo=1").content.decode())

    seat_in_order(matches[1], user)
    games = list(Game.objects.filter(team_game__match=matches[1]))
    for game in games[:2]:
        services.result_record(game=game, by=user, report=Report(outcome="played", vp_a=4, vp_b=4))
    page = text(console.get(board).content.decode())
    assert words["reported"].format(n=5, total=6) in page and words["pair"] not in page, "a result still out"
    services.result_record(game=games[2], by=user, report=Report(outcome="played", vp_a=4, vp_b=4))
    page = text(console.get(board).content.decode())
    assert words["reported"].format(n=6, total=6) in page and words["pair"] in page
    assert words["owed"] not in page and words["one_owed"] not in page


def test_the_next_team_round_is_paired_from_the_board_once_offered(organizer):
    user, console = organizer
    event = four_teams_of_three(user)
    first = rounds.team_round_generate(event=event, by=user, publish=True, seed="board")
    for match in TeamMatch.objects.filter(round=first):
        seat_in_order(match, user)
        for game in Game.objects.filter(team_game__match=match):
            services.result_record(game=game, by=user, report=Report(outcome="played", vp_a=6, vp_b=2))
    page = console.get(f"/console/e/{event.slug}/rounds/1/").content.decode()
    form = re.search(r'<form method="post" action="([^"]+)" class="stack pair-next">', page)
    assert form and console.post(form.group(1), {"method": "swiss", "pair": ""}).status_code == 302
    assert TeamMatch.objects.filter(round__event=event, round__number=2).count() == 2


@pytest.mark.parametrize("language, said", [
    ("en", "Teams are paired by the team rules: round 1 at random with clubs kept apart, then by match points"),
    ("fr", "Les équipes sont appariées selon les règles par équipes")])
def test_a_team_events_pairing_forms_ask_nothing_the_team_pairer_ignores(organizer, language, said):
    """The event page's and the board's "Pair round N" on a team event: no method, club, table settings (the
    team pairer decides them), a sentence saying how teams are paired; an individual event keeps them."""
    user, console = organizer
    console.cookies["django_language"] = language
    event = four_teams_of_three(user)
    first = console.get(f"/console/e/{event.slug}/").content.decode()
    form = Forms(first).having("method")  # the form as the browser sends it pairs the teams
    assert console.post(form["action"], {**form["fields"], "pair": ""}).status_code == 302
    assert TeamMatch.objects.filter(round__event=event, round__number=1).count() == 2
    assert console.post(f"/console/e/{event.slug}/rounds/1/publish/", {}).status_code == 302
    for match in TeamMatch.objects.filter(round__event=event):
        seat_in_order(match, user)
        for game in Game.objects.filter(team_game__match=match):
            services.result_record(game=game, by=user, report=Report(outcome="played", vp_a=6, vp_b=2))
    board = console.get(f"/console/e/{event.slug}/rounds/1/").content.decode()
    for page in (first, board):
        assert said in text(page)
        for field in ("avoid_same_club", "unavailable_tables", "fresh_tables"):
            assert f'name="{field}"' not in page, field
        assert '<select name="method"' not in page
    solo = services.event_create(user=user, name="Solo", date="2026-11-28", format=event.format)
    assert 'name="method"' in console.get(f"/console/e/{solo.slug}/").content.decode()
