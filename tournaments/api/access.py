"""Who is asking: private player keys, the player an account plays as, and the throttles that keep a
leaked or guessed key from being hammered."""
from __future__ import annotations

import logging
from types import SimpleNamespace

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed, Throttled
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from tournaments.models import Event, Player

log = logging.getLogger(__name__)

BAD_KEY = "Invalid key."  # the same answer whether or not such a player ever existed


class FreshRates(SimpleRateThrottle):
    """Reads its rate from the settings at each request (DRF's class attribute keeps the import-time
    rates, so an operator's or a test's change would not apply)."""

    def get_rate(self):
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request, view):
        """Fail open when the cache (Redis) is unreachable: reporting goes on, unthrottled, rather
        than answering 500 to a whole hall."""
        try:
            return super().allow_request(request, view)
        except Exception:  # noqa: BLE001
            log.warning("cache unreachable: %s not throttled", self.scope, exc_info=True)
            return True


class ReportPerPlayer(FreshRates):
    """Reports, confirmations and disputes per player (key or linked account)."""

    scope = "report_player"

    def get_cache_key(self, request, view):
        if isinstance(request.auth, Player):
            ident = f"p{request.auth.pk}"
        elif request.user and request.user.is_authenticated:
            ident = f"u{request.user.pk}"
        else:
            return None
        return self.cache_format % {"scope": self.scope, "ident": ident}


class ReportPerAddress(FreshRates):
    """Reports per client address: a venue's wifi puts many phones behind one, so the rate is wide."""

    scope = "report_address"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class BadKeyPerAddress(ReportPerAddress):
    """Failed key lookups per client address (counted only when a key is wrong)."""

    scope = "bad_key"


def report_wait(request, player: Player) -> float | None:
    """For the pages: the same throttles as the API's reporting; seconds to wait, or None to go ahead."""
    asking = SimpleNamespace(auth=player, user=AnonymousUser(), META=request.META, headers=request.headers)
    for throttle in (ReportPerPlayer(), ReportPerAddress()):
        if not throttle.allow_request(asking, None):
            return throttle.wait() or 1
    return None


def refuse_bad_key(request) -> None:
    """Count a failed key lookup; past the rate the address is told to wait (429) instead."""
    throttle = BadKeyPerAddress()
    if not throttle.allow_request(request, None):
        raise Throttled(throttle.wait())


def player_for_key(key: str) -> Player | None:
    if not key or len(key) > 64:
        return None
    return Player.objects.select_related("event", "user").filter(key=key).first()


class PlayerKeyAuthentication(BaseAuthentication):
    """`Authorization: Key <key>`: the request acts as that player (request.auth), with no user."""

    keyword = "key"

    def authenticate(self, request):
        words = get_authorization_header(request).split()
        if not words or words[0].lower() != self.keyword.encode():
            return None
        player = player_for_key(words[1].decode(errors="replace")) if len(words) == 2 else None
        if player is None:
            refuse_bad_key(request)
            raise AuthenticationFailed(BAD_KEY)
        return AnonymousUser(), player

    def authenticate_header(self, request):
        return "Key"


def acting_player(request, event: Event) -> Player | None:
    """The player of `event` this request acts as: the key holder, or the signed-in person's entry."""
    if isinstance(request.auth, Player):
        return request.auth if request.auth.event_id == event.pk else None
    if request.user and request.user.is_authenticated:
        return event.players.filter(user=request.user).first()
    return None


class PlayerKeyScheme(OpenApiAuthenticationExtension):
    """Names the key header in the OpenAPI schema."""

    target_class = PlayerKeyAuthentication
    name = "playerKey"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "header", "name": "Authorization",
                "description": "A player's private key: `Key <key>`."}
