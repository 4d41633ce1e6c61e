"""The tournament's one hook (`tournaments.services.changes.announce`): every kind of write that moves a
rating marks it due, through people's receiver, in the write's own transaction; a refusal by the
receiver refuses the write; writes that move no rating mark nothing."""
from datetime import date

import pytest
from django.contrib.auth import get_user_model

from people.models import RatingsDue
from people.receivers import HEARD
from scoring.problems import Invalid
from scoring.report import Report
from tests.factories import event_made, results_entered, round_paired
from tournaments import services, signals
from tournaments.backup import export_event, import_event
from tournaments.models import Player
from tournaments.services import changes

pytestmark = pytest.mark.django_db
SPRING = date(2017, 3, 18)


@pytest.fixture
def user(db):
    return get_user_model().objects.create_user("org", password="x")


@pytest.fixture
def paired(user):
    event = event_made(user)
    return event, round_paired(event, user)


def due() -> list[tuple[str, date]]:
    return sorted(RatingsDue.objects.values_list("edition", "since"))


def forget_due() -> None:
    RatingsDue.objects.all().delete()


def first_game(rnd):
    return rnd.games.select_related("round__event", "player_a", "player_b").order_by("table").first()


def test_people_hear_every_kind_the_tournament_announces():
    assert signals.tournament_changed.has_listeners() and set(HEARD) == set(signals.KINDS)


def test_an_unknown_kind_is_a_bug_not_a_silent_no_op(paired):
    with pytest.raises(ValueError):
        changes.announce(paired[0], "something_else")


def test_an_organizers_result_marks_the_edition_due_from_the_events_date(paired, user):
    event, rnd = paired
    forget_due()
    services.result_record(game=first_game(rnd), by=user, report=Report(outcome="played", vp_a=6, vp_b=4))
    assert due() == [("M2E", SPRING)]


def test_a_corrected_result_marks_it_due_again(paired, user):
    event, rnd = paired
    results_entered(rnd, user)
    forget_due()
    services.result_record(game=first_game(rnd), by=user, report=Report(outcome="played", vp_a=2, vp_b=8))
    assert due() == [("M2E", SPRING)]


def test_a_result_the_players_confirm_marks_it_due_and_a_lone_report_does_not(paired):
    event, rnd = paired
    game = first_game(rnd)
    forget_due()
    services.report_submit(game=game, player=game.player_a, report=Report(outcome="played", vp_a=6, vp_b=4))
    assert due() == []  # one side's version counts for nothing yet
    services.report_confirm(game=first_game(rnd), player=game.player_b)
    assert due() == [("M2E", SPRING)]


@pytest.mark.parametrize("fields, moves", [({"faction": "guild"}, True), ({"club": "Bristol"}, False),
                                           ({"name": "Someone Else"}, False)])
def test_an_entrys_faction_moves_its_ratings_and_its_club_or_name_do_not(paired, user, fields, moves):
    event, _rnd = paired
    entry = event.players.get(name="Player 1")  # arcanists
    forget_due()
    services.player_update(player=entry, by=user, **fields)
    assert due() == ([("M2E", SPRING)] if moves else [])


def test_the_ringer_flag_unlinks_the_person_and_back_and_marks_ratings_due(paired, user):
    event, _rnd = paired
    entry = event.players.get(name="Player 2")
    forget_due()
    services.player_update(player=entry, by=user, is_ringer=True)
    entry.refresh_from_db()
    assert entry.person is None and due() == [("M2E", SPRING)]
    forget_due()
    services.player_update(player=entry, by=user, is_ringer=False)
    entry.refresh_from_db()
    assert entry.person is not None and entry.person.name == "Player 2" and due() == [("M2E", SPRING)]


@pytest.mark.parametrize("moved_to, since", [(date(2017, 4, 1), SPRING), (date(2017, 2, 1), date(2017, 2, 1))])
def test_a_moved_date_marks_ratings_due_from_the_earlier_of_the_two(paired, user, moved_to, since):
    event, rnd = paired
    results_entered(rnd, user)
    forget_due()
    services.event_update(event=event, by=user, date=moved_to)
    assert due() == [("M2E", since)]
    forget_due()
    services.event_update(event=event, by=user, name="Renamed Open")
    assert due() == []


def test_a_restored_backup_marks_ratings_due_and_links_every_entry_but_the_ringers(paired, user):
    event, rnd = paired
    results_entered(rnd, user)
    forget_due()
    copy = import_event(export_event(event))
    assert due() == [("M2E", SPRING)]
    assert copy.players.count() == 4 and not copy.players.filter(person=None).exists()


def test_a_person_the_receiver_refuses_refuses_the_registration_whole(paired, user):
    event, _rnd = paired
    forget_due()
    before = Player.objects.count()
    with pytest.raises(Invalid):
        services.player_register(event=event, by=user, name="Nobody", faction="guild", person=999_999)
    assert Player.objects.count() == before and not event.players.filter(name="Nobody").exists()
