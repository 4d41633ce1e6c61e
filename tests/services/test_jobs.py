"""Long work without a worker: it never runs inside the request, and a job no worker will finish ends
failed with why instead of staying "running" or "pending" forever."""
import signal
import uuid
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from jobs import services, tasks
from jobs.models import Job
from tests.factories import make_user, new_event
from tournaments.models import Event


def lost_while_working(job, progress):
    """Changes the event, then finds its job declared lost (a sweep committed while it worked)."""
    Event.objects.filter(pk=job.event_id).update(name="Half made")
    Job.objects.filter(pk=job.pk).update(status=Job.FAILED)
    return {}


@pytest.mark.django_db(transaction=True)  # the job runs on a connection of its own
def test_with_no_broker_the_request_hands_its_long_work_out_and_answers(api, settings, eager_celery, jobs_in_threads):
    """Nothing of the work runs in the request (tests/system/test_jobs_without_worker.py shows the real
    process outliving the web server)."""
    settings.EXPORT_JOB_THRESHOLD = 1
    event, _ = new_event(api, players=2)
    status, job = api.post(f"/api/events/{event['id']}/exports/", {"what": "results"})
    assert status == 202 and Job.objects.get(pk=job["id"]).status == Job.PENDING
    jobs_in_threads()
    assert api.get(f"/api/jobs/{job['id']}/")[1]["status"] == "done"


def aged(job: Job, **when) -> Job:
    Job.objects.filter(pk=job.pk).update(**{k: timezone.now() - v for k, v in when.items()})
    return job


@pytest.fixture
def a_job(api):
    event, _ = new_event(api, players=2)
    return Job.objects.create(event_id=event["id"], kind=Job.EXPORT, params={"what": "results"})


def test_a_job_running_past_its_time_limit_is_answered_failed_with_why(api, a_job, settings):
    settings.JOB_TIME_LIMIT = 60
    Job.objects.filter(pk=a_job.pk).update(status=Job.RUNNING)
    aged(a_job, started_at=timedelta(seconds=60 + services.LOST_MARGIN_SECONDS - 5))
    with CaptureQueriesContext(connection) as queries:  # within its time: left alone, and not written to
        assert api.get(f"/api/jobs/{a_job.pk}/")[1]["status"] == "running"
    assert not [q for q in queries.captured_queries if q["sql"].startswith("UPDATE")]
    aged(a_job, started_at=timedelta(seconds=60 + services.LOST_MARGIN_SECONDS + 5))
    status, body = api.get(f"/api/jobs/{a_job.pk}/")
    assert status == 200 and body["status"] == "failed" and body["errors"][0]["code"] == "job_lost"
    assert "nothing was changed" in body["errors"][0]["detail"]
    a_job.refresh_from_db()
    assert a_job.status == Job.FAILED and a_job.finished_at is not None


def test_a_job_no_worker_takes_is_answered_failed_saying_a_worker_is_needed(api, a_job, settings, client,
                                                                           monkeypatch):
    monkeypatch.setattr(services, "runs_later", lambda: True)  # a broker, and no worker taking jobs
    settings.JOB_WAIT_LIMIT = 600
    aged(a_job, created_at=timedelta(seconds=590))
    assert api.get(f"/api/jobs/{a_job.pk}/")[1]["status"] == "pending"
    aged(a_job, created_at=timedelta(seconds=610))
    client.force_login(a_job.event.created_by)
    page = client.get(f"/console/jobs/{a_job.pk}/").content.decode()
    assert "No worker took this job within 10 minutes" in page and "hx-trigger" not in page
    assert Job.objects.get(pk=a_job.pk).errors[0]["code"] == "job_not_started"


def test_with_no_broker_a_job_whose_process_never_started_ends_within_minutes(api, a_job, monkeypatch):
    monkeypatch.setattr(services, "runs_later", lambda: False)
    aged(a_job, created_at=timedelta(seconds=services.PROCESS_START_SECONDS - 10))
    assert api.get(f"/api/jobs/{a_job.pk}/")[1]["status"] == "pending"
    aged(a_job, created_at=timedelta(seconds=services.PROCESS_START_SECONDS + 10))
    body = api.get(f"/api/jobs/{a_job.pk}/")[1]
    assert body["status"] == "failed" and "The work could not start" in body["errors"][0]["detail"]


def test_a_process_that_cannot_start_fails_its_job_at_once(a_job, monkeypatch):
    def no_fork(*args, **kwargs):
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(services.subprocess, "Popen", no_fork)
    services.job_process_start(str(a_job.pk))
    a_job.refresh_from_db()
    assert a_job.status == Job.FAILED and a_job.errors[0]["code"] == "job_not_started"


def test_a_job_running_since_before_its_start_time_was_kept_is_ended_too(a_job, settings):
    settings.JOB_TIME_LIMIT = 60
    Job.objects.filter(pk=a_job.pk).update(status=Job.RUNNING, started_at=None)
    aged(a_job, created_at=timedelta(hours=2))
    assert services.job_now(Job.objects.get(pk=a_job.pk)).errors[0]["code"] == "job_lost"


def test_the_same_work_asked_again_before_it_ends_is_the_same_job(a_job, monkeypatch):
    monkeypatch.setattr(services, "job_hand_out", lambda job_id: None)
    again = services.job_start(event=a_job.event, kind=Job.EXPORT, params={"what": "results"}, by=None)
    other = services.job_start(event=a_job.event, kind=Job.EXPORT, params={"what": "backup"}, by=None)
    assert again.pk == a_job.pk and other.pk != a_job.pk and Job.objects.count() == 2


def test_with_no_broker_more_jobs_at_once_than_the_machine_takes_are_refused(api, a_job, settings, monkeypatch):
    monkeypatch.setattr(services, "runs_later", lambda: False)
    monkeypatch.setattr(services, "job_hand_out", lambda job_id: None)
    settings.JOBS_WITHOUT_WORKER, settings.EXPORT_JOB_THRESHOLD = 1, 1
    event, _ = new_event(api, players=2)
    status, body = api.post(f"/api/events/{event['id']}/exports/", {"what": "results"})
    assert status == 409 and body["errors"][0]["code"] == "jobs_busy" and Job.objects.count() == 1
    Job.objects.filter(pk=a_job.pk).update(status=Job.DONE)
    assert api.post(f"/api/events/{event['id']}/exports/", {"what": "results"})[0] == 202


def test_a_job_ended_before_its_worker_took_it_up_stays_ended(a_job, monkeypatch):
    """A job declared lost between the worker reading it and starting it is not revived."""
    real_first = services.Job.objects.select_related("event").filter(pk=a_job.pk).first

    def read_then_lost(self):
        job = real_first()
        services.job_failed(str(a_job.pk), {"code": "job_not_started", "detail": "", "attr": None})
        return job

    monkeypatch.setattr(type(services.Job.objects.all()), "first", read_then_lost)
    services.job_run(str(a_job.pk))
    monkeypatch.undo()
    assert Job.objects.get(pk=a_job.pk).status == Job.FAILED


def test_celery_beat_ends_the_lost_jobs_nobody_watches(a_job, settings, api):
    settings.JOB_TIME_LIMIT = 60
    event, _ = new_event(api, players=2)
    fresh = Job.objects.create(event_id=event["id"], kind=Job.EXPORT, params={"what": "results"},
                               status=Job.RUNNING, started_at=timezone.now())
    Job.objects.filter(pk=a_job.pk).update(status=Job.RUNNING)
    aged(a_job, started_at=timedelta(hours=1))
    assert django_settings.CELERY_BEAT_SCHEDULE["fail-lost-jobs"]["task"] == "jobs.tasks.fail_lost_jobs"
    assert tasks.fail_lost_jobs() == 1
    assert Job.objects.get(pk=a_job.pk).status == Job.FAILED and Job.objects.get(pk=fresh.pk).status == Job.RUNNING
    assert tasks.fail_lost_jobs() == 0


def test_work_that_ends_after_its_job_was_declared_lost_changes_nothing(a_job, monkeypatch):
    monkeypatch.setitem(services.WORK, Job.EXPORT, f"{__name__}.lost_while_working")
    name = a_job.event.name
    services.job_run(str(a_job.pk))
    a_job.refresh_from_db()
    assert a_job.event.name == name and a_job.status != Job.DONE


def test_a_job_handed_out_again_after_its_worker_died_starts_its_clock_afresh(a_job, settings):
    settings.JOB_TIME_LIMIT = 60
    Job.objects.filter(pk=a_job.pk).update(status=Job.RUNNING)
    aged(a_job, started_at=timedelta(seconds=50))
    services.job_run(str(a_job.pk))
    a_job.refresh_from_db()
    assert a_job.status == Job.DONE and timezone.now() - a_job.started_at < timedelta(seconds=30)


def test_a_job_page_of_someone_else_s_event_is_refused_before_anything_is_ended(a_job, settings, client):
    settings.JOB_WAIT_LIMIT = 60
    aged(a_job, created_at=timedelta(hours=1))
    client.force_login(make_user("stranger")[0])
    assert client.get(f"/console/jobs/{a_job.pk}/").status_code == 403
    assert Job.objects.get(pk=a_job.pk).status == Job.PENDING


def slow_work(job, progress):
    """Work that ends only by the job's time limit (its alarm), bounded so a missing alarm fails, not hangs."""
    import threading

    threading.Event().wait(30)
    return {}


def test_the_command_ends_a_job_that_runs_out_of_time(a_job, settings, monkeypatch):
    monkeypatch.setitem(services.WORK, Job.EXPORT, f"{__name__}.slow_work")
    settings.JOB_TIME_LIMIT = 1
    before = signal.getsignal(signal.SIGALRM)
    call_command("run_job", str(a_job.pk))
    assert Job.objects.get(pk=a_job.pk).errors[0]["code"] == "job_too_long"
    assert signal.getsignal(signal.SIGALRM) == before and signal.alarm(0) == 0


def test_the_command_that_runs_a_job_without_a_broker(a_job):
    with pytest.raises(CommandError, match="No job"):
        call_command("run_job", str(uuid.uuid4()))
    call_command("run_job", str(a_job.pk))
    assert Job.objects.get(pk=a_job.pk).status == Job.DONE
    assert signal.alarm(0) == 0  # its time limit ends with it
