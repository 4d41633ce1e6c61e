"""Logs an operator's collector can read: in production one JSON object per line
(python-json-logger), one line per request, and every line of a request carrying its request id.

Nothing secret reaches a line: a request is logged by its view's name, never its path or query (a
player's private link is a path), and a filter masks private links, tokens and passwords in any
message (Django's own "Not Found: /p/..." included).
"""
from __future__ import annotations

import contextvars
import logging
import re
import uuid

from django.utils.functional import empty
from pythonjsonlogger.core import RESERVED_ATTRS
from pythonjsonlogger.json import JsonFormatter

REQUEST_ID = contextvars.ContextVar("request_id", default=None)
# nginx sends its $request_id (32 hex digits); anything else a client made up is replaced.
GIVEN_ID = re.compile(r"[A-Za-z0-9-]{8,64}")
requests_log = logging.getLogger("gaininggrounds.requests")

# Names of what is secret: matched inside longer names too (private_key, new_password1, api_token).
SECRET_NAMES = ("token", "key", "password", "passwd", "secret", "sessionid", "csrf", "authorization")
_NAMED = "|".join(SECRET_NAMES)
SECRETS = [  # in this order: "Authorization: Token x" loses the token before its header's name is seen
    re.compile(r"(?i)\b(Token|Bearer|Key)\s+(?P<secret>[A-Za-z0-9._~+/=-]{8,})"),
    re.compile(r"/p/(?P<secret>[^/\s?#\"']+)"),  # a player's private link
    # name=value, "name": "value", 'name': 'value', and PostgreSQL's "Key (name)=(value)"
    re.compile(rf"(?i)[a-z0-9_]*(?:{_NAMED})[a-z0-9_]*['\"]?\)?\s*[=:]\s*[(\"']?(?P<secret>[^\s&\"',;)]+)"),
]
HIDDEN = "[hidden]"


def secrets_in(text: str) -> set[str]:
    """The private keys, tokens and passwords a text shows where they are named."""
    return {match["secret"] for pattern in SECRETS for match in pattern.finditer(text)}


def mask(text: str) -> str:
    for pattern in SECRETS:
        text = pattern.sub(lambda m: m[0][:m.start("secret") - m.start()] + HIDDEN + m[0][m.end("secret") - m.start():],
                           text)
    return text


class Redact(logging.Filter):
    """Masks secrets in a record's message (its arguments merged in first) and exception text."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask(message)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:  # what the text formatter prints
            record.exc_text = mask(record.exc_text)
        return True


class JsonLines(JsonFormatter):
    """python-json-logger's formatter, leaving out the request object Django attaches to its error
    records (its text names the path, a private link perhaps), with tracebacks, stacks and any extra
    text masked too."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, reserved_attrs=[*RESERVED_ATTRS, "request", "server_time"], **kwargs)

    def formatException(self, exc_info) -> str:  # noqa: N802 - logging's name
        return mask(super().formatException(exc_info))

    def formatStack(self, stack_info) -> str:  # noqa: N802 - logging's name
        return mask(super().formatStack(stack_info))

    def process_log_record(self, log_data: dict) -> dict:
        return {name: mask(value) if isinstance(value, str) else value for name, value in log_data.items()}


class RequestId(logging.Filter):
    """Adds the current request's id (None outside a request: Celery, commands)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = REQUEST_ID.get()
        return True


def request_started(request) -> contextvars.Token:
    """The request's id, from the proxy when it gave one, set for every line logged while it runs and
    kept on the request for its answer's X-Request-ID header."""
    given = request.headers.get("X-Request-ID", "")
    request.request_id = given if GIVEN_ID.fullmatch(given) else uuid.uuid4().hex
    return REQUEST_ID.set(request.request_id)


def _user_id(request) -> int | None:
    """The account that acted, if the request already looked it up (never a query of its own: a cached
    answer never got as far as the auth middleware, and the database may be what failed)."""
    user = request.__dict__.get("user")
    user = getattr(user, "_wrapped", user)  # the auth middleware's lazy object, looked up or not
    if user is None or user is empty:
        return None
    return user.pk if getattr(user, "is_authenticated", False) else None


def request_ended(request, response, *, view: str, method: str, seconds: float) -> None:
    """One line for the request: its view, method, status, duration and who acted (an account's id or
    a player's id from a private link), never the path, a key or a password."""
    response["X-Request-ID"] = request.request_id
    requests_log.info("%s %s %s", method, view, response.status_code, extra={
        "view": view, "method": method, "status": response.status_code, "duration_ms": round(seconds * 1000, 2),
        "user_id": _user_id(request), "player_id": getattr(request, "player_id", None),
        "cache": response.get("X-Cache")})


def request_done(token: contextvars.Token) -> None:
    REQUEST_ID.reset(token)


def acting_player(request, player) -> None:
    """Record which player a private link or key acts as, for the request's log line."""
    request.player_id = player.pk
