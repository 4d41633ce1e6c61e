"""The services called directly, as the API, the pages and the tasks call them: each write either
happens whole, with its audit line, or raises a domain error with a code and changes nothing."""
import pytest
from django.contrib.auth import get_user_model

from audit.models import AuditRecord
from scoring.problems import Conflict, Invalid
from scoring.report import Report
from tests.factories import db_state, event_made, results_entered, round_paired
from tournaments import selectors, services
from tournaments.models import Game, Player


@pytest.fixture
def organizer_user(db):
    return get_user_model().objects.create_user("orla", password="-")


def codes(error) -> set[str]:
    return {problem.code for problem in error.value.problems}


def test_event_create_makes_the_creator_an_organizer_and_keeps_slugs_apart(organizer_user):
    first, second = event_made(organizer_user, players=0), event_made(organizer_user, players=0)
    assert (first.slug, second.slug) == ("spring-open", "spring-open-2")
    assert list(first.organizers.all()) == [organizer_user] == list(second.organizers.all())


def test_player_register_refuses_every_problem_at_once_and_saves_nothing(organizer_user):
    event = event_made(organizer_user, players=1)
    before = db_state()
    with pytest.raises(Invalid) as refused:
        services.player_register(event=event, by=organizer_user, name="Player 0", faction="no-such-faction")
    assert codes(refused) == {"unknown_faction", "duplicate_name"}
    assert db_state() == before


def test_a_round_is_saved_whole_and_its_players_all_seated_once(organizer_user):
    event = event_made(organizer_user, players=5)
    rnd = round_paired(event, organizer_user)
    seated = [pid for game in rnd.games.all() for pid in (game.player_a_id, game.player_b_id) if pid]
    assert sorted(seated) == sorted(event.players.values_list("id", flat=True))
    assert sum(game.is_bye for game in rnd.games.all()) == 1
    assert AuditRecord.objects.filter(event=event, action="round_paired", round_number=1).count() == 1


def test_the_next_round_waits_for_every_result_then_follows_the_standings(organizer_user):
    event = event_made(organizer_user, players=4)
    first = round_paired(event, organizer_user)
    with pytest.raises(Conflict) as refused:
        round_paired(event, organizer_user)
    assert codes(refused) == {"results_missing"}
    results_entered(first, organizer_user, vp=(7, 2))
    winners = {row.entrant.id for row in selectors.event_standings(event) if row.totals.tp == 3}
    second = round_paired(event, organizer_user)
    top_table = second.games.get(table=1)
    assert {top_table.player_a_id, top_table.player_b_id} == winners


def test_round_delete_is_refused_once_a_result_counts(organizer_user):
    event = event_made(organizer_user, players=4)
    rnd = round_paired(event, organizer_user)
    results_entered(rnd, organizer_user)
    with pytest.raises(Conflict) as refused:
        services.round_delete(event=event, number=1, by=organizer_user)
    assert codes(refused) == {"round_has_results"}
    assert event.round_set.filter(number=1).exists()


def test_a_report_counts_only_once_the_opponent_confirms(organizer_user):
    event = event_made(organizer_user, players=4)
    game = round_paired(event, organizer_user).games.select_related("round__event").first()
    reporter, opponent = Player.objects.get(pk=game.player_a_id), Player.objects.get(pk=game.player_b_id)
    services.report_submit(game=game, player=reporter, report=Report(outcome="played", vp_a=6, vp_b=3))
    assert not hasattr(Game.objects.get(pk=game.pk), "result")
    with pytest.raises(Conflict) as refused:
        services.report_confirm(game=game, player=reporter)
    assert codes(refused) == {"nothing_to_confirm"}
    services.report_confirm(game=game, player=opponent)
    result = Game.objects.get(pk=game.pk).result
    assert (result.vp_a, result.vp_b, result.tp_a, result.tp_b) == (6, 3, 3, 0)


def test_an_impossible_result_is_refused_by_the_rules_module(organizer_user):
    event = event_made(organizer_user, players=4)
    game = round_paired(event, organizer_user).games.select_related("round__event", "player_a", "player_b").first()
    before = db_state()
    with pytest.raises(Invalid) as refused:
        services.result_record(game=game, by=organizer_user, report=Report(outcome="played", vp_a=11, vp_b=0))
    assert codes(refused) == {"vp_above_game_limit"}
    assert db_state() == before


def test_a_dropped_player_is_not_paired_again(organizer_user):
    event = event_made(organizer_user, players=5)
    results_entered(round_paired(event, organizer_user), organizer_user)
    dropped = event.players.first()
    services.player_drop(player=dropped, by=organizer_user)
    second = round_paired(event, organizer_user)
    assert not second.games.filter(player_a=dropped).exists() and not second.games.filter(player_b=dropped).exists()


def test_organizer_add_names_an_existing_user_only(organizer_user):
    event = event_made(organizer_user, players=0)
    with pytest.raises(Invalid) as refused:
        services.organizer_add(event=event, username="nobody", by=organizer_user)
    assert codes(refused) == {"unknown_user"}
    helper = get_user_model().objects.create_user("hugo", password="-")
    services.organizer_add(event=event, username="hugo", by=organizer_user)
    assert set(event.organizers.all()) == {organizer_user, helper}
