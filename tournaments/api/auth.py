"""The API's side of tournaments.access: the private-key authentication and the reporting throttles,
as DRF classes over the framework-neutral rules."""
from __future__ import annotations

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed, Throttled
from rest_framework.throttling import BaseThrottle

from gaininggrounds import logs
from tournaments import access

BAD_KEY = "Invalid key."  # the same answer whether or not such a player ever existed


class PlayerKeyAuthentication(BaseAuthentication):
    """`Authorization: Key <key>`: the request acts as that player (request.auth), with no user."""

    keyword = "key"

    def authenticate(self, request):
        words = get_authorization_header(request).split()
        if not words or words[0].lower() != self.keyword.encode():
            return None
        player = access.player_for_key(words[1].decode(errors="replace")) if len(words) == 2 else None
        if player is None:
            if (wait := access.bad_key_wait(request.META)) is not None:
                raise Throttled(wait)
            raise AuthenticationFailed(BAD_KEY)
        logs.acting_player(request._request, player)
        return AnonymousUser(), player

    def authenticate_header(self, request):
        return "Key"


class ReportThrottle(BaseThrottle):
    """Reports, confirmations and disputes per player and per client address (access.report_wait)."""

    def allow_request(self, request, view):
        self.waiting = access.report_wait(request.META, player=access.key_player(request), user=request.user)
        return self.waiting is None

    def wait(self):
        return self.waiting


class PlayerKeyScheme(OpenApiAuthenticationExtension):
    """Names the key header in the OpenAPI schema."""

    target_class = PlayerKeyAuthentication
    name = "playerKey"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "header", "name": "Authorization",
                "description": "A player's private key: `Key <key>`."}
