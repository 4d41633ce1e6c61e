"""Redis unreachable (a real Redis client pointed at a port where nothing answers): public pages,
player reports and organizer results keep working from the database, never a 500."""
import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import Api

NOWHERE = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                       "LOCATION": "redis://127.0.0.1:1/0", "OPTIONS": {"socket_connect_timeout": 0.2}}}


@pytest.fixture
def redis_gone(settings, running):  # noqa: F811
    settings.CACHES = NOWHERE
    yield running


def test_everything_a_hall_needs_works_without_the_cache(redis_gone):
    event = redis_gone
    slug = Client().get(f"/api/events/{event.id}/").json()["slug"]
    for path in (f"/e/{slug}/rounds/1/", f"/e/{slug}/standings/", "/", f"/api/events/{event.id}/standings/"):
        response = Client().get(path)
        assert response.status_code == 200 and "X-Cache" not in response, path
    gid, reporter = event.side(0, "a")
    _, opponent = event.side(0, "b")
    assert reporter.post(f"/api/games/{gid}/report/", {"vp_a": 6, "vp_b": 2})[0] == 200
    assert opponent.post(f"/api/games/{gid}/confirm/")[0] == 200
    other = event.games[1]["id"]
    assert event.organizer.post(f"/api/games/{other}/result/", {"vp_a": 3, "vp_b": 3})[0] == 201
    assert Api(APIClient(), key="wrong").post(f"/api/games/{gid}/report/", {"vp_a": 1, "vp_b": 0})[0] == 401
    assert "6–2" in Client().get(f"/e/{slug}/rounds/1/").content.decode()
