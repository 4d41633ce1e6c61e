"""The console's results board: each table's result entered in place (htmx) or by a plain form post,
problems beside the field without breaking the row, a counter, the tables still to enter, disputes
decided in one press, unusual results in words, and the next round offered once the last is in."""
from django.test import Client

from tests.factories import db_state
from tournaments.models import Event, Game, Result

HTMX = {"HTTP_HX_REQUEST": "true"}


def board(running):
    event = Event.objects.get(pk=running.id)
    client = Client()
    client.force_login(event.created_by)
    games = list(Game.objects.filter(round__event=event, player_b__isnull=False).order_by("table"))
    return event, client, games


def entry(game, **fields):
    return {f"g{game.pk}-{k}": v for k, v in {"outcome": "played", **fields}.items()}


def test_a_result_is_saved_in_place_with_the_counter(running):
    event, client, games = board(running)
    answer = client.post(f"/console/e/{event.slug}/games/{games[0].pk}/result/", entry(games[0], vp_a=6, vp_b=4),
                         **HTMX)
    html = answer.content.decode()
    assert answer.status_code == 200 and 'class="result saved"' in html and "<html" not in html
    assert 'id="board-counter"' in html and 'hx-swap-oob="true"' in html and "1 of 2 tables reported" in html
    assert "Ann 6–4" in html or "6–4" in html
    assert Result.objects.get(game=games[0]).vp_a == 6


def test_an_impossible_result_shows_the_rule_in_its_row_and_saves_nothing(running):
    event, client, games = board(running)
    before = db_state()
    html = client.post(f"/console/e/{event.slug}/games/{games[0].pk}/result/", entry(games[0], vp_a=12, vp_b=3),
                       **HTMX).content.decode()
    assert "at most 10" in html and 'class="result saved"' not in html and f'name="g{games[0].pk}-vp_a"' in html
    assert db_state() == before


def test_without_javascript_the_entry_posts_and_comes_back_to_the_table(running):
    event, client, games = board(running)
    answer = client.post(f"/console/e/{event.slug}/games/{games[1].pk}/result/", entry(games[1], vp_a=5, vp_b=5))
    assert answer.status_code == 302 and answer["Location"].endswith(f"/rounds/1/#table-{games[1].table}")
    assert Result.objects.filter(game=games[1]).exists()


def test_unusual_results_in_words_and_the_tables_still_to_enter(running):
    event, client, games = board(running)
    client.post(f"/console/e/{event.slug}/games/{games[0].pk}/result/",
                entry(games[0], outcome="conceded", loser="b"), **HTMX)
    page = client.get(f"/console/e/{event.slug}/rounds/1/").content.decode()
    conceder = games[0].player_b.name
    assert f"{conceder} conceded" in page and "Loser" not in page and ">conceded<" in page
    assert '<option value="double_loss">double loss</option>' in page
    todo = client.get(f"/console/e/{event.slug}/rounds/1/?todo=1").content.decode()
    assert f'id="table-{games[1].table}"' in todo and f'id="table-{games[0].table}"' not in todo
    french = client.get(f"/console/e/{event.slug}/rounds/1/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "double défaite" in french


def test_a_dispute_is_decided_by_accepting_one_version(running):
    event, client, games = board(running)
    game = games[0]
    running.as_player(game.player_a_id).post(f"/api/games/{game.pk}/report/", {"vp_a": 7, "vp_b": 4})
    running.as_player(game.player_b_id).post(f"/api/games/{game.pk}/dispute/", {"vp_a": 4, "vp_b": 7})
    page = client.get(f"/console/e/{event.slug}/rounds/1/").content.decode()
    first = page.split('<section class="result')[1]
    assert "Accept this version" in first and "disputed" in first
    assert client.post(f"/console/e/{event.slug}/games/{game.pk}/accept/x/").status_code == 404
    html = client.post(f"/console/e/{event.slug}/games/{game.pk}/accept/b/", **HTMX).content.decode()
    result = Result.objects.get(game=game)
    assert (result.vp_a, result.vp_b) == (4, 7) and not game.reports.exists() and 'class="result saved"' in html
    answer = client.post(f"/console/e/{event.slug}/games/{games[1].pk}/accept/a/")
    assert answer.status_code == 302 and not Result.objects.filter(game=games[1]).exists()


def test_the_next_round_is_offered_once_the_last_result_is_in(running):
    event, client, games = board(running)
    client.post(f"/console/e/{event.slug}/games/{games[0].pk}/result/", entry(games[0], vp_a=6, vp_b=4), **HTMX)
    html = client.post(f"/console/e/{event.slug}/games/{games[1].pk}/result/", entry(games[1], vp_a=3, vp_b=4),
                       **HTMX).content.decode()
    assert "Pair round 2" in html and "2 of 2 tables reported" in html
    Result.objects.filter(game=games[1]).delete()
    assert "Pair round 2" not in client.get(f"/console/e/{event.slug}/rounds/1/").content.decode()


def test_another_events_game_is_not_reachable_from_this_console(running, client, db):
    from tests.factories import make_user

    event, _, games = board(running)
    stranger, _ = make_user("someone")
    other = Client()
    other.force_login(stranger)
    assert other.post(f"/console/e/{event.slug}/games/{games[0].pk}/result/",
                      entry(games[0], vp_a=1, vp_b=0)).status_code == 403
