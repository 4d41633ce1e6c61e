"""Parallel workers never share a Redis database (tests/workers.py): each takes the one REDIS_URL names
plus 1 + its number, and this very process runs on its own when it is a worker."""
import pytest
from django.conf import settings

from tests.workers import REDIS_DATABASES, SHARED_REDIS_URL, WORKER, redis_url_of_worker


def test_each_worker_takes_a_database_of_its_own_above_the_one_named():
    assert redis_url_of_worker("redis://127.0.0.1:6379/0", "gw0") == "redis://127.0.0.1:6379/1"
    assert redis_url_of_worker("redis://127.0.0.1:6379/0", "gw1") == "redis://127.0.0.1:6379/2"
    assert redis_url_of_worker("redis://127.0.0.1:6379", "gw0") == "redis://127.0.0.1:6379/1"
    assert redis_url_of_worker("redis://:secret@cache:6380/3", "gw2") == "redis://:secret@cache:6380/6"
    with pytest.raises(RuntimeError, match="fewer workers"):
        redis_url_of_worker("redis://127.0.0.1:6379/0", f"gw{REDIS_DATABASES}")


def test_this_worker_caches_and_queues_on_its_own_database():
    if not (WORKER and SHARED_REDIS_URL):
        pytest.skip("not a parallel worker on Redis")
    own = redis_url_of_worker(SHARED_REDIS_URL, WORKER)
    assert own != SHARED_REDIS_URL
    assert settings.CACHES["default"]["LOCATION"] == own and settings.CELERY_BROKER_URL == own
