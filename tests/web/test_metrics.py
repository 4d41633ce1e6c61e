"""/metrics: Prometheus' text format for this host's Prometheus only; what it counts (latency by view,
queries, the page cache, Celery task outcomes, job durations)."""
import pytest
from django.test import Client
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from jobs import services as jobs
from jobs.models import Job


def scraped(client=None, **extra) -> dict:
    """{(name, labels): value} of one scrape."""
    response = (client or Client()).get("/metrics", **extra)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    assert "no-store" in response["Cache-Control"] or "no-cache" in response["Cache-Control"]
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(response.content.decode()) for sample in family.samples}


def value(name: str, **labels) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


@pytest.mark.parametrize("extra", [{"REMOTE_ADDR": "203.0.113.7"},  # another host
                                   {"HTTP_X_FORWARDED_FOR": "203.0.113.7"},  # came through the proxy
                                   {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "127.0.0.1"}])
def test_only_this_hosts_prometheus_reads_the_metrics(db, extra):
    response = Client().get("/metrics", **extra)
    assert response.status_code == 404 and b"gg_http" not in response.content


def test_an_allowed_address_set_by_the_operator_reads_them(db, settings):
    settings.METRICS_ALLOWED_ADDRESSES = ["10.0.0.5"]
    assert Client().get("/metrics", REMOTE_ADDR="10.0.0.5").status_code == 200
    assert Client().get("/metrics").status_code == 404  # loopback no longer listed


def test_requests_are_timed_by_view_with_their_queries_and_the_page_cache(event):
    view = {"view": "public:round", "method": "GET", "status": "200"}
    before = (value("gg_http_request_duration_seconds_count", **view),
              value("gg_db_queries_total", view="public:round"),
              value("gg_page_cache_total", outcome="miss"), value("gg_page_cache_total", outcome="hit"))
    first = Client().get("/e/spring-open/rounds/1/")
    Client().get("/e/spring-open/rounds/1/")  # from the cache: timed under its view all the same
    Client().get("/e/spring-open/rounds/1/", HTTP_IF_NONE_MATCH=first["ETag"])
    metrics = scraped()
    after = (metrics[("gg_http_request_duration_seconds_count", tuple(sorted(view.items())))],
             metrics[("gg_db_queries_total", (("view", "public:round"),))],
             metrics[("gg_page_cache_total", (("outcome", "miss"),))],
             metrics[("gg_page_cache_total", (("outcome", "hit"),))])
    assert after[0] - before[0] == 2 and after[1] - before[1] >= 1
    assert after[2] - before[2] == 1 and after[3] - before[3] == 1
    assert metrics[("gg_page_cache_total", (("outcome", "not_modified"),))] >= 1


def test_a_players_private_key_never_becomes_a_label(event):
    from tournaments.models import Player

    key = Player.objects.filter(event__slug="spring-open").first().key
    Client().get(f"/p/{key}/")
    Client().get(f"/p/{key}x/")
    text = Client().get("/metrics").content.decode()
    assert key not in text and 'view="public:private"' in text


@pytest.mark.django_db(transaction=True)  # the job runs on a connection of its own
def test_celery_tasks_are_counted_by_outcome_and_jobs_timed_by_kind(api, eager_celery, jobs_in_threads, settings):
    from tests.factories import new_event

    settings.EXPORT_JOB_THRESHOLD = 1
    event, _ = new_event(api, players=2)
    done_before = value("gg_job_duration_seconds_count", kind=Job.EXPORT, outcome="done")
    tasks_before = value("gg_celery_tasks_total", task="jobs.tasks.fail_lost_jobs", outcome="success")
    api.post(f"/api/events/{event['id']}/exports/", {"what": "results"})
    jobs_in_threads()
    from jobs.tasks import fail_lost_jobs

    fail_lost_jobs.delay()
    metrics = scraped()
    assert metrics[("gg_job_duration_seconds_count", (("kind", Job.EXPORT), ("outcome", "done")))] == done_before + 1
    assert metrics[("gg_celery_tasks_total", (("outcome", "success"), ("task", "jobs.tasks.fail_lost_jobs")))] \
        == tasks_before + 1
    assert ("gg_celery_task_duration_seconds_count", (("task", "jobs.tasks.fail_lost_jobs"),)) in metrics
    assert jobs.job_now(Job.objects.get()).status == Job.DONE
