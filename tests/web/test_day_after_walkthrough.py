"""Issue 34, found by a walk through an M4E day as a new organizer: the no-show is told on their page; a
finished event shows no clock anywhere and its last round's board offers Finish; the settings offer the
event's own scheme charts only; negative Differentials read with a minus sign."""
import re

from django.test import Client

from tests.core.test_did_not_play import m4e_event, play
from tests.factories import clock_started
from tournaments.models import Event, Player


def test_the_no_show_reads_why_on_their_page(api):
    event, ids = m4e_event(api)
    play(api, event, 1, skip=[ids[2]])
    api.post(f"/api/events/{event['id']}/players/{ids[2]}/no-show/", {"round": 1})
    page = Client().get(f"/p/{Player.objects.get(pk=ids[2]).key}/").content.decode()
    assert "You were recorded as a no-show" in page and "Check in at the desk" in page
    other = Client().get(f"/p/{Player.objects.get(pk=ids[0]).key}/").content.decode()
    assert "recorded as a no-show" not in other


def test_the_last_rounds_board_offers_finish_then_no_clock_is_left(api, client):
    _, event = api.post("/api/events/", {"name": "Short", "date": "2026-05-06", "format": "m4e-gg0", "rounds": 1})
    for name, faction in (("Ann", "guild"), ("Ben", "arcanists"), ("Cid", "neverborn"), ("Dee", "outcasts")):
        api.post(f"/api/events/{event['id']}/players/", {"name": name, "faction": faction})
    play(api, event, 1)
    clock_started(event["id"])  # a running clock, stopped (paused) by finishing: it must not show after
    client.force_login(Event.objects.get(pk=event["id"]).created_by)
    board = client.get(f"/console/e/{event['slug']}/rounds/1/").content.decode()
    assert f"/console/e/{event['slug']}/finish-event/" in board and "Finish the event" in board
    assert client.post(f"/console/e/{event['slug']}/finish-event/", {"confirmed": "yes"}).status_code == 302
    assert Event.objects.get(pk=event["id"]).finished_at is not None
    for path in (f"/e/{event['slug']}/rounds/1/", f"/e/{event['slug']}/hall/"):
        assert 'class="clock"' not in Client().get(path).content.decode(), path
    board = client.get(f"/console/e/{event['slug']}/rounds/1/").content.decode()
    assert 'name="clock"' not in board and "Finished: the standings are final." in board


def test_settings_offer_the_events_own_scheme_charts(api, client):
    _, event = api.post("/api/events/", {"name": "Charts", "date": "2026-05-06", "format": "m4e-gg0"})
    client.force_login(Event.objects.get(pk=event["id"]).created_by)
    page = client.get(f"/console/e/{event['slug']}/settings/").content.decode()
    select = re.search(r'<select name="scheme_chart"[^>]*>(.*?)</select>', page, re.S).group(1)
    assert "gg2017" not in select and "m3e" not in select


def test_negative_differentials_read_with_a_minus_sign(api):
    event, _ids = m4e_event(api)
    play(api, event, 1)
    page = Client().get(f"/e/{event['slug']}/standings/").content.decode()
    assert "\u22124" in page and ">-4<" not in page


def test_a_finished_events_board_offers_no_entry_swap_or_redo(api, client):
    """Corrections, swaps and redoing are refused once finished (409 event_finished): not offered either."""
    event, _ids = m4e_event(api)
    play(api, event, 1)
    api.post(f"/api/events/{event['id']}/finish/", {})
    client.force_login(Event.objects.get(pk=event["id"]).created_by)
    board = client.get(f"/console/e/{event['slug']}/rounds/1/").content.decode()
    assert 'class="inline result-form"' not in board and "/swap/" not in board and "/redo/" not in board
    assert "Result" in board  # the results themselves still read
