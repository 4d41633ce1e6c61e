"""Issue 34: the results board's quick entry takes both leaders (suggested from the format's list, limited
to each player's faction, one list per table), so leaders no longer need the score-sheet page; the score
sheet is pre-filled and offers the table's Scheme Pool, not the whole chart."""
import html
import re

from scoring.formats import M4E_GG0
from tests.web.test_score_sheets import chain, gg0, organizer  # noqa: F401 (gg0 is a fixture)
from tournaments.models import Result
from tournaments.web.sheets import offered_schemes

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_the_board_takes_both_leaders_from_each_factions_list(gg0):  # noqa: F811
    event, game = gg0
    client = organizer(event)
    page = client.get(f"/console/e/{event.slug}/rounds/1/").content.decode()
    row = page.split(f'id="table-{game.table}"')[1].split("</section>")[0]
    lists = {k: html.unescape(v) for k, v in re.findall(r'<datalist id="([^"]+)">(.*?)</datalist>', row, re.S)}
    own_a = lists[f"leaders-g{game.pk}-master_a"]
    assert all(leader.label in own_a for leader in M4E_GG0.leaders[game.player_a.faction])
    other = next(f for f in M4E_GG0.leaders if f != game.player_a.faction)
    assert M4E_GG0.leaders[other][0].label not in own_a  # only the player's own faction
    assert f"Leader: {game.player_a.name}" in row
    lead_a, lead_b = (M4E_GG0.leaders[p.faction][0] for p in (game.player_a, game.player_b))
    answer = client.post(f"/console/e/{event.slug}/games/{game.pk}/result/", {
        f"g{game.pk}-outcome": "played", f"g{game.pk}-vp_a": 6, f"g{game.pk}-vp_b": 3,
        f"g{game.pk}-master_a": lead_a.label.upper(), f"g{game.pk}-master_b": lead_b.label}, **HTMX)
    assert answer.status_code == 200 and 'class="result saved"' in answer.content.decode()
    result = Result.objects.get(game=game)
    assert (result.leader_a, result.master_a, result.leader_b) == (lead_a.key, lead_a.label, lead_b.key)
    # A correction that leaves the leaders as they are keeps them (the fields come pre-filled).
    again = client.get(f"/console/e/{event.slug}/rounds/1/").content.decode()
    assert f'value="{lead_a.label}"' in html.unescape(again.split(f'id="table-{game.table}"')[1].split("</section>")[0])


def test_a_leader_of_another_faction_is_refused_on_the_board_and_nothing_is_saved(gg0):  # noqa: F811
    event, game = gg0
    other = next(f for f in M4E_GG0.leaders if f != game.player_a.faction)
    answer = organizer(event).post(f"/console/e/{event.slug}/games/{game.pk}/result/", {
        f"g{game.pk}-outcome": "played", f"g{game.pk}-vp_a": 6, f"g{game.pk}-vp_b": 3,
        f"g{game.pk}-master_a": M4E_GG0.leaders[other][0].label}, **HTMX)
    assert answer.status_code == 200 and "leads" in answer.content.decode()
    assert not Result.objects.filter(game=game).exists()


def test_the_score_sheet_offers_the_tables_pool_and_shows_what_is_saved(gg0):  # noqa: F811
    event, game = gg0
    client = organizer(event)
    url = f"/console/e/{event.slug}/games/{game.pk}/sheet/"
    select = re.search(r'<select name="a_scheme_1"[^>]*>(.*?)</select>', client.get(url).content.decode(), re.S)
    offered = set(re.findall(r'<option value="([^"]+)"', select.group(1)))
    assert offered == {s.key for s in offered_schemes(M4E_GG0, game.scheme_pool)}
    assert set(game.scheme_pool) <= offered
    first, then = chain(game)
    lead_a = M4E_GG0.leaders[game.player_a.faction][0]
    client.post(f"/console/e/{event.slug}/games/{game.pk}/result/", {
        f"g{game.pk}-outcome": "played", f"g{game.pk}-vp_a": 5, f"g{game.pk}-vp_b": 2,
        f"g{game.pk}-master_a": lead_a.label}, **HTMX)
    page = client.get(url).content.decode()
    assert re.search(r'name="vp_a"[^>]*value="5"', page) and re.search(r'name="vp_b"[^>]*value="2"', page)
    assert re.search(f'name="master_a"[^>]*value="{re.escape(lead_a.label)}"', html.unescape(page))


def test_a_pool_is_offered_alone_in_gg2017_and_every_scheme_before_it_is_known():
    from scoring.formats import GG2017

    pool = [s.key for s in GG2017.schemes[:5]]
    assert [s.key for s in offered_schemes(GG2017, pool)] == pool
    assert offered_schemes(GG2017, ()) == list(GG2017.schemes)


def test_one_leader_typed_keeps_the_others_as_it_was(gg0):  # noqa: F811
    event, game = gg0
    client = organizer(event)
    lead_a, lead_b = (M4E_GG0.leaders[p.faction][0] for p in (game.player_a, game.player_b))
    post = {f"g{game.pk}-outcome": "played", f"g{game.pk}-vp_a": 6, f"g{game.pk}-vp_b": 3}
    client.post(f"/console/e/{event.slug}/games/{game.pk}/result/",
                {**post, f"g{game.pk}-master_a": lead_a.label, f"g{game.pk}-master_b": lead_b.label}, **HTMX)
    client.post(f"/console/e/{event.slug}/games/{game.pk}/result/",
                {**post, f"g{game.pk}-master_a": lead_a.label, f"g{game.pk}-master_b": ""}, **HTMX)
    result = Result.objects.get(game=game)
    assert (result.leader_a, result.leader_b, result.master_b) == (lead_a.key, lead_b.key, lead_b.label)


def test_every_scheme_is_offered_once_whatever_the_chains():
    for pool in ([s.key for s in M4E_GG0.schemes[:3]], [s.key for s in M4E_GG0.schemes[3:6]]):
        keys = [s.key for s in offered_schemes(M4E_GG0, pool)]
        assert len(keys) == len(set(keys)) and keys[:3] == pool
