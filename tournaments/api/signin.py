"""Signing in for a token, under the site's limit on failed passwords (its own module: the
authentication classes in auth.py load while DRF loads its views, so they cannot import a view)."""
from drf_spectacular.utils import extend_schema
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import Throttled

from gaininggrounds.api.openapi import RETRY_AFTER, refused
from tournaments import access


class SignInToken(ObtainAuthToken):
    """POST /api/auth/token/: DRF's token for a username and password, refused with 429 (before the
    password is checked) once the account or the address has failed too often."""

    @extend_schema(
        summary="Sign in for an API token",
        description=(
            "Anyone: answers the account's token for a username and password, to send as `Authorization: Token "
            "<token>` on organizer calls. After too many failed passwords for the account or from the address, "
            "answers 429 (before the password is checked) until the hour, or for a burst from one address the "
            "minute, has passed."),
        responses={200: AuthTokenSerializer, 429: refused(429, (
            "Too many failed sign-ins for the account or from the address: refused before the password is "
            "checked, even the right one, for as many seconds as Retry-After says."))},
        parameters=[RETRY_AFTER])
    def post(self, request, *args, **kwargs):
        body = request.data if isinstance(request.data, dict) else {}  # a list or a number: refused below
        username = body.get("username")
        if isinstance(username, int | float) and not isinstance(username, bool):
            username = str(username)  # as the serializer reads it: the account "12345" is counted alike
        if (wait := access.signin_hold(request, username)) is not None:
            raise Throttled(wait, detail="Too many failed sign-ins for this account or from this address.")
        try:  # the attempt is held while the password is checked, so parallel tries count at once
            return super().post(request, *args, **kwargs)
        finally:
            access.signin_settle(request)
