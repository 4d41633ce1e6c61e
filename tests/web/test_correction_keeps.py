"""A correction changes only what its form shows (issue 52): a player reports with the score sheet, the
turns and the table's mission, the opponent confirms, and the organizer corrects the result on the results
board, on the score sheet or through the API (POST, PUT, PATCH); or, before the confirmation, the reporter
corrects their own version on their page or through the API. Pressing Correct with nothing changed changes
nothing; changing one field changes that field (and what it decides: TP, Differential, a concession's
awards) and keeps every other as it was."""
import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scoring.formats import M4E_GG0
from tests.api.test_m4e_event import m4e_event
from tests.factories import Api, db_state, make_user
from tournaments.models import Event, Game, PlayerReport, Result

MISSION = {"strategy": "recover-evidence", "deployment": "wedge",
           "scheme_pool": ["ensnare", "search-the-area", "take-the-highground"]}
SHEET_A = {"strategy": 2, "schemes": [{"scheme": "ensnare", "vp": 1, "noted_model": ""},
                                      {"scheme": "frame-job", "vp": 1, "noted_model": "Rusty Alyce"}], "turns": []}
RESULT_FIELDS = ("outcome", "loser", "vp_a", "vp_b", "tp_a", "tp_b", "diff_a", "diff_b", "turns", "breakdown",
                 "master_a", "master_b", "leader_a", "leader_b", "no_show")
VERSION_FIELDS = ("outcome", "loser", "vp_a", "vp_b", "turns", "breakdown", "master_a", "master_b", "leader_a",
                  "leader_b", "mission")


class Forms(HTMLParser):
    """Every form of a page with the values a browser would send as it stands (buttons left out)."""

    def __init__(self, html: str):
        super().__init__()
        self.forms, self.select, self.text = [], None, None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append({"action": attrs.get("action") or "", "fields": {}})
        elif not self.forms:
            return
        fields = self.forms[-1]["fields"]
        if tag == "input" and attrs.get("name") and attrs.get("type") not in ("submit", "button"):
            if attrs.get("type") not in ("checkbox", "radio") or "checked" in attrs:
                fields[attrs["name"]] = attrs.get("value") or ""
        elif tag == "select":
            self.select = attrs["name"]
        elif tag == "option" and self.select:
            if self.select not in fields or "selected" in attrs:
                fields[self.select] = attrs.get("value", "")
        elif tag == "textarea":
            self.text = attrs["name"]
            fields[self.text] = ""

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None
        elif tag == "textarea":
            self.text = None

    def handle_data(self, data):
        if self.text and self.forms:
            self.forms[-1]["fields"][self.text] += data

    def having(self, name: str) -> dict:
        return next(f for f in self.forms if any(k == name or k.endswith(f"-{name}") for k in f["fields"]))


class World:
    """An M4E event whose tables flip their own mission; round 1: `a` and `b` at one table."""

    def __init__(self, client):
        user, token = make_user("keeper")
        self.api = Api(client, token)
        raw = m4e_event(self.api, players=2, missions="at_table")
        self.api.post(f"/api/events/{raw['id']}/rounds/", {})
        self.event = Event.objects.get(pk=raw["id"])
        self.game = Game.objects.select_related("player_a", "player_b").get(round__event=self.event)
        self.a, self.b = self.game.player_a, self.game.player_b
        self.console = Client()
        self.console.force_login(user)
        self.leaders = (M4E_GG0.leaders[self.a.faction], M4E_GG0.leaders[self.b.faction])

    def player(self, who) -> Api:
        return Api(APIClient(), key=who.key)

    def reported(self) -> None:
        """`a` reports with their score sheet, the turns, the mission and both leaders."""
        body = {"vp_a": 4, "vp_b": 2, "turns": 4, "mission": MISSION, "breakdown": {"a": SHEET_A},
                "master_a": self.leaders[0][0].label, "master_b": self.leaders[1][0].label}
        status, answer = self.player(self.a).post(f"/api/games/{self.game.pk}/report/", body)
        assert status == 200 and answer["status"] == "awaiting_confirmation", answer

    def confirmed(self) -> None:
        self.reported()
        assert self.player(self.b).post(f"/api/games/{self.game.pk}/confirm/")[1]["status"] == "confirmed"

    def result(self) -> dict:
        result = Result.objects.get(game=self.game)
        game = Game.objects.get(pk=self.game.pk)
        return {**{f: getattr(result, f) for f in RESULT_FIELDS}, "strategy": game.strategy,
                "deployment": game.deployment, "scheme_pool": game.scheme_pool}

    def version(self) -> dict:
        version = PlayerReport.objects.get(game=self.game, side="a")
        return {f: getattr(version, f) for f in VERSION_FIELDS}


# Each change in the API's terms; what it may change besides (TP and Differential follow the VP; a concession
# takes the event's awards, and its game has no breakdown); the fields of a result each front shows.
SHEET_A_NOTED = {**SHEET_A, "schemes": [SHEET_A["schemes"][0], {**SHEET_A["schemes"][1], "noted_model": "Nellie"}]}
SCORE = {"vp_a", "vp_b", "tp_a", "tp_b", "diff_a", "diff_b"}
CHANGES = {
    "nothing": ({}, set()),
    "vp_b": ({"vp_b": 3}, SCORE),
    "outcome": ({"outcome": "conceded", "loser": "b"}, {"outcome", "loser", "breakdown"} | SCORE),
    "turns": ({"turns": 3}, {"turns"}),
    "leader_b": ({"master_b": 1}, {"master_b", "leader_b"}),  # the other side's second leader
    "breakdown": ({"breakdown": {"a": SHEET_A_NOTED}}, {"breakdown"}),
    "mission": ({"mission": {**MISSION, "deployment": "corner"}}, {"deployment", "mission"}),
}
SHOWS = {"board": ("nothing", "vp_b", "outcome", "leader_b"), "sheet": tuple(CHANGES), "post": tuple(CHANGES),
         "put": tuple(CHANGES), "patch": tuple(CHANGES)}
ORGANIZER_CASES = [(way, change) for way, changes in SHOWS.items() for change in changes]
PLAYER_CASES = [(way, change) for way in ("page", "report") for change in CHANGES]


def body_of(world: World, change: str) -> dict:
    body = dict(CHANGES[change][0])
    if "master_b" in body:
        body["master_b"] = world.leaders[1][1].label
    return body


def expected(before: dict, after: dict, world: World, change: str) -> dict:
    """`before` with the change made: the fields it names as sent, what it decides as the answer has them."""
    body = body_of(world, change)
    wanted = {**before, **{k: v for k, v in body.items() if k in before}}
    wanted.update({field: after[field] for field in (CHANGES[change][1] & SCORE) - set(body) if field in after})
    if change == "leader_b":
        wanted["leader_b"] = world.leaders[1][1].key
    if change == "outcome":
        wanted["breakdown"] = {}
    if change == "mission" and "deployment" in before:
        wanted["deployment"] = "corner"
    return wanted


def organizer_correction(world: World, way: str, change: str):
    """The organizer corrects the result as the front `way` lets them, changing `change` alone."""
    body = body_of(world, change)
    game = world.game
    if way in ("post", "put", "patch"):
        sent = body if way == "patch" else {"vp_a": 4, "vp_b": 2, **body}
        return world.api.call(way.upper(), f"/api/games/{game.pk}/result/", sent)[0]
    if way == "board":
        form = Forms(world.console.get(f"/console/e/{world.event.slug}/rounds/1/").content.decode()).having("vp_a")
        fields = form["fields"]
        prefix = f"g{game.pk}-"
        for key, value in body.items():
            fields[prefix + key] = value
        return world.console.post(form["action"], fields, headers={"HX-Request": "true"}).status_code
    url = f"/console/e/{world.event.slug}/games/{game.pk}/sheet/"
    fields = Forms(world.console.get(url).content.decode()).having("turns")["fields"]
    sheet_fields(fields, body, prefix="a_", names={"vp_a": "vp_a", "vp_b": "vp_b", "master_b": "master_b"})
    return world.console.post(url, fields).status_code


def sheet_fields(fields: dict, body: dict, *, prefix: str, names: dict) -> None:
    """A change in the API's terms typed into a form's fields (score sheet, the player's page); a game
    conceded has no score sheet, so its side is emptied as a user would."""
    if body.get("outcome", "played") != "played":
        fields.update({k: "" for k in fields if k.startswith(prefix) and k[len(prefix):].startswith(("strat", "sch"))})
    for key, value in body.items():
        if key == "breakdown":
            fields[f"{prefix}scheme_2_note"] = value["a"]["schemes"][1]["noted_model"]
        elif key == "mission":
            fields["mission_deployment"] = value["deployment"]
        else:
            fields[names.get(key, key)] = value


@pytest.mark.parametrize(("way", "change"), ORGANIZER_CASES)
def test_an_organizers_correction_changes_what_it_shows_and_keeps_the_rest(client, db, way, change):
    world = World(client)
    world.confirmed()
    before = world.result()
    assert before["turns"] == 4 and before["breakdown"]["a"] == SHEET_A and before["leader_a"], before
    answer = organizer_correction(world, way, change)
    assert answer in (200, 201, 302), answer
    after = world.result()
    assert after == expected(before, after, world, change), f"{way} changing {change}"
    if change == "vp_b":
        assert (after["tp_a"], after["diff_b"]) == (3, -1)


@pytest.mark.parametrize(("way", "change"), PLAYER_CASES)
def test_a_players_correction_of_their_own_version_keeps_the_rest(client, db, way, change):
    world = World(client)
    world.reported()
    before = world.version()
    body = body_of(world, change)
    if way == "report":
        status, answer = world.player(world.a).post(f"/api/games/{world.game.pk}/report/",
                                                   {"vp_a": 4, "vp_b": 2, **body})
        assert status == 200, answer
    else:
        page = Client()
        form = Forms(page.get(f"/p/{world.a.key}/").content.decode()).having("my_vp")
        fields = form["fields"]
        if "loser" in body:
            body["loser"] = "opponent"
        sheet_fields(fields, body, prefix="sheet_", names={"vp_b": "their_vp", "master_b": "their_master"})
        assert page.post(f"/p/{world.a.key}/", fields).status_code == 302
    after = world.version()
    assert after == expected(before, after, world, change), f"{way} changing {change}"


def test_the_opponents_side_of_a_score_sheet_is_kept_when_a_player_corrects_theirs(client, db):
    """A report from the live tracker carries both sides' sheets; the player's page shows their own only."""
    world = World(client)
    sheet_b = {"strategy": 1, "schemes": [{"scheme": "search-the-area", "vp": 1, "noted_model": ""}], "turns": []}
    body = {"vp_a": 4, "vp_b": 2, "turns": 4, "mission": MISSION, "breakdown": {"a": SHEET_A, "b": sheet_b}}
    assert world.player(world.a).post(f"/api/games/{world.game.pk}/report/", body)[0] == 200
    page = Client()
    form = Forms(page.get(f"/p/{world.a.key}/").content.decode()).having("my_vp")
    assert page.post(f"/p/{world.a.key}/", form["fields"]).status_code == 302
    assert PlayerReport.objects.get(game=world.game).breakdown == {"a": SHEET_A, "b": sheet_b}
    # The opponent's kept sheet still says 2: said beside their VP, and nothing saved (a fresh form: no token).
    fields = {**form["fields"], "their_vp": 3, "once": ""}
    before = db_state()
    html = page.post(f"/p/{world.a.key}/", fields).content.decode()
    assert db_state() == before
    assert "adds up to 2 VP" in html[html.index('name="their_vp"'):html.index('name="turns"')]


def test_a_board_vp_the_score_sheet_contradicts_is_refused_beside_it_in_both_languages(client, db):
    world = World(client)
    world.confirmed()
    before = db_state()
    for language, words in (("en", ("adds up to 4 VP", "whole score sheet")),
                            ("fr", ("fait 4 PV", "feuille de score complète"))):
        world.console.cookies["django_language"] = language
        form = Forms(world.console.get(f"/console/e/{world.event.slug}/rounds/1/").content.decode()).having("vp_a")
        fields = {**form["fields"], f"g{world.game.pk}-vp_a": 5}
        html = world.console.post(form["action"], fields, headers={"HX-Request": "true"}).content.decode()
        assert db_state() == before, "refused: nothing changes"
        field = html[html.index(f'name="g{world.game.pk}-vp_a"'):html.index(f'name="g{world.game.pk}-vp_b"')]
        assert words[0] in field, field
        assert words[1] in html


def test_a_no_show_stays_one_through_a_correction_and_goes_once_the_game_is_played(client, db):
    world = World(client)
    url = f"/console/e/{world.event.slug}/players/{world.a.pk}/no-show/?round=1"
    assert world.console.post(url, {"confirmed": "yes"}).status_code == 302
    assert world.result()["no_show"] == "a"
    for way in ("board", "sheet", "patch"):
        assert organizer_correction(world, way, "nothing") in (200, 302)
        assert world.result()["no_show"] == "a", way
    forfeit = {"outcome": "forfeited", "loser": "a"}
    for method in ("POST", "PUT"):
        assert world.api.call(method, f"/api/games/{world.game.pk}/result/", forfeit)[0] == 200
        assert world.result()["no_show"] == "a", method
    mission = {"mission": MISSION}
    assert world.api.call("PATCH", f"/api/games/{world.game.pk}/result/",
                          {"outcome": "played", "vp_a": 3, "vp_b": 3, **mission})[0] == 200
    assert world.result()["no_show"] == "", "they came after all"


def test_patch_corrects_only_a_result_there_is(client, db):
    world = World(client)
    world.reported()
    before = db_state()
    status, answer = world.api.call("PATCH", f"/api/games/{world.game.pk}/result/", {"turns": 3})
    assert status == 409 and answer["errors"][0]["code"] == "no_result" and db_state() == before
    assert world.player(world.b).post(f"/api/games/{world.game.pk}/confirm/")[0] == 200
    status, answer = world.api.call("PATCH", f"/api/games/{world.game.pk}/result/", {"vp_a": 5})
    assert status == 400 and {e["code"] for e in answer["errors"]} == {"breakdown_mismatch"}
    Result.objects.filter(game=world.game).update(outcome="conceded", loser="b", breakdown={})
    status, answer = world.api.call("PATCH", f"/api/games/{world.game.pk}/result/", {"vp_b": 1})
    assert status == 400 and answer["errors"][0]["code"] == "vp_without_outcome"
    assert re.search("outcome", answer["errors"][0]["detail"])
