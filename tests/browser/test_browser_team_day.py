"""Issue 52, done when (the team event): an M4E team event made from the Teams page, in Chromium, every page
360 px wide, in English and French, with no console error or Content-Security-Policy refusal. The team size
refused for the event's missions names the setting and keeps what was chosen; the teams are built on the
page with their factions in the reader's language; the round is paired from the event page (no individual
pairing's fields), its preview and board show the match and the lineup owed; the captains choose on their
phones, the waiting captain's page moving on by itself; the board counts the games and offers round 2 only
once each result is in; the team standings show both teams."""
import pytest
from django.utils import timezone

from scoring.formats import M4E_GG0
from teams import selectors as team_selectors
from teams.lineup import Step, lineup
from teams.models import Team, TeamMatch
from tests.browser.browsing import sign_in
from tests.browser.day import Day, plain, say
from tests.browser.test_browser_teams_and_cut import organizer
from tests.browser.test_browser_whole_day import board_entry
from tournaments.models import Event, Game, Player

MEMBERS = {"Ash": ("guild", "explorers-society", "ten-thunders"), "Birch": ("bayou", "neverborn", "arcanists")}


def rules_saved(day, desk, *, tick: bool):
    desk.select_option("select[name=size]", "3")
    if tick:
        desk.check("input[name=round_mission]")
    desk.click("#team-rules button[type=submit]")
    desk.wait_for_selector("#team-rules")


def built(day, desk, event):
    """The two teams, created and filled in on the Teams page; Ash's second member named its captain."""
    for name, factions in MEMBERS.items():
        desk.fill("form:has(input[name=action][value=team]) input[name=name]", name)
        desk.click("form:has(input[name=action][value=team]) button[type=submit]")
        desk.wait_for_selector(f"text={day.words('Team %(name)s created.', name=name)}")
        team = Team.objects.get(event=event, name=name)
        for m, faction in enumerate(factions):
            card = desk.locator(f"#team-{team.pk}")
            card.locator("summary").click()
            card.locator("form:has(input[name=action][value=member]) input[name=name]").fill(f"{name} {m}")
            card.locator("select[name=faction]").select_option(faction)
            card.locator("form:has(input[name=action][value=member]) button[type=submit]").click()
            desk.wait_for_selector(f"text={day.words('%(player)s joined %(team)s.', player=f'{name} {m}', team=name)}")
    ash = Team.objects.get(event=event, name="Ash")
    card = desk.locator(f"#team-{ash.pk}")
    card.locator("form:has(input[name=action][value=captain]) select").select_option(
        str(Player.objects.get(event=event, name="Ash 1").pk))
    card.locator("form:has(input[name=action][value=captain]) button").click()
    desk.wait_for_selector(f"text={day.words('%(player)s captains %(team)s.', player='Ash 1', team='Ash')}")


def lined_up(day, match) -> None:
    """Both captains on their phones, each choosing when the process asks them; the first captain's page, left
    waiting for the other's placement, moves on by itself once it is made."""
    keys = {"a": Player.objects.get(pk=match.team_a.captain_id).key,
            "b": Player.objects.get(pk=match.team_b.captain_id).key}
    phones = {side: day.go(day.page(), f"/p/{keys[side]}/") for side in "ab"}
    members = {"a": team_selectors.member_ids(match.team_a), "b": team_selectors.member_ids(match.team_b)}
    phones["a"].click("#team button[type=submit]")  # the first placement: then it waits for the other's
    phones["a"].wait_for_selector(f"text={day.words('Waiting for the other captain' + chr(39) + 's choice.')}")
    day.picture(phones["a"], "captain-lineup")
    phones["b"].click("#team button[type=submit]")
    phones["b"].wait_for_selector("#team")
    phones["a"].locator("#team select[name=lineup_player]").wait_for(timeout=25_000)  # polled every 15 s
    while not (state := lineup(members["a"], members["b"],
                               [Step(s.side, s.kind, s.player_id) for s in match.steps.all()])).done:
        side = next(s for s, owed in state.waiting.items() if owed)
        day.go(phones[side], f"/p/{keys[side]}/")
        phones[side].click("#team button[type=submit]")
        phones[side].wait_for_selector("#team")
    day.go(phones["a"], f"/p/{keys['a']}/")
    assert day.words("The lineup is complete: your table is below.") in say(phones["a"], "#team")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_m4e_team_event_from_the_teams_page(contexts, live_server, language, tmp_path):
    day = Day(contexts, live_server.url, language, tmp_path)
    organizer("tara")
    desk = day.page()
    sign_in(desk, live_server.url, "tara", "tara-Pass-123")
    desk.fill("input[name=name]", "Team Zero")
    desk.fill("input[name=date]", timezone.localdate().isoformat())
    desk.select_option("select[name=format]", M4E_GG0.key)
    desk.click("form:has(input[name=date]) button[type=submit]")
    desk.wait_for_selector("h1:has-text('Team Zero')")
    event = Event.objects.get(name="Team Zero")
    slug = event.slug

    # The team size refused for M4E's missions: the setting named, the choices kept; ticked, it is saved.
    day.go(desk, f"/console/e/{slug}/teams/")
    rules_saved(day, desk, tick=False)
    refusal = say(desk, ".messages")
    assert plain(day.words("The setting Missions must change: ticked below, \"Play the round's mission at every "
                           "table\" changes it with the team size. Save again.")) in refusal, refusal
    assert desk.input_value("select[name=size]") == "3" and desk.is_checked("input[name=round_mission]")
    desk.click("#team-rules button[type=submit]")
    desk.wait_for_selector(f"text={day.words('Team rules saved.')}")
    assert Event.objects.get(pk=event.pk).team_size == 3
    built(day, desk, event)
    cards = say(desk, "main")
    for key in ("explorers-society", "ten-thunders"):
        assert M4E_GG0.faction(key).called(language) in cards and key not in cards, "factions by their names"

    # Round 1 from the event page: the team pairing's words, none of the individual pairing's fields.
    day.go(desk, f"/console/e/{slug}/")
    assert desk.locator("form.pair-form select[name=method], form.pair-form input[name=fresh_tables]").count() == 0
    desk.click("button[name=pair]")
    desk.wait_for_selector("button[name=publish]")
    assert desk.locator("#late, form[action*=swap]").count() == 0, "a team round's preview: matches, no seats"
    desk.click("button[name=publish]")
    desk.wait_for_selector("#board-counter")
    counter = say(desk, "#board-counter")
    assert plain(day.words("%(n)s of %(total)s tables reported", n=0, total=3)) in counter, counter
    assert desk.locator("#board-counter button[name=pair]").count() == 0, "no round 2 before a lineup"
    day.picture(desk, "team-board")

    match = TeamMatch.objects.select_related("team_a", "team_b").get(round__event=event)
    lined_up(day, match)
    day.go(desk, f"/console/e/{slug}/rounds/1/")
    games = list(Game.objects.filter(team_game__match=match).select_related("round__event").order_by("table"))
    assert len(games) == 3
    for n, game in enumerate(games):
        assert desk.locator("#board-counter button[name=pair]").count() == 0, "a result still out"
        board_entry(day, desk, game, 6 - n, 3)
    desk.locator("#board-counter button[name=pair]").wait_for()
    assert plain(day.words("%(n)s of %(total)s tables reported", n=3, total=3)) in say(desk, "#board-counter")

    spectator = day.go(day.page(), f"/e/{slug}/teams/")
    standings = say(spectator, "table.standings")
    assert "Ash" in standings and "Birch" in standings
    day.picture(spectator, "team-standings")
    day.accessible(spectator)
    assert day.problems == [], day.problems
