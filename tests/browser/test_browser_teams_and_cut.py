"""Beyond one player against one, in a real browser. A 6-team event of 3 players: the organizer builds it in
the console, the captains make every lineup choice on their phones, a team leaves after round 1 so rounds 2
and 3 have a 3-player team bye. An individual event with a top 8 cut, paired from the console to its
winner. The team and individual standings and the bracket are checked against the test's own count; the
pages fit 360 and 1280 px and pass axe-core, in English and French."""
import random
import re

import pytest

from scoring.report import Report
from teams import selectors as team_selectors
from teams.lineup import Step, lineup
from teams.models import Team, TeamMatch
from tests.browser.browsing import event_created, sign_in, violations
from tests.browser.test_browser_run_up import DESK, PHONE, fits
from tests.core.test_bracket import knockout
from tests.factories import make_user
from tournaments import services
from tournaments.models import Event, Game, Player

FACTIONS = ["guild", "arcanists", "neverborn", "outcasts", "resurrectionists", "ten-thunders", "gremlins"]


def organizer(name):
    user = make_user(name)[0]
    user.set_password(f"{name}-Pass-123")
    user.save()
    return user


def tp(mine, theirs):
    return 3 if mine > theirs else 1 if mine == theirs else 0


def pair_and_publish(desk, base, slug, button="button[name=pair]", said=""):
    """From the console's event page, as an organizer does: pair, look, publish."""
    desk.goto(f"{base}/console/e/{slug}/")
    desk.click(button)
    desk.click("button[name=publish]")
    desk.wait_for_selector(f"text={said}")


def captains_line_up(contexts, base, match, rng):
    """Both captains on their phones choose, turn by turn, until the match is seated."""
    phones = {side: contexts(**PHONE).new_page() for side in "ab"}
    keys = {"a": Player.objects.get(pk=match.team_a.captain_id).key,
            "b": Player.objects.get(pk=match.team_b.captain_id).key}
    members = {"a": team_selectors.member_ids(match.team_a), "b": team_selectors.member_ids(match.team_b)}
    while True:
        state = lineup(members["a"], members["b"], [Step(s.side, s.kind, s.player_id) for s in match.steps.all()])
        if state.done:
            break
        side = rng.choice([s for s, owed in state.waiting.items() if owed])
        phone = phones[side]
        phone.goto(f"{base}/p/{keys[side]}/")
        options = phone.locator("select[name=lineup_player] option").all()
        phone.select_option("select[name=lineup_player]", rng.choice(options).get_attribute("value"))
        phone.click("#team button[type=submit]")
        phone.wait_for_selector("#team")
    return phones


@pytest.mark.django_db(transaction=True)
def test_a_team_event_of_six_teams_through_three_rounds(contexts, live_server):
    base, rng = live_server.url, random.Random(39)
    organizer("tara")
    desk = contexts(**DESK).new_page()
    sign_in(desk, base, "tara", "tara-Pass-123")
    event_created(desk, "Team Cup", "2026-11-28")
    event = Event.objects.get(name="Team Cup")
    services.event_update(event=event, by=event.created_by, rounds=3)
    desk.goto(f"{base}/console/e/{event.slug}/teams/")
    desk.select_option("select[name=size]", "3")
    desk.click("text=Save")
    desk.wait_for_selector("text=Team rules saved.")
    for t in range(6):
        desk.fill("input[name=name] >> nth=-1", f"Team {t}")
        desk.fill("input[name=club]", f"Club {t % 3}")
        desk.click("text=Create the team")
        desk.wait_for_selector(f"text=Team Team {t} created.")
        team = Team.objects.get(event=event, name=f"Team {t}")
        for m in range(3):
            card = desk.locator(f"#team-{team.pk}")
            card.locator("summary").click()
            card.locator("input[name=name]").fill(f"T{t} P{m}")
            card.locator("select[name=faction]").select_option(FACTIONS[(t + m) % 7])
            card.locator("form:has(input[name=name]) button[type=submit]").click()
            desk.wait_for_selector(f"text=T{t} P{m} joined Team {t}.")
    own = {t.pk: [0, 0, 0, 0] for t in Team.objects.filter(event=event)}  # MP, TP, Diff, VP: the test's count
    solo = {p.pk: [0, 0, 0] for p in Player.objects.filter(event=event)}  # each player's TP, Diff, VP
    for number in (1, 2, 3):
        if number == 2:
            desk.goto(f"{base}/console/e/{event.slug}/teams/")
            desk.locator(f"#team-{Team.objects.get(event=event, name='Team 5').pk} >> text=Drop the team").click()
            desk.wait_for_selector("text=Team 5 left the event.")
        pair_and_publish(desk, base, event.slug, said=f"Round {number} published")
        for match in TeamMatch.objects.filter(round__event=event, round__number=number).select_related(
                "team_a", "team_b", "round"):
            if match.is_bye:
                own[match.team_a_id][0] += 3
                for game in Game.objects.filter(team_game__match=match):
                    own[match.team_a_id][1:] = [own[match.team_a_id][1] + 3, own[match.team_a_id][2] + 5,
                                                own[match.team_a_id][3] + 10]
                    solo[game.player_a_id] = [x + y for x, y in zip(solo[game.player_a_id], (3, 5, 10))]
                continue
            captains_line_up(contexts, base, match, rng)
            won = {match.team_a_id: 0, match.team_b_id: 0}
            for game in Game.objects.filter(team_game__match=match).select_related("round__event", "player_a",
                                                                                     "player_b"):
                va, vb = rng.randint(0, 10), rng.randint(0, 10)
                services.result_record(game=game, by=event.created_by, report=Report("played", vp_a=va, vp_b=vb))
                for player, mine, theirs in ((game.player_a, va, vb), (game.player_b, vb, va)):
                    team = player.membership.team_id
                    own[team][1:] = [own[team][1] + tp(mine, theirs), own[team][2] + mine - theirs,
                                     own[team][3] + mine]
                    solo[player.pk] = [solo[player.pk][0] + tp(mine, theirs), solo[player.pk][1] + mine - theirs,
                                       solo[player.pk][2] + mine]
                    won[team] += mine > theirs
            a, b = match.team_a_id, match.team_b_id
            own[a][0] += 3 if won[a] > won[b] else 1 if won[a] == won[b] else 0
            own[b][0] += 3 if won[b] > won[a] else 1 if won[a] == won[b] else 0
    assert TeamMatch.objects.filter(round__event=event, team_b__isnull=True).count() == 2, "a team bye each round"
    names = dict(Team.objects.filter(event=event).values_list("pk", "name"))
    expected = sorted(own, key=lambda t: ([-v for v in own[t]], names[t]))
    page = contexts(**PHONE).new_page()
    page.goto(f"{base}/e/{event.slug}/teams/")
    rows = [re.split(r"\s+", r.strip()) for r in page.locator("table.standings tbody tr").all_inner_texts()]
    shown = [(" ".join(r[1:3]), [int(x.replace("−", "-")) for x in r[-4:]]) for r in rows]
    assert shown == [(names[t], own[t]) for t in expected]
    people = dict(Player.objects.filter(event=event).values_list("pk", "name"))
    order = sorted(solo, key=lambda p: ([-v for v in solo[p]], people[p].casefold()))
    page.goto(f"{base}/e/{event.slug}/standings/")
    listed = [a.inner_text() for a in page.locator("table.standings tbody td:nth-child(2) a").all()]
    assert listed == [people[p] for p in order], "individual standings kept too"
    pages = [f"/e/{event.slug}/teams/", f"/e/{event.slug}/teams/{expected[0]}/", f"/e/{event.slug}/rounds/3/"]
    looked_at(contexts, base, pages, "Classement des équipes")


def looked_at(contexts, base, paths, french_word):
    """Each page at 360 and 1280 px, in English and French: it fits and axe-core finds nothing grave."""
    for locale in ("en-GB", "fr-FR"):
        for size in (PHONE, DESK):
            context = contexts(**{**size, "locale": locale}, bypass_csp=True)
            if locale.startswith("fr"):
                context.add_cookies([{"name": "django_language", "value": "fr", "url": base}])
            page = context.new_page()
            for path in paths:
                page.goto(base + path)
                fits(page, size["viewport"]["width"])
                assert violations(page) == [], f"{path} {locale} {size['viewport']['width']}"
            if locale.startswith("fr"):
                page.goto(base + paths[0])
                assert french_word in page.inner_text("main")


@pytest.mark.django_db(transaction=True)
def test_an_individual_event_with_a_top_8_cut_to_its_winner(contexts, live_server):
    base, rng = live_server.url, random.Random(8)
    user = organizer("cato")
    event = services.event_create(user=user, name="Cut Masters", date="2026-11-28", format="gg2017", rounds=3)
    for i in range(11):
        services.player_register(event=event, name=f"Player {i:02}", faction=FACTIONS[i % 7], by=user)
    desk = contexts(**DESK).new_page()
    sign_in(desk, base, "cato", "cato-Pass-123")
    desk.goto(f"{base}/console/e/{event.slug}/settings/")
    desk.select_option("select[name=cut_size]", "8")
    desk.click("text=Save")
    totals = {p.pk: [0, 0, 0] for p in Player.objects.filter(event=event)}
    for number in (1, 2, 3):
        pair_and_publish(desk, base, event.slug, said=f"Round {number} published")
        for game in Game.objects.filter(round__event=event, round__number=number).select_related(
                "round__event", "player_a", "player_b"):
            if game.is_bye:
                totals[game.player_a_id] = [x + y for x, y in zip(totals[game.player_a_id], (3, 5, 10))]
                continue
            va, vb = rng.randint(0, 10), rng.randint(0, 10)
            services.result_record(game=game, by=user, report=Report("played", vp_a=va, vp_b=vb))
            for pid, mine, theirs in ((game.player_a_id, va, vb), (game.player_b_id, vb, va)):
                totals[pid] = [totals[pid][0] + tp(mine, theirs), totals[pid][1] + mine - theirs,
                               totals[pid][2] + mine]
    names = dict(Player.objects.filter(event=event).values_list("pk", "name"))
    seeds = sorted(totals, key=lambda p: ([-v for v in totals[p]], names[p].casefold()))[:8]
    beaten = {}
    for stage in ("Quarterfinals", "Semifinals", "Final"):
        pair_and_publish(desk, base, event.slug, button=f"text=Pair the {stage}", said=stage)
        number = event.round_set.order_by("-number").first().number
        for game in Game.objects.filter(round__event=event, round__number=number).select_related(
                "round__event", "player_a", "player_b"):
            va, vb = rng.sample(range(0, 11), 2)  # never a draw
            services.result_record(game=game, by=user, report=Report("played", vp_a=va, vp_b=vb))
            beaten[frozenset((game.player_a_id, game.player_b_id))] = game.player_a_id if va > vb else \
                game.player_b_id
    places = knockout(seeds, lambda x, y: beaten[frozenset((x, y))] == x)
    phone = contexts(**PHONE).new_page()
    phone.goto(f"{base}/e/{event.slug}/bracket/")
    assert phone.locator(".cut-game").count() == 7
    final = phone.locator(".stage").last.locator("p.won").inner_text()
    assert names[places[0]] in final, "the bracket's final shows its winner"
    phone.goto(f"{base}/e/{event.slug}/standings/")
    listed = [a.inner_text() for a in phone.locator("table.standings tbody td:nth-child(2) a").all()]
    rest = sorted((p for p in totals if p not in seeds), key=lambda p: ([-v for v in totals[p]], names[p].casefold()))
    assert listed == [names[p] for p in places + rest]
    looked_at(contexts, base, [f"/e/{event.slug}/bracket/", f"/e/{event.slug}/standings/"], "Quarts de finale")
