"""A player who does not come to their table after round 1: from the results board, one confirmed step
forfeits their game (the opponent wins it) and marks them absent, so they are not paired until checked in;
unlike a drop, they rank with the players who lost that round."""
from django.test import Client

from audit.models import AuditRecord
from scoring.report import Report
from tests.factories import Api, db_state, event_made, make_user, rejected, results_entered, round_paired
from tournaments import selectors, services
from tournaments.models import Game, Player


def running_event(players=4):
    user, token = make_user("anna")
    event = event_made(user, players=players)
    results_entered(round_paired(event, user), user, vp=(6, 4))
    rnd = round_paired(event, user, seed="8")
    organizer = Client()
    organizer.force_login(user)
    return event, user, organizer, rnd, Api(Client(), token)


def test_the_board_asks_then_forfeits_and_marks_absent_in_one_step(db):
    event, user, organizer, rnd, _ = running_event()
    game = rnd.games.first()
    missing = Player.objects.get(pk=game.player_b_id)
    board = organizer.get(f"/console/e/{event.slug}/rounds/2/").content.decode()
    assert f"{missing.name} is a no-show" in board
    url = f"/console/e/{event.slug}/players/{missing.pk}/no-show/?round=2"
    asked = organizer.post(url).content.decode()
    assert "Are you sure?" in asked and "forfeited" in asked and f"/console/e/{event.slug}/rounds/2/" in asked
    assert not Game.objects.filter(pk=game.pk, result__isnull=False).exists()
    answer = organizer.post(url, {"confirmed": "yes"})
    assert answer.status_code == 302 and answer["Location"] == f"/console/e/{event.slug}/rounds/2/"
    result = Game.objects.get(pk=game.pk).result
    assert (result.outcome, result.loser, result.tp_a, result.tp_b, result.diff_b) == ("forfeited", "b", 3, 0, -10)
    missing.refresh_from_db()
    assert missing.absent and not missing.checked_in and missing.status == "active"
    assert AuditRecord.objects.filter(action="player_no_show", player=missing, table=game.table).exists()
    standings = {s.entrant.id: s for s in selectors.event_standings(event)}
    assert standings[missing.pk].totals.played == 2  # ranked as having lost the round, not dropped


def test_a_no_show_is_not_paired_until_checked_in_again(db):
    event, user, organizer, rnd, _ = running_event(players=6)
    missing = Player.objects.get(pk=rnd.games.first().player_a_id)
    services.player_no_show(player=missing, by=user)
    for game in rnd.games.filter(result__isnull=True):
        services.result_record(game=game, by=user, report=Report(vp_a=5, vp_b=5))
    third = round_paired(event, user, seed="9")
    assert not Game.objects.filter(round=third, seats__player=missing).exists()


def test_a_player_without_an_open_game_cannot_be_a_no_show(db):
    event, user, organizer, rnd, api = running_event()
    game = rnd.games.first()
    services.result_record(game=game, by=user, report=__import__("scoring.report").report.Report(
        vp_a=5, vp_b=5))
    before = db_state()
    page = organizer.post(f"/console/e/{event.slug}/players/{game.player_a_id}/no-show/?round=2",
                          {"confirmed": "yes"}, follow=True).content.decode()
    assert "has no game without a result in the current round" in page and db_state() == before
    body = rejected(api, "POST", f"/api/events/{event.pk}/players/{game.player_a_id}/no-show/", {}, 409)
    assert body["errors"][0]["code"] == "no_game_to_forfeit"


def test_the_api_records_a_no_show_too(db):
    event, user, organizer, rnd, api = running_event()
    game = rnd.games.first()
    status, body = api.post(f"/api/events/{event.pk}/players/{game.player_a_id}/no-show/")
    assert status == 200 and body["absent"] is True and not body["checked_in"]
    assert Game.objects.get(pk=game.pk).result.loser == "a"


def test_when_neither_player_came_the_second_no_show_makes_a_double_loss(db):
    event, user, organizer, rnd, _ = running_event()
    game = rnd.games.first()
    first, second = Player.objects.get(pk=game.player_a_id), Player.objects.get(pk=game.player_b_id)
    services.player_no_show(player=first, by=user)
    board = organizer.get(f"/console/e/{event.slug}/rounds/2/").content.decode()
    assert "The other player did not come either" in board and f"{second.name} is a no-show" in board
    assert f"{first.name} is a no-show" not in board
    organizer.post(f"/console/e/{event.slug}/players/{second.pk}/no-show/?round=2", {"confirmed": "yes"})
    result = Game.objects.get(pk=game.pk).result
    assert (result.outcome, result.tp_a, result.tp_b, result.diff_a, result.diff_b) == ("double_loss", 0, 0, -10, -10)
    assert Player.objects.filter(pk__in=[first.pk, second.pk], absent=True).count() == 2
    audit = organizer.get(f"/console/e/{event.slug}/audit/").content.decode()
    assert "too: double loss" in audit
