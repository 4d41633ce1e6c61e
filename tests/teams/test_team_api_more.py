"""What the Teams console and a captain's private page do, through the API (issue 53): the captain adds a
teammate by their key (only the team's captain: the service's rule, which the page relies on too), the
organizer names a captain and drops a team. A refusal is a 4xx that changes nothing."""
import pytest
from django.test import Client
from django.utils import timezone

from audit.models import AuditRecord
from scoring.problems import Conflict
from teams import roster
from teams.models import DROPPED, Member, Team
from tests.factories import Api, make_user, rejected
from tournaments import services
from tournaments.models import Event, Player


@pytest.fixture
def cup(db):
    """A team event of three a side before round 1: Ash (Cap, its captain, and Mate) and Birch (Bo)."""
    user, token = make_user("team-more-organizer")
    event = services.event_create(user=user, name="Invite Cup", date="2026-11-28", format="gg2017")
    roster.team_rules_set(event=event, by=user, size=3, distinct_factions=True)
    ash, birch = (roster.team_create(event=event, name=name, by=user) for name in ("Ash", "Birch"))
    cap = roster.member_register(team=ash, name="Cap", faction="guild", by=user)
    mate = roster.member_register(team=ash, name="Mate", faction="arcanists", by=user)
    bo = roster.member_register(team=birch, name="Bo", faction="guild", by=user)
    return {"event": event, "user": user, "organizer": Api(Client(), token), "ash": ash, "birch": birch,
            "cap": cap, "mate": mate, "bo": bo}


def by_key(player):
    return Api(Client(), key=player.key)


def members_path(cup, team="ash"):
    return f"/api/events/{cup['event'].pk}/teams/{cup[team].pk}/members/"


def test_the_captain_adds_a_teammate_by_key_and_gets_their_private_link(cup):
    status, body = by_key(cup["cap"]).post(members_path(cup), {"name": "Newt", "faction": "neverborn",
                                                                "email": "newt@example.org"})
    assert status == 201, body
    newt = Player.objects.get(event=cup["event"], name="Newt")
    assert newt.membership.team == cup["ash"] and body["added"]["id"] == newt.pk
    assert body["added"]["link"].endswith(f"/p/{newt.key}/") and "Newt" in [m["name"] for m in body["members"]]
    assert AuditRecord.objects.filter(action="team_member_added", player=newt).exists(), "the page's audit line"


def test_only_the_team_s_captain_adds_its_members(cup):
    """A member who does not captain the team, or another team's captain (Bo, Birch's): 409 not_captain,
    nothing added."""
    answer = rejected(by_key(cup["mate"]), "POST", members_path(cup), {"name": "X", "faction": "neverborn"}, 409)
    assert answer["errors"][0]["code"] == "not_captain"
    answer = rejected(by_key(cup["bo"]), "POST", members_path(cup), {"name": "X", "faction": "neverborn"}, 409)
    assert answer["errors"][0]["code"] == "not_captain"


def test_the_rule_is_the_service_s(cup):
    """roster.member_register refuses a player who does not captain the team, whoever calls it."""
    with pytest.raises(Conflict) as refused:
        roster.member_register(team=cup["ash"], name="X", faction="neverborn", by=cup["mate"])
    assert refused.value.problems[0].code == "not_captain"
    assert not Player.objects.filter(name="X").exists()


def test_a_captain_gets_the_same_refusals_as_the_page(cup):
    answer = rejected(by_key(cup["cap"]), "POST", members_path(cup), {"name": "Dup", "faction": "guild"}, 400)
    assert answer["errors"][0]["code"] == "faction_taken_in_team"
    rejected(by_key(cup["cap"]), "POST", members_path(cup), {"name": "Half"}, 400)


def test_a_captain_adds_no_registered_player_and_nobody_else_adds_members(cup):
    loner = services.player_register(event=cup["event"], name="Loner", faction="outcasts")
    rejected(by_key(cup["cap"]), "POST", members_path(cup), {"player": loner.pk}, 403)
    rejected(Api(Client()), "POST", members_path(cup), {"name": "X", "faction": "neverborn"}, 401)
    _, token = make_user("team-more-stranger")
    rejected(Api(Client(), token), "POST", members_path(cup), {"name": "X", "faction": "neverborn"}, 403)
    other = services.event_create(user=cup["user"], name="Elsewhere", date="2026-11-29", format="gg2017")
    outsider = services.player_register(event=other, name="Out", faction="guild")
    rejected(by_key(outsider), "POST", members_path(cup), {"name": "X", "faction": "neverborn"}, 403)


def test_the_organizer_still_adds_members_and_gets_their_link(cup):
    status, body = cup["organizer"].post(members_path(cup, "birch"), {"name": "Bee", "faction": "arcanists"})
    assert status == 201 and body["added"]["name"] == "Bee" and "/p/" in body["added"]["link"]
    loner = services.player_register(event=cup["event"], name="Loner", faction="outcasts")
    status, body = cup["organizer"].post(members_path(cup, "birch"), {"player": loner.pk})
    assert status == 201 and body["added"]["id"] == loner.pk


def test_the_private_page_still_adds_a_teammate_and_refuses_a_non_captain(cup):
    answer = Client().post(f"/p/{cup['cap'].key}/", {"action": "team-member", "name": "Pat", "faction": "outcasts"},
                           follow=True)
    pat = Player.objects.get(name="Pat")
    assert f"/p/{pat.key}/" in answer.content.decode()
    loner = services.player_register(event=cup["event"], name="Loner", faction="outcasts")
    for player in (cup["mate"], loner):  # a member who does not captain; a player in no team
        refused = Client().post(f"/p/{player.key}/", {"action": "team-member", "name": "Q", "faction": "outcasts"},
                                follow=True)
        assert "captain adds its members" in refused.content.decode()
        assert not Player.objects.filter(name="Q").exists()


def test_the_organizer_names_a_captain(cup):
    path = f"/api/events/{cup['event'].pk}/teams/{cup['ash'].pk}/captain/"
    status, body = cup["organizer"].call("PUT", path, {"player": cup["mate"].pk})
    assert status == 200 and body["captain"] == cup["mate"].pk
    assert Team.objects.get(pk=cup["ash"].pk).captain_id == cup["mate"].pk
    assert AuditRecord.objects.filter(action="team_captain_set").exists()
    answer = rejected(cup["organizer"], "PUT", path, {"player": cup["bo"].pk}, 400)
    assert answer["errors"][0]["code"] == "captain_not_member"
    rejected(cup["organizer"], "PUT", path, {"player": "x"}, 400)
    rejected(cup["organizer"], "PUT", path, {"player": 2**70}, 400)
    rejected(cup["organizer"], "POST", members_path(cup), {"player": 2**70}, 400)
    rejected(cup["organizer"], "PUT", path, {}, 400)
    rejected(cup["organizer"], "PUT", path, {"player": 999999}, 404)
    rejected(by_key(cup["cap"]), "PUT", path, {"player": cup["cap"].pk}, 403)
    rejected(cup["organizer"], "PUT", f"/api/events/{cup['event'].pk}/teams/999999/captain/",
             {"player": cup["cap"].pk}, 404)


def test_the_organizer_drops_a_team(cup):
    path = f"/api/events/{cup['event'].pk}/teams/{cup['birch'].pk}/drop/"
    rejected(by_key(cup["bo"]), "POST", path, {}, 403)
    status, body = cup["organizer"].post(path)
    assert status == 200 and body["status"] == DROPPED
    assert Player.objects.get(pk=cup["bo"].pk).status == "dropped"
    assert AuditRecord.objects.filter(action="team_dropped").exists()
    assert Member.objects.filter(team=cup["ash"]).count() == 2


def test_a_finished_event_s_team_is_not_dropped(cup):
    Event.objects.filter(pk=cup["event"].pk).update(finished_at=timezone.now())
    answer = rejected(cup["organizer"], "POST", f"/api/events/{cup['event'].pk}/teams/{cup['birch'].pk}/drop/", {},
                      409)
    assert answer["errors"][0]["code"] == "event_finished"
