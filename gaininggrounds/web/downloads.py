"""A file handed to the browser as a download, for the API and the console alike."""
from django.http import HttpResponse


def attachment(text: str, name: str, content_type: str) -> HttpResponse:
    response = HttpResponse(text, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
