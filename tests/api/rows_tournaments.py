"""Issue 53's tournaments operations in the shared API checks: permission-matrix rows (as in
test_permission_matrix.API; a row's setup may add fields to the world, which its path and body then name)
and the answers their views give by themselves (as in test_openapi_operations.ANSWERS)."""

from tests.api.actors import answers, organizers


def report_by_ann(world):
    from tests.api.test_permission_matrix import report_by_ann as reported  # that module imports this one

    reported(world)


def votes_on(world):
    from tournaments.models import Event

    Event.objects.filter(pk=world.e).update(player_votes=True)


# Key holders of E vote; anyone else signed in has no ballot there (an organizer plays in no event of theirs).
VOTERS = answers(401, 403, 200, 200, 200, 403, 403, 403, 403)

API = [
    ("check everyone in", "POST", "/api/events/{e}/players/check-in-all/", {}, organizers(200), None),
    ("import players", "POST", "/api/events/{e}/players/import/", {"csv": "Gus,guild\nHal,nope"},
     organizers(201), None),
    ("check an import", "POST", "/api/events/{e}/players/import/", {"csv": "Gus,guild", "check": True},
     organizers(200), None),
    ("round clock", "POST", "/api/events/{e}/rounds/1/clock/", {"action": "start"}, organizers(200), None),
    # Allowed, then refused by the round's state: round 1 was published when it was paired.
    ("seat a late player", "POST", "/api/events/{e}/rounds/1/late/", {"player": "{eve}"}, organizers(409), None),
    # After Ann's report: the organizer takes her version as the result.
    ("accept a version", "POST", "/api/games/{game}/accept/", {"side": "a"}, organizers(201), report_by_ann),
    ("awards", "GET", "/api/events/{e}/awards/", None, organizers(200), None),
    ("choose awards", "PUT", "/api/events/{e}/awards/", {"best_painted": "{bob}"}, organizers(200), None),
    ("my ballot", "GET", "/api/events/{e}/votes/", None, VOTERS, votes_on),
    ("vote", "PUT", "/api/events/{e}/votes/", {"best_painted": None}, VOTERS, votes_on),
]
ANSWERS = {
    "POST /api/events/{event_id}/players/import/": {"409": "`event_finished`"},
    "POST /api/events/{event_id}/rounds/{number}/clock/": {"404": "round", "409": "`round_not_published`"},
    "POST /api/events/{event_id}/rounds/{number}/late/": {"404": "round", "409": "`already_seated`"},
    "POST /api/events/{event_id}/rounds/{number}/publish/": {"409": "`draft_changed`"},
    "POST /api/games/{id}/accept/": {"404": "game", "409": "`no_such_version`"},
    "GET /api/events/{event_id}/votes/": {"403": "player"},
    "PUT /api/events/{event_id}/votes/": {"403": "player", "409": "`votes_closed`"},
}
