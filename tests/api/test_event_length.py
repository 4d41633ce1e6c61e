"""Encounter size and round length are event settings (GG2017 ties a round's time to the encounter's
size; M4E GG0 suggests 120-135 minutes plus 15 for set-up); the round clock runs for the event's length."""
import json

from django.test import Client

from tests.factories import error_codes, new_event, rejected
from tournaments import backup, backup_format
from tournaments.models import Event, Round
from tournaments.services import round_clock


def test_an_event_announces_its_encounter_size_and_round_length(api):
    event, _ = new_event(api, players=2, encounter_size=40, round_minutes=90)
    assert (event["encounter_size"], event["round_minutes"], event["round_length"]) == (40, 90, 90)
    status, event = api.call("PATCH", f"/api/events/{event['id']}/", {"round_minutes": None})
    assert status == 200 and (event["round_minutes"], event["round_length"]) == (None, 120)  # GG2017's suggestion
    default, _ = new_event(api, players=0)
    assert (default["encounter_size"], default["round_length"]) == (50, 120)


def test_lengths_out_of_range_are_refused(api):
    event, _ = new_event(api, players=0)
    body = rejected(api, "PATCH", f"/api/events/{event['id']}/", {"round_minutes": 5, "encounter_size": 500}, 400)
    assert error_codes(body) == {("round_minutes", "min_value"), ("encounter_size", "max_value")}


def test_the_round_clock_runs_for_the_events_length(api):
    event, _ = new_event(api, players=2, round_minutes=135)
    api.post(f"/api/events/{event['id']}/rounds/", {})
    rnd = round_clock(rnd=Round.objects.get(event_id=event["id"], number=1), action="start")
    assert rnd.clock_left == 135 * 60


def test_the_console_sets_the_round_length(event):
    spring = Event.objects.get(slug="spring-open")
    organizer = Client()
    organizer.force_login(spring.created_by)
    form = organizer.get("/console/e/spring-open/settings/").context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None}
    data.update(date="2017-03-18", round_minutes=150, encounter_size=35)
    data = {k: v for k, v in data.items() if v is not False}
    assert organizer.post("/console/e/spring-open/settings/", data).status_code == 302
    spring.refresh_from_db()
    assert (spring.round_minutes, spring.encounter_size, spring.round_length()) == (150, 35, 150)


def test_a_backup_from_before_these_settings_restores_with_the_defaults(api, tmp_path):
    made, _ = new_event(api, players=2, round_minutes=90)
    data = backup.export_event(Event.objects.get(pk=made["id"]))
    assert (data["event"]["round_minutes"], data["event"]["encounter_size"]) == (90, 50)
    for field in backup_format.LATER_EVENT_FIELDS:
        del data["event"][field]
    restored = backup.import_event(json.loads(json.dumps(data)))
    assert (restored.encounter_size, restored.round_minutes, restored.round_length()) == (50, None, 120)


def test_the_event_page_says_the_encounter_size_and_round_length(api, client):
    made, _ = new_event(api, players=2, encounter_size=40, round_minutes=90)
    page = client.get(f"/e/{made['slug']}/").content.decode()
    assert "40 Soulstones, 90 minutes a round" in page
    french = client.get(f"/e/{made['slug']}/", headers={"accept-language": "fr"}).content.decode()
    assert "40 Pierres d’âme, 90 minutes par ronde" in french
