"""Fixtures for the whole suite; the builders they call are in tests/factories.py."""
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.test import Client
from django.utils import translation
from hypothesis import settings
from rest_framework.test import APIClient

from tests.factories import Api, make_user
from tests.profiles import BASE_EXAMPLES

# Hypothesis's profiles (tests/profiles.py says how each test scales with them). Shared machines are
# noisy: judge properties by their examples, never by a deadline.
# - "gaininggrounds", the default (make test, CI): the same examples every run (derandomized, drawn from
#   each test's name), so a red run is red again, on any machine, until the code is fixed.
# - "wide", by hand (`pytest --hypothesis-profile=wide`): fresh random examples, ten times as many; a
#   failure prints the seed that reproduces it (`--hypothesis-seed=...`).
settings.register_profile("gaininggrounds", deadline=None, max_examples=BASE_EXAMPLES, derandomize=True,
                          database=None, print_blob=True)
settings.register_profile("wide", deadline=None, max_examples=BASE_EXAMPLES * 10, derandomize=False,
                          print_blob=True)
settings.load_profile("gaininggrounds")

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config, items):
    """tests/system/ starts real processes (PostgreSQL, Redis, gunicorn, workers) and tests/browser/
    drives Chromium: marked, so `pytest -m "not system and not browser"` is the quick loop. `make test`
    and CI run everything."""
    for item in items:
        folder = Path(str(item.fspath)).relative_to(HERE).parts[0]
        if folder in ("system", "browser"):
            item.add_marker(getattr(pytest.mark, folder))


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
def fresh_packs():
    """Published season packs are kept built by their id for the process's life; a test's database is rolled
    back and its ids used again, so each test starts with none kept."""
    from seasons.catalogue import forget

    forget()


@pytest.fixture(autouse=True)
def english_afterwards():
    """A request in French leaves French active in this thread (the locale middleware activates, nothing
    resets): each test ends back in the default language, so messages checked later are in English."""
    yield
    translation.activate(django_settings.LANGUAGE_CODE)


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


@pytest.fixture
def jobs_in_threads(monkeypatch):
    """With no broker a job runs in a process of its own (`manage.py run_job`), which cannot reach the test
    database (in this process's memory on SQLite). Here a job handed out is held, and calling the fixture's
    value runs each held job in a thread on its own connection, after the request that asked has been
    answered (SQLite's shared in-memory database refuses a reader at once while another connection writes).
    tests/system/test_jobs_without_worker.py runs the real process under gunicorn."""
    import threading

    from django.db import connections

    from jobs import services

    held: list[str] = []
    monkeypatch.setattr(services, "job_process_start", held.append)

    def finish(seconds: float = 60) -> None:
        def work(job_id: str) -> None:
            try:
                services.job_run(job_id)
            finally:
                connections.close_all()

        while held:
            thread = threading.Thread(target=work, args=(held.pop(0),), name="job")
            thread.start()
            thread.join(seconds)
            assert not thread.is_alive(), f"a job still runs after {seconds} s"

    return finish


@pytest.fixture
def organizer(db):
    """An organizer's account and API token."""
    return make_user("organizer")


@pytest.fixture
def api(client, organizer):
    return Api(client, organizer[1])


@pytest.fixture
def stranger_api(client, db):
    return Api(client, make_user("stranger")[1])


@pytest.fixture
def anon_api(client, db):
    return Api(client)


@pytest.fixture
def running(api, client):
    """A GG2017 event with four players and round 1 paired; keys by player id."""
    _, event = api.post("/api/events/", {"name": "Phones", "date": "2017-05-06", "format": "gg2017", "rounds": 3})
    for name, faction in (("Ann", "guild"), ("Bob", "arcanists"), ("Cid", "neverborn"), ("Dee", "outcasts")):
        assert api.post(f"/api/events/{event['id']}/players/", {"name": name, "faction": faction})[0] == 201
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 7})
    assert status == 201
    _, players = api.get(f"/api/events/{event['id']}/players/")
    keys = {p["id"]: p["key"] for p in players}
    games = [g for g in rnd["games"] if not g["bye"]]

    class Running:
        id = event["id"]
        organizer = api

        def as_player(self, pid):
            return Api(APIClient(), key=keys[pid])

        def side(self, game_index, side):
            game = games[game_index]
            return game["id"], self.as_player(game["player_" + side])

    Running.games, Running.keys = games, keys
    return Running()


@pytest.fixture
def event(client, db):
    """The Spring Open: five players, round 1 paired and every result 5-5 (a dict: the API's event with
    `ids` by name and `round`)."""
    api = Api(client, make_user("organizer")[1])
    status, event = api.post("/api/events/", {"name": "Spring Open", "date": "2017-03-18", "format": "gg2017",
                                              "rounds": 3})
    ids = {}
    for name, faction in [("Ada Ortega", "guild"), ("Ben Okafor", "arcanists"), ("Chloé Martin", "outcasts"),
                          ("Dev Patel", "ten-thunders"), ("Emma Lind", "gremlins")]:
        ids[name] = api.post(f"/api/events/{event['id']}/players/", {"name": name, "faction": faction})[1]["id"]
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1})
    for game in rnd["games"]:
        if not game["bye"]:
            api.post(f"/api/games/{game['id']}/result/", {"vp_a": 5, "vp_b": 5})
    event["ids"], event["round"] = ids, rnd
    return event


@pytest.fixture
def organizer_api(event):
    """The Spring Open's organizer, calling the API with a token."""
    from rest_framework.authtoken.models import Token

    from tournaments.models import Event

    user = Event.objects.get(slug="spring-open").created_by
    return Api(Client(), Token.objects.get_or_create(user=user)[0].key)


@pytest.fixture
def round_two(event, organizer_api):
    """Round 2 of the Spring Open, paired, nothing reported: its first table's game."""
    from tournaments.models import Game

    status, rnd = organizer_api.post(f"/api/events/{event['id']}/rounds/", {"seed": 2})
    assert status == 201
    return Game.objects.select_related("player_a", "player_b").get(pk=rnd["games"][0]["id"])
