"""An M4E (Gaining Grounds Zero) event made a team event, as the organizer of issue 52 ran one: its tables
draw their own missions by default, which a team event cannot play, so the Teams page names the setting,
offers to change it with the team size, and keeps what was chosen when it refuses."""
import html
import re

import pytest
from django.test import Client

from scoring.report import Report
from teams import roster, rounds
from teams.models import Team, TeamMatch
from tests.factories import Api, make_user, rejected
from tournaments import services
from tournaments.models import Event, Game


@pytest.fixture
def organizer(db):
    user, token = make_user("m4e-team-organizer")
    client = Client()
    client.force_login(user)
    return user, client, token


def text(page: str) -> str:
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def m4e_event(user, name="Zero Teams"):
    event = services.event_create(user=user, name=name, date="2026-11-28", format="m4e-gg0")
    assert event.missions == "per_table", "M4E's own set-up: each table draws its mission"
    return event


def four_teams_of_three(user, lineups="organizer"):
    """The issue's event: M4E, 4 teams of 3, the round's mission at every table."""
    event = m4e_event(user, name="Four Teams")
    roster.team_rules_set(event=event, by=user, size=3, missions="per_round", lineups=lineups)
    factions = ["guild", "arcanists", "neverborn", "outcasts", "resurrectionists", "ten-thunders", "bayou"]
    for t, name in enumerate(("Ash", "Birch", "Cedar", "Dogwood")):
        team = roster.team_create(event=event, name=name, club=f"Club {t}", by=user)
        for m in range(3):
            roster.member_register(team=team, name=f"{name} {m}", faction=factions[(t + m) % 7], by=user)
    return event


def seat_in_order(match, user):
    """The organizer's lineup: each team's members in the order they joined."""
    a, b = ([m.player_id for m in team.members.order_by("pk")] for team in (match.team_a, match.team_b))
    rounds.lineup_set(match=match, pairs=list(zip(a, b)), by=user)


RULES = {"action": "rules", "size": "3", "match_rule": "total_tp", "lineups": "organizer", "distinct": "1"}


@pytest.mark.parametrize("language, setting, refusal", [
    ("en", "This event's setting Missions is now \"each table its own, drawn at pairing\"",
     "A team event's tables play the round's mission, or flip their own at the table. The setting Missions must "
     "change"),
    ("fr", "Le réglage Missions de cet événement est maintenant «\u202fchaque table la sienne, tirée à "
           "l'appariement\u202f»", "Les tables d’un événement par équipes jouent la mission de la ronde, ou tirent la "
                                 "leur à la table. Le réglage Missions doit changer"),
])
def test_a_refused_team_size_names_the_setting_and_keeps_the_choices(organizer, language, setting, refusal):
    user, console, _ = organizer
    event = m4e_event(user)
    console.cookies["django_language"] = language
    answer = console.post(f"/console/e/{event.slug}/teams/", RULES)
    page = answer.content.decode()
    assert answer.status_code == 200, "shown again, not sent back to an empty form"
    assert refusal in text(page) and setting in text(page)
    assert f'href="/console/e/{event.slug}/settings/"' in page
    assert re.search(r'<option value="3" selected>', page), "the team size chosen is kept"
    assert re.search(r'<option value="total_tp" selected>', page) and re.search(
        r'<option value="organizer" selected>', page)
    assert re.search(r'name="distinct" value="1" checked', page)
    assert re.search(r'name="round_mission" value="1" checked', page), "the way out offered, ticked"
    event.refresh_from_db()
    assert (event.team_size, event.missions) == (0, "per_table"), "nothing changed"


def test_ticked_the_event_becomes_a_team_event_playing_the_rounds_mission(organizer):
    user, console, _ = organizer
    event = m4e_event(user)
    page = console.get(f"/console/e/{event.slug}/teams/").content.decode()
    assert 'name="round_mission"' in page and "Play the round's mission at every table" in text(page)
    answer = console.post(f"/console/e/{event.slug}/teams/", {**RULES, "round_mission": "1"})
    assert answer.status_code == 302
    event.refresh_from_db()
    assert (event.team_size, event.missions) == (3, "per_round")
    assert 'name="round_mission"' not in console.get(f"/console/e/{event.slug}/teams/").content.decode(), \
        "nothing left to change"
    settings = console.get(f"/console/e/{event.slug}/settings/").content.decode()
    assert 'value="per_table"' not in settings and 'value="per_round" selected' in settings, \
        "the settings offer only the missions a team event plays"


def test_a_refused_new_member_keeps_what_was_typed(organizer):
    user, console, _ = organizer
    event = m4e_event(user)
    console.post(f"/console/e/{event.slug}/teams/", {**RULES, "round_mission": "1", "lineups": "captains"})
    console.post(f"/console/e/{event.slug}/teams/", {"action": "team", "name": "Ash"})
    team = Team.objects.get(event=event)
    console.post(f"/console/e/{event.slug}/teams/", {"action": "member", "team": team.pk, "name": "Ada",
                                                       "faction": "guild"})
    answer = console.post(f"/console/e/{event.slug}/teams/", {"action": "member", "team": team.pk, "name": "Bea",
                                                                "faction": "guild", "email": "bea@example.org"})
    page = answer.content.decode()
    assert "already fields this faction" in text(page)
    assert 'value="Bea"' in page and 'value="bea@example.org"' in page and "<details open>" in page
    refused = console.post(f"/console/e/{event.slug}/teams/", {"action": "team", "name": "ash", "club": "Oak"})
    assert 'value="ash"' in refused.content.decode() and 'value="Oak"' in refused.content.decode()


def test_the_api_changes_the_missions_with_the_size_in_one_write(organizer):
    user, _, token = organizer
    event = m4e_event(user)
    api = Api(Client(), token)
    path = f"/api/events/{event.pk}/team-rules/"
    answer = rejected(api, "PUT", path, {"size": 3}, 400)
    assert "team_missions" in str(answer)
    status, body = api.call("PUT", path, {"size": 3, "missions": "per_round"})
    assert status == 200 and (body["size"], body["missions"]) == (3, "per_round")
    assert Event.objects.filter(pk=event.pk, team_size=3, missions="per_round").exists()


@pytest.mark.parametrize("language, name", [("en", "Ten Thunders"), ("fr", "Dix-Tonnerres")])
def test_the_teams_page_names_each_members_faction_in_the_readers_language(organizer, language, name):
    user, console, _ = organizer
    event = m4e_event(user)
    console.post(f"/console/e/{event.slug}/teams/", {**RULES, "round_mission": "1"})
    console.post(f"/console/e/{event.slug}/teams/", {"action": "team", "name": "Ash"})
    team = Team.objects.get(event=event)
    console.post(f"/console/e/{event.slug}/teams/", {"action": "member", "team": team.pk, "name": "Ada",
                                                       "faction": "ten-thunders"})
    console.cookies["django_language"] = language
    members = re.search(r'<ul class="players">(.*?)</ul>', console.get(f"/console/e/{event.slug}/teams/")
                        .content.decode(), re.S).group(1)
    assert f"Ada <small class=\"muted\">{name}</small>" in members and "ten-thunders" not in members


def test_teams_equal_on_everything_share_their_place_as_players_do(organizer):
    user, console, _ = organizer
    event = four_teams_of_three(user)
    assert "<td></td>" in Client().get(f"/e/{event.slug}/teams/").content.decode(), "no place before any match"
    rnd = rounds.team_round_generate(event=event, by=user, publish=True, seed="ties")
    matches = list(TeamMatch.objects.filter(round=rnd).select_related("team_a", "team_b").order_by("pk"))
    for index, match in enumerate(matches):
        seat_in_order(match, user)
        for game in Game.objects.filter(team_game__match=match):
            vp = (6, 2) if index == 0 else (4, 4)  # the first match won 3-0, the second drawn game by game
            services.result_record(game=game, by=user, report=Report(outcome="played", vp_a=vp[0], vp_b=vp[1]))
    winner, loser = matches[0].team_a.name, matches[0].team_b.name
    tied = sorted((matches[1].team_a.name, matches[1].team_b.name))
    rows = re.findall(r"<tr><td>([^<]*)</td><td><a [^>]*>([^<]+)</a>",
                      Client().get(f"/e/{event.slug}/teams/").content.decode())
    assert rows == [("1", winner), ("2=", tied[0]), ("2=", tied[1]), ("4", loser)]


def team_section(client, player) -> str:
    page = client.get(f"/p/{player.key}/").content.decode()
    return re.search(r'<section id="team"[^>]*>', page).group(0), page


def polls(section: str) -> bool:
    return 'data-poll="' in section and 'hx-select="#team, #current"' in section and 'hx-trigger="poll"' in section


@pytest.mark.parametrize("language, waiting", [("en", "Waiting for the other captain's choice."),
                                               ("fr", "En attente du choix de l’autre capitaine.")])
def test_the_captain_waiting_for_the_other_refreshes_the_team_part_until_seated(organizer, language, waiting):
    user, _, _ = organizer
    event = four_teams_of_three(user, lineups="captains")
    rnd = rounds.team_round_generate(event=event, by=user, publish=True, seed="captains")
    match = TeamMatch.objects.filter(round=rnd).select_related("team_a", "team_b").first()
    cap_a, cap_b = match.team_a.captain, match.team_b.captain
    member = match.team_a.members.exclude(player=cap_a).first().player
    phone = Client()
    phone.cookies["django_language"] = language
    assert not polls(team_section(phone, cap_a)[0]), "a choice is owed: nothing awaited from anyone else"
    assert polls(team_section(phone, member)[0]), "the captain's choice is awaited"
    phone.post(f"/p/{cap_a.key}/", {"action": "lineup", "lineup_player": cap_a.pk})
    section, page = team_section(phone, cap_a)
    assert polls(section) and waiting in text(page) and f'hx-get="/p/{cap_a.key}/"' in section
    assert not polls(team_section(phone, cap_b)[0]), "the other captain owes the choice"
    for captain in (cap_b, cap_a, cap_b):  # b places; both answer
        free = re.search(r'name="lineup_player"><option value="(\d+)"', phone.get(f"/p/{captain.key}/")
                         .content.decode())
        if free:
            phone.post(f"/p/{captain.key}/", {"action": "lineup", "lineup_player": free.group(1)})
    assert match.games.count() == 3
    section, page = team_section(phone, cap_a)
    assert not polls(section), "seated: nothing awaited, the refresh stops"
    assert '<section class="current" id="current"' in page, "the refresh's answer carries the table"


@pytest.mark.parametrize("language, words", [("en", "The organizer is setting the lineup."),
                                             ("fr", "L’organisateur fixe la composition.")])
def test_where_the_organizer_sets_lineups_the_captain_waits_for_the_organizer(organizer, language, words):
    user, _, _ = organizer
    event = four_teams_of_three(user)
    rnd = rounds.team_round_generate(event=event, by=user, publish=True, seed="organizer")
    match = TeamMatch.objects.filter(round=rnd).select_related("team_a").first()
    phone = Client()
    phone.cookies["django_language"] = language
    section, page = team_section(phone, match.team_a.captain)
    assert polls(section) and words in text(page) and "choosing the lineup" not in page
    seat_in_order(match, user)
    assert not polls(team_section(phone, match.team_a.captain)[0])


@pytest.mark.parametrize("language, gg2017_words", [("en", "GG2017 asks"), ("fr", "GG2017")])
def test_the_gg2017_deployment_warning_stays_off_an_m4e_team_round(organizer, language, gg2017_words):
    user, console, _ = organizer
    event = services.event_update(event=four_teams_of_three(user), by=user, rounds=2)
    rnd = rounds.team_round_generate(event=event, by=user, publish=False, seed="deployments")
    assert rnd.report["warnings"] == [], "two rounds: two deployments at most, where GG2017 would ask three"
    console.cookies["django_language"] = language
    assert gg2017_words not in text(console.get(f"/console/e/{event.slug}/rounds/1/").content.decode()), "preview"
    services.round_publish(event=event, number=1, by=user)
    assert gg2017_words not in text(console.get(f"/console/e/{event.slug}/rounds/1/").content.decode()), "board"
    gg2017 = services.event_create(user=user, name="Old Pack", date="2026-11-28", format="gg2017", rounds=2)
    for n in range(4):
        services.player_register(event=gg2017, name=f"P{n}", faction="guild", by=user)
    paired = services.round_generate(event=gg2017, by=user, seed="deployments", deployment="standard")
    assert [w["code"] for w in paired.report["warnings"]] == ["few_deployments"], "GG2017 still warns"
