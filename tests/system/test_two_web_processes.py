"""Two gunicorn instances on different ports, sharing PostgreSQL and Redis: a result posted to one
shows on the other at once (the cache's versions live in Redis, not in a process)."""
import os

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.authtoken.models import Token

from tests.processes import fetch, gunicorn, postgres_url, stop
from tournaments import services
from tournaments.models import Event


def shared_services_here() -> bool:
    return connection.vendor == "postgresql" and "redis" in settings.CACHES["default"]["BACKEND"].lower()


@pytest.fixture
def two_web_processes():
    if not shared_services_here():
        pytest.skip("needs PostgreSQL and Redis (the CI's second run sets DATABASE_URL and REDIS_URL)")
    env = {**os.environ, "DEBUG": "1", "DATABASE_URL": postgres_url(connection.settings_dict)}
    started = [gunicorn(env), gunicorn(env)]
    try:
        yield [base for _, base in started]
    finally:
        for process, _ in started:
            stop(process)


@pytest.mark.django_db(transaction=True)
def test_a_result_posted_to_one_process_shows_on_the_other(two_web_processes):
    first, second = two_web_processes
    user = get_user_model().objects.create_user("org", password="x" * 12)
    event = services.event_create(user=user, name="Two processes", date="2017-05-06", format="gg2017")
    for name in ("Ann", "Bob"):
        services.player_register(event=event, name=name, faction="guild", by=user)
    rnd = services.round_generate(event=event, seed=1, by=user)
    game = rnd.games.get()
    page = f"/e/{event.slug}/rounds/1/"
    status, headers, html = fetch(second + page)
    assert status == 200 and headers["X-Cache"] == "miss"
    status, headers, html = fetch(second + page)
    assert headers["X-Cache"] == "hit" and "7–3" not in html
    token = Token.objects.create(user=user).key
    status, _, _ = fetch(first + f"/api/games/{game.pk}/result/", "POST", b'{"vp_a": 7, "vp_b": 3}',
                         {"Authorization": f"Token {token}", "Content-Type": "application/json"})
    assert status == 201
    status, headers, html = fetch(second + page)
    assert headers["X-Cache"] == "miss" and "7–3" in html
    assert Event.objects.get(pk=event.pk).round_set.get().games.get().result.vp_a == 7
