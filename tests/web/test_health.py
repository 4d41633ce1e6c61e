"""/healthz and /readyz, as a process manager and a load balancer ask them."""
import pytest
from django.db import OperationalError


def test_healthz_answers_while_the_process_runs(client, db):
    response = client.get("/healthz")
    assert response.status_code == 200 and response.json() == {"status": "alive"}
    assert "no-store" in response["Cache-Control"] or "no-cache" in response["Cache-Control"]


def test_readyz_is_ready_when_database_cache_and_broker_answer(client, db):
    response = client.get("/readyz")
    assert response.status_code == 200 and response.json() == {"status": "ready", "missing": []}


@pytest.mark.parametrize("part", ["database", "cache"])
def test_readyz_names_what_does_not_answer_with_a_503(client, db, monkeypatch, part):
    from gaininggrounds import health

    def down():
        raise OperationalError(f"{part} down")

    monkeypatch.setattr(health, f"_{part}", down)
    response = client.get("/readyz")
    assert response.status_code == 503 and response.json() == {"status": "missing", "missing": [part]}


def test_readyz_names_a_broker_that_does_not_answer(client, db, settings):
    from gaininggrounds.celery import app as celery_app

    before = (celery_app.conf.task_always_eager, celery_app.conf.broker_url)
    celery_app.conf.task_always_eager, celery_app.conf.broker_url = False, "redis://127.0.0.1:1/0"  # nobody there
    try:
        response = client.get("/readyz")
    finally:
        celery_app.conf.task_always_eager, celery_app.conf.broker_url = before
    assert response.status_code == 503 and "broker" in response.json()["missing"]
