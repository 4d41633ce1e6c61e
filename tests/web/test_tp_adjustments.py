"""Bonus and penalty Tournament Points with a reason: in the standings from the round they were given in
(marked as included), on the player's own page, in the audit trail and backups; bad input changes nothing."""
from django.test import Client

from audit.models import AuditRecord
from tests.api.test_backup import comparable
from tests.factories import db_state, rejected
from tournaments import selectors
from tournaments.backup import export_event, import_event
from tournaments.models import Event, Player


def tp_of(event, pid):
    return next(s.totals for s in selectors.event_standings(event) if s.entrant.id == pid)


def test_a_bonus_counts_in_the_standings_and_is_marked(api, running):
    eid, event = running.id, Event.objects.get(pk=running.id)
    ann = Player.objects.get(event=event, name="Ann")
    before = tp_of(event, ann.pk).tp
    footnote = "includes bonus or penalty Tournament Points given by the organizer"
    assert footnote not in Client().get(f"/e/{event.slug}/standings/").content.decode()  # nobody has any yet
    status, body = api.post(f"/api/events/{eid}/players/{ann.pk}/adjustments/", {"tp": 2, "reason": "best painted"})
    assert status == 201 and body["round"] == 1
    totals = tp_of(event, ann.pk)
    assert (totals.tp, totals.adjusted) == (before + 2, 2)
    assert tp_of(event, ann.pk).tp == next(s.totals.tp for s in selectors.event_standings(event, after_round=1)
                                           if s.entrant.id == ann.pk)
    page = Client().get(f"/e/{event.slug}/standings/").content.decode()
    assert "includes +2 bonus or penalty TP" in page and footnote in page
    private = Client().get(f"/p/{ann.key}/").content.decode()
    assert "+2 TP" in private and "best painted" in private
    record = AuditRecord.objects.get(action="tp_adjusted")
    assert record.after == {"tp": 2, "reason": "best painted"}
    assert api.get(f"/api/events/{eid}/standings/")[1]["standings"][0].get("tp_adjusted") is not None


def test_bad_adjustments_change_nothing_and_one_is_taken_back(api, running):
    eid = running.id
    ann = Player.objects.get(event_id=eid, name="Ann")
    url = f"/api/events/{eid}/players/{ann.pk}/adjustments/"
    before = db_state()
    for body in ({"tp": 0, "reason": "x"}, {"tp": 99, "reason": "x"}, {"tp": -1, "reason": ""}, {"tp": "lots"}):
        rejected(api, "post", url, body, 400)
    assert db_state() == before
    adjustment = api.post(url, {"tp": -1, "reason": "late list"})[1]
    assert tp_of(Event.objects.get(pk=eid), ann.pk).adjusted == -1
    assert api.call("delete", f"{url}{adjustment['id']}/")[0] == 204
    assert tp_of(Event.objects.get(pk=eid), ann.pk).adjusted == 0
    assert AuditRecord.objects.filter(action="tp_adjustment_removed").exists()


def test_the_console_adjusts_and_backups_keep_it(api, running):
    event = Event.objects.get(pk=running.id)
    ann = Player.objects.get(event=event, name="Ann")
    console = Client()
    console.force_login(event.created_by)
    console.post(f"/console/e/{event.slug}/players/{ann.pk}/adjust/", {"tp": "-2", "reason": "slow play"})
    page = console.get(f"/console/e/{event.slug}/players/{ann.pk}/edit/").content.decode()
    assert "-2 TP" in page and "slow play" in page
    copy = import_event(export_event(event))
    assert comparable(export_event(copy)) == comparable(export_event(event))
    assert copy.adjustments.get().reason == "slow play"
