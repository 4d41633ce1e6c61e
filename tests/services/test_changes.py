"""The one write path: a race past a service's check meets the database's constraint and answers a
conflict by the constraint's name; any other IntegrityError is a bug, answered 500 and logged."""
import logging

import pytest
from django.db import IntegrityError
from django.test import Client

from scoring.problems import Conflict
from tests.factories import Api, make_user
from tournaments import services
from tournaments.models import Player
from tournaments.services.changes import event_change, violated_constraint


@pytest.fixture
def organizer(db):
    return make_user("organizer")


@pytest.fixture
def spring(organizer):
    return services.event_create(user=organizer[0], name="Spring Open", date="2017-03-18", format="gg2017")


def test_a_race_for_a_players_name_is_a_conflict_and_writes_nothing(spring):
    services.player_register(event=spring, name="Ann", faction="guild")
    with pytest.raises(Conflict) as raised, event_change(spring) as event:
        # The other request's row is already there: this one's insert meets the unique constraint.
        Player.objects.create(event=event, name="Ann", faction="arcanists", key="x" * 32)
    assert raised.value.problems[0].code == "duplicate_name"
    assert list(Player.objects.values_list("faction", flat=True)) == ["guild"]


@pytest.mark.parametrize("make_second", [
    lambda event: Player.objects.create(event=event, name="Bob", faction="guild", is_ringer=True, key="y" * 32),
    lambda event: Player.objects.create(event=event, name="Ann", faction="guild", key="z" * 32),
], ids=["second ringer", "same name"])
def test_the_database_names_the_constraint_on_every_engine(spring, make_second):
    services.player_register(event=spring, name="Ann", faction="guild", is_ringer=True)
    with pytest.raises(IntegrityError) as raised:
        make_second(spring)
    assert violated_constraint(raised.value) in ("one_ringer_per_event", "player_name_unique_in_event")


def test_an_unexpected_integrity_error_is_a_logged_500_not_a_conflict(organizer, spring, monkeypatch, caplog):
    def broken(**kwargs):
        raise IntegrityError("NOT NULL constraint failed: tournaments_player.nothing")

    monkeypatch.setattr("tournaments.api.players.services.player_register", broken)
    token = organizer[1]
    with caplog.at_level(logging.ERROR, logger="django.request"):
        status, body = Api(Client(raise_request_exception=False), token).post(
            f"/api/events/{spring.pk}/players/", {"name": "Z", "faction": "guild"})
    assert status == 500 and body["type"] == "server_error"
    assert any(record.exc_info for record in caplog.records), "the trace is in the log"
