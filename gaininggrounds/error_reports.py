"""Optional error reports to a Sentry-compatible service (sentry-sdk), only when SENTRY_DSN is set.

Reports carry no personal data (send_default_pii off: no cookies, no user's address) and pass through
the same masking as the logs: a player's private link, tokens, keys and passwords never leave the
server, wherever in the report they sit (URL, headers, form data, local variables, messages).
"""
from __future__ import annotations

import sentry_sdk
from sentry_sdk.integrations.celery import CeleryIntegration
from sentry_sdk.integrations.django import DjangoIntegration
from sentry_sdk.scrubber import DEFAULT_DENYLIST, EventScrubber

from gaininggrounds.logs import HIDDEN, SECRET_NAMES, mask, secrets_in

# sentry-sdk's own list (exact names), and ours matched inside longer names (private_key, password1).
HIDDEN_FIELDS = [*DEFAULT_DENYLIST, *SECRET_NAMES]


def hidden(name) -> bool:
    return isinstance(name, str) and any(secret in name.lower() for secret in SECRET_NAMES)


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def masked(value, known: frozenset[str] | None = None):
    """Every string in the report, however deep, with secrets masked: where they are named (a private
    link, `password=`, a token), and wherever else a secret named somewhere in the report shows up (an
    exception's message quoting the key of the link being served, say)."""
    if known is None:
        known = frozenset(s for text in _strings(value) for s in secrets_in(text) if len(s) >= 8)
    if isinstance(value, str):
        value = mask(value)
        for secret in known:
            value = value.replace(secret, HIDDEN)
        return value
    if isinstance(value, dict):
        return {k: HIDDEN if hidden(k) else masked(v, known) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [masked(v, known) for v in value]
    return value


def before_send(event, hint):
    return masked(event)


def start(dsn: str, *, environment: str) -> None:
    # No local variables: any of them may hold a key or a password under any name.
    sentry_sdk.init(dsn=dsn, environment=environment, send_default_pii=False, traces_sample_rate=0,
                    include_local_variables=False,
                    integrations=[DjangoIntegration(), CeleryIntegration()],
                    event_scrubber=EventScrubber(denylist=HIDDEN_FIELDS, recursive=True),
                    before_send=before_send, before_send_transaction=before_send)
