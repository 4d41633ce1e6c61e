"""A team event on its pages: the console builds the teams and pairs the round, each captain makes the
lineup choices from their private page (never seeing the other's open choice), and the public see the
matches, the team standings and each team's page."""
import re

import pytest
from django.test import Client

from teams import selectors
from teams.models import Team, TeamMatch
from tests.factories import make_user
from tournaments import services
from tournaments.models import Event, Player, Round


@pytest.fixture
def organizer(db):
    user, _ = make_user("team-pages-organizer")
    client = Client()
    client.force_login(user)
    return user, client


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_console_builds_teams_and_the_captains_line_up_from_their_phones(organizer):
    user, console = organizer
    event = services.event_create(user=user, name="Club Cup", date="2026-11-28", format="gg2017", rounds=2)
    base = f"/console/e/{event.slug}/teams/"
    assert console.post(base, {"action": "rules", "size": "3", "match_rule": "match_points", "lineups": "captains",
                               "distinct": "1"}).status_code == 302
    assert Event.objects.get(pk=event.pk).team_size == 3
    factions = ["guild", "arcanists", "neverborn"]
    for name in ("Ash", "Birch"):
        console.post(base, {"action": "team", "name": name, "club": f"{name} club"})
        team = Team.objects.get(event=event, name=name)
        for i, faction in enumerate(factions):
            console.post(base, {"action": "member", "team": team.pk, "name": f"{name} {i}", "faction": faction})
    refused = console.post(base, {"action": "member", "team": team.pk, "name": "Extra", "faction": "bayou"},
                           follow=True)
    assert "already has its 3 players" in text(refused.content.decode())
    page = text(console.get(base).content.decode())
    assert "2 teams" in page and "Ash 0" in page and "captain" in page
    assert console.post(f"/console/e/{event.slug}/rounds/", {"method": "swiss", "pair": ""}).status_code == 302
    assert Round.objects.get(event=event, number=1).is_draft, "paired as a draft for the organizer to check"
    published = console.post(f"/console/e/{event.slug}/rounds/1/publish/", {})
    assert (published.status_code, published["Location"]) == (302, f"/console/e/{event.slug}/rounds/1/")
    assert "Round 1 published: players see their tables." in text(console.get(published["Location"]).content.decode())
    assert not Round.objects.get(event=event, number=1).is_draft
    match = TeamMatch.objects.select_related("team_a", "team_b").get(round__event=event)
    cap_a, cap_b = Player.objects.get(pk=match.team_a.captain_id), Player.objects.get(pk=match.team_b.captain_id)
    mine = text(Client().get(f"/p/{cap_a.key}/").content.decode())
    assert f"Your team plays {match.team_b.name}" in mine and "Place one of your players" in mine
    member = Player.objects.filter(membership__team=match.team_a).exclude(pk=cap_a.pk).first()
    assert "Your captain is choosing the lineup" in text(Client().get(f"/p/{member.key}/").content.decode())
    Client().post(f"/p/{cap_a.key}/", {"action": "lineup", "lineup_player": cap_a.pk})
    theirs = text(Client().get(f"/p/{cap_b.key}/").content.decode())
    assert cap_a.name not in theirs.split("Your team plays", 1)[1].split("Place", 1)[0], "a's choice is hidden"
    Client().post(f"/p/{cap_b.key}/", {"action": "lineup", "lineup_player": cap_b.pk})
    assert f"placed {cap_b.name}" in text(Client().get(f"/p/{cap_a.key}/").content.decode()), "both placed: shown"
    for captain in (cap_a, cap_b):
        page = Client().get(f"/p/{captain.key}/").content.decode()
        free = re.search(r'name="lineup_player"><option value="(\d+)"', page).group(1)
        Client().post(f"/p/{captain.key}/", {"action": "lineup", "lineup_player": free})
    assert match.games.count() == 3
    public = text(Client().get(f"/e/{event.slug}/rounds/1/").content.decode())
    assert "Team matches" in public and "tables 1–3" in public and match.team_a.name in public
    standings = text(Client().get(f"/e/{event.slug}/teams/").content.decode())
    assert "Team standings" in standings and "Ash" in standings and "Birch" in standings
    team_page = text(Client().get(f"/e/{event.slug}/teams/{match.team_a_id}/").content.decode())
    assert cap_a.name in team_page and "captain" in team_page and "Round 1" in team_page
    assert len(selectors.round_matches(event, 1)) == 1


def test_the_captain_adds_teammates_from_the_private_page_before_round_1(organizer):
    user, console = organizer
    event = services.event_create(user=user, name="Invite Cup", date="2026-11-28", format="gg2017")
    console.post(f"/console/e/{event.slug}/teams/", {"action": "rules", "size": "2", "match_rule": "match_points",
                                                       "lineups": "captains", "distinct": "1"})
    console.post(f"/console/e/{event.slug}/teams/", {"action": "team", "name": "Ash"})
    team = Team.objects.get(event=event)
    console.post(f"/console/e/{event.slug}/teams/", {"action": "member", "team": team.pk, "name": "Cap",
                                                       "faction": "guild"})
    captain = Player.objects.get(event=event, name="Cap")
    page = Client().get(f"/p/{captain.key}/").content.decode()
    assert "add your teammates" in text(page)
    answer = Client().post(f"/p/{captain.key}/", {"action": "team-member", "name": "Mate", "faction": "guild"},
                           follow=True)
    assert "already fields this faction" in text(answer.content.decode()), "the event's faction rule holds"
    answer = Client().post(f"/p/{captain.key}/", {"action": "team-member", "name": "Mate", "faction": "arcanists"},
                           follow=True)
    mate = Player.objects.get(event=event, name="Mate")
    assert mate.membership.team == team and f"/p/{mate.key}/" in answer.content.decode()
    assert "add your teammates" not in text(Client().get(f"/p/{captain.key}/").content.decode()), "team full"
    refused = Client().post(f"/p/{mate.key}/", {"action": "team-member", "name": "X", "faction": "gremlins"},
                            follow=True)
    assert "Only the team&#x27;s captain adds its members" in text(refused.content.decode())
