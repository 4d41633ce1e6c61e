"""When the database is out of reach (restarting, network gap), say so with a 503 and a message
rather than a bare 500: the request wrote nothing (every write is one transaction) and a retry in a
moment will work, since connections are health-checked and reopened."""
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.views.defaults import server_error as django_server_error

UNAVAILABLE = "The database is unavailable for a moment; nothing was saved. Try again shortly."


def database_unavailable(exc) -> bool:
    return isinstance(exc, (OperationalError, InterfaceError))


def server_error(request, *args, **kwargs):
    if database_unavailable(sys.exc_info()[1]):
        if request.path.startswith("/api/"):
            response = JsonResponse({"type": "server_error", "errors": [
                {"code": "database_unavailable", "detail": UNAVAILABLE, "attr": None}]}, status=503)
        else:
            response = HttpResponse(UNAVAILABLE, status=503, content_type="text/plain; charset=utf-8")
        response["Retry-After"] = "5"
        return response
    return django_server_error(request, *args, **kwargs)
