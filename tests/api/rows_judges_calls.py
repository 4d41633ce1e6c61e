"""Issue 54's calls and rulings in the shared API checks: permission-matrix rows (as in
test_permission_matrix.API; a row's setup may add fields to the world, which its path and body then name).

A call is its table's players' (Ann and Bob in E's round 1): each calls by key, only the caller withdraws
(Bob: 409); the queue, taking and closing, and the event's rulings are E's staff's (organizers and the
judge); a table's rulings are read by its two players and E's staff. Everyone else is refused (403; 401
without a key or token), the site's staff included: they are nobody in E."""

from tests.api.actors import answers

CALLS = "/api/judge-calls/{call}/"


def players(ann, bob) -> dict:
    return answers(401, 403, ann, bob, 403, 403, 403, 403, 403, 403)


def event_staff(ok) -> dict:
    return answers(401, 403, 403, 403, 403, 403, ok, ok, 403, ok)


def ann_calls(world):
    """Ann calls a judge to table 1, as {call}."""
    from judges import services
    from tournaments.models import Game, Player

    game = Game.objects.select_related("round__event").get(pk=world.game)
    world.call = services.call_open(game=game, player=Player.objects.get(pk=world.ann), kind="rules").pk


# (label, method, path, body, expected answers, setup)
API = [
    ("judge call", "POST", "/api/games/{game}/judge-calls/", {"kind": "rules", "note": "Line of sight"},
     players(201, 201), None),
    ("judge call withdrawn", "DELETE", CALLS, None, players(200, 409), ann_calls),
    ("game rulings", "GET", "/api/games/{game}/rulings/", None,
     answers(401, 403, 200, 200, 403, 403, 200, 200, 403, 200), None),
    ("judge calls", "GET", "/api/events/{e}/judge-calls/", None, event_staff(200), ann_calls),
    ("judge call taken", "POST", CALLS + "take/", None, event_staff(200), ann_calls),
    ("judge call closed", "POST", CALLS + "close/", {"text": "Soft cover.", "rule": "Cover"}, event_staff(201),
     ann_calls),
    ("event rulings", "GET", "/api/events/{e}/rulings/", None, event_staff(200), None),
]

ANSWERS = {}

# The staff's pages, for test_permission_matrix.PAGES: (label, method, path, expected answers). Key holders
# browse as anonymous visitors: sent to sign in (302), as anyone not signed in.
STAFF_PAGE = answers(302, 403, 302, 302, 302, 302, 200, 200, 403, 200)
PAGES = [
    ("console judge calls", "GET", "/console/e/{slug}/calls/", STAFF_PAGE),
    ("console rulings", "GET", "/console/e/{slug}/rulings/", STAFF_PAGE),
    ("console judge call taken", "POST", "/console/e/{slug}/calls/",
     answers(302, 403, 302, 302, 302, 302, 404, 404, 403, 404)),  # allowed, then no call named: 404
]
