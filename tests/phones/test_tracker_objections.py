"""Issue 52: a line the opponent objects to, in a turn already past, can be recorded again from the page
(the server always took it; the page offered no way back to that turn), and *Game over: report this
score* waits only while an objection stands: the game is never stuck."""
import html
import re

import pytest
from django.test import Client

from tournaments.models import AWAITING, Game
from tracker.models import Tracker

WORDS = {
    "en": {"objects": "{name} objects to your turn 1: record it again", "again": "Record turn 1 again"},
    "fr": {"objects": "{name} conteste votre tour 1\u202f: saisissez-le à nouveau",
           "again": "Saisir à nouveau le tour 1"},
}


def track(player, **form):
    answer = Client().post(f"/p/{player.key}/", form)
    assert answer.status_code == 302, answer.content.decode()[:2000]


def tracker_of(player, language="en") -> str:
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get(f"/p/{player.key}/").content.decode()
    return html.unescape(page[page.index('id="tracker"'):])


def line_forms(page: str) -> dict[str, str]:
    """The tracker's line forms by the turn they record."""
    forms = re.findall(r'<form method="post" class="stack track-line[^"]*".*?</form>', page, re.S)
    return {re.search(r'name="turn" value="(\d+)"', form).group(1): form for form in forms}


def report_button(page: str) -> str:
    return re.search(r'<button type="submit" class="primary"[^>]*>[^<]*</button>', page).group(0)


@pytest.fixture
def objected(round_two):
    """Turn 3 of a tracked game; Bob objected to Ann's line of turn 1."""
    game = round_two
    ann, bob = game.player_a, game.player_b
    track(ann, action="track-line", side="a", turn=1, strategy=0)
    track(bob, action="track-line", side="b", turn=1, strategy=0)
    for turn in (2, 3):
        track(ann, action="track-turn", turn=turn)
        track(ann, action="track-line", side="a", turn=turn, strategy=1)
        track(bob, action="track-line", side="b", turn=turn, strategy=1)
    track(bob, action="track-object", side="a", turn=1, note="You scored nothing yet")
    return game


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_objected_line_of_an_earlier_turn_is_offered_again(objected, language):
    ann, bob = objected.player_a, objected.player_b
    page = tracker_of(ann, language)
    forms = line_forms(page)
    assert set(forms) == {"1", "3"}, "the objected turn, then the turn being played"
    assert list(forms) == ["1", "3"]
    again = forms["1"]
    assert WORDS[language]["objects"].format(name=bob.name) in again and "You scored nothing yet" in again
    assert WORDS[language]["again"] in again
    assert 'name="strategy" min="0" max="20" inputmode="numeric" value="0"' in again, "filled with what it holds"
    assert " disabled" in report_button(page), "an objection stands: the report waits"
    theirs = tracker_of(bob, language)
    assert " disabled" in report_button(theirs) and set(line_forms(theirs)) == {"3"}, "Bob records his own side"


def test_recorded_again_the_objection_goes_and_the_game_is_reported(objected):
    ann, bob = objected.player_a, objected.player_b
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', line_forms(tracker_of(ann))["1"]))
    track(ann, **{**fields, "strategy": "0"})  # the same figures: they stand
    assert not any(line["objection"] for line in Tracker.objects.get(game=objected).lines)
    page = tracker_of(ann)
    assert set(line_forms(page)) == {"3"} and "disabled" not in report_button(page)
    assert "disabled" not in report_button(tracker_of(bob))
    track(ann, action="track-report")
    assert Game.objects.get(pk=objected.pk).result_status() == AWAITING
