"""Issue 52: the round page's refresh replaces the pairings whole, with their pace (20 s, 5 s once a game
of the round is tracked) and, in a team event, the team matches above them: before, a refresh kept the
pace the page was opened with and dropped the matches (they were outside the part it replaced)."""
import pytest
from django.test import Client

from tests.factories import make_user
from tournaments import services

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_a_refresh_brings_the_pace_with_the_pairings(round_two):
    url = "/e/spring-open/rounds/2/"
    assert 'data-poll="20"' in Client().get(url, **HTMX).content.decode()
    Client().post(f"/p/{round_two.player_a.key}/", {"action": "track-line", "side": "a", "turn": 1, "strategy": 0})
    refreshed = Client().get(url, **HTMX).content.decode()
    assert refreshed.lstrip().startswith('<div id="pairings"'), "the polled element itself comes back"
    assert 'hx-swap="outerHTML" hx-trigger="poll" data-poll="5"' in refreshed


@pytest.mark.parametrize("language, heading", [("en", "Team matches"), ("fr", "Matchs d’équipes")])
def test_a_team_events_matches_stay_through_a_refresh(db, language, heading):
    user, _ = make_user("pace-organizer")
    console = Client()
    console.force_login(user)
    event = services.event_create(user=user, name="Club Cup", date="2026-11-28", format="gg2017", rounds=2)
    base = f"/console/e/{event.slug}/teams/"
    console.post(base, {"action": "rules", "size": "2", "match_rule": "match_points", "lineups": "organizer",
                        "distinct": "1"})
    for name in ("Ash", "Birch"):
        console.post(base, {"action": "team", "name": name, "club": ""})
        team = event.teams.get(name=name)
        for i, faction in enumerate(("guild", "arcanists")):
            console.post(base, {"action": "member", "team": team.pk, "name": f"{name} {i}", "faction": faction})
    console.post(f"/console/e/{event.slug}/rounds/", {"method": "swiss", "pair": ""})
    console.post(f"/console/e/{event.slug}/rounds/1/publish/", {})
    reader = Client(HTTP_ACCEPT_LANGUAGE=language)
    url = f"/e/{event.slug}/rounds/1/"
    assert heading in reader.get(url).content.decode()
    assert heading in reader.get(url, **HTMX).content.decode()
