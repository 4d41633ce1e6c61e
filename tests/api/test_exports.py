"""Exports through the API: a small event's file at once, a large event's file through a job and its
download link; the same bytes either way, and only the event's organizers get them."""
import csv
import io
import json

import pytest

from jobs import tasks
from jobs.models import Job
from tests.factories import error_codes, new_event, play_round, rejected
from tournaments import exports
from tournaments.models import Event


@pytest.fixture
def played(api):
    event, ids = new_event(api, players=6)
    play_round(api, event)
    return event


def export(api, event, what):
    return api.post(f"/api/events/{event['id']}/exports/", {"what": what})


def test_a_small_event_s_file_comes_at_once(api, played):
    status, body = export(api, played, "standings")
    assert status == 200
    rows = list(csv.reader(io.StringIO(body.decode())))
    assert rows[0][:5] == ["rank", "name", "faction", "club", "tp"] and len(rows) == 7
    assert {int(r[4]) for r in rows[1:]} == {3, 0}  # three winners (6-4), three losers
    status, body = export(api, played, "results")
    assert status == 200 and len(list(csv.reader(io.StringIO(body.decode())))) == 4
    assert Job.objects.count() == 0


@pytest.mark.django_db(transaction=True)  # the job runs on a connection of its own
def test_a_large_event_s_file_is_prepared_by_a_job(api, played, settings, eager_celery, jobs_in_threads):
    settings.EXPORT_JOB_THRESHOLD = 6
    status, job = export(api, played, "backup")
    assert status == 202 and job["kind"] == "export" and job["download"] is None
    jobs_in_threads()
    status, job = api.get(f"/api/jobs/{job['id']}/")
    assert status == 200 and job["status"] == "done" and job["progress"] == 100
    assert job["download"].endswith(f"/api/jobs/{job['id']}/download/")
    response = api.client.get(job["download"], headers=api.headers)
    assert response["Content-Disposition"] == f'attachment; filename="{played["slug"]}-backup.json"'
    assert response["Content-Type"] == "application/json"
    # The same file the command line and a small event's direct answer give.
    assert response.content.decode() == exports.build(Event.objects.get(pk=played["id"]), "backup").text
    assert len(json.loads(response.content)["players"]) == 6


def test_a_file_is_not_handed_out_before_it_is_ready(api, played):
    job = Job.objects.create(event_id=played["id"], kind=Job.EXPORT, params={"what": "results"})
    status, body = api.get(f"/api/jobs/{job.pk}/download/")
    assert status == 409 and body["errors"][0]["code"] == "export_not_ready"
    pairing = Job.objects.create(event_id=played["id"], kind=Job.ROUND, status=Job.DONE)
    assert api.get(f"/api/jobs/{pairing.pk}/download/")[0] == 404


def test_only_the_event_s_organizers_download(api, stranger_api, anon_api, played):
    job = Job.objects.create(event_id=played["id"], kind=Job.EXPORT, status=Job.DONE, output='{"private": true}',
                             output_name="x.json", output_type="application/json")
    assert stranger_api.get(f"/api/jobs/{job.pk}/download/")[0] == 403
    assert anon_api.get(f"/api/jobs/{job.pk}/download/")[0] == 401
    # The job itself is the organizers' too, like its file.
    assert stranger_api.get(f"/api/jobs/{job.pk}/")[0] == 403 and anon_api.get(f"/api/jobs/{job.pk}/")[0] == 401
    assert api.get(f"/api/jobs/{job.pk}/")[1]["status"] == "done"
    assert api.get(f"/api/jobs/{job.pk}/download/") == (200, {"private": True})


def test_an_unknown_export_is_refused_and_makes_nothing(api, played, settings):
    settings.EXPORT_JOB_THRESHOLD = 1
    body = rejected(api, "POST", f"/api/events/{played['id']}/exports/", {"what": "everything"}, 400)
    assert error_codes(body) == {("what", "invalid_choice")}
    assert Job.objects.count() == 0


def test_a_job_whose_work_breaks_ends_failed_and_says_so(api, played):
    job = Job.objects.create(event_id=played["id"], kind=Job.EXPORT, params={"what": "nothing"})
    with pytest.raises(ValueError):
        tasks.run_job(str(job.pk))
    job.refresh_from_db()
    assert job.status == Job.FAILED and job.errors[0]["code"] == "job_failed" and job.output == ""
    tasks.run_job(str(job.pk))  # a finished job is not run again
    status, body = api.get(f"/api/jobs/{job.pk}/")
    assert body["status"] == "failed" and body["progress"] == 0 and body["download"] is None


def test_beat_deletes_export_files_past_their_keeping_time_and_nothing_else(api, played, settings):
    from datetime import timedelta

    from django.utils import timezone

    settings.EXPORT_KEEP_HOURS = 24
    now = timezone.now()

    def job(kind, finished_hours_ago, status=Job.DONE):
        finished = now - timedelta(hours=finished_hours_ago) if finished_hours_ago is not None else None
        return Job.objects.create(event_id=played["id"], kind=kind, status=status, output="rank,name\n",
                                  finished_at=finished).pk

    old_file, old_failure = job(Job.EXPORT, 25), job(Job.EXPORT, 30, Job.FAILED)
    kept = {job(Job.EXPORT, 23), job(Job.EXPORT, None, Job.RUNNING), job(Job.ROUND, 100)}
    assert tasks.clear_old_exports() == 2
    assert set(Job.objects.values_list("pk", flat=True)) == kept
    assert api.get(f"/api/jobs/{old_file}/download/")[0] == 404 and api.get(f"/api/jobs/{old_failure}/")[0] == 404
    assert "jobs.tasks.clear_old_exports" in {e["task"] for e in settings.CELERY_BEAT_SCHEDULE.values()}


@pytest.mark.parametrize("what", ["standings", "results"])
def test_names_and_clubs_never_become_live_formulas(api, what):
    event, _ = new_event(api, players=0)
    hostile = ['=HYPERLINK("http://evil","x")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\tTab", "\rCR"]
    for n, name in enumerate(hostile):
        assert api.post(f"/api/events/{event['id']}/players/",
                        {"name": name, "faction": "guild", "club": hostile[-1 - n]})[0] == 201, name
    play_round(api, event)
    status, body = export(api, event, what)
    cells = [cell for row in csv.reader(io.StringIO(body.decode())) for cell in row]
    assert status == 200 and all(not cell.startswith(tuple("=+-@\t\r")) or cell.lstrip("-").isdigit() for cell in cells)
    shown = {name.lstrip("'") for name in cells if name.startswith("'")}
    assert {"=HYPERLINK(\"http://evil\",\"x\")", "+cmd|' /C calc'!A0", "@SUM(A1)"} <= shown
