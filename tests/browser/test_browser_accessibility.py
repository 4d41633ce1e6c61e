"""Every console page and every public page (a top cut's and a team event's too), in English and French, at
360 px and 1280 px: axe-core
(vendored in tests/browser/vendor, run inside Chromium) finds no serious or critical accessibility
violation; each public page and the console's results board weigh under 60 KB compressed with
everything they load, and ask no other host."""
import pytest

from notifications.push import vapid_pair
from people import rating_store
from people.series import series_create
from scoring.report import Report
from teams import roster
from teams import rounds as team_rounds
from teams.lineup import PLACE
from teams.models import TeamMatch
from tests.browser.browsing import WEIGHT_LIMIT, sign_in, violations, visit
from tests.factories import event_made, make_user, results_entered, round_paired
from tournaments import services
from tracker.services import tracker_line, tracker_turn

WIDTHS = ((360, 740), (1280, 800))
LANGUAGES = ("en", "fr")


def the_day(user):
    """An event part-way through its day: round 1 done, round 2 published with one result and one dispute;
    a second event finished, for its final page; a third with round 1 a draft, for the preview."""
    event = event_made(user, players=9, check_in_on_the_day=True)
    services.players_check_in_all(event=event, by=user)
    services.player_mark_absent(player=event.players.order_by("name").last(), by=user)
    results_entered(round_paired(event, user), user)
    second = round_paired(event, user, seed="8")
    games = list(second.games.exclude(table=None))
    services.result_record(game=games[0], by=user, report=Report(vp_a=6, vp_b=4))
    services.report_submit(game=games[1], player=games[1].player_a, report=Report(vp_a=7, vp_b=3))
    services.report_dispute(game=games[1], player=games[1].player_b, report=Report(vp_a=3, vp_b=7))
    tracker_turn(game=games[2], player=games[2].player_a, turn=2)  # a game its players keep live
    tracker_line(game=games[2], player=games[2].player_a, side="a", turn=2, strategy=1, schemes={})
    finished = event_made(user, players=4, name="Autumn Cup")
    for seed in ("1", "2", "3"):
        results_entered(round_paired(finished, user, seed=seed), user)
    services.event_finish(event=finished, by=user)
    draft = event_made(user, players=6, name="Winter Cup")
    services.round_generate(event=draft, by=user, seed="4", publish=False)
    rating_store.ratings_refresh("M2E")  # what the commits queued, whether or not a worker runs here
    series_create(by=user, name="South West Rankings", edition="M2E", rolling_days=None)
    return event, finished, draft, games[0], games[2]


def beyond_one_against_one(user):
    """A top 4 cut in its semifinals, and a team event whose round 1 waits for a captain's choice."""
    cut = event_made(user, players=5, name="Cut Cup", rounds=2, cut_size=4)
    for seed in ("1", "2"):
        results_entered(round_paired(cut, user, seed=seed), user)
    round_paired(cut, user)
    teams = event_made(user, players=0, name="Team Cup")
    roster.team_rules_set(event=teams, by=user, size=2)
    for name, factions in (("Ash", ("guild", "arcanists")), ("Birch", ("neverborn", "outcasts"))):
        team = roster.team_create(event=teams, name=name, by=user)
        for i, faction in enumerate(factions):
            roster.member_register(team=team, name=f"{name} {i}", faction=faction, by=user)
    match = TeamMatch.objects.get(round=team_rounds.team_round_generate(event=teams, by=user, publish=True))
    captain = match.team_a.captain
    team_rounds.lineup_step(match=match, side="a", kind=PLACE, player=captain, by=user)
    return cut, teams, match, captain


# One test per language and width, so parallel workers share them out.
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("width", "height"), WIDTHS)
@pytest.mark.django_db(transaction=True)
def test_no_serious_accessibility_violation_and_light_pages(contexts, live_server, settings, language, width,
                                                            height):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = vapid_pair()  # the private page offers push
    user = make_user("access")[0]
    user.set_password("access-Pass-123")
    user.save()
    event, finished, draft, game, tracked = the_day(user)
    cut, teams, match, captain = beyond_one_against_one(user)
    player = game.player_a
    public = ["/", f"/e/{event.slug}/", f"/e/{event.slug}/rounds/2/", f"/e/{event.slug}/standings/",
              f"/e/{event.slug}/players/{player.pk}/", f"/e/{event.slug}/hall/", f"/p/{player.key}/",
              f"/p/{tracked.player_a.key}/",
              f"/e/{finished.slug}/final/", f"/e/{finished.slug}/hall/",
              f"/people/{player.person_id}/", "/ratings/M2E/?min=0", "/series/", "/series/south-west-rankings/",
              "/stats/M2E/", f"/e/{finished.slug}/stats/", "/series/south-west-rankings/stats/",
              f"/e/{cut.slug}/bracket/", f"/e/{cut.slug}/standings/", f"/e/{cut.slug}/hall/",
              f"/e/{teams.slug}/teams/", f"/e/{teams.slug}/teams/{match.team_a_id}/", f"/e/{teams.slug}/rounds/1/",
              f"/p/{captain.key}/"]
    console = ["/console/", f"/console/e/{event.slug}/", f"/console/e/{event.slug}/desk/",
               f"/console/e/{event.slug}/rounds/2/", f"/console/e/{event.slug}/settings/",
               f"/console/e/{event.slug}/audit/", f"/console/e/{event.slug}/players/{player.pk}/edit/",
               f"/console/e/{event.slug}/games/{game.pk}/sheet/", f"/console/e/{draft.slug}/rounds/1/",
               f"/console/e/{event.slug}/people/", "/console/series/", "/console/series/south-west-rankings/",
               f"/console/e/{event.slug}/phones/", "/accounts/profile/", f"/console/e/{teams.slug}/teams/",
               f"/console/e/{teams.slug}/teams/rounds/1/", f"/console/e/{cut.slug}/"]
    weighed = set(public) | {f"/console/e/{event.slug}/rounds/2/"}
    problems, weights = [], {}
    # bypass_csp: axe is injected as an inline script, which the site's policy rightly refuses.
    context = contexts(viewport={"width": width, "height": height}, bypass_csp=True)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    sign_in(page, live_server.url, "access", "access-Pass-123")
    anonymous = contexts(viewport={"width": width, "height": height}, bypass_csp=True)
    anonymous.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    for path, who in [(p, anonymous) for p in public] + [(p, context) for p in console]:
        tab, weight, foreign = visit(who, f"{live_server.url}{path}")
        assert tab.evaluate("document.documentElement.lang") == language, path
        problems += [f"{language} {width}px {path}: {line}" for line in violations(tab)]
        tab.close()
        assert not foreign, f"{path} asks another host: {foreign}"
        if path in weighed:
            weights[path] = weight
    assert not problems, "\n".join(problems)
    heavy = {path: size for path, size in weights.items() if size > WEIGHT_LIMIT}
    print("compressed weight of each page with what it loads:", weights)
    assert not heavy, f"over {WEIGHT_LIMIT} bytes compressed: {heavy}"
