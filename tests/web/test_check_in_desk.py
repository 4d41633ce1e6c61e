"""The check-in desk: players registered as expected when the event checks in on the day, counts of
arrived / expected / absent, search, one tap to check in (in place), mark absent, undo, everyone at
once; absent and expected players are never paired."""
from django.test import Client

from audit.models import AuditRecord
from tests.factories import make_user
from tournaments.models import Event, Player

HTMX = {"HTTP_HX_REQUEST": "true"}


def desk_event(client, players=("Inès Duarte", "Ben Okafor", "Chloé Martin", "Dev Patel")):
    from tests.factories import Api

    user, token = make_user("desk")
    api = Api(client, token)
    event = api.post("/api/events/", {"name": "Desk", "date": "2017-03-18", "format": "gg2017",
                                      "check_in_on_the_day": True})[1]
    for name in players:
        api.post(f"/api/events/{event['id']}/players/", {"name": name, "faction": "guild"})
    organizer = Client()
    organizer.force_login(user)
    return Event.objects.get(pk=event["id"]), organizer, api


def test_registrations_are_expected_and_the_desk_counts_them(client, db):
    event, organizer, _ = desk_event(client)
    assert not event.players.filter(checked_in=True).exists()
    page = organizer.get(f"/console/e/{event.slug}/desk/").content.decode()
    assert "0 arrived" in page and "4 expected" in page and "0 absent" in page
    found = organizer.get(f"/console/e/{event.slug}/desk/?q=ines", **HTMX).content.decode()
    assert "Inès Duarte" in found and "Ben Okafor" not in found and "<html" not in found


def test_one_tap_checks_in_in_place_and_can_be_undone(client, db):
    event, organizer, _ = desk_event(client)
    ines = event.players.get(name="Inès Duarte")
    row = organizer.post(f"/console/e/{event.slug}/players/{ines.pk}/check-in/", {"from": "desk"},
                         **HTMX).content.decode()
    assert 'id="desk-' in row and "arrived" in row and 'hx-swap-oob="true"' in row and "1 arrived" in row
    assert Player.objects.get(pk=ines.pk).checked_in
    organizer.post(f"/console/e/{event.slug}/players/{ines.pk}/check-out/", {"from": "desk"}, **HTMX)
    assert not Player.objects.get(pk=ines.pk).checked_in
    assert AuditRecord.objects.filter(action="player_checked_out", player=ines).exists()


def test_absent_and_expected_players_are_never_paired(client, db):
    event, organizer, api = desk_event(client)
    ben, chloe = event.players.get(name="Ben Okafor"), event.players.get(name="Chloé Martin")
    organizer.post(f"/console/e/{event.slug}/players/{ben.pk}/mark-absent/", {"from": "desk"})
    assert Player.objects.get(pk=ben.pk).absent
    answer = organizer.post(f"/console/e/{event.slug}/desk/check-in-all/", follow=True).content.decode()
    assert "3 players checked in." in answer and "1 absent" in answer
    assert not Player.objects.get(pk=ben.pk).checked_in
    status, rnd = api.post(f"/api/events/{event.pk}/rounds/", {})
    seated = {p for g in rnd["games"] for p in (g["player_a"], g["player_b"]) if p}
    assert status == 201 and ben.pk not in seated and chloe.pk in seated
    organizer.post(f"/console/e/{event.slug}/players/{ben.pk}/check-in/", {"from": "desk"})
    assert Player.objects.get(pk=ben.pk).checked_in and not Player.objects.get(pk=ben.pk).absent


def test_without_check_in_on_the_day_players_arrive_registered(client, db):
    user, token = make_user("plain")
    from tests.factories import Api

    api = Api(client, token)
    event = api.post("/api/events/", {"name": "Plain", "date": "2017-03-18", "format": "gg2017"})[1]
    player = api.post(f"/api/events/{event['id']}/players/", {"name": "Ann", "faction": "guild"})[1]
    assert player["checked_in"] is True and player["absent"] is False


def test_check_everyone_in_is_offered_only_while_someone_is_expected(client, db):
    event, organizer, _ = desk_event(client)
    assert "Check everyone expected in" in organizer.get(f"/console/e/{event.slug}/desk/").content.decode()
    organizer.post(f"/console/e/{event.slug}/desk/check-in-all/")
    assert "Check everyone expected in" not in organizer.get(f"/console/e/{event.slug}/desk/").content.decode()
