"""Public pages and API reads from the cache: versioned per event, moved on by every write, 304 for
an unchanged page, nothing personal ever shared."""
import pytest
from django.test import Client

from tests.factories import make_user
from tournaments.models import Event, Game


def test_a_second_visit_is_served_from_the_cache_without_a_query(event, django_assert_num_queries):
    first = Client().get("/e/spring-open/rounds/1/")
    assert first["X-Cache"] == "miss"
    with django_assert_num_queries(0):
        second = Client().get("/e/spring-open/rounds/1/")
    assert second["X-Cache"] == "hit" and second.content == first.content


def test_polling_an_unchanged_page_answers_304_without_a_query(event, django_assert_num_queries):
    first = Client().get("/e/spring-open/rounds/1/")
    assert first["ETag"] and first["Last-Modified"]
    assert first["Cache-Control"] == "public, max-age=0, s-maxage=1, stale-while-revalidate=1"
    with django_assert_num_queries(0):
        again = Client().get("/e/spring-open/rounds/1/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    for answer in (first, again):
        assert {"Accept-Language", "Cookie", "HX-Request"} <= {v.strip() for v in answer["Vary"].split(",")}
    assert Client().get("/e/spring-open/rounds/1/", HTTP_IF_MODIFIED_SINCE=first["Last-Modified"]).status_code == 304


def test_a_result_moves_the_version_on_so_nobody_sees_the_old_round(event, organizer_api):
    api = organizer_api
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 5})
    before = Client().get("/e/spring-open/rounds/2/")
    standings = Client().get(f"/api/events/{event['id']}/standings/")
    game = next(g for g in rnd["games"] if not g["bye"])
    api.post(f"/api/games/{game['id']}/result/", {"vp_a": 9, "vp_b": 1})
    after = Client().get("/e/spring-open/rounds/2/")
    assert after["X-Cache"] == "miss" and after["ETag"] != before["ETag"] and "9–1" in after.content.decode()
    assert Client().get("/e/spring-open/rounds/2/", HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 200
    new_standings = Client().get(f"/api/events/{event['id']}/standings/")
    assert new_standings["ETag"] != standings["ETag"]
    assert max(r["vp"] for r in new_standings.json()["standings"]) >= 9


def test_languages_and_htmx_fragments_are_cached_apart(event):
    english = Client().get("/e/spring-open/standings/", HTTP_ACCEPT_LANGUAGE="en")
    french = Client().get("/e/spring-open/standings/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Standings" in english.content.decode() and "Classement" in french.content.decode()
    fragment = Client().get("/e/spring-open/rounds/1/", HTTP_HX_REQUEST="true")
    page = Client().get("/e/spring-open/rounds/1/")
    assert b"<html" not in fragment.content and b"<html" in page.content


def test_nothing_personal_is_cached_or_served_from_the_cache(event, organizer_api):
    api = organizer_api
    path = f"/api/events/{event['id']}/players/"
    with_keys = api.get(path)[1]
    assert with_keys and all("key" in p for p in with_keys)
    anonymous = Client().get(path).json()
    assert len(anonymous) == len(with_keys) and all("key" not in p for p in anonymous)
    # The organizer, asking again with the token, is never answered from the anonymous copy.
    again = api.get(path)[1]
    assert len(again) == len(with_keys) and all("key" in p for p in again)
    signed_in = Client()
    signed_in.force_login(make_user("visitor")[0])
    assert "X-Cache" not in signed_in.get("/e/spring-open/")
    # The cache runs before sessions and users are looked at: any session or pending message passes.
    Client().get("/e/spring-open/")
    for cookie in ("sessionid", "messages"):
        visitor = Client()
        visitor.cookies[cookie] = "anything"
        assert "X-Cache" not in visitor.get("/e/spring-open/"), cookie


def test_the_round_clock_moves_the_version_and_a_cached_page_counts_from_its_end(event):
    organizer = Client()
    organizer.force_login(Event.objects.get(slug="spring-open").created_by)
    before = Client().get("/e/spring-open/rounds/1/")
    organizer.post("/console/e/spring-open/rounds/1/clock/start/")
    after = Client().get("/e/spring-open/rounds/1/")
    assert after["ETag"] != before["ETag"] and 'data-ends="' in after.content.decode()


@pytest.mark.parametrize("path", ["/e/spring-open/rounds/1/", "/e/spring-open/standings/", "/e/spring-open/",
                                  "/api/events/{id}/rounds/1/", "/api/events/{id}/standings/"])
def test_no_page_asks_more_queries_for_more_players(event, path, organizer_api):
    """The query count of an uncached page is the same at 5 and at 45 players."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries():
        from django.core.cache import cache
        cache.clear()
        with CaptureQueriesContext(connection) as captured:
            assert Client().get(path.format(id=event["id"])).status_code == 200
        return len(captured)

    small = queries()
    api = organizer_api
    # Forty more players, seated and reported in round 2.
    for n in range(40):
        api.post(f"/api/events/{event['id']}/players/", {"name": f"Extra {n}", "faction": "guild"})
    api.post(f"/api/events/{event['id']}/rounds/", {"seed": 3})
    for game in Game.objects.filter(round__event_id=event["id"], round__number=2, result__isnull=True):
        api.post(f"/api/games/{game.id}/result/", {"vp_a": 4, "vp_b": 2})
    assert queries() == small


@pytest.fixture
def someone_else_renders(monkeypatch):
    """Another request (in this process or another) holds the claim to render the page."""
    from gaininggrounds import http_cache as page_cache

    monkeypatch.setattr(page_cache, "_claim", lambda family: False)


def enter_a_result(event, organizer_api, vp=(9, 1)):
    status, rnd = organizer_api.post(f"/api/events/{event['id']}/rounds/", {"seed": 5})
    game = next(g for g in rnd["games"] if not g["bye"])
    return lambda: organizer_api.post(f"/api/games/{game['id']}/result/", {"vp_a": vp[0], "vp_b": vp[1]})


def test_while_one_request_renders_the_others_get_the_copy_before_for_a_moment(event, organizer_api, request,
                                                                                django_assert_num_queries):
    post_result = enter_a_result(event, organizer_api)
    before = Client().get("/e/spring-open/rounds/2/")
    post_result()
    request.getfixturevalue("someone_else_renders")
    with django_assert_num_queries(0):
        waiting = Client().get("/e/spring-open/rounds/2/")
    assert waiting["X-Cache"] == "stale" and waiting.content == before.content
    # The copy keeps its own validators, so the phone's next poll asks again and gets the new page.
    assert waiting["ETag"] == before["ETag"] and waiting["Last-Modified"] == before["Last-Modified"]
    # A proxy in front must not keep the stand-in: what it serves would lag by its own time too.
    assert waiting["Cache-Control"] == "public, no-cache"
    assert Client().get("/e/spring-open/rounds/2/", HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 304


def test_past_the_grace_period_a_request_renders_for_itself(event, organizer_api, settings, someone_else_renders):
    settings.PAGE_CACHE_GRACE_SECONDS = 0
    post_result = enter_a_result(event, organizer_api)
    before = Client().get("/e/spring-open/rounds/2/")
    post_result()
    after = Client().get("/e/spring-open/rounds/2/")
    assert after["X-Cache"] == "miss" and after["ETag"] != before["ETag"] and "9–1" in after.content.decode()
    # No grace at all: no shared cache may keep the page for any time either.
    assert after["Cache-Control"] == "public, no-cache"


def test_a_page_never_rendered_is_rendered_even_while_claimed(event, someone_else_renders):
    first = Client().get("/e/spring-open/rounds/1/")
    assert first.status_code == 200 and first["X-Cache"] == "miss"


def test_the_render_claim_is_released_after_each_render(event, organizer_api):
    post_result = enter_a_result(event, organizer_api)
    Client().get("/e/spring-open/rounds/2/")
    post_result()
    # Had the first render kept its claim, this request (within the grace period) would get the old copy.
    after = Client().get("/e/spring-open/rounds/2/")
    assert after["X-Cache"] == "miss" and "9–1" in after.content.decode()


def test_a_poll_just_after_a_change_gets_the_copy_of_the_last_second(event, organizer_api, settings):
    status, rnd = organizer_api.post(f"/api/events/{event['id']}/rounds/", {"seed": 5})
    first, second = [g for g in rnd["games"] if not g["bye"]][:2]
    before = Client().get("/e/spring-open/rounds/2/")
    organizer_api.post(f"/api/games/{first['id']}/result/", {"vp_a": 9, "vp_b": 1})
    poll = Client().get("/e/spring-open/rounds/2/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert poll.status_code == 304 and poll["ETag"] == before["ETag"]
    # Someone opening the page afresh gets the new version, rendered for it.
    opened = Client().get("/e/spring-open/rounds/2/")
    assert opened["X-Cache"] == "miss" and "9–1" in opened.content.decode()
    # With no grace, a poll is never answered from a copy older than the change.
    settings.PAGE_CACHE_GRACE_SECONDS = 0
    organizer_api.post(f"/api/games/{second['id']}/result/", {"vp_a": 2, "vp_b": 8})
    poll = Client().get("/e/spring-open/rounds/2/", HTTP_IF_NONE_MATCH=opened["ETag"])
    assert poll.status_code == 200 and "2–8" in poll.content.decode()


def test_a_copy_older_than_the_grace_period_never_stands_in(event, organizer_api, settings, someone_else_renders,
                                                            monkeypatch):
    import time as clock

    post_result = enter_a_result(event, organizer_api)
    before = Client().get("/e/spring-open/rounds/2/")
    post_result()
    later = clock.time_ns() + 2 * 10**9  # two seconds on: the copy is older than the grace period
    monkeypatch.setattr("gaininggrounds.http_cache.time.time_ns", lambda: later)
    poll = Client().get("/e/spring-open/rounds/2/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert poll.status_code == 200 and poll["X-Cache"] == "miss" and "9–1" in poll.content.decode()


def test_answers_carrying_private_keys_are_never_stored(event, organizer_api):
    """The console's player list and print slips and the organizers' API answers carry private keys:
    no cache may keep them. The same addresses read anonymously stay public and revalidated."""
    console = Client()
    console.force_login(Event.objects.get(slug="spring-open").created_by)
    for path in ("/console/e/spring-open/", "/console/e/spring-open/rounds/1/print/"):
        response = console.get(path)
        assert response.status_code == 200 and "no-store" in response["Cache-Control"], path
        assert "private" in response["Cache-Control"] and "public" not in response["Cache-Control"]
    players = f"/api/events/{event['id']}/players/"
    response = organizer_api.client.get(players, headers=organizer_api.headers)
    assert "key" in response.json()[0] and "no-store" in response["Cache-Control"]
    anonymous = Client().get(players)
    assert "key" not in anonymous.json()[0] and anonymous["Cache-Control"].startswith("public, max-age=0, s-maxage=")


def test_a_copy_is_stored_only_for_the_parameters_a_page_reads(event):
    path = "/e/spring-open/rounds/1/"
    assert Client().get(path)["X-Cache"] == "miss"
    for _ in range(2):  # a junk parameter: answered each time, never stored (no miss, no hit)
        response = Client().get(f"{path}?utm=1&x=2")
        assert response.status_code == 200 and "X-Cache" not in response
    assert Client().get(f"{path}?q=ada")["X-Cache"] == "miss"  # the search box's parameter is read: kept
    assert Client().get(f"{path}?q=ada")["X-Cache"] == "hit"
    assert Client().get(path)["X-Cache"] == "hit"  # and apart from the copy without it


def test_accept_headers_meaning_the_same_share_one_copy(event):
    path = f"/api/events/{event['id']}/standings/"
    assert Client().get(path, headers={"Accept": "application/json"})["X-Cache"] == "miss"
    for accept in ("application/json; q=0.9", "*/*", "application/json, text/plain", ""):
        assert Client().get(path, headers={"Accept": accept})["X-Cache"] == "hit", accept
    html = Client().get(path, headers={"Accept": "text/html"})
    assert html.get("X-Cache") != "hit" and "text/html" in html["Content-Type"]  # never the JSON copy


def test_each_host_gets_its_own_copy(event, settings):
    settings.ALLOWED_HOSTS = ["testserver", "other.example.org"]
    Client().get("/api/events/?page=1")
    first = Client().get("/api/events/?page=1")
    other = Client().get("/api/events/?page=1", headers={"Host": "other.example.org"})
    assert first["X-Cache"] == "hit" and other["X-Cache"] == "miss"
