import os
import shutil

import pytest
from django.test import Client

from tests.api.conftest import Api, make_user

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# Debian's Chromium, never a downloaded browser; no background traffic on this closed network.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"]


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail("Chromium is missing: `make test` installs Debian's chromium package")
    from playwright.sync_api import sync_playwright

    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # Playwright's loop shares the test thread
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield browser
            browser.close()
    finally:
        if before is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


@pytest.fixture
def event(client, db):
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


@pytest.fixture
def contexts(browser, live_server):
    """Browser contexts closed when the test ends, before its database goes: a context left open keeps
    connections to the live server whose request threads would outlive the test database."""
    made = []

    def new_context(**options):
        made.append(browser.new_context(**options))
        return made[-1]

    yield new_context
    for context in made:
        context.close()
