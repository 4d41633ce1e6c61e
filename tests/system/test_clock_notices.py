"""Round-clock announcements as scheduled jobs that update the public round page."""
import os
import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.utils import timezone

from tests.processes import celery_worker, postgres_url, stop
from tournaments import services, tasks
from tournaments.models import Round
from tournaments.services.round_clock import clock_notices_schedule


@pytest.fixture
def running_round(django_user_model):
    user = django_user_model.objects.create_user("org", password="x" * 12)
    event = services.event_create(user=user, name="Clock", date="2017-05-06", format="gg2017")
    for name in ("Ann", "Bob"):
        services.player_register(event=event, name=name, faction="guild", by=user)
    rnd = services.round_generate(event=event, seed=1, by=user)
    services.round_clock(rnd=rnd, action="start")
    rnd.refresh_from_db()
    return event, rnd


@pytest.mark.django_db
def test_an_announcement_shows_on_the_cached_round_page_once(running_round):
    event, rnd = running_round
    page = f"/e/{event.slug}/rounds/1/"
    before = Client().get(page)
    run = rnd.clock_started_at.isoformat()
    tasks.clock_notice.apply(args=[rnd.pk, run, 15 * 60])
    after = Client().get(page)
    assert after["ETag"] != before["ETag"] and "15 minutes left." in after.content.decode()
    tasks.clock_notice.apply(args=[rnd.pk, run, 15 * 60])  # handed out twice: said once
    assert len(Round.objects.get(pk=rnd.pk).clock_notices) == 1
    tasks.clock_notice.apply(args=[rnd.pk, run, 0])
    assert "Time called." in Client().get(page).content.decode()


@pytest.mark.django_db
def test_a_paused_or_restarted_clock_ignores_the_old_schedule(running_round):
    event, rnd = running_round
    old_run = rnd.clock_started_at.isoformat()
    services.round_clock(rnd=rnd, action="pause")
    tasks.clock_notice.apply(args=[rnd.pk, old_run, 15 * 60])
    assert Round.objects.get(pk=rnd.pk).clock_notices == []


@pytest.mark.django_db(transaction=True)
def test_a_real_worker_calls_time_at_the_end_of_the_clock(running_round):
    if connection.vendor != "postgresql" or "redis" not in settings.CACHES["default"]["BACKEND"].lower():
        pytest.skip("needs PostgreSQL and Redis (the CI's second run)")
    event, rnd = running_round
    # A clock with three seconds left: only "time called" is ahead.
    Round.objects.filter(pk=rnd.pk).update(clock_started_at=timezone.now(), clock_left=3, clock_notices=[])
    rnd.refresh_from_db()
    worker = celery_worker({**os.environ, "DATABASE_URL": postgres_url(connection.settings_dict)})
    try:
        assert clock_notices_schedule(rnd) == 1
        for _ in range(60):
            if Round.objects.get(pk=rnd.pk).clock_notices:
                break
            time.sleep(0.5)
        notice = Round.objects.get(pk=rnd.pk).clock_notices
        assert [n["left"] for n in notice] == [0]
        said_at = timezone.datetime.fromisoformat(notice[0]["at"])
        assert said_at >= rnd.clock_started_at + timedelta(seconds=2)  # at its moment, not at once
        assert "Time called." in Client().get(f"/e/{event.slug}/rounds/1/").content.decode()
    finally:
        stop(worker)
