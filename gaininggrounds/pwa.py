"""What makes the site installable on a phone: the web app manifest and the service worker, served from
the site's root so the worker's scope is the whole site (static/js/sw.js says what it keeps)."""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from django.contrib.staticfiles import finders
from django.http import HttpResponse, JsonResponse
from django.templatetags.static import static
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from django.utils.translation import gettext as _

THEME, PAPER = "#1d1b16", "#fbf8f2"
# What any kept page needs to be drawn offline: kept by the worker when it installs.
SHELL = ("css/site.css", "vendor/htmx-2.0.11.min.js", "js/clock.js", "js/poll.js", "js/offline.js",
         "js/phone.js", "js/sheet.js", "favicon.svg", "icons/icon-192.png")


def manifest(request, *, start_url: str = "/", name: str = "", id: str = "/") -> JsonResponse:
    """The manifest in the reader's language; a player's own (from their private page) opens on that page."""
    body = {
        "id": id, "name": name or "Gaining Grounds", "short_name": "Gaining Grounds", "lang": get_language(),
        "description": _("Malifaux tournaments: pairings, results and standings, live on every phone."),
        "start_url": start_url, "scope": "/", "display": "standalone",
        "background_color": PAPER, "theme_color": THEME,
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("icons/maskable-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }
    response = JsonResponse(body, content_type="application/manifest+json",
                            json_dumps_params={"ensure_ascii": False})
    patch_cache_control(response, max_age=3600)
    return response


def site_manifest(request) -> JsonResponse:
    return manifest(request)


@lru_cache(maxsize=1)
def _worker() -> str:
    """The worker's source with its shell and a version drawn from the shell's contents: a release that
    changes any of them installs a new worker, which drops the old copies."""
    paths = [finders.find(name) for name in SHELL]
    digest = hashlib.sha256()
    for path in paths:
        with open(path, "rb") as file:
            digest.update(file.read())
    with open(finders.find("js/sw.js"), encoding="utf-8") as file:
        source = file.read()
    return (source.replace("__VERSION__", digest.hexdigest()[:12])
            .replace("__SHELL__", json.dumps([static(name) for name in SHELL])))


def service_worker(request) -> HttpResponse:
    response = HttpResponse(_worker(), content_type="text/javascript; charset=utf-8")
    patch_cache_control(response, no_cache=True)  # a browser checks for a new worker on every visit
    return response
