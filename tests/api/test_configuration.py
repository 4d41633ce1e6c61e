"""The settings pick real services from the environment, and both kinds of sign-in work."""
import os

from django.conf import settings
from django.core.cache import cache
from django.db import connection


def test_database_cache_and_celery_follow_the_environment():
    assert connection.vendor == ("postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres")
                                 else "sqlite")
    backend = settings.CACHES["default"]["BACKEND"]
    if os.environ.get("REDIS_URL"):
        assert backend.endswith("RedisCache") and settings.CELERY_TASK_ALWAYS_EAGER is False
    else:
        assert backend.endswith("LocMemCache") and settings.CELERY_TASK_ALWAYS_EAGER is True
    cache.set("gaininggrounds-probe", {"tp": 3}, 30)
    assert cache.get("gaininggrounds-probe") == {"tp": 3}
    cache.delete("gaininggrounds-probe")


def test_session_sign_in_works_for_the_browser(client, organizer):
    client.force_login(organizer[0])
    response = client.post("/api/events/", {"name": "By browser", "date": "2017-02-02", "format": "m3e"},
                           content_type="application/json")
    assert response.status_code == 201 and response.json()["organizers"] == ["organizer"]
