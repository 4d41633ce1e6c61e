"""Issue 52, the private page on a 360 px phone: the table and the opponent first, then what the player
does now (confirm the opponent's report, or report, under a heading), then the live tracker, folded away
once the game is reported; who conceded or forfeited is a field of its own, shown by the outcome."""
import re

import pytest
from django.test import Client

WORDS = {
    "en": {"report": "Report the result", "confirm": "Confirm their result", "table": "Table", "live": "Live score",
           "correct": "Correct my report"},
    "fr": {"report": "Déclarer le résultat", "confirm": "Confirmer son résultat", "table": "Table",
           "live": "Score en direct", "correct": "Corriger ma déclaration"},
}


def read(player, language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    return client.get(f"/p/{player.key}/").content.decode()


def current(html: str) -> str:
    return html[html.index('id="current"'):html.index("</section>\n")]


def track(player, side: str):
    """A line of turn 1 in the live tracker (GG2017: no strategy VP yet)."""
    answer = Client().post(f"/p/{player.key}/", {"action": "track-line", "side": side, "turn": 1, "strategy": 0})
    assert answer.status_code == 302


def report(player, **figures):
    answer = Client().post(f"/p/{player.key}/", {"action": "report", "outcome": "played", **figures})
    assert answer.status_code == 302


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_table_and_opponent_then_the_report_under_its_heading_then_the_tracker(round_two, language):
    game, words = round_two, WORDS[language]
    ann, bob = game.player_a, game.player_b
    html = current(read(ann, language))
    order = [html.index(f"{words['table']} {game.table}"), html.index(f"<strong>{bob.name}</strong>"),
             html.index(f"<h3>{words['report']}</h3>"), html.index('name="my_vp"'), html.index('id="tracker"')]
    assert order == sorted(order), order
    assert "{#" not in html and "#}" not in html, "no template comment shows"
    assert "tracker-fold" not in html, "not reported yet: the tracker is open, to keep the score"
    assert re.search(r'<p class="field-loser"><label>[^<]*<select name="loser"', html)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_opponents_report_to_confirm_comes_before_the_tracker_folded_away(round_two, language):
    game, words = round_two, WORDS[language]
    ann, bob = game.player_a, game.player_b
    track(bob, "b")
    report(bob, my_vp=4, their_vp=6)
    html = current(read(ann, language))
    assert html.index(words["confirm"]) < html.index('<details class="tracker-fold">') < html.index('id="tracker"')
    fold = re.search(r'<details class="tracker-fold"([^>]*)><summary>([^<]*)</summary>', html)
    assert fold.group(1) == "", "folded: closed until the player opens it"
    assert fold.group(2).startswith(words["live"]) and f"{ann.name} 0–0 {bob.name}" in fold.group(2)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_after_my_report_its_correction_comes_first_and_the_tracker_is_folded(round_two, language):
    game, words = round_two, WORDS[language]
    ann = game.player_a
    track(ann, "a")
    report(ann, my_vp=6, their_vp=4)
    html = current(read(ann, language))
    assert f"<h3>{words['correct']}</h3>" in html and f"<h3>{words['report']}</h3>" not in html
    assert html.index(f"<h3>{words['correct']}</h3>") < html.index('<details class="tracker-fold">')


def test_a_game_reported_and_never_tracked_shows_no_tracker(round_two):
    ann, bob = round_two.player_a, round_two.player_b
    report(bob, my_vp=4, their_vp=6)
    assert 'id="tracker"' not in current(read(ann, "en"))
