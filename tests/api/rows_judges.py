"""Issue 54's staff operations in the shared API checks: permission-matrix rows (as in
test_permission_matrix.API; E's judge is the `judge` actor) and the answers their views give by themselves
(as in test_openapi_operations.ANSWERS)."""

from tests.api.actors import answers, organizers


def judge_named(world):
    """The row's judge: E's (the `judge` actor's own entry), by its id."""
    from tournaments.models import EventJudge

    world.judge_id = EventJudge.objects.get(event_id=world.e).pk


# The event's staff read who judges: its organizers and its judges; key holders and anyone else 403.
STAFF_READ = answers(401, 403, 403, 403, 403, 403, 200, 200, 403, judge=200)

API = [
    ("judges", "GET", "/api/events/{e}/judges/", None, STAFF_READ, None),
    ("invite a judge", "POST", "/api/events/{e}/judges/", {"username": "stranger"}, organizers(201), None),
    ("change a judge", "PATCH", "/api/events/{e}/judges/{judge_id}/", {"head": True}, organizers(200), judge_named),
    ("remove a judge", "DELETE", "/api/events/{e}/judges/{judge_id}/", None, organizers(204), judge_named),
]
ANSWERS = {
    "POST /api/events/{event_id}/judges/": {"409": "`already_judge`"},
}

# The staff's console pages, for test_permission_matrix.PAGES: (label, method, path, expected answers). Key
# holders browse as anonymous visitors: sent to sign in (302), as anyone not signed in.
PAGES = [
    ("console judge desk", "GET", "/console/e/{slug}/judge/",
     answers(302, 403, 302, 302, 302, 302, 200, 200, 403, 200)),
    ("console judges", "GET", "/console/e/{slug}/judges/", answers(302, 403, 302, 302, 302, 302, 200, 200, 403)),
    # Allowed, then no action named: the page again with its message.
    ("console judges change", "POST", "/console/e/{slug}/judges/",
     answers(302, 403, 302, 302, 302, 302, 200, 200, 403)),
]
