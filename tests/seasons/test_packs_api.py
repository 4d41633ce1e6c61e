"""Issue 55's season packs through the API: an organizer copies GG Zero, saves a changed cap (the check
reports it at its field), fixes it, publishes, downloads the file, and another organizer imports that file
into the same data; a draft does not exist for anyone else, a site-wide version is everyone's; the staff
publish site-wide; and malformed bodies (not a mapping, too big, too deep, an alias bomb, wrong types) answer
400 and change nothing, never a 500."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from scoring.formats import get_format
from seasons.models import PackVersion, SeasonPack
from tests.factories import Api, db_state, make_user

YAML = "application/yaml"


@pytest.fixture
def apis(db):
    """Ann and Ben organize, Sue is the site's staff; and someone not signed in."""
    made = {name: make_user(name) for name in ("ann", "ben", "sue")}
    made["sue"][0].is_staff = True
    made["sue"][0].save()
    return {**{name: Api(APIClient(), token) for name, (user, token) in made.items()}, "anon": Api(APIClient())}


def state():
    """Every row the API and pages write, the packs' included."""
    return {**db_state(), "packs": list(SeasonPack.objects.order_by("pk").values()),
            "versions": list(PackVersion.objects.order_by("pk").values())}


def start(api, name="Gaining Grounds One", from_key="m4e-gg0") -> dict:
    status, version = api.post("/api/packs/", {"name": name, "from_key": from_key})
    assert status == 201, version
    return version


def published(api, version, **extra) -> dict:
    status, answer = api.post(f"/api/pack-versions/{version['id']}/publish/", {"released_on": "2026-09-01", **extra})
    assert status == 200, answer
    return answer


def post_file(api, text, content_type=YAML):
    response = api.client.generic("POST", "/api/packs/import/", data=text, content_type=content_type,
                                  headers={"Accept": "application/json", **api.headers})
    return response.status_code, response.json()


def codes(body) -> set[tuple[str | None, str]]:
    return {(e["attr"], e["code"]) for e in body["errors"]}


def test_copy_check_fix_publish_export_and_import_elsewhere(apis):
    ann, ben = apis["ann"], apis["ben"]
    draft = start(ann)
    assert (draft["state"], draft["number"], draft["edition"], draft["name"]) == ("draft", 1, "M4E",
                                                                                   "Gaining Grounds One")
    assert draft["problems"] == [] and draft["based_on"] == "m4e-gg0" and draft["mine"] is True
    assert draft["key"] == f"pack-{draft['id']}" and draft["published_by"] is None
    address = f"/api/pack-versions/{draft['id']}/"

    data = {**draft["data"], "vp": {**draft["data"]["vp"], "strategy": 6}}
    status, saved = ann.call("PUT", address, {"data": data})
    assert status == 200 and saved["data"]["vp"]["strategy"] == 6
    assert [problem["path"] for problem in saved["problems"]] == [["vp", "game"]]

    before = state()
    status, refused = ann.post(address + "publish/", {"released_on": "2026-09-01"})
    assert status == 400 and state() == before
    assert ("data", "pack_problems") in codes(refused) and ("data.vp.game", "pack_problem") in codes(refused)

    status, saved = ann.call("PUT", address, {"data": {**data, "vp": {**data["vp"], "game": 12}}})
    assert status == 200 and saved["problems"] == []
    out = published(ann, saved)
    assert (out["state"], out["released_on"], out["published_by"]) == ("own", "2026-09-01", "ann")
    assert get_format(out["key"]).vp.game == 12

    response = ann.client.get(address + "export/", headers=ann.headers)
    assert response.status_code == 200 and response["Content-Type"].startswith(YAML)
    assert response["Content-Disposition"] == f'attachment; filename="{out["key"]}.yaml"'
    text = response.content.decode()
    head = text.splitlines()[0]
    assert head.startswith("# Gaining Grounds One, version 1, released 2026-09-01") and "by ann" in head

    status, imported = post_file(ben, response.content)
    assert status == 201, imported
    assert imported["data"] == out["data"] and imported["problems"] == [] and imported["state"] == "draft"
    assert imported["id"] != out["id"] and imported["mine"] and imported["based_on"] == ""
    # The same file as JSON, renamed; and as text/plain.
    status, renamed = ben.post("/api/packs/import/", {"file": text, "name": "Ben's Grounds"})
    assert status == 201 and renamed["name"] == "Ben's Grounds" and renamed["data"]["vp"]["game"] == 12
    assert post_file(ben, text, "text/plain; charset=utf-8")[0] == 201


def test_a_published_version_changes_only_through_its_next(apis):
    ann = apis["ann"]
    first = published(ann, start(ann))
    address = f"/api/pack-versions/{first['id']}/"
    before = state()
    status, body = ann.call("PUT", address, {"data": first["data"]})
    assert status == 409 and codes(body) == {(None, "published")} and state() == before
    status, body = ann.post(address + "publish/", {"released_on": "2026-09-01"})
    assert status == 409 and codes(body) == {(None, "published")}
    status, second = ann.post(address + "next/")
    assert status == 201 and (second["number"], second["state"]) == (2, "draft")
    assert second["data"] == first["data"] and second["key"] != first["key"]
    status, again = ann.post(address + "next/")
    assert status == 200 and again["id"] == second["id"]  # one draft at a time
    status, listed = ann.get("/api/packs/")
    assert [(e["number"], e["state"]) for e in listed if e["id"] in (first["id"], second["id"])] == [
        (2, "draft"), (1, "own")]


def test_a_draft_is_its_owners_and_a_site_wide_version_everyones(apis):
    ann, ben, sue, anon = apis["ann"], apis["ben"], apis["sue"], apis["anon"]
    draft = start(ann)
    address = f"/api/pack-versions/{draft['id']}/"
    missing = anon.get("/api/pack-versions/999999/")
    for who in (ben, anon):
        assert who.get(address) == missing and who.get(address + "export/") == missing
        status, listed = who.get("/api/packs/")
        assert status == 200 and draft["id"] not in [entry["id"] for entry in listed]
    assert ben.call("PUT", address, {"data": draft["data"]})[0] == 404
    assert ben.post(address + "publish/", {"released_on": "2026-09-01", "site": True})[0] == 404
    assert ben.post("/api/packs/", {"name": "Taken", "from_key": draft["key"]})[0] == 400  # no source to ben

    status, own = ann.post(address + "publish/", {"released_on": "2026-09-01"})
    assert status == 200 and ben.get(address) == missing  # published for ann's events only
    before = state()
    status, body = ann.post(address + "publish/", {"released_on": "2026-09-01", "site": True})
    assert status == 409 and codes(body) == {(None, "not_site_staff")} and state() == before

    status, shared = sue.post(address + "publish/", {"released_on": "2026-09-01", "site": True})
    assert status == 200 and (shared["state"], shared["published_by"]) == ("site", "sue")
    for who in (ben, anon):
        status, seen = who.get(address)
        assert status == 200 and seen["data"] == own["data"] and seen["mine"] is False
        status, listed = who.get("/api/packs/")
        entry = next(entry for entry in listed if entry["id"] == draft["id"])
        assert (entry["key"], entry["state"], entry["published_by"], entry["released_on"], entry["shipped"]) == (
            draft["key"], "site", "sue", "2026-09-01", False) and entry["published_at"]
        assert {e["key"] for e in listed if e["shipped"]} >= {"gg2017", "m3e", "m4e-gg0"}
    assert anon.client.get(address + "export/").status_code == 200
    copy = start(ben, name="Ben's Copy", from_key=draft["key"])
    assert copy["data"]["vp"] == own["data"]["vp"] and copy["based_on"] == draft["key"]
    status, body = ben.call("PUT", address, {"data": own["data"]})
    assert status == 409 and codes(body) == {(None, "not_owner")}
    assert anon.post("/api/packs/", {"name": "X", "from_key": "m4e-gg0"})[0] == 401


def test_the_staff_publish_for_everyone_what_its_owner_published(apis):
    draft = start(apis["ann"])
    assert apis["sue"].get(f"/api/pack-versions/{draft['id']}/")[0] == 404  # a draft is its owner's alone
    published(apis["ann"], draft)
    shared = published(apis["sue"], draft, site=True)
    assert shared["state"] == "site" and apis["anon"].get(f"/api/pack-versions/{draft['id']}/")[0] == 200


@pytest.mark.parametrize("given,attr", [
    ({"name": "X", "from_key": "no-such-season"}, "from_key"),
    ({"name": "X", "from_key": "pack-999999"}, "from_key"),
    ({"name": "", "from_key": "m4e-gg0"}, "name"),
    ({"name": "  ", "from_key": "m4e-gg0"}, "name"),
    ({"name": "x" * 121, "from_key": "m4e-gg0"}, "name"),
    ({"name": ["X"], "from_key": "m4e-gg0"}, "name"),
    ({"name": "X"}, "from_key"),
    ([], "name"),
])
def test_a_bad_start_is_a_400(apis, given, attr):
    before = state()
    status, body = apis["ann"].post("/api/packs/", given)
    assert status == 400 and attr in {error["attr"] for error in body["errors"]} and state() == before


def nested(levels: int):
    value = "deep"
    for _ in range(levels):
        value = {"x": value}
    return value


@pytest.mark.parametrize("given", [
    {"data": ["not", "a", "mapping"]}, {"data": "name: Text"}, {"data": None}, {"data": 5}, {}, [],
    {"data": {"name": "Big", "notes": "x" * 300_000}}, {"data": {"name": "Deep", "notes": nested(12)}},
    {"data": {"name": ""}}, {"data": {"name": 5}},
])
def test_a_malformed_draft_is_a_400_and_changes_nothing(apis, given):
    draft = start(apis["ann"])
    before = state()
    status, body = apis["ann"].call("PUT", f"/api/pack-versions/{draft['id']}/", given)
    assert status == 400 and body["type"] == "validation_error" and state() == before


def test_a_body_nested_too_deep_is_a_400(apis):
    draft = start(apis["ann"])
    before = state()
    raw = '{"data": ' + '{"x": ' * 50_000 + "1" + "}" * 50_001
    status, body = apis["ann"].call("PUT", f"/api/pack-versions/{draft['id']}/", raw=raw)
    assert status == 400 and state() == before


@pytest.mark.parametrize("released_on,site", [
    ("soon", False), (20260901, False), (None, False), ([], False), ("2026-13-01", False), ({}, False),
    ("2026-09-01", "maybe"), ("2026-09-01", []), ("2026-09-01", {"yes": 1}), ("2026-09-01", None),
])
def test_publishing_with_wrong_types_is_a_400(apis, released_on, site):
    draft = start(apis["ann"])
    if site is not False:  # the staff publish for everyone what its owner published
        published(apis["ann"], draft)
    before = state()
    status, body = apis["sue" if site is not False else "ann"].post(
        f"/api/pack-versions/{draft['id']}/publish/", {"released_on": released_on, "site": site})
    assert status == 400 and state() == before, body


BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + n)}: &{chr(98 + n)} [*{chr(97 + n)}, *{chr(97 + n)}, *{chr(97 + n)}, *{chr(97 + n)}]\n"
    for n in range(8))


@pytest.mark.parametrize("text,code", [
    (BOMB, "not_yaml"),
    ("!!python/object/apply:os.system ['echo hi']\n", "not_yaml"),
    ("name: [unclosed\n", "not_yaml"),
    ("- a list\n- not a pack\n", "not_a_pack"),
    ("just words\n", "not_a_pack"),
    ("# nothing but a comment\n", "not_a_pack"),
    ("name: Deep\nnotes: " + "[" * 30 + "]" * 30 + "\n", "too_deep"),
    ("name: Big\nnotes: " + "x" * 300_000 + "\n", "too_big"),
    ("name: Bytes\nblob: !!binary aGVsbG8=\n", "bad_value"),
    ("name: Odd\n1: one\n", "bad_key"),
    ("name: Nan\nvalue: .nan\n", "bad_number"),
    ("name: ''\n", "bad_name"),
])
@pytest.mark.parametrize("as_json", [False, True])
def test_a_bad_file_is_a_400_with_its_reason(apis, text, code, as_json):
    before = state()
    if as_json:
        status, body = apis["ann"].post("/api/packs/import/", {"file": text})
    else:
        status, body = post_file(apis["ann"], text.encode())
    assert status == 400 and code in {error["code"] for error in body["errors"]}, body
    assert state() == before


@pytest.mark.parametrize("raw,content_type", [
    (b"\xff\xfe not utf-8", YAML), ('{"file": 5}', "application/json"), ("[1, 2]", "application/json"),
    ('{"name": "x"}', "application/json"), ("name: X", "application/xml"),
])
def test_a_bad_import_body_is_a_4xx_and_changes_nothing(apis, raw, content_type):
    before = state()
    status, body = post_file(apis["ann"], raw, content_type)
    assert status in (400, 415) and body["errors"] and state() == before


def test_an_import_needs_an_account(apis):
    before = state()
    assert post_file(apis["anon"], b"name: X\n")[0] == 401 and state() == before


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(max_size=8), lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=30)
FIELDS = st.sampled_from(["name", "edition", "vp", "strategies", "schemes", "scheme_charts", "factions", "turns",
                          "deployments", "suggested_rounds", "bye", "concession", "leaders", "key"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fields=st.dictionaries(FIELDS, JSON, max_size=6))
def test_any_json_mapping_saves_as_a_draft_with_its_problems_or_a_400(apis, fields):
    """Whatever an organizer's client sends in place of a season's fields: saved with what the check finds
    (a list of paths and sentences), or refused in words; never a 500."""
    draft = start(apis["ann"])
    base = {"name": "Fuzz"} if "name" not in fields or not isinstance(fields["name"], str) else {}
    status, body = apis["ann"].call("PUT", f"/api/pack-versions/{draft['id']}/", {"data": {**fields, **base}})
    assert status in (200, 400), body
    if status == 200:
        assert all(isinstance(p["path"], list) and p["message"] for p in body["problems"])
        assert json.dumps(body["data"])


@pytest.mark.parametrize("content_type", [YAML, "application/json"])
def test_a_body_over_the_sites_upload_limit_is_refused_whole(apis, content_type, settings):
    """Past the site's limit: the standard 413 (JSON), or the file's own `too_big` (a file read no further
    than a pack's size)."""
    text = "name: Huge\nnotes: " + "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1) + "\n"
    before = state()
    raw = text.encode() if content_type == YAML else json.dumps({"file": text})
    status, body = post_file(apis["ann"], raw, content_type)
    assert (status, body["errors"][0]["code"]) in ((413, "payload_too_large"), (400, "too_big")), body
    assert state() == before


def test_an_account_starts_so_many_packs_an_hour_then_waits(apis, settings):
    """Each start or import is a new pack kept for good: past the account's hourly rate, a 429 with
    Retry-After and nothing made; another account is not held back; the page says it beside its form."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "pack_account": "2/hour"}
    start(apis["ann"])
    assert post_file(apis["ann"], "name: Mine\n")[0] == 201  # an import counts with the starts
    before = state()
    status, body = apis["ann"].post("/api/packs/", {"name": "Third", "from_key": "m4e-gg0"})
    assert status == 429 and body["errors"][0]["code"] == "throttled", body
    assert post_file(apis["ann"], "name: Mine again\n")[0] == 429
    assert state() == before
    start(apis["ben"])
    page = Client()
    page.force_login(get_user_model().objects.get(username="ann"))
    answer = page.post("/console/packs/", {"action": "start", "name": "Fourth", "from_key": "m4e-gg0"})
    assert answer.status_code == 429 and int(answer["Retry-After"]) > 60
    assert "You started many packs this hour: try again in" in answer.content.decode()
    assert not SeasonPack.objects.filter(name="Fourth").exists()
