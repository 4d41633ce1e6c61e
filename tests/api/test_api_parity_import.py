"""Issue 53: the players' CSV import as an API call, through the console's services: a check (each row's
problems, the faction suggested, the people to choose from) and the import in one transaction, a job for a
long list."""
from datetime import date

import pytest
from django.utils import timezone

from audit.models import AuditRecord
from jobs.models import Job
from people.models import Person
from tests.factories import Api, db_state, error_codes, event_made, make_user, rejected
from tournaments import services
from tournaments.services.imports import IMPORT_JOB_ROWS, IMPORT_MAX_ROWS
from tournaments.web.console import importing

pytestmark = pytest.mark.django_db


@pytest.fixture
def user(organizer):
    return organizer[0]


@pytest.fixture
def event(user):
    return event_made(user, players=1)  # "Player 0", guild


def path(event):
    return f"/api/events/{event.pk}/players/import/"


def played_before(user, name, *, event_name="Earlier"):
    earlier = event_made(user, players=0, name=event_name, date=date(2017, 1, 7))
    return services.player_register(event=earlier, by=user, name=name, faction="guild", club="Rook").person


def test_the_page_and_the_api_share_the_import_bounds():
    assert (importing.MAX_ROWS, importing.JOB_ROWS) == (IMPORT_MAX_ROWS, IMPORT_JOB_ROWS)


def test_a_check_says_each_rows_problems_suggests_a_faction_and_offers_people(api, user, event):
    ann = played_before(user, "Ann Lee")
    before = db_state()
    status, checked = api.post(path(event), {"csv": "name,faction,club\nAnn Lee,guild,Rook\nBen,Nevrborn,\n"
                                                    "Player 0,guild,\n", "check": True, "persons": {"2": ann.pk}})
    assert status == 200 and db_state() == before
    assert (checked["good"], checked["left_out"]) == (1, 2)
    first, second, third = checked["rows"]
    assert first["line"] == 2 and first["problems"] == [] and first["person"] == ann.pk
    assert first["people"] == [{"id": ann.pk, "label": first["people"][0]["label"]}] and second["people"] == []
    assert second["suggestion"] == "neverborn" and second["faction"] == "Nevrborn"
    assert {p["code"] for p in second["problems"]} == {"unknown_faction"}
    assert {p["code"] for p in third["problems"]} == {"duplicate_name"}


def test_an_import_saves_the_good_rows_with_the_person_chosen_in_one_step(api, user, event):
    ann = played_before(user, "Ann Lee")
    status, answer = api.post(path(event), {"csv": "Ann Lee,guild,Rook\nBad,nope,\nBen Okafor,arcanists,\n",
                                            "persons": {"1": ann.pk}})
    assert status == 201, answer
    assert (answer["imported"], answer["left_out"]) == (2, 1)
    assert {p["name"] for p in answer["players"]} == {"Ann Lee", "Ben Okafor"} and all(
        p["key"] for p in answer["players"])
    assert event.players.get(name="Ann Lee").person_id == ann.pk
    assert AuditRecord.objects.filter(event=event, action="player_registered").count() == 3  # Player 0 too


def test_corrected_rows_are_imported_as_sent(api, event):
    status, answer = api.post(path(event), {"rows": [["name", "faction"], ["Zed", "neverborn", "X"]]})
    # Rows are never a header: ["name", "faction"] is a row, left out for its unknown faction.
    assert status == 201 and (answer["imported"], answer["left_out"]) == (1, 1)


@pytest.mark.parametrize("twice", [False, True])
def test_a_person_not_offered_or_chosen_twice_refuses_the_whole_import(api, user, event, twice):
    ann = played_before(user, "Ann Lee")
    persons = {"1": ann.pk, "2": ann.pk} if twice else {"1": ann.pk, "2": 999999}
    answer = rejected(api, "POST", path(event), {"rows": [["Ann Lee", "guild"], ["ann lee", "guild"]],
                                                 "persons": persons}, 400)
    assert error_codes(answer) == {("persons", "person_chosen_twice" if twice else "person_not_offered")}


def test_a_private_person_is_never_offered_nor_accepted(api, user, event):
    private = played_before(user, "Ada Secret")
    Person.objects.filter(pk=private.pk).update(hidden=True)
    status, checked = api.post(path(event), {"rows": [["Ada Secret", "guild"]], "check": True})
    assert checked["rows"][0]["people"] == []
    rejected(api, "POST", path(event), {"rows": [["Ada Secret", "guild"]], "persons": {"1": private.pk}}, 400)


@pytest.mark.parametrize("body", [
    {}, {"csv": "A,guild", "rows": [["A", "guild"]]}, {"csv": ""}, {"rows": []}, {"csv": "Bad,nope"},
    {"rows": [["A", "guild", "", "extra"]]}, {"rows": "A,guild"}, {"csv": "A,guild", "persons": {"x": 1}},
    {"csv": "A,guild", "persons": {"0": 1}}, {"csv": "A,guild", "persons": {"1": "x"}}, {"csv": "A,guild",
                                                                                        "check": "maybe"},
    {"csv": "\n".join(f"P{n},guild" for n in range(IMPORT_MAX_ROWS + 2))},
    {"rows": [[f"P{n}", "guild"] for n in range(IMPORT_MAX_ROWS + 1)]},
])
def test_bad_input_is_400_and_saves_nothing(api, event, body):
    rejected(api, "POST", path(event), body, 400)


def test_a_raw_list_is_400(api, event):
    rejected(api, "POST", path(event), None, 400, raw="[1, 2]")


def test_only_the_organizers_import(event, stranger_api, anon_api):
    rejected(stranger_api, "POST", path(event), {"csv": "A,guild"}, 403)
    rejected(anon_api, "POST", path(event), {"csv": "A,guild"}, 401)
    other = Api(stranger_api.client, make_user("someone")[1])
    rejected(other, "POST", "/api/events/999999/players/import/", {"csv": "A,guild"}, 404)


def test_a_finished_event_refuses_the_import(api, user, event):
    event.finished_at = timezone.now()
    event.save()
    assert error_codes(rejected(api, "POST", path(event), {"csv": "A,guild"}, 409)) == {(None, "event_finished")}


def test_a_long_list_is_a_job(api, event, monkeypatch):
    started = []
    monkeypatch.setattr("tournaments.services.players.job_start",
                        lambda **kw: started.append(kw) or Job.objects.create(event=kw["event"], kind=kw["kind"],
                                                                             params=kw["params"],
                                                                             created_by=kw["by"]))
    rows = [[f"Row {n}", "guild", "Club"] for n in range(IMPORT_JOB_ROWS + 1)]
    status, job = api.post(path(event), {"rows": rows})
    assert status == 202 and job["id"] and started[0]["kind"] == Job.IMPORT
    assert len(started[0]["params"]["rows"]) == IMPORT_JOB_ROWS + 1 and event.players.count() == 1
