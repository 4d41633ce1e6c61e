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


def event_staff(ok):
    """The event's staff (organizers and the judge) are let through; anyone else 403 (401 anonymous)."""
    return answers(401, 403, 403, 403, 403, 403, ok, ok, 403, judge=ok)


PENALTIES = "/api/events/{e}/penalties/"
LADDER = "/api/events/{e}/penalty-ladder/"

API = [
    ("judges", "GET", "/api/events/{e}/judges/", None, STAFF_READ, None),
    ("invite a judge", "POST", "/api/events/{e}/judges/", {"username": "stranger"}, organizers(201), None),
    ("change a judge", "PATCH", "/api/events/{e}/judges/{judge_id}/", {"head": True}, organizers(200), judge_named),
    ("remove a judge", "DELETE", "/api/events/{e}/judges/{judge_id}/", None, organizers(204), judge_named),
    # Penalties: the staff read them all; each of E's players (by key) their own, here none; F's player and
    # anyone else are refused.
    ("penalties", "GET", PENALTIES, None, answers(401, 403, 200, 200, 200, 403, 200, 200, 403, judge=200), None),
    ("give a penalty", "POST", PENALTIES, {"player": "{ann}", "reason": "slow_play", "step": "warning"},
     event_staff(201), None),
    ("penalty advice", "GET", PENALTIES + "suggestion/?player={ann}&reason=slow_play", None, event_staff(200),
     None),
    # Allowed, then refused by the input: no player nor reason named.
    ("penalty advice for nobody", "GET", PENALTIES + "suggestion/", None, event_staff(400), None),
    ("penalty ladder", "GET", LADDER, None, event_staff(200), None),
    # The organizers set the ladder; the judge gives penalties but may not change it.
    ("set the penalty ladder", "PUT", LADDER, {"steps": ["warning", "warning", "tp_penalty"], "tp": 2},
     organizers(200), None),
]
ANSWERS = {
    "POST /api/events/{event_id}/judges/": {"409": "`already_judge`"},
    "GET /api/events/{event_id}/penalties/": {"403": "staff"},
    "POST /api/events/{event_id}/penalties/": {"403": "judge", "409": "`not_head`"},
    "GET /api/events/{event_id}/penalties/suggestion/": {"403": "judge"},
    "GET /api/events/{event_id}/penalty-ladder/": {"403": "judge"},
    "PUT /api/events/{event_id}/penalty-ladder/": {"403": "organizer"},
}

# The staff's console pages, for test_permission_matrix.PAGES: (label, method, path, expected answers). Key
# holders browse as anonymous visitors: sent to sign in (302), as anyone not signed in.
PAGES = [
    ("console judge desk", "GET", "/console/e/{slug}/judge/",
     answers(302, 403, 302, 302, 302, 302, 200, 200, 403, 200)),
    ("console judges", "GET", "/console/e/{slug}/judges/", answers(302, 403, 302, 302, 302, 302, 200, 200, 403)),
    ("console penalties", "GET", "/console/e/{slug}/penalties/",
     answers(302, 403, 302, 302, 302, 302, 200, 200, 403, 200)),
    # Allowed, then no action named: the page again with its message.
    ("console judges change", "POST", "/console/e/{slug}/judges/",
     answers(302, 403, 302, 302, 302, 302, 200, 200, 403)),
]
