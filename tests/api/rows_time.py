"""Issue 54's time extensions in the shared API checks: permission-matrix rows (as in test_permission_matrix.API;
E's judge is the `judge` actor) and the answers their views give by themselves (as in
test_openapi_operations.ANSWERS)."""

from tests.api.actors import answers

# The event's staff: its organizers and its judges; key holders (the table's own players too) and anyone else 403.
STAFF = answers(401, 403, 403, 403, 403, 403, 200, 200, 403, judge=200)

API = [
    ("give a table time", "POST", "/api/games/{game}/extension/", {"minutes": 4}, STAFF, None),
    ("take a table's time back", "DELETE", "/api/games/{game}/extension/", None, STAFF, None),
]
ANSWERS = {
    "POST /api/games/{id}/extension/": {"403": "judge", "404": "game", "409": "`game_over`"},
    "DELETE /api/games/{id}/extension/": {"403": "judge", "404": "game", "409": "`game_over`"},
}
