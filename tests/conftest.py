import pytest
from django.core.cache import cache
from hypothesis import settings

# Shared machines are noisy: judge properties by their examples, never by a deadline.
settings.register_profile("gaininggrounds", deadline=None, max_examples=60)
settings.load_profile("gaininggrounds")


@pytest.fixture(autouse=True)
def fresh_cache():
    """Throttle counters and cached pages live in the cache: each test starts with none."""
    cache.clear()
    yield
    try:
        cache.clear()
    except Exception:  # noqa: BLE001 - a test that pointed the cache at a dead Redis
        pass


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Tests make many accounts: a fast hasher instead of the deliberately slow production one."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def eager_celery():
    """Run tasks in the test's process even when a broker is configured (the Redis pass of CI)."""
    from gaininggrounds.celery import app as celery_app

    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = before
