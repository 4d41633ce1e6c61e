"""Production logs: one JSON object per line, a line per request with its id, view, status, duration
and who acted, and never a private key, a token or a password."""
import copy
import io
import json
import logging
import logging.config

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from gaininggrounds.logs import mask
from tournaments.models import Player


@pytest.fixture
def json_lines(settings):
    """The production logging configuration (JSON, request lines on), writing into a buffer."""
    config = copy.deepcopy(settings.LOGGING)
    stream = io.StringIO()
    config["handlers"]["console"].update(formatter="json", stream=stream)
    config["loggers"]["gaininggrounds.requests"]["level"] = "INFO"
    logging.config.dictConfig(config)
    try:
        yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    finally:
        logging.config.dictConfig(settings.LOGGING)


def test_each_request_is_one_json_line_with_its_id_view_status_duration_and_player(event, json_lines):
    player = Player.objects.filter(event__slug="spring-open").first()
    response = Client().get(f"/p/{player.key}/", HTTP_X_REQUEST_ID="0123456789abcdef0123456789abcdef")
    Client().get("/e/spring-open/standings/")
    lines = json_lines()
    private, standings = [line for line in lines if line["logger"] == "gaininggrounds.requests"]
    assert private["request_id"] == response["X-Request-ID"] == "0123456789abcdef0123456789abcdef"
    assert private["view"] == "public:private" and private["status"] == 200 and private["method"] == "GET"
    assert private["player_id"] == player.pk and private["user_id"] is None and private["duration_ms"] > 0
    assert standings["view"] == "public:standings" and len(standings["request_id"]) == 32
    assert standings["request_id"] != private["request_id"] and {"time", "level"} <= set(standings)
    assert player.key not in json.dumps(lines)


def test_a_made_up_request_id_is_replaced(event, json_lines):
    response = Client().get("/e/spring-open/", HTTP_X_REQUEST_ID="<script>")
    assert response["X-Request-ID"] != "<script>" and len(response["X-Request-ID"]) == 32


def test_signed_in_requests_name_the_account_and_no_secret_reaches_the_log(event, organizer_api, json_lines):
    password = "the organizer's secret 123"
    Client().post("/api/auth/token/", {"username": "someone", "password": password}, content_type="application/json")
    Client().get("/p/not-a-real-key-at-all/")  # Django logs "Not Found: <path>" on its own
    token = organizer_api.headers["Authorization"]
    organizer_api.client.get(f"/api/events/{event['id']}/players/", headers=organizer_api.headers)
    lines = json_lines()
    text = json.dumps(lines)
    assert password not in text and "not-a-real-key-at-all" not in text and token.split()[-1] not in text
    players = next(line for line in lines if line.get("view") == "api:event-players")
    assert players["user_id"] is not None and players["status"] == 200
    assert any("/p/[hidden]" in line["message"] for line in lines if line["logger"] == "django.request")


KEY_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"  # secrets.token_urlsafe's


@given(key=st.text(alphabet=KEY_LETTERS, min_size=8, max_size=40))
def test_masking_hides_keys_tokens_and_passwords_wherever_they_sit(key):
    for text in (f"Not Found: /p/{key}/", f"GET /p/{key}/report/?x=1", f"Authorization: Token {key}",
                 f"password={key}&next=/", f'{{"key": "{key}"}}', f"Key {key}", f"private_key={key}",
                 f"new_password1={key}", f"{{'password': '{key}'}}", f"DETAIL:  Key (key)=({key}) already exists."):
        assert key not in mask(text), text


def test_a_traceback_in_the_log_is_masked_too(json_lines):
    key = "TracebackKey0123456789"
    try:
        raise ValueError(f"no player for /p/{key}/ (password={key})")
    except ValueError:
        logging.getLogger("gaininggrounds.test").exception("lookup failed")
    (line,) = json_lines()
    assert "ValueError" in line["exc_info"] and key not in json.dumps(line)
