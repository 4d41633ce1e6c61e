"""Domain errors become the same standardized JSON bodies as DRF's own errors. A constraint violation
the services did not expect (they turn races into conflicts) is a bug: a 500, logged with its trace."""
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from drf_spectacular.utils import extend_schema
from drf_standardized_errors.handler import ExceptionHandler
from rest_framework import exceptions, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import ErrorDetail, NotFound
from rest_framework.permissions import AllowAny
from rest_framework.settings import api_settings

from gaininggrounds.errors import UNAVAILABLE, database_unavailable
from scoring.problems import Conflict, DomainError


class ConflictError(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = "The event's current state does not allow this."
    default_code = "conflict"


def problems_as_detail(error: DomainError) -> dict:
    detail: dict[str, list[ErrorDetail]] = {}
    for p in error.problems:
        detail.setdefault(p.attr or api_settings.NON_FIELD_ERRORS_KEY, []).append(ErrorDetail(p.detail, p.code))
    return detail


class DatabaseUnavailable(exceptions.APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = UNAVAILABLE
    default_code = "database_unavailable"


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "payload_too_large"


class DomainExceptionHandler(ExceptionHandler):
    def convert_known_exceptions(self, exc: Exception) -> Exception:
        if isinstance(exc, RequestDataTooBig):
            return PayloadTooLarge()
        if isinstance(exc, TooManyFieldsSent | TooManyFilesSent):
            return exceptions.ParseError("The request has too many fields.")
        if database_unavailable(exc):
            return DatabaseUnavailable()
        if isinstance(exc, Conflict):
            first = exc.problems[0]
            return ConflictError(detail=ErrorDetail(first.detail, first.code))
        if isinstance(exc, DomainError):
            return exceptions.ValidationError(problems_as_detail(exc))
        return super().convert_known_exceptions(exc)


@extend_schema(exclude=True)
@api_view(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
@permission_classes([AllowAny])
def api_not_found(request, *args, **kwargs):
    """Any other /api/ address answers a JSON 404 rather than Django's HTML page."""
    raise NotFound("There is no API endpoint at this address.")

