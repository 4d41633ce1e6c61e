"""The shipped nginx site (deploy/nginx/gaininggrounds.conf) in front of gunicorn with production
settings, on PostgreSQL and Redis: public answers are served from the proxy's cache and follow a change
within the grace period; personal ones (a session, a token, a player's key) are never stored nor
served from it; static files, gzip, TLS, the client address and the hidden metrics as configured."""
import gzip
import http.client
import os
import secrets
import ssl
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import NamedTuple

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from rest_framework.authtoken.models import Token

from deploy import local_proxy
from tests.processes import ROOT, free_port, gunicorn, gunicorn_pool, postgres_url, stop
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(NoRedirect, urllib.request.HTTPSHandler(
    context=ssl._create_unverified_context()))  # the certificate is made by the test


def get(url, headers=None, method="GET", body=None):
    """(status, headers, body) of one request, errors included, never following a redirect."""
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with OPENER.open(request, timeout=20) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


class Web(NamedTuple):
    """gunicorn's addresses behind the proxy: its personal pool's and its public pool's (None: the
    personal pool answers both)."""

    personal: list[str]
    public: list[str] | None


# One gunicorn answering everything; the production shape on one machine (a personal and a public pool);
# two web machines behind one nginx sharing PostgreSQL and Redis (docs/deploying.md, "More than one machine").
SHAPES = {"one gunicorn": (1, 0), "two pools": (1, 1), "two machines": (2, 0)}


@pytest.fixture(params=list(SHAPES))
def production_web(request, settings, tmp_path):
    """gunicorn in production settings, in each of SHAPES."""
    production_only(settings)
    settings.SECRET_KEY = secrets.token_urlsafe(50)  # the same as the server's, for sessions made here
    env = production_env(settings, tmp_path)
    personal, public = SHAPES[request.param]
    started = [gunicorn(env, workers=2) for _ in range(personal + public)]
    addresses = [base.removeprefix("http://") for _process, base in started]
    try:
        yield Web(addresses[:personal], addresses[personal:] or None)
    finally:
        for process, _base in started:
            stop(process)


def production_only(settings) -> None:
    if connection.vendor != "postgresql" or "redis" not in settings.CACHES["default"]["BACKEND"].lower():
        pytest.skip("needs PostgreSQL and Redis (the CI's second run sets DATABASE_URL and REDIS_URL)")
    assert os.path.exists(local_proxy.NGINX), "Debian's nginx is missing: `make test` installs it"


def production_env(settings, tmp_path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env.update(DATABASE_URL=postgres_url(connection.settings_dict), DEBUG="0", SECRET_KEY=settings.SECRET_KEY,
               ALLOWED_HOSTS="127.0.0.1,localhost", SECURE_SSL_REDIRECT="0", TRUSTED_PROXIES="1", LOG_LEVEL="ERROR",
               PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics"))
    (tmp_path / "metrics").mkdir(exist_ok=True)
    return env


def proxy_in_front(directory: Path, web: Web, *, tls: bool = False):
    port, redirect_port = free_port(), free_port()
    config = local_proxy.configure(directory, upstream=web.personal, public=web.public, port=port,
                                   redirect_port=redirect_port, static_root=ROOT / "static", tls=tls)
    checked = local_proxy.check(config)
    assert checked.returncode == 0, checked.stderr
    return local_proxy.start(config, port), port, redirect_port


@pytest.fixture
def proxy(production_web, tmp_path):
    process, port, _ = proxy_in_front(tmp_path / "nginx", production_web)
    try:
        yield f"http://127.0.0.1:{port}", tmp_path / "nginx" / "cache"
    finally:
        stop(process)


@pytest.fixture
def running_event():
    user = get_user_model().objects.create_user("organizer-in-the-hall", password="x" * 12)
    event = services.event_create(user=user, name="Behind the proxy", date="2017-05-06", format="gg2017")
    players = [services.player_register(event=event, name=name, faction="guild", by=user)
               for name in ("Ann", "Bob", "Cat", "Dan")]
    rnd = services.round_generate(event=event, seed=1, by=user)
    return {"event": event, "user": user, "players": players, "games": list(rnd.games.all()),
            "token": Token.objects.create(user=user).key}


# The proxy's own copy answered: fresh (HIT), or expired while the application is asked for the next one
# in the background (STALE for the request that starts it, UPDATING meanwhile): on a slow machine a second
# of life can pass between two requests of a test.
FROM_CACHE = ("HIT", "STALE", "UPDATING", "REVALIDATED")


def test_a_public_page_is_answered_from_the_proxy_and_refreshed_within_the_grace_period(proxy, running_event):
    base, _ = proxy
    event, token = running_event["event"], running_event["token"]
    page = f"{base}/e/{event.slug}/rounds/1/"
    for _ in range(3):  # a copy lives 2 s (s-maxage and the grace): a loaded machine may take longer between two asks
        status, headers, first = get(page)
        stored_at = time.monotonic()
        assert status == 200, first[:2000]
        assert headers["Cache-Control"] == "public, max-age=0, s-maxage=1, stale-while-revalidate=1"
        stored_id = headers["X-Request-ID"]
        status, headers, again = get(page)
        if headers["X-Proxy-Cache"] in FROM_CACHE or time.monotonic() - stored_at <= 1:  # a miss in time: wrong
            break
    assert headers["X-Proxy-Cache"] in FROM_CACHE and again == first
    assert headers["X-Request-ID"] != stored_id  # this request's id, not the one whose answer was stored
    # A poll with the copy's ETag is answered 304 by the proxy itself.
    assert get(page, {"If-None-Match": headers["ETag"]})[0] == 304

    game = running_event["games"][0]
    status, _, _ = get(f"{base}/api/games/{game.pk}/result/", {"Authorization": f"Token {token}",
                                                              "Content-Type": "application/json"},
                       "POST", b'{"vp_a": 7, "vp_b": 3}')
    assert status == 201
    posted = time.monotonic()
    # The copy's second of life and its second of grace, plus the new rendering, which a machine busy with the
    # rest of the suite can take over a second to make (failed once so in CI, the page rendered in 1.1 s);
    # a copy never refreshed would still be served after any of it.
    while b"7\xe2\x80\x933" not in get(page)[2]:  # "7–3"
        assert time.monotonic() - posted < 5, "the proxy still serves the round from before the result"
        time.sleep(0.05)
    # nginx counts s-maxage in whole seconds: a copy stored early in one second lasts to the end of the
    # next; the refresh then happens in the background while that copy answers once more.


def test_each_variant_of_a_page_is_its_own_copy_in_the_proxy(proxy, running_event):
    """Language, htmx fragment or whole page, HTML or JSON: what the application renders apart, the
    proxy keeps apart (and a header sent twice cannot file one under the other)."""
    base, _ = proxy
    event = running_event["event"]
    page = f"{base}/e/{event.slug}/rounds/1/"
    for _ in range(2):  # the second time from the proxy's cache
        english = get(page, {"Accept-Language": "en-GB,en;q=0.9", "Accept": "text/html"})
        french = get(page, {"Accept-Language": "fr-FR,fr;q=0.9", "Accept": "text/html"})
        cookie = get(page, {"Accept-Language": "en-GB", "Cookie": "django_language=fr", "Accept": "text/html"})
        fragment = get(page, {"HX-Request": "true", "Accept": "text/html"})
        whole = get(page, {"Accept": "text/html"})
    assert english[1]["Content-Language"] == "en" and french[1]["Content-Language"] == "fr"
    assert cookie[1]["Content-Language"] == "fr" and english[1]["X-Proxy-Cache"] in FROM_CACHE
    assert b"<html" in whole[2] and b"<html" not in fragment[2]
    api = f"{base}/api/events/{event.pk}/"
    for _ in range(2):
        as_json = get(api, {"Accept": "application/json"})
        as_html = get(api, {"Accept": "text/html"})
    assert as_json[1]["Content-Type"].startswith("application/json") and as_json[1]["X-Proxy-Cache"] in FROM_CACHE
    assert as_html[1]["Content-Type"].startswith("text/html")
    # An empty HX-Request line then a real one: nginx keys on the first (the whole page) and passes on
    # just that, so the whole page's copy stays the whole page.
    host, port = base.removeprefix("http://").split(":")
    raw = http.client.HTTPConnection(host, int(port), timeout=20)
    raw.putrequest("GET", f"/e/{event.slug}/rounds/1/")
    for name, value in (("Accept", "text/html"), ("HX-Request", ""), ("HX-Request", "true")):
        raw.putheader(name, value)
    raw.endheaders()
    assert b"<html" in raw.getresponse().read()
    raw.close()
    assert b"<html" in get(page, {"Accept": "text/html"})[2]


def burst(page: str, size: int = 12) -> list[str]:
    """What the proxy says of `size` requests for `page` sent at once."""
    answers = []
    start = threading.Barrier(size)

    def ask():
        start.wait()
        answers.append(get(page)[1]["X-Proxy-Cache"])

    threads = [threading.Thread(target=ask) for _ in range(size)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_one_request_renders_a_missing_page_while_the_others_wait_for_it(proxy, running_event):
    """Three missing pages, one burst each: on a machine busy with the rest of the suite (browsers
    beside it), a burst now and then all goes through (seen in CI, and with the code of before the
    phones' issue too); nginx without its lock lets every one through."""
    base, _ = proxy
    slug = running_event["event"].slug
    bursts = []
    for page in (f"/e/{slug}/standings/", f"/e/{slug}/", f"/e/{slug}/rounds/1/"):
        bursts.append(burst(base + page))
        if bursts[-1].count("MISS") == 1 and all(a in FROM_CACHE for a in bursts[-1] if a != "MISS"):
            return
    raise AssertionError(f"every burst reached the application more than once: {bursts}")


PERSONAL_READS = ("round page with a session", "console with a session", "players API with a token",
                  "private page by its key")


def test_nothing_personal_is_ever_stored_or_served_by_the_proxy(proxy, running_event):
    base, cache = proxy
    event, user, token = running_event["event"], running_event["user"], running_event["token"]
    browser = Client()
    browser.force_login(user)
    session = {"Cookie": f"sessionid={browser.cookies['sessionid'].value}"}
    key = running_event["players"][0].key
    reads = {
        "round page with a session": (f"/e/{event.slug}/rounds/1/", session, b'href="/accounts/"'),
        "console with a session": (f"/console/e/{event.slug}/", session, b'href="/accounts/"'),
        "players API with a token": (f"/api/events/{event.pk}/players/", {"Authorization": f"Token {token}"},
                                     key.encode()),
        "private page by its key": (f"/p/{key}/", {}, key.encode()),
    }
    assert set(reads) == set(PERSONAL_READS)
    for name, (path, headers, marker) in reads.items():
        for _ in range(3):
            status, answer, body = get(base + path, headers)
            assert status == 200 and marker in body, name
            assert answer["X-Proxy-Cache"] in ("BYPASS", "MISS") and "no-store" in answer["Cache-Control"], name
        if headers:  # the same address asked without them never gets the personal answer
            assert marker not in get(base + path)[2], name
    stored = b"".join(path.read_bytes() for path in cache.rglob("*") if path.is_file())
    assert stored and key.encode() not in stored and b'href="/accounts/"' not in stored


def test_static_files_gzip_and_the_metrics_as_configured(proxy, production_web):
    base, _ = proxy
    status, headers, body = get(f"{base}/static/css/site.css", {"Accept-Encoding": "gzip"})
    assert status == 200 and "X-Cache" not in headers  # nginx read it from disk: the application never saw it
    assert headers["Content-Encoding"] == "gzip" and b"body" in gzip.decompress(body)
    assert "max-age=600" in headers["Cache-Control"]
    status, headers, body = get(f"{base}/", {"Accept-Encoding": "gzip", "Accept": "text/html"})
    assert status == 200 and headers["Content-Encoding"] == "gzip" and b"<html" in gzip.decompress(body)
    assert get(f"{base}/metrics")[0] == 404
    # Prometheus on the host asks gunicorn itself: both workers' counts in one answer.
    for _ in range(6):
        get(f"http://{production_web.personal[0]}/healthz")
    status, headers, body = get(f"http://{production_web.personal[0]}/metrics")
    text = body.decode()
    assert status == 200 and 'gg_http_request_duration_seconds_count{method="GET",status="200",view="healthz"} 6.0' \
        in text, text[:3000]


def test_the_rate_limits_see_the_client_through_the_proxy_however_it_forges_its_address(proxy, running_event):
    base, _ = proxy
    answers = []
    for n in range(7):
        status, _, _ = get(f"{base}/api/auth/token/", {"Content-Type": "application/json",
                                                        "X-Forwarded-For": f"203.0.113.{n}"},
                           "POST", b'{"username": "organizer-in-the-hall", "password": "wrong password"}')
        answers.append(status)
    assert answers[0] in (400, 401) and answers[-1] == 429, answers


def test_the_shipped_site_serves_https_and_sends_plain_http_there(production_web, tmp_path, running_event):
    process, port, redirect_port = proxy_in_front(tmp_path / "tls", production_web, tls=True)
    try:
        status, headers, body = get(f"https://127.0.0.1:{port}/e/{running_event['event'].slug}/")
        assert status == 200 and "Strict-Transport-Security" in headers and b"Behind the proxy" in body
        status, headers, _ = get(f"http://127.0.0.1:{redirect_port}/e/spring-open/?x=1")
        assert status == 301 and headers["Location"] == "https://127.0.0.1/e/spring-open/?x=1"
    finally:
        stop(process)


def workers_of(process) -> list[int]:
    return [int(pid) for pid in Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()]


def test_reads_go_to_the_public_pool_and_everything_else_to_the_personal_pool_which_holds_without_it(
        settings, tmp_path, running_event):
    """The bulkhead (deploy/gunicorn.conf.py): nginx sends anonymous reads to the public pool and a player's
    page, credentials and writes to the personal pool, whose workers keep the cores first; with the public
    pool down, players and organizers are still answered."""
    production_only(settings)
    settings.SECRET_KEY = secrets.token_urlsafe(50)
    env = {**production_env(settings, tmp_path), "LOG_LEVEL": "INFO"}
    logs = {pool: tmp_path / f"{pool}.log" for pool in ("personal", "public")}
    started = {pool: gunicorn_pool(env, pool, logs[pool]) for pool in logs}
    proxy, port, _ = proxy_in_front(tmp_path / "pools", Web(*([started[p][1].removeprefix("http://")] for p in logs)))
    base = f"http://127.0.0.1:{port}"
    event, token, key = running_event["event"], running_event["token"], running_event["players"][0].key
    game = next(g for g in running_event["games"] if g.player_b_id)
    organizer = {"Authorization": f"Token {token}"}
    asked = {
        "public": [(f"/e/{event.slug}/rounds/1/", {}, "GET", None), (f"/api/events/{event.pk}/", {}, "GET", None),
                   (f"/e/{event.slug}/standings/", {}, "HEAD", None)],
        "personal": [(f"/p/{key}/", {}, "GET", None), (f"/api/events/{event.pk}/players/", organizer, "GET", None),
                     (f"/api/games/{game.pk}/result/", {**organizer, "Content-Type": "application/json"}, "POST",
                      b'{"vp_a": 5, "vp_b": 3}')],
    }
    try:
        assert os.getpriority(os.PRIO_PROCESS, workers_of(started["public"][0])[0]) >= 10
        assert os.getpriority(os.PRIO_PROCESS, workers_of(started["personal"][0])[0]) == os.getpriority(
            os.PRIO_PROCESS, 0)
        answered = {}
        for pool, requests in asked.items():
            for path, headers, method, body in requests:
                status, answer, _ = get(base + path, headers, method, body)
                assert status in (200, 201), (path, status)
                answered[answer["X-Request-ID"]] = (pool, path)
        time.sleep(0.5)  # the logs are written as each request ends
        for request_id, (pool, path) in answered.items():
            assert request_id in logs[pool].read_text(), f"{path} was not answered by the {pool} pool"
        stop(started["public"][0])
        for path, headers, method, body in asked["personal"][:2]:
            assert get(base + path, headers, method, body)[0] == 200, path
        assert get(f"{base}/e/{event.slug}/")[0] == 502  # never asked before: no copy to stand in
    finally:
        stop(proxy)
        for process, _ in started.values():
            if process.poll() is None:
                stop(process)
