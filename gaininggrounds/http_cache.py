"""The one owner of cached public answers: a version per scope, moved on after every write commits.

A view declares itself public and cacheable with `@public_cache(scope, kwarg)`:
what it shows depends on one scope (the whole site's list, or one event named by
a URL keyword). An anonymous GET of such a view is stored with the ETag of its
scope's version, so a write never has to find and delete pages: it moves the
version on (`bump`, called by the services' one write path), and every web
process reads the new one from the shared cache (Redis in production) together
with the stored copy, in one round trip; the copy is a hit when its ETag is the
current one. A phone polling the round page gets 304 without a database query.

Renders are single-flight, with a bounded lag (PAGE_CACHE_GRACE_SECONDS, 1 s):
a copy rendered within that second stands in for the new version while another
request renders it, and answers polls (requests revalidating a copy they hold).
So no copy served lags the last change by more than the grace period, and a
busy hall pays about one render per page per second, however fast results
arrive. When the cache is unreachable, pages are simply rendered from the
database.
"""
from __future__ import annotations

import hashlib
import logging
import time

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse, HttpResponseNotModified
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.cache import add_never_cache_headers, patch_cache_control, patch_vary_headers
from django.utils.http import http_date, parse_http_date_safe

log = logging.getLogger(__name__)

SITE = "site"  # the scope of the home page and the event list: they change with any event
PEOPLE = "people"  # the scope of profiles, leaderboards and statistics: they change with any event's games
PAGE_SECONDS = 15 * 60  # a copy nobody asked for in a quarter of an hour is rendered afresh when asked
RENDER_SECONDS = 10  # a render claim outlives no crashed process for long
VARIANT_HEADERS = ("Accept", "Accept-Language", "Cookie", "HX-Request")  # what a stored copy depends on


def _version_key(scope) -> str:
    return f"gg:version:{scope}"


def versions(*scopes, copy_key: str | None = None) -> tuple[list[int], dict | None] | None:
    """Current versions (nanoseconds of the last change) and the copy stored under `copy_key`, in one
    round trip in the steady state; None when the cache is unreachable."""
    keys = [_version_key(s) for s in scopes]
    try:
        found = cache.get_many([*keys, copy_key] if copy_key else keys)
        missing = {k: time.time_ns() for k in keys if k not in found}
        if missing:
            # First read after a restart or eviction: start a fresh version; add() keeps a racing one.
            for key, value in missing.items():
                cache.add(key, value, timeout=None)
            found = {**found, **cache.get_many(list(missing))}
        return [found[k] for k in keys], found.get(copy_key)
    except Exception:  # noqa: BLE001 - any cache failure means "render from the database"
        log.warning("cache unreachable: serving public pages uncached", exc_info=True)
        return None


def scope_key(scope: str, kwarg: str, value) -> str:
    """A scope named by a URL keyword: ("event", "slug", "spring-open") -> "event.slug:spring-open"."""
    return f"{scope}.{kwarg}:{value}"


def public_cache(scope: str = SITE, kwarg: str | None = None, *, params: tuple[str, ...] = ()):
    """Declare a view public and cacheable: its answers depend on `scope` alone, one of them named by
    the URL keyword `kwarg` (none for the whole site), and on the query parameters `params` it reads.
    A request with any other parameter is answered, but never stored (`?utm=1` cannot fill the cache).
    Works on view functions and view classes."""

    def declare(view):
        view.public_cache = (scope, kwarg, tuple(params))
        return view

    return declare


def declared(path: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The scopes a path's view declared it depends on and the query parameters it reads, or None for
    a view never cached."""
    try:
        match = resolve(path)
    except Resolver404:
        return None
    view = match.func
    declared = getattr(view, "public_cache", None) or getattr(getattr(view, "view_class", None), "public_cache",
                                                                 None)
    if declared is None:
        return None
    scope, kwarg, params = declared
    return ((scope,) if kwarg is None else (scope_key(scope, kwarg, match.kwargs[kwarg]),)), params


def representation(accept: str) -> str:
    """The few answers we serve, whatever the Accept header's wording: HTML (pages, the browsable API)
    or JSON."""
    return "html" if "text/html" in accept else "json"


def bump(*scopes: str) -> None:
    """Move these scopes' versions on, now and again once the transaction commits: every cached page
    of them is then stale in every process. (The second move matters: a page rendered by another
    process between the two saw the old data.) Called by the write paths only: `tournaments.services.changes`
    for events, `people.services` and `people.rating_store` for profiles and leaderboards."""

    def move_on():
        now = time.time_ns()
        try:
            cache.set_many({_version_key(s): now for s in scopes}, timeout=None)
        except Exception:  # noqa: BLE001
            log.warning("cache unreachable: versions of %s not moved", scopes, exc_info=True)

    move_on()
    transaction.on_commit(move_on)


class PublicPageCache:
    """Middleware: anonymous GETs of public pages and API reads come from the cache, with ETag and
    Last-Modified; anything personal (a session user, an Authorization header) passes through."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if self._personal(request):
            return self._never_stored(self.get_response(request))
        found = self._cacheable(request)
        if found is None:
            return self.get_response(request)
        scopes, params = found
        if any(name not in params for name in request.GET):
            return self.get_response(request)  # a parameter the page does not read: answered, not stored
        lang = translation.get_language_from_request(request)  # as LocaleMiddleware will choose
        query = "&".join(f"{name}={request.GET.getlist(name)}" for name in params if name in request.GET)
        # The host too: a page's absolute links (the API's `next`) name the host it was asked on.
        variant = f"{request.get_host()}|{request.path}?{query}|{lang}|{request.headers.get('HX-Request', '')}" \
                  f"|{representation(request.headers.get('Accept', ''))}"
        # The latest copy of this page (in this language, fragment or not), whatever its version: a hit
        # when its ETag is the current one, else the copy before, which may stand in for a moment.
        family = "gg:latest:" + hashlib.sha256(f"{scopes}|{variant}".encode()).hexdigest()
        found = versions(*scopes, copy_key=family)
        if found is None:
            return self.get_response(request)
        current, previous = found
        changed = max(current)
        etag = '"' + hashlib.sha256(f"{current}|{variant}".encode()).hexdigest()[:32] + '"'
        if self._not_modified(request, etag, changed):
            return self._with_validators(HttpResponseNotModified(), etag, changed, shared=True)
        if previous is not None and previous["etag"] == etag:
            response = _rebuild(previous["page"])
            response["X-Cache"] = "hit"
            return self._with_validators(response, etag, changed, shared=True)
        # The copy before may stand in only if it was rendered within the grace period, so whatever
        # is served lags the last change by at most that. It stands in for a poll (the request sends
        # the validators of a copy it holds: a phone that already lags by its poll interval), so a
        # burst of writes costs one render a second per page, not one per write; and for anyone while
        # another request renders the new version (single flight). A page opened afresh, with nobody
        # else rendering it, is rendered for its version.
        stand_in = previous is not None and time.time_ns() - previous.get("rendered", 0) <= \
            settings.PAGE_CACHE_GRACE_SECONDS * 1e9
        polling = "If-None-Match" in request.headers or "If-Modified-Since" in request.headers
        if stand_in and polling:
            return self._previous(request, previous)
        claimed = _claim(family)
        if stand_in and not claimed:
            return self._previous(request, previous)
        try:
            response = self.get_response(request)
            if response.status_code == 200 and not response.streaming and not response.cookies:
                try:
                    cache.set(family, {"page": _freeze(response), "etag": etag, "changed": changed,
                                       "rendered": time.time_ns()}, timeout=PAGE_SECONDS)
                except Exception:  # noqa: BLE001
                    pass
                response["X-Cache"] = "miss"
                return self._with_validators(response, etag, changed, shared=True)
            return response
        finally:
            if claimed:
                _release(family)

    def _previous(self, request, previous: dict):
        """The copy before, with its own validators: the client's next poll asks again."""
        etag, changed = previous["etag"], previous["changed"]
        if self._not_modified(request, etag, changed):
            return self._with_validators(HttpResponseNotModified(), etag, changed)
        response = _rebuild(previous["page"])
        response["X-Cache"] = "stale"
        return self._with_validators(response, etag, changed)

    @staticmethod
    def _personal(request) -> bool:
        """Credentials or a session (a signed-in user, messages for this one visitor): the answer is
        for them alone. Without them the visitor is anonymous, which is why this runs before sessions
        and auth."""
        return "Authorization" in request.headers or bool(
            request.COOKIES.get(settings.SESSION_COOKIE_NAME) or request.COOKIES.get("messages"))

    @staticmethod
    def _never_stored(response):
        """A personal answer (an organizer's player list with private keys, printed slips) is kept by
        no cache, shared or the browser's own, unless the view said otherwise."""
        if "no-store" not in response.get("Cache-Control", ""):
            patch_cache_control(response, private=True, no_store=True)
        return response

    @staticmethod
    def _cacheable(request):
        if request.method not in ("GET", "HEAD"):
            return None
        return declared(request.path_info)

    @staticmethod
    def _not_modified(request, etag: str, changed_ns: int) -> bool:
        if_none_match = request.headers.get("If-None-Match")
        if if_none_match is not None:
            return etag in [tag.strip() for tag in if_none_match.split(",")]
        since = parse_http_date_safe(request.headers.get("If-Modified-Since", ""))
        return since is not None and changed_ns // 1_000_000_000 <= since

    @staticmethod
    def _with_validators(response, etag: str, changed_ns: int, *, shared: bool = False):
        """ETag, Last-Modified, Vary and who may keep the answer. Phones must ask again each time
        (max-age=0, cheaply, with the validators), never show a stale round. A shared cache in front
        (deploy/nginx/) may keep the current version for the grace period and, while it fetches the
        next, answer with it for as long again; the copy before (a stand-in, `shared` False) it may
        not keep at all, so what it serves never lags more than that."""
        response["ETag"] = etag
        response["Last-Modified"] = http_date(changed_ns // 1_000_000_000)
        grace = int(settings.PAGE_CACHE_GRACE_SECONDS)  # whole seconds, never above the promise
        if shared and grace:
            response["Cache-Control"] = f"public, max-age=0, s-maxage={grace}, stale-while-revalidate={grace}"
        else:
            response["Cache-Control"] = "public, no-cache"
        # What the copy depends on (its variant), on 304s too: a 304 must carry the Vary its 200 would.
        patch_vary_headers(response, VARIANT_HEADERS)
        return response


def memo(scope: str, name: str, compute):
    """`compute()`'s value for the scope's current version, shared by every process: what many personal
    pages of one event read alike (its standings) is worked out once per change, not once per page. Never
    stale: a write moves the version on, as for the pages. Without the cache, computed each time."""
    found = versions(scope)
    if found is None:
        return compute()
    key = f"gg:memo:{name}:{found[0][0]}"
    try:
        value = cache.get(key)
    except Exception:  # noqa: BLE001
        return compute()
    if value is None:
        value = compute()
        try:
            cache.set(key, value, timeout=PAGE_SECONDS)
        except Exception:  # noqa: BLE001
            pass
    return value


def _claim(family: str) -> bool:
    """Single flight: the first request to miss a page renders it; the others, for a moment, get the
    copy before it (with that copy's own ETag, so their next poll asks again). Without this, every
    write in a busy hall sends all the pollers of a page to render it at once."""
    try:
        return cache.add(family + ":rendering", 1, timeout=RENDER_SECONDS)
    except Exception:  # noqa: BLE001
        return False


def _release(family: str) -> None:
    try:
        cache.delete(family + ":rendering")
    except Exception:  # noqa: BLE001
        pass


def _freeze(response) -> dict:
    headers = {k: v for k, v in response.items() if k.lower() not in ("set-cookie", "x-cache")}
    return {"status": response.status_code, "content": response.content, "headers": headers}


def _rebuild(stored: dict):
    response = HttpResponse(stored["content"], status=stored["status"])
    for name, value in stored["headers"].items():
        response[name] = value
    return response


def kept_private(response):
    """A page reached by a secret in its address (a private link, a sign-up's key, a mailed token): never
    cached, never indexed, never sent on as a referrer. (Not "no-referrer": browsers then send
    "Origin: null" with the page's forms, which CSRF protection rightly refuses.)"""
    add_never_cache_headers(response)
    response["Referrer-Policy"] = "same-origin"
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response
