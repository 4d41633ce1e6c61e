"""Issue 52: a score sheet's scheme rows offer the table's Scheme Pool, and in M4E the schemes its chains
reach at each step (the n-th scheme held follows one of the previous one's next schemes), not the whole
chart of 15; each row stays optional (a player who held two schemes leaves the rest empty, and the turn-
by-turn strategy row is optional), on the player's report form and the console's whole sheet alike."""
import html
import re

import pytest
from django.test import Client

from scoring.formats import GG2017, M4E_GG0
from tests.web.test_score_sheets import chain, gg0, organizer  # noqa: F401 (gg0 is a fixture)
from tournaments.models import PlayerReport


def options(page: str, name: str) -> list[str]:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
    return re.findall(r'<option value="([^"]*)"', select.group(1))


def step(keys: list[str]) -> list[str]:
    """The test's own chain step: every next scheme of those given, read from the schemes' cards."""
    found = []
    for key in keys:
        for name in M4E_GG0.scheme(key).next:
            follower = next(s.key for s in M4E_GG0.schemes if s.name == name)
            if follower not in found:
                found.append(follower)
    return found


def test_the_players_rows_follow_the_tables_pool_and_its_chains(gg0):  # noqa: F811
    event, game = gg0
    page = Client().get(f"/p/{game.player_a.key}/").content.decode()
    pool = list(game.scheme_pool)
    assert options(page, "sheet_scheme_1") == ["", *pool], "the first scheme comes from the pool, not all 15"
    second = step(pool)
    assert options(page, "sheet_scheme_2") == ["", *second]
    assert options(page, "sheet_scheme_3") == ["", *step(second)]
    assert len(second) < len(M4E_GG0.schemes)
    # Each scheme of row 2 says which of row 1's it follows, for the script to narrow the row.
    first = pool[0]
    follows = re.findall(r'<option value="([^"]+)" data-after="([^"]*)"',
                         re.search(r'<select name="sheet_scheme_2"[^>]*>(.*?)</select>', page, re.S).group(1))
    assert {key for key, after in follows if first in after.split()} == set(step([first]))
    assert 'data-follows="sheet_scheme_1"' in page


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_consoles_sheet_offers_the_same_rows_in_the_readers_language(gg0, language):  # noqa: F811
    event, game = gg0
    client = organizer(event)
    page = html.unescape(client.get(f"/console/e/{event.slug}/games/{game.pk}/sheet/",
                                    HTTP_ACCEPT_LANGUAGE=language).content.decode())
    pool = list(game.scheme_pool)
    for side in "ab":
        assert options(page, f"{side}_scheme_1") == ["", *pool]
        assert options(page, f"{side}_scheme_2") == ["", *step(pool)]
    name = M4E_GG0.scheme(pool[0]).called(language)
    assert re.search(rf'<select name="a_scheme_1"[^>]*>.*?>{re.escape(name)}</option>', page, re.S)


def test_empty_rows_stay_optional_and_a_written_scheme_is_kept_in_its_row(gg0):  # noqa: F811
    event, game = gg0
    first, then = chain(game)
    answer = Client().post(f"/p/{game.player_a.key}/", {
        "action": "report", "my_vp": 3, "their_vp": 2, "outcome": "played", "turns": 4,
        "sheet_strategy": 2, "sheet_scheme_1": first, "sheet_scheme_1_vp": 1, "sheet_scheme_1_note": "Nellie",
        "sheet_strategy_t1": "", "sheet_strategy_t2": "", "sheet_scheme_2": "", "sheet_scheme_3": "",
        "sheet_scheme_4": ""})
    assert answer.status_code == 302, "no turn-by-turn row, no second scheme: still a report"
    version = PlayerReport.objects.get(game=game)
    assert [s["scheme"] for s in version.breakdown["a"]["schemes"]] == [first]
    assert version.breakdown["a"]["turns"] == []
    # A version holding a scheme its row would not offer today (an older entry): offered there, selected.
    breakdown = version.breakdown
    odd = next(s.key for s in M4E_GG0.schemes if s.key not in game.scheme_pool)
    breakdown["a"]["schemes"][0]["scheme"] = odd
    PlayerReport.objects.filter(pk=version.pk).update(breakdown=breakdown)
    page = Client().get(f"/p/{game.player_a.key}/").content.decode()
    assert options(page, "sheet_scheme_1") == ["", *game.scheme_pool, odd]
    assert re.search(rf'<option value="{odd}"[^>]*selected', page)


def test_without_chains_every_row_offers_the_pool():
    from tournaments.web.sheets import offered_schemes

    pool = [s.key for s in GG2017.schemes[:5]]
    assert [s.key for s in offered_schemes(GG2017, pool, 2)] == pool
    assert [s.key for s in offered_schemes(M4E_GG0, pool[:0], 3)] == [s.key for s in M4E_GG0.schemes]
