"""Score sheets on real events, not only through the API: the player's page and the console take the
optional breakdown (and the table's mission where tables flip their own), the rules module's problems
show beside the field they concern, and the console prints a sheet per table."""
import pytest
from django.test import Client

from scoring.formats import M4E_GG0, key_of
from tests.api.test_m4e_event import m4e_event
from tests.factories import Api, db_state, make_user
from tournaments.models import Event, Game, PlayerReport, Result
from tournaments.web.sheets import offered_schemes


@pytest.fixture
def gg0(client, db):
    """An M4E event with four players, round 1 paired with missions per table; (event, first game)."""
    user, token = make_user("zero-organizer")
    event = m4e_event(Api(client, token), players=4)
    Api(client, token).post(f"/api/events/{event['id']}/rounds/", {})
    event = Event.objects.get(pk=event["id"])
    game = Game.objects.select_related("player_a", "player_b").filter(round__event=event).order_by("table")[0]
    return event, game


def organizer(event) -> Client:
    client = Client()
    client.force_login(event.created_by)
    return client


def chain(game):
    """A legal start and next scheme for the game's own pool."""
    first = M4E_GG0.scheme(game.scheme_pool[0])
    return first.key, key_of(first.next[0])


def test_the_players_page_shows_the_tables_own_mission_and_takes_a_score_sheet(gg0):
    event, game = gg0
    page = Client().get(f"/p/{game.player_a.key}/").content.decode()
    assert M4E_GG0.strategy(game.strategy).name in page and "My score sheet" in page
    assert page.count('name="my_vp"') == 1 and page.count('name="my_master"') == 1, "the main fields stay"
    assert M4E_GG0.leaders[game.player_a.faction][0].label in page, "leaders offered from the player's faction"
    first, then = chain(game)
    answer = Client().post(f"/p/{game.player_a.key}/", {
        "action": "report", "my_vp": 3, "their_vp": 2, "outcome": "played", "turns": 4,
        "sheet_strategy": 1, "sheet_scheme_1": first, "sheet_scheme_1_vp": 1, "sheet_scheme_1_note": "Nellie",
        "sheet_scheme_2": then, "sheet_scheme_2_vp": 1, "sheet_scheme_2_note": "Rusty"})
    assert answer.status_code == 302
    version = PlayerReport.objects.get(game=game)
    assert [s["scheme"] for s in version.breakdown["a"]["schemes"]] == [first, then]
    assert version.breakdown["a"]["strategy"] == 1


def test_a_broken_chain_is_shown_beside_its_scheme_and_nothing_is_saved(gg0):
    event, game = gg0
    first, _ = chain(game)
    follows = {key_of(n) for n in M4E_GG0.scheme(first).next}
    wrong = next(s.key for s in offered_schemes(M4E_GG0, game.scheme_pool, 2)  # row 2 offers it, not after `first`
                 if s.key not in follows and s.key != first)
    before = db_state()
    answer = Client().post(f"/p/{game.player_b.key}/", {
        "action": "report", "my_vp": 2, "their_vp": 0, "outcome": "played",
        "sheet_scheme_1": first, "sheet_scheme_1_vp": 1, "sheet_scheme_1_note": "x",
        "sheet_scheme_2": wrong, "sheet_scheme_2_vp": 1, "sheet_scheme_2_note": "y"})
    html = answer.content.decode()
    assert answer.status_code == 200 and db_state() == before
    row = html[html.index('name="sheet_scheme_2"'):html.index('name="sheet_scheme_2_vp"')]
    assert "after" in row and "come" in row, "the message sits in the second scheme's row"


def test_the_console_takes_a_whole_score_sheet_with_leaders(gg0):
    event, game = gg0
    client = organizer(event)
    url = f"/console/e/{event.slug}/games/{game.pk}/sheet/"
    page = client.get(url).content.decode()
    assert "Leader: " + game.player_a.name in page and 'list="leaders-master_a"' in page
    first, then = chain(game)
    leader = M4E_GG0.leaders[game.player_a.faction][0]
    body = {"outcome": "played", "vp_a": 5, "vp_b": 2, "turns": 4, "master_a": leader.label.lower(),
            "master_b": "Someone New, Freshly Released", "a_strategy": 3, "a_scheme_1": first, "a_scheme_1_vp": 1,
            "a_scheme_1_note": "x", "a_scheme_2": then, "a_scheme_2_vp": 1, "a_scheme_2_note": "y",
            "b_strategy_t1": 1, "b_strategy_t2": 1}
    answer = client.post(url, body)
    assert answer.status_code == 302 and answer["Location"].endswith(f"#table-{game.table}")
    result = Result.objects.get(game=game)
    assert (result.leader_a, result.master_a, result.leader_b) == (leader.key, leader.label, "")
    assert result.breakdown["b"]["strategy"] == 2 and len(result.breakdown["b"]["turns"]) == 2
    round_page = client.get(f"/console/e/{event.slug}/rounds/1/").content.decode()
    assert "Someone New, Freshly Released" in round_page and "not in the format" in round_page
    again = client.get(url).content.decode()
    assert f'value="{first}" selected' in again, "the sheet shows what was saved"


def test_a_console_sheet_over_the_scheme_limit_says_so_beside_the_vp(gg0):
    event, game = gg0
    first, _ = chain(game)
    before = db_state()
    answer = organizer(event).post(f"/console/e/{event.slug}/games/{game.pk}/sheet/", {
        "outcome": "played", "vp_a": 3, "vp_b": 0, "a_scheme_1": first, "a_scheme_1_vp": 3, "a_scheme_1_note": "x"})
    html = answer.content.decode()
    assert answer.status_code == 200 and db_state() == before
    assert "at most 2" in html[html.index('name="a_scheme_1_vp"'):html.index('name="a_scheme_1_turn"')]


def test_missions_at_the_table_on_the_players_page(client, db):
    user, token = make_user("table-organizer")
    raw = m4e_event(Api(client, token), players=2, missions="at_table")
    Api(client, token).post(f"/api/events/{raw['id']}/rounds/", {})
    game = Game.objects.select_related("player_a").get(round__event_id=raw["id"])
    page = Client().get(f"/p/{game.player_a.key}/").content.decode()
    assert "Flip your mission at the table" in page and 'name="mission_pool_3"' in page
    missing = Client().post(f"/p/{game.player_a.key}/", {"action": "report", "my_vp": 1, "their_vp": 0,
                                                          "outcome": "played"}).content.decode()
    assert "report the strategy, deployment and Scheme Pool" in missing
    answer = Client().post(f"/p/{game.player_a.key}/", {
        "action": "report", "my_vp": 1, "their_vp": 0, "outcome": "played", "mission_strategy": "informants",
        "mission_deployment": "corner", "mission_pool_1": "ensnare", "mission_pool_2": "frame-job",
        "mission_pool_3": "breakthrough"})
    assert answer.status_code == 302
    assert PlayerReport.objects.get(game=game).mission["scheme_pool"] == ["ensnare", "frame-job", "breakthrough"]


def test_printed_score_sheets_and_the_public_round_page_show_each_tables_mission(gg0):
    event, game = gg0
    sheets = organizer(event).get(f"/console/e/{event.slug}/rounds/1/sheets/").content.decode()
    assert "Turn 4" in sheets and "Scheme 4" in sheets and M4E_GG0.strategy(game.strategy).name in sheets
    assert sheets.count("signature") == 2 * Game.objects.filter(round__event=event).count()
    public = Client().get(f"/e/{event.slug}/rounds/1/").content.decode()
    assert "Each table plays its own mission" in public
    assert M4E_GG0.scheme(game.scheme_pool[0]).name in public


def test_the_clock_calls_the_last_turn_in_m4e_and_warns_in_gg2017(gg0, event):
    from django.utils import timezone

    from tournaments.clock import notice_moments
    from tournaments.models import Round
    from tournaments.services.round_clock import last_call_seconds

    pages = []
    for slug in (gg0[0].slug, "spring-open"):
        rnd = Round.objects.select_related("event").get(event__slug=slug, number=1)
        now = timezone.now()
        rnd.clock_started_at, rnd.clock_left = now, 150 * 60
        rnd.clock_notices = [{"left": 15 * 60, "run": now.isoformat(), "at": now.isoformat()}]
        rnd.save()
        assert 15 * 60 in notice_moments(rnd.clock_left, last_call_seconds(rnd))
        pages.append(Client().get(f"/e/{slug}/rounds/1/").content.decode())
    assert "Last turn: finish the turn you are playing" in pages[0] and "15 minutes left" not in pages[0]
    assert "15 minutes left." in pages[1] and "Last turn" not in pages[1]


def test_turn_by_turn_is_all_or_nothing_and_its_problems_sit_beside_the_turn(gg0):
    event, game = gg0
    first, _ = chain(game)
    client, url = organizer(event), f"/console/e/{event.slug}/games/{game.pk}/sheet/"
    before = db_state()
    base = {"outcome": "played", "vp_a": 4, "vp_b": 0, "turns": 3, "a_strategy": 3, "a_scheme_1": first,
            "a_scheme_1_vp": 1, "a_scheme_1_note": "x"}
    half = client.post(url, {**base, "a_scheme_1_turn": 2}).content.decode()
    assert "fill in the turn of every scheme" in half[half.index('name="a_strategy_t1"'):half.index(
        'name="a_strategy_t2"')]
    late = client.post(url, {**base, "a_scheme_1_turn": 4, "a_strategy_t1": 1, "a_strategy_t2": 1,
                             "a_strategy_t3": 1}).content.decode()
    assert "the game had 3 turns" in late[late.index('name="a_scheme_1_turn"'):late.index('name="a_scheme_1_note"')]
    assert db_state() == before
    assert client.post(url, {**base, "a_scheme_1_turn": 2, "a_strategy_t1": 1, "a_strategy_t2": 1,
                             "a_strategy_t3": 1}).status_code == 302


def test_a_whole_gg0_event_in_the_console(client, db):
    """Created, registered, paired three times with missions per table, every result entered from its score
    sheet with leaders and schemes, and the standings follow: no API call."""
    from tournaments import selectors

    user, _ = make_user("desk")
    client.force_login(user)
    answer = client.post("/console/", {"name": "Zero Cup", "date": "2026-11-21", "format": "m4e-gg0"})
    assert answer.status_code == 302
    event = Event.objects.get(name="Zero Cup")
    assert event.missions == "per_table" and event.round_length() == 150
    factions = [f.key for f in M4E_GG0.factions]
    for i in range(6):
        client.post(f"/console/e/{event.slug}/", {"name": f"Crew {i}", "faction": factions[i]})
    assert event.players.count() == 6
    for number in (1, 2, 3):
        assert client.post(f"/console/e/{event.slug}/rounds/", {"method": "swiss"}).status_code == 302
        assert client.post(f"/console/e/{event.slug}/rounds/{number}/publish/").status_code == 302
        for game in Game.objects.select_related("player_a", "player_b").filter(round__event=event,
                                                                                round__number=number):
            assert len(game.scheme_pool) == 3
            first = M4E_GG0.scheme(game.scheme_pool[0])
            answer = client.post(f"/console/e/{event.slug}/games/{game.pk}/sheet/", {
                "outcome": "played", "vp_a": 4, "vp_b": 2, "turns": 4,
                "master_a": M4E_GG0.leaders[game.player_a.faction][0].label,
                "master_b": M4E_GG0.leaders[game.player_b.faction][1].label,
                "a_strategy": 3, "a_scheme_1": first.key, "a_scheme_1_vp": 1, "a_scheme_1_note": "x",
                "b_strategy": 2})
            assert answer.status_code == 302, answer.content.decode()[:2000]
    results = Result.objects.filter(game__round__event=event)
    assert results.count() == 9 and all(r.leader_a and r.leader_b for r in results)
    standings = selectors.event_standings(event)
    assert sum(s.totals.tp for s in standings) == 9 * 3
