"""Issue 53's tracker operations in the shared API checks: permission-matrix rows (as in
test_permission_matrix.API; a row's setup may add fields to the world, which its path and body then name)
and the answers their views give by themselves (as in test_openapi_operations.ANSWERS).

The live tracker is its game's two players' (Ann and Bob in E's round 1, open: no result, the current
round): each reads and writes it by key (200), anyone else is refused (403; 401 without a key or token),
organizers and staff included, as on the private page."""

from tests.api.actors import answers

TRACKER = "/api/games/{game}/tracker/"


def players(ann, bob) -> dict:
    """Ann's and Bob's answers; every other actor is refused."""
    return answers(401, 403, ann, bob, 403, 403, 403, 403, 403)


def _as(world, who: str):
    from tests.api.test_permission_matrix import api_as

    return api_as(who, world)


def bob_records_turn_1(world):
    """Bob's line for turn 1: Ann may object to it, Bob has no line of Ann's to object to (409)."""
    status, answer = _as(world, "opponent").post(TRACKER.format(game=world.game) + "lines/", {"turn": 1})
    assert status == 200, answer


def ann_records_turn_1(world):
    status, answer = _as(world, "player").post(TRACKER.format(game=world.game) + "lines/", {"turn": 1})
    assert status == 200, answer


def a_scheme(world):
    """One of the table's pool, as {scheme}."""
    from tournaments.models import Game

    world.scheme = Game.objects.get(pk=world.game).mission()[2][0]


def ann_chooses_a_scheme(world):
    """Ann reveals it (200); Bob has not chosen it (409)."""
    a_scheme(world)
    status, answer = _as(world, "player").post(TRACKER.format(game=world.game) + "schemes/", {"scheme": world.scheme})
    assert status == 200, answer


# (label, method, path, body, expected answers, setup)
API = [
    ("tracker", "GET", TRACKER, None, players(200, 200), None),
    ("tracker line", "POST", TRACKER + "lines/", {"turn": 1, "strategy": 0}, players(200, 200), None),
    ("tracker turn", "POST", TRACKER + "turn/", {"turn": 2}, players(200, 200), None),
    ("tracker objection", "POST", TRACKER + "objections/", {"turn": 1, "note": "You had 0"}, players(200, 409),
     bob_records_turn_1),
    ("tracker scheme", "POST", TRACKER + "schemes/", {"scheme": "{scheme}", "noted_model": "a model"},
     players(200, 200), a_scheme),
    ("tracker reveal", "POST", TRACKER + "reveal/", {"scheme": "{scheme}"}, players(200, 409), ann_chooses_a_scheme),
    ("tracker manifest", "POST", TRACKER + "manifest/", {"met": 1}, players(200, 200), None),
    ("tracker report", "POST", TRACKER + "report/", {}, players(200, 200), ann_records_turn_1),
]

# The answers the tracker's views give by themselves: a player of another game or an organizer (403), a
# draft's game (404), the tracker closed (409), the reports' throttle on the writes (429).
_READ = {"403": "two players", "404": "draft"}
_WRITE = {**_READ, "409": "`round_over`"}
ANSWERS = {
    "GET /api/games/{id}/tracker/": _READ,
    **{f"POST /api/games/{{id}}/tracker/{what}/": _WRITE
       for what in ("lines", "turn", "objections", "schemes", "reveal", "manifest", "report")},
    "POST /api/games/{id}/tracker/objections/": {**_WRITE, "409": "`not_their_line`"},
    "POST /api/games/{id}/tracker/report/": {**_WRITE, "409": "`objection_open`"},
}
