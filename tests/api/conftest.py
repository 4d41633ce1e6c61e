import json

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from audit.models import AuditRecord
from tournaments.models import Event, Game, Player, PlayerReport, Result, Round, Seat


class Api:
    """A JSON client over pytest-django's test client, as an API user would call it."""

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


def make_user(name):
    user = get_user_model().objects.create_user(name, password="pw-" + name * 2)
    return user, Token.objects.create(user=user).key


@pytest.fixture
def organizer(db):
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


def db_state():
    """Everything the API can write, to prove a rejected request changed nothing."""
    return [list(m.objects.order_by("pk").values())
            for m in (Event, Player, Round, Game, Seat, Result, PlayerReport, AuditRecord)]


def error_codes(body) -> set[tuple[str | None, str]]:
    return {(e["attr"], e["code"]) for e in body["errors"]}
