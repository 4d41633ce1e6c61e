"""The end of the event: finishing it stops the clock and makes the standings final (rounds and results
refused until it is reopened), and a final results page shows the podium and the best in each faction."""
import re

from django.test import Client
from django.utils import timezone

from audit.models import AuditRecord
from tests.factories import error_codes
from tournaments.models import Event, Game, Round


def test_finish_needs_every_result_then_freezes_the_event(api, running):
    eid = running.id
    status, body = api.post(f"/api/events/{eid}/finish/")
    assert status == 409 and ("results_missing" in {c for _, c in error_codes(body)})
    for game in running.games:
        api.post(f"/api/games/{game['id']}/result/", {"vp_a": 6, "vp_b": 4})
    rnd = Round.objects.get(event_id=eid, number=1)
    Round.objects.filter(pk=rnd.pk).update(clock_started_at=timezone.now(), clock_left=3600)
    status, body = api.post(f"/api/events/{eid}/finish/")
    assert status == 200 and body["finished_at"]
    assert Round.objects.get(pk=rnd.pk).clock_started_at is None, "the clock stops"
    status, body = api.post(f"/api/events/{eid}/rounds/", {})
    assert status == 409 and ("event_finished" in {c for _, c in error_codes(body)})
    status, body = api.post(f"/api/games/{running.games[0]['id']}/result/", {"vp_a": 1, "vp_b": 0})
    assert status == 409 and ("event_finished" in {c for _, c in error_codes(body)})
    assert AuditRecord.objects.filter(event_id=eid, action="event_finished").exists()
    assert api.post(f"/api/events/{eid}/reopen/")[0] == 200
    assert api.post(f"/api/games/{running.games[0]['id']}/result/", {"vp_a": 1, "vp_b": 0})[0] == 200


def test_the_final_results_page_shows_the_podium_and_best_in_faction(api, running):
    eid = running.id
    event = Event.objects.get(pk=eid)
    assert Client().get(f"/e/{event.slug}/final/").status_code == 302, "not before the event is finished"
    for game in running.games:
        api.post(f"/api/games/{game['id']}/result/", {"vp_a": 6, "vp_b": 4})
    api.post(f"/api/events/{eid}/finish/")
    page = Client().get(f"/e/{event.slug}/final/").content.decode()
    winners = {Game.objects.get(pk=g["id"]).player_a.name for g in running.games}
    podium = page.split('class="podium"')[1].split("</ol>")[0]
    assert all(name in podium for name in winners) and "Best in faction" in page
    # Best in faction: for every faction played, its best-placed player (the standings' first of it).
    rows = api.get(f"/api/events/{eid}/standings/")[1]["standings"]
    best = {}
    for row in rows:
        best.setdefault(row["faction"], row["name"])
    cards = page.split("Best in faction")[1].split("</ul>")[0]
    shown = re.findall(r"<li><strong>[^<]+</strong>: <a href=\"[^\"]+\">([^<]+)</a>", cards)
    assert len(best) >= 2 and sorted(shown) == sorted(best.values())
    standings = Client().get(f"/e/{event.slug}/standings/").content.decode()
    assert "Final standings" in standings and ">final<" in standings


def test_the_console_asks_before_finishing(api, running):
    event = Event.objects.get(pk=running.id)
    for game in running.games:
        api.post(f"/api/games/{game['id']}/result/", {"vp_a": 6, "vp_b": 4})
    console = Client()
    console.force_login(event.created_by)
    asked = console.post(f"/console/e/{event.slug}/finish-event/").content.decode()
    assert "the standings become final" in asked and Event.objects.get(pk=event.pk).finished_at is None
    done = console.post(f"/console/e/{event.slug}/finish-event/", {"confirmed": "yes"}, follow=True).content.decode()
    assert "The event is finished" in done and Event.objects.get(pk=event.pk).finished_at is not None
    console.post(f"/console/e/{event.slug}/reopen-event/")
    assert Event.objects.get(pk=event.pk).finished_at is None


def test_the_hall_display_shows_the_round_then_the_final_standings(api, running):
    event = Event.objects.get(pk=running.id)
    page = Client().get(f"/e/{event.slug}/hall/").content.decode()
    game = Game.objects.select_related("player_a", "player_b").get(pk=running.games[0]["id"])
    assert "Round 1" in page and game.player_a.name in page and 'data-poll="' in page and "hall.js" in page
    for g in running.games:
        api.post(f"/api/games/{g['id']}/result/", {"vp_a": 6, "vp_b": 4})
    assert "6–4" in Client().get(f"/e/{event.slug}/hall/").content.decode()
    api.post(f"/api/events/{running.id}/finish/")
    final = Client().get(f"/e/{event.slug}/hall/").content.decode()
    assert "Final standings" in final and "TP" in final
