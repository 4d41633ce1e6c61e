"""A large CSV import (more than `importing.JOB_ROWS` rows to save) is a job the organizer follows on the
import's page, never a request long enough for gunicorn to kill: every row saved with its audit and person,
or none with why. A small import is still saved in the request."""
from datetime import date

import pytest
from django.utils import timezone

from audit.models import AuditRecord
from jobs.models import Job
from people.models import Person
from tests.factories import db_state, event_made, make_user
from tournaments import services
from tournaments.models import Event
from tournaments.services.players import import_from_job
from tournaments.web.console.importing import JOB_ROWS, MAX_ROWS

LARGE = JOB_ROWS + 20


@pytest.fixture
def user(client, organizer):
    client.force_login(organizer[0])
    return organizer[0]


@pytest.fixture
def event(user):
    return event_made(user, players=1)  # "Player 0", guild


def played_before(user, name):
    earlier = event_made(user, players=0, name="Earlier", date=date(2017, 1, 7))
    return services.player_register(event=earlier, by=user, name=name, faction="guild").person


def confirmed(count, *extra, persons=None) -> dict:
    """The preview's fields, posted back with *Import*: `count` good rows "Row n", then `extra` rows."""
    cells = [(f"Row {n}", "guild", "Club") for n in range(1, count + 1)] + list(extra)
    posted = {"rows": str(len(cells)), "offset": "0", "confirm": ""}
    for i, row in enumerate(cells, start=1):
        for field, value in zip(("name", "faction", "club"), row, strict=True):
            posted[f"row-{i}-{field}"] = value
    for line, person in (persons or {}).items():
        posted[f"row-{line}-person"] = str(person)
    return posted


def without_jobs(state: dict) -> dict:
    return {label: rows for label, rows in state.items() if label != "jobs.Job"}


def test_the_job_path_is_reachable_within_the_rows_the_preview_takes():
    assert 0 < JOB_ROWS < LARGE <= MAX_ROWS


@pytest.mark.django_db(transaction=True)  # the job runs on a connection of its own
def test_a_large_import_is_a_job_that_registers_every_row_with_its_audit_and_person(
        client, user, event, eager_celery, jobs_in_threads):
    chloe = played_before(user, "Chloé Martin")
    answer = client.post(f"/console/e/{event.slug}/import/", confirmed(
        LARGE, ("Chloé Martin", "guild", ""), ("Bad Row", "nope", ""), persons={LARGE + 1: chloe.pk}))
    job = Job.objects.get(kind=Job.IMPORT)
    assert answer.status_code == 302 and answer["Location"] == f"/console/e/{event.slug}/import/?job={job.pk}"
    assert event.players.count() == 1  # nothing yet: the request only asked
    waiting = client.get(answer["Location"]).content.decode()
    assert 'hx-trigger="every 2s"' in waiting and f'hx-get="/console/e/{event.slug}/import/?job={job.pk}"' in waiting
    assert "<progress" in waiting

    jobs_in_threads()
    job.refresh_from_db()
    assert job.status == Job.DONE and job.result == {"imported": LARGE + 1, "left_out": 1}
    imported = event.players.exclude(name="Player 0")
    assert imported.count() == LARGE + 1 and not event.players.filter(name="Bad Row").exists()
    assert AuditRecord.objects.filter(event=event, action="player_registered", by_user=user).count() == LARGE + 2
    assert imported.get(name="Chloé Martin").person_id == chloe.pk
    others = imported.exclude(name="Chloé Martin").values_list("person_id", flat=True)
    assert None not in others and len(set(others)) == LARGE and chloe.pk not in others
    done = client.get(answer["Location"]).content.decode()
    assert f"{LARGE + 1} players imported. 1 row with problems was left out." in done
    assert f'<a href="/console/e/{event.slug}/">' in done and "hx-trigger" not in done


@pytest.mark.django_db(transaction=True)
def test_a_row_gone_bad_before_the_job_runs_fails_it_and_changes_nothing(client, user, event, eager_celery,
                                                                      jobs_in_threads):
    answer = client.post(f"/console/e/{event.slug}/import/", confirmed(LARGE))
    services.player_register(event=event, by=user, name="Row 7", faction="guild")  # meanwhile, at the desk
    before = without_jobs(db_state())
    jobs_in_threads()
    job = Job.objects.get(kind=Job.IMPORT)
    assert job.status == Job.FAILED and [e["code"] for e in job.errors] == ["duplicate_name"]
    assert without_jobs(db_state()) == before  # not one of the other rows
    page = client.get(answer["Location"]).content.decode()
    assert "Nothing was imported: &quot;Row 7&quot; is already registered or listed above." in page
    assert "hx-trigger" not in page


@pytest.mark.django_db(transaction=True)
def test_a_person_made_private_before_the_job_runs_fails_it_and_changes_nothing(client, user, event, eager_celery,
                                                                             jobs_in_threads):
    ada = played_before(user, "Ada Secret")
    client.post(f"/console/e/{event.slug}/import/", confirmed(LARGE, ("Ada Secret", "guild", ""),
                                                              persons={LARGE + 1: ada.pk}))
    Person.objects.filter(pk=ada.pk).update(hidden=True)
    before = without_jobs(db_state())
    jobs_in_threads()
    assert Job.objects.get(kind=Job.IMPORT).status == Job.FAILED
    assert without_jobs(db_state()) == before


def test_the_same_import_asked_twice_while_it_waits_is_the_same_job(client, event, jobs_in_threads):
    first = client.post(f"/console/e/{event.slug}/import/", confirmed(LARGE))
    second = client.post(f"/console/e/{event.slug}/import/", confirmed(LARGE))
    assert first["Location"] == second["Location"] and Job.objects.filter(kind=Job.IMPORT).count() == 1


def test_a_finished_event_s_large_import_is_refused_with_no_job(client, event, jobs_in_threads):
    Event.objects.filter(pk=event.pk).update(finished_at=timezone.now())
    before = db_state()
    page = client.post(f"/console/e/{event.slug}/import/", confirmed(LARGE)).content.decode()
    assert "Nothing was imported: This event is finished: reopen it to change its players." in page
    assert db_state() == before and not Job.objects.exists()


def test_the_job_reports_its_progress_as_it_registers(user, event):
    job = Job.objects.create(event=event, kind=Job.IMPORT, created_by=user, params={
        "rows": [[f"Row {n}", "guild", ""] for n in range(1, 41)], "persons": {}, "left_out": 0})
    heard = []
    assert import_from_job(job, heard.append) == {"result": {"imported": 40, "left_out": 0}}
    assert len(heard) == 40 and heard == sorted(heard) and heard[0] == 2 and heard[-1] == 99


def test_only_the_event_s_organizers_follow_its_import_job(client, user, event):
    job = Job.objects.create(event=event, kind=Job.IMPORT, status=Job.RUNNING, params={})
    page = client.get(f"/console/e/{event.slug}/import/?job={job.pk}").content.decode()
    assert 'hx-trigger="every 2s"' in page and "this page follows the job" in page
    other = event_made(user, players=0, name="Other Open")
    assert client.get(f"/console/e/{other.slug}/import/?job={job.pk}").status_code == 404
    export = Job.objects.create(event=event, kind=Job.EXPORT, params={"what": "results"})
    for wrong in (export.pk, "not-a-job", "", "00000000-0000-0000-0000-000000000000"):
        assert client.get(f"/console/e/{event.slug}/import/?job={wrong}").status_code == 404
    client.force_login(make_user("stranger")[0])
    assert client.get(f"/console/e/{event.slug}/import/?job={job.pk}").status_code == 403


def test_a_small_import_is_still_saved_in_the_request(client, event, jobs_in_threads):
    answer = client.post(f"/console/e/{event.slug}/import/", confirmed(JOB_ROWS, ("Bad Row", "nope", "")),
                         follow=True)
    assert answer.redirect_chain == [(f"/console/e/{event.slug}/", 302)]
    assert f"{JOB_ROWS} players imported. 1 row with problems was left out." in answer.content.decode()
    assert event.players.count() == JOB_ROWS + 1 and not Job.objects.exists()


def test_the_generic_job_page_sends_an_import_to_its_own_page(client, db):
    """/console/jobs/{id}/ of an import job leads to the import's page (not a pairing's title, nor a 500)."""
    from django.contrib.auth import get_user_model

    from jobs.models import Job
    from tests.factories import event_made

    user = get_user_model().objects.create_user("org-jobs", password="x")
    event = event_made(user, players=0)
    job = Job.objects.create(event=event, kind=Job.IMPORT, params={}, created_by=user, status=Job.DONE)
    client.force_login(user)
    answer = client.get(f"/console/jobs/{job.pk}/")
    assert answer.status_code == 302 and answer["Location"] == f"/console/e/{event.slug}/import/?job={job.pk}"
