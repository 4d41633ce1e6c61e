"""Builders for tests: a JSON client as an API user calls it, accounts, and events made through the
services (or through the API where the test is about the API's answers). Plain functions, no fixtures:
the fixtures in conftest.py call these."""
import json
from datetime import date

from django.apps import apps
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from people import verification
from scoring.report import Report
from tournaments import services
from tournaments.models import Event, Round

EVENT = {"name": "Spring Open", "date": "2017-03-18", "format": "gg2017"}


class Api:
    """A JSON client over Django's test client, as an API user would call it."""

    def __init__(self, client, token: str | None = None, key: str | None = None):
        self.client = client
        self.headers = {"Authorization": f"Token {token}"} if token else {}
        if key:
            self.headers = {"Authorization": f"Key {key}"}

    def call(self, method: str, path: str, body=None, raw: str | None = None):
        data = raw if raw is not None else (json.dumps(body) if body is not None else None)
        response = self.client.generic(method, path, data=data or "", content_type="application/json",
                                       headers={"Accept": "application/json", **self.headers})
        is_json = "json" in response.get("Content-Type", "")
        return response.status_code, (response.json() if is_json and response.content else response.content)

    def get(self, path):
        return self.call("GET", path)

    def post(self, path, body=None, **kw):
        return self.call("POST", path, {} if body is None else body, **kw)


def make_user(name, email=""):
    """An account and its API token; with an `email`, one its holder has confirmed (people.verification):
    the address the run-up may match the account by."""
    user = get_user_model().objects.create_user(name, email=email, password="pw-" + name * 2)
    if email:
        verification.verified(user)
    return user, Token.objects.create(user=user).key


# Every app whose rows a request can write: the tournament, people and their ratings, the audit trail,
# jobs and notifications (read from the app registry, so a model added later is covered too).
WRITTEN_APPS = ("tournaments", "people", "audit", "jobs", "notifications", "signups", "teams")


def db_state():
    """Every row of every model the API and the pages can write, to prove a rejected request changed
    nothing."""
    return {model._meta.label: list(model.objects.order_by("pk").values())
            for label in WRITTEN_APPS for model in apps.get_app_config(label).get_models()}


def error_codes(body) -> set[tuple[str | None, str]]:
    return {(e["attr"], e["code"]) for e in body["errors"]}


def rejected(api, method, path, body, status, raw=None):
    """Call, expect `status`, and prove nothing changed; returns the error body."""
    before = db_state()
    got, answer = api.call(method, path, body, raw=raw)
    assert got == status, answer
    assert db_state() == before
    return answer


def new_event(api, players=4, **extra):
    """Through the API: an event and `players` Guild players; the event's body and the players' ids."""
    status, event = api.post("/api/events/", {**EVENT, **extra})
    assert status == 201, event
    ids = []
    for i in range(players):
        status, player = api.post(f"/api/events/{event['id']}/players/", {"name": f"Player {i}", "faction": "guild"})
        assert status == 201, player
        ids.append(player["id"])
    return event, ids


def play_round(api, event, vp=(6, 4)):
    """Through the API: pair the next round and enter `vp` at every table."""
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 7})
    assert status == 201, rnd
    for game in rnd["games"]:
        if not game["bye"]:
            assert api.post(f"/api/games/{game['id']}/result/", {"vp_a": vp[0], "vp_b": vp[1]})[0] == 201
    return rnd


def event_made(user, *, players=4, factions=("guild", "arcanists", "neverborn", "outcasts"), **settings) -> Event:
    """Through the services: an event organized by `user` with `players` registered players."""
    settings = {"name": "Spring Open", "date": date(2017, 3, 18), "format": "gg2017", **settings}
    event = services.event_create(user=user, **settings)
    for n in range(players):
        services.player_register(event=event, by=user, name=f"Player {n}", faction=factions[n % len(factions)])
    return event


def round_paired(event: Event, user, **options) -> Round:
    """Through the services: the event's next round, paired now (small fields never become a job)."""
    return services.round_generate(event=event, by=user, seed=options.pop("seed", "7"), **options)


def results_entered(rnd: Round, user, vp=(6, 4)) -> None:
    """Through the services: the organizer's result `vp` at every table of `rnd` but the bye."""
    for game in rnd.games.select_related("round__event", "player_a", "player_b"):
        if not game.is_bye:
            services.result_record(game=game, by=user, report=Report(outcome="played", vp_a=vp[0], vp_b=vp[1]))


def finished(event: Event, user) -> Event:
    """Through the services: the event closed, so its games count for ratings and the site's statistics."""
    return services.event_finish(event=event, by=user)


def clock_started(event_id: int) -> None:
    """Through the services: round 1's clock running (the API has no clock call; the console does)."""
    rnd = services.round_clock(rnd=Round.objects.get(event_id=event_id, number=1), action="start")
    assert rnd.clock_started_at is not None
