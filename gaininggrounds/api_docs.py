"""The API's documentation pages ask nothing of another host: the site's policy would refuse it (an error
in the reader's console), and the reader's browser would tell that host what it reads. Swagger UI and
Redoc come from drf-spectacular-sidecar; Redoc's page leaves out its Google Fonts
(templates/drf_spectacular/redoc.html) and its script is served here, without its maker's logo."""
from __future__ import annotations

import hashlib
from functools import lru_cache

from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import etag

REDOC = "drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js"
# Redoc draws Redocly's logo from their CDN in its menu's footer, with no setting to leave it out. An empty
# address asks nobody, and the image's error handler then hides it.
REDOC_LOGO = '"https://cdn.redoc.ly/redoc/logo-mini.svg"'


@lru_cache(maxsize=1)
def _redoc() -> tuple[bytes, str]:
    """The sidecar's Redoc without the logo's address, and its tag for conditional requests."""
    with open(finders.find(REDOC), encoding="utf-8") as file:
        source = file.read().replace(REDOC_LOGO, '""').encode()
    return source, hashlib.sha256(source).hexdigest()[:16]


@etag(lambda request: _redoc()[1])
def redoc_script(request) -> HttpResponse:
    # application/javascript: a type the proxy compresses (1.1 MB, 330 KB gzipped).
    response = HttpResponse(_redoc()[0], content_type="application/javascript; charset=utf-8")
    patch_cache_control(response, public=True, max_age=24 * 3600)
    return response
