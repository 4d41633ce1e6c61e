"""Issue 53's signups_teams operations in the shared API checks: permission-matrix rows (as in
test_permission_matrix.API; a row's setup may add fields to the world, which its path and body then name)
and the answers their views give by themselves (as in test_openapi_operations.ANSWERS)."""


from tests.api.actors import answers as _answers
from tests.api.actors import organizers as _organizers


def fay_signed_up(world):
    """F asks for crew lists; Fay's entry has its sign-up (and key), as the organizer's entries get one."""
    from signups import announcements, services  # noqa: PLC0415
    from tournaments.models import Player  # noqa: PLC0415

    announcements.announcement_update(event=Player.objects.get(pk=world.fay).event, by=world.users["f_organizer"],
                                      crew_lists="at_sign_up")
    world.fay_signup_key = services.entry_signup(Player.objects.get(pk=world.fay)).key


def waiting_in_e(world):
    """A waitlisted sign-up in E (round 1 paired: one holding no place may still be withdrawn)."""
    from signups.models import WAITLISTED, SignUp  # noqa: PLC0415

    world.waiting = SignUp.objects.create(event_id=world.e, state=WAITLISTED, position=1, name="Wes",
                                          faction="guild", email="wes@example.org").pk


def team_in_f(world):
    """F, before round 1, is a team event of two a side organized by E's organizers too: team Ash with
    Fay, its captain (the key other_event holds), and Gil."""
    from teams import roster  # noqa: PLC0415
    from tournaments import services  # noqa: PLC0415
    from tournaments.models import Event, Player  # noqa: PLC0415

    f_organizer = world.users["f_organizer"]
    f = Event.objects.get(pk=world.f)
    for name in ("organizer", "co_organizer"):
        services.organizer_add(event=f, username=name, by=f_organizer)
    roster.team_rules_set(event=f, by=f_organizer, size=3)
    team = roster.team_create(event=f, name="Ash", by=f_organizer)
    roster.member_add(team=team, player=Player.objects.get(pk=world.fay), by=f_organizer)
    world.gil = roster.member_register(team=team, name="Gil", faction="arcanists", by=f_organizer).pk
    world.team = team.pk


API = [
    # The sign-up's key is the right: whoever holds it sends the list (F asks for lists, not yet started).
    ("send a crew list", "PUT", "/api/sign-ups/{fay_signup_key}/crew-list/", {"crew_list": "Lady J"},
     _answers(*[200] * 9), fay_signed_up),
    # Fay (other_event) is F's player: she withdraws by her key; a player of another event, or nobody's, may not.
    ("withdraw as a player", "POST", "/api/events/{f}/withdraw/", {},
     _answers(401, 403, 403, 403, 403, 200, 403, 403, 403), None),
    ("organizer withdraws a sign-up", "POST", "/api/events/{e}/sign-ups/{waiting}/withdraw/", {},
     _organizers(200), waiting_in_e),
    # The captain (Fay) adds a teammate by key; E's organizers organize F too in this row.
    ("captain adds a member", "POST", "/api/events/{f}/teams/{team}/members/",
     {"name": "Hal", "faction": "neverborn"}, _answers(401, 403, 403, 403, 403, 201, 201, 201, 403), team_in_f),
    ("name a captain", "PUT", "/api/events/{f}/teams/{team}/captain/", {"player": "{gil}"}, _organizers(200),
     team_in_f),
    ("drop a team", "POST", "/api/events/{f}/teams/{team}/drop/", {}, _organizers(200), team_in_f),
]

ANSWERS = {
    "PUT /api/sign-ups/{key}/crew-list/": {"404": "sign-up", "409": "`lists_closed`"},
    "POST /api/events/{event_id}/withdraw/": {"403": "player", "409": "`event_started`"},
    "POST /api/events/{event_id}/sign-ups/{signup_id}/withdraw/": {"409": "`already_withdrawn`"},
    "POST /api/events/{event_id}/teams/{team_id}/members/": {"403": "captain", "409": "`not_captain`"},
    "POST /api/events/{event_id}/teams/{team_id}/drop/": {"409": "`event_finished`"},
}
