"""A tracked game's secret schemes until it is confirmed: a report made from the tracker holds both players'
choices, yet the game's API answer and the private page show a player the opponent's only once revealed
(their owner sees theirs, the organizer everything); once confirmed, the result is whole. What a player
reads leaves out a scheme of the opponent's side they typed themselves alike, chosen or not, so no answer
tells which the opponent chose."""
import html
import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scoring.formats import get_format
from tests.factories import Api
from tests.phones.test_tracker import page, pool_of, sides, track
from tracker.models import Tracker


@pytest.fixture(autouse=True)
def many_reports(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "report_player": "10000/minute"}


def schemes_of(version: dict, side: str) -> list[tuple[str, str]]:
    return [(s["scheme"], s["noted_model"]) for s in version["breakdown"].get(side, {}).get("schemes", [])]


def sheet_words(game, scheme: str) -> str:
    """How the private page's score sheet line names a scheme that scored nothing."""
    return f"{get_format(game.round.event.format).scheme(scheme).name} 0 VP"


def private_page(player) -> str:
    return html.unescape(Client().get(page(player)).content.decode())


def test_a_report_from_the_tracker_keeps_each_players_unrevealed_schemes_their_own(round_two, organizer_api):
    game = round_two
    ann, bob = sides(game)
    pool = pool_of(game)
    track(ann, action="track-scheme", scheme=pool[0], noted_model="Ann's note")
    track(bob, action="track-scheme", scheme=pool[1], noted_model="Bob's secret")
    track(ann, action="track-line", side="a", turn=1, strategy=0)
    assert track(ann, action="track-report").status_code == 302  # she ends the game at turn 1
    path = f"/api/games/{game.pk}/"
    as_ann, as_bob = Api(APIClient(), key=ann.key), Api(APIClient(), key=bob.key)
    ann_sees, bob_sees = as_ann.get(path)[1]["versions"][0], as_bob.get(path)[1]["versions"][0]
    assert schemes_of(ann_sees, "a") == [(pool[0], "Ann's note")] and schemes_of(ann_sees, "b") == []
    assert schemes_of(bob_sees, "b") == [(pool[1], "Bob's secret")] and schemes_of(bob_sees, "a") == []
    organizer_sees = organizer_api.get(path)[1]["versions"][0]
    assert (schemes_of(organizer_sees, "a"), schemes_of(organizer_sees, "b")) == (
        [(pool[0], "Ann's note")], [(pool[1], "Bob's secret")])
    # The private pages' account of the version: each player's own scheme, never the other's.
    ann_page, bob_page = private_page(ann), private_page(bob)
    assert sheet_words(game, pool[0]) in ann_page and sheet_words(game, pool[1]) not in ann_page
    assert sheet_words(game, pool[1]) in bob_page and sheet_words(game, pool[0]) not in bob_page
    # Revealed, a scheme is the opponent's to read too.
    assert track(bob, action="track-reveal", scheme=pool[1]).status_code == 302
    assert schemes_of(as_ann.get(path)[1]["versions"][0], "b") == [(pool[1], "Bob's secret")]
    assert sheet_words(game, pool[1]) in private_page(ann)
    # Confirmed, the result is whole, for everyone.
    assert as_bob.post(f"/api/games/{game.pk}/confirm/")[1]["status"] == "confirmed"
    result = Api(APIClient()).get(path)[1]["result"]
    assert schemes_of(result, "a") == [(pool[0], "Ann's note")]


def test_what_a_player_reads_of_their_own_report_tells_nothing_of_the_opponents_choice(round_two):
    """Her own report, typed with a scheme for his side at 0 VP: the one he chose and one he did not come
    back the same (left out once the game is tracked; as typed before anything is tracked)."""
    game = round_two
    ann, bob = sides(game)
    pool = pool_of(game)
    as_ann = Api(APIClient(), key=ann.key)
    track(bob, action="track-scheme", scheme=pool[1], noted_model="Bob's secret")

    def reported_for_him(scheme: str) -> list:
        status, body = as_ann.post(f"/api/games/{game.pk}/report/", {
            "vp_a": 0, "vp_b": 0, "turns": 1,
            "breakdown": {"b": {"strategy": 0, "schemes": [{"scheme": scheme, "vp": 0, "noted_model": "?"}]}}})
        assert status == 200, body
        return schemes_of(next(v for v in body["versions"] if v["side"] == "a"), "b")

    assert [reported_for_him(s) for s in pool[1:3]] == [[(pool[1], "?")], [(pool[2], "?")]]  # nothing tracked
    track(ann, action="track-line", side="a", turn=1, strategy=0)
    assert [reported_for_him(s) for s in pool[1:3]] == [[], []]
    assert sheet_words(game, pool[2]) not in private_page(ann)


TOKENS = re.compile(r'(name="(?:csrfmiddlewaretoken|once)" value=)"[^"]*"')
TRACKER = re.compile(r'<section id="tracker".*?</section>', re.S)
CHOICES = re.compile(r'<select name="scheme">.*?</select>', re.S)


def page_as_read(player) -> str:
    """The private page, its per-request tokens (the form's CSRF token, the offline outbox's) set aside."""
    return TOKENS.sub(r'\1"-"', private_page(player))


def test_the_opponents_unrevealed_schemes_are_nowhere_on_a_players_page(round_two):
    """Not in the tracker's forms, not in its lists, not anywhere else: the page Ann reads is the same before
    and after Bob chooses his schemes in secret. The table's pool is public (the mission, the schemes Ann
    may still choose), so Bob's schemes' names are on it as they were before he chose; the tracker, that
    list set aside, names none of them, while it holds Ann's own as a line of her form and of her list."""
    game = round_two
    ann, bob = sides(game)
    pool = pool_of(game)
    fmt = get_format(game.round.event.format)
    track(ann, action="track-scheme", scheme=pool[0], noted_model="Ann's note")
    track(ann, action="track-line", side="a", turn=1, strategy=0)  # the game is tracked: both lines show
    track(bob, action="track-line", side="b", turn=1, strategy=0)
    before = page_as_read(ann)
    for scheme, note in ((pool[1], "Bob's secret"), (pool[2], "Bob's other secret")):
        assert track(bob, action="track-scheme", scheme=scheme, noted_model=note).status_code == 302
    assert len(Tracker.objects.get(game=game).schemes["b"]) == 2
    after = page_as_read(ann)
    assert after == before
    tracker = CHOICES.sub("", TRACKER.search(after).group())
    for scheme in pool[1:3]:
        assert f'name="scheme:{scheme}"' not in after and scheme not in tracker
        assert fmt.scheme(scheme).name not in tracker
    assert "Bob's" not in after  # his noted models
    assert f'name="scheme:{pool[0]}"' in tracker and f"{fmt.scheme(pool[0]).name} VP" in tracker
    assert "Ann's note" in tracker
    bobs = CHOICES.sub("", TRACKER.search(page_as_read(bob)).group())  # his own page names his
    assert all(f'name="scheme:{scheme}"' in bobs for scheme in pool[1:3]) and pool[0] not in bobs
