"""The OpenAPI schema's own words where drf-standardized-errors cannot infer them: the summary and description of
a view class that serves several URLs, one for each `action` it is built with (`as_view(action=...)`: a
decorator on its method would give them all the same text), and the answers a view gives by itself (a 409 and
its codes, a 403 or 404 raised in the view, the sign-in's 429 with Retry-After), which the library only infers
from permission and throttle classes."""
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from drf_standardized_errors.openapi_serializers import (
    ClientErrorEnum,
    ErrorResponse403Serializer,
    ErrorResponse404Serializer,
    ErrorResponse429Serializer,
)
from rest_framework import serializers
from rest_framework.settings import api_settings


class Error409Serializer(serializers.Serializer):
    code = serializers.CharField(help_text="Why: one of the codes this operation's 409 lists.")
    detail = serializers.CharField()
    attr = serializers.CharField(allow_null=True)


class ErrorResponse409Serializer(serializers.Serializer):
    # The docstring is the schema's description of a 409, kept word for word when the handler moved to
    # gaininggrounds.api.errors (the published schema did not change with the move).
    """The body of a 409, shaped as every other error (tournaments.api.errors)."""

    type = serializers.ChoiceField(choices=ClientErrorEnum.choices)
    errors = Error409Serializer(many=True)


def conflicts(*codes: str) -> OpenApiResponse:
    """A 409 with the codes the operation can answer, so a client knows which to handle."""
    return OpenApiResponse(ErrorResponse409Serializer, description=(
        "The current state does not allow this; the error's `code` says why: "
        + ", ".join(f"`{code}`" for code in codes) + "."))


REFUSALS = {403: ErrorResponse403Serializer, 404: ErrorResponse404Serializer, 429: ErrorResponse429Serializer}


def refused(status: int, why: str) -> OpenApiResponse:
    """A 403, 404 or 429 the view raises itself, with when it does."""
    return OpenApiResponse(REFUSALS[status], description=why)


# On every 429: DRF's Throttled sets it from the wait.
RETRY_AFTER = OpenApiParameter("Retry-After", int, OpenApiParameter.HEADER, response=[429],
                               description="Seconds to wait before trying again.")


class PerAction(api_settings.DEFAULT_SCHEMA_CLASS):
    """Reads the view's `OPERATIONS`: action -> (summary, description), and its `CONFLICTS`: action -> the
    codes of the 409s that action can answer. Set as the view's `schema`; an `extend_schema` on its method
    (request, responses) still applies."""

    def get_summary(self):
        return self.view.OPERATIONS[self.view.action][0]

    def get_description(self):
        return self.view.OPERATIONS[self.view.action][1]

    def _get_response_bodies(self, direction="response"):
        bodies = super()._get_response_bodies(direction=direction)
        codes = getattr(self.view, "CONFLICTS", {}).get(self.view.action)
        if direction == "response" and codes and "409" not in bodies:
            bodies["409"] = self._get_response_for_code(conflicts(*codes), "409", direction=direction)
        return bodies
