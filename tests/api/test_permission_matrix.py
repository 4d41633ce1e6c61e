"""Every endpoint and page against every actor, with the answer each must get.

The world: event E (organizer, co-organizer) with four players paired in round 1
(Ann v Bob at one table, Cid v Dee at another) and Eve registered late (no seat);
event F with its own organizer and player Fay; a stranger, a staff user and E's
judge with accounts. Each case starts from a fresh world, so writes cannot leak between rows.
"""
import re
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import get_resolver
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from gaininggrounds.api.errors import api_not_found
from jobs.models import Job
from people.models import PendingLink, Person
from people.series import series_create
from people.services import person_merge
from tests.api import (
    rows_judges,
    rows_judges_calls,
    rows_phones,
    rows_seasons,
    rows_signups_teams,
    rows_time,
    rows_tournaments,
    rows_tracker,
)
from tests.api.actors import ACTORS, EVERYONE_200, answers, organizers
from tests.factories import Api
from tournaments import services
from tournaments.models import EventJudge, Player


@dataclass
class World:
    e: int
    f: int
    game: int  # Ann (a) v Bob (b)
    other_game: int
    ann: int
    bob: int
    cid: int
    eve: int
    fay: int
    job: str
    export: str
    slug: str
    f_slug: str
    keys: dict
    tokens: dict
    users: dict
    ann_person: int
    fay_person: int
    merge: int  # two people without entries, merged by the organizer
    link: int  # Sam, registered in E by the organizer as the stranger's person: waiting for the stranger
    series: str  # kept by the organizer
    fmt: str = "gg2017"
    edition: str = "M2E"
    signup_key: str = "no-such-sign-up"


def build_world() -> World:
    User = get_user_model()
    users = {name: User.objects.create_user(name, password=f"pw-{name}-long") for name in
             ("organizer", "co_organizer", "stranger", "staff", "f_organizer", "judge")}
    users["staff"].is_staff = users["staff"].is_superuser = True
    users["staff"].save()
    tokens = {name: Token.objects.create(user=user).key for name, user in users.items()}
    e = services.event_create(user=users["organizer"], name="E", date="2017-05-06", format="gg2017", rounds=3)
    services.organizer_add(event=e, username="co_organizer", by=users["organizer"])
    for name in ("Ann", "Bob", "Cid", "Dee"):
        services.player_register(event=e, name=name, faction="guild")
    f = services.event_create(user=users["f_organizer"], name="F", date="2017-05-07", format="gg2017")
    f.registration_open = True
    f.save()
    fay = services.player_register(event=f, name="Fay", faction="guild")
    rnd = services.round_generate(event=e, seed=1, by=users["organizer"])
    games = list(rnd.games.all())
    # Name the seats after the pairing, whoever it put together.
    first, second = games
    ann, bob = Player.objects.get(pk=first.player_a_id), Player.objects.get(pk=first.player_b_id)
    cid = Player.objects.get(pk=second.player_a_id)
    eve = services.player_register(event=e, name="Eve", faction="guild", checked_in=False)
    job = Job.objects.create(event=e, kind=Job.ROUND, created_by=users["organizer"])
    export = Job.objects.create(event=e, kind=Job.EXPORT, params={"what": "backup"}, status=Job.DONE,
                                output="{}", output_name="e-backup.json", output_type="application/json",
                                created_by=users["organizer"])
    keys = {"player": ann.key, "opponent": bob.key, "other_game": cid.key, "other_event": fay.key}
    kept, merged = (Person.objects.create(name=name, search_key=name.lower()) for name in ("Kit", "Kat"))
    merge = person_merge(keep=kept, absorb=merged, by=users["organizer"])
    EventJudge.objects.create(event=e, user=users["judge"], added_by=users["organizer"])
    holder = Person.objects.create(name="Sam", search_key="sam", user=users["stranger"])
    sam = services.player_register(event=e, name="Sam", faction="guild", person=holder.pk, by=users["organizer"])
    return World(link=PendingLink.objects.get(entry=sam).pk,
                 e=e.pk, f=f.pk, game=first.pk, other_game=second.pk, ann=ann.pk, bob=bob.pk, cid=cid.pk,
                 eve=eve.pk, fay=fay.pk, job=str(job.pk), export=str(export.pk), slug=e.slug, f_slug=f.slug,
                 keys=keys, tokens=tokens, users=users, ann_person=ann.person_id, fay_person=fay.person_id,
                 merge=merge.pk, series=series_create(by=users["organizer"], name="South", edition="M2E").slug)


def api_as(actor: str, world: World) -> Api:
    if actor in world.keys:
        return Api(APIClient(), key=world.keys[actor])
    return Api(APIClient(), world.tokens.get(actor))


def page_as(actor: str, world: World) -> Client:
    """Pages know sessions, not keys: a key holder browses as an anonymous visitor (sending the header
    anyway, to show it opens nothing)."""
    if actor in world.keys:
        return Client(headers={"Authorization": f"Key {world.keys[actor]}"})
    client = Client()
    if actor != "anonymous":
        client.force_login(world.users[actor])
    return client


def report_by_ann(world: World):
    Api(APIClient(), key=world.keys["player"]).post(f"/api/games/{world.game}/report/", {"vp_a": 6, "vp_b": 2})


# (label, method, path, body, expected answers, setup run before the request)
API = [
    ("formats", "GET", "/api/formats/", None, EVERYONE_200, None),
    ("format", "GET", "/api/formats/{fmt}/", None, EVERYONE_200, None),
    ("token", "POST", "/api/auth/token/", {"username": "stranger", "password": "pw-stranger-long"}, EVERYONE_200,
     None),
    ("schema", "GET", "/api/schema/", None, EVERYONE_200, None),
    ("events", "GET", "/api/events/", None, EVERYONE_200, None),
    ("create event", "POST", "/api/events/", {"name": "New", "date": "2017-01-01", "format": "m3e"},
     answers(401, 201, 403, 403, 403, 403, 201, 201, 201), None),
    ("event", "GET", "/api/events/{e}/", None, EVERYONE_200, None),
    ("edit event", "PATCH", "/api/events/{e}/", {"name": "E2"}, organizers(200), None),
    ("players", "GET", "/api/events/{e}/players/", None, EVERYONE_200, None),
    ("register player", "POST", "/api/events/{e}/players/", {"name": "Gus", "faction": "guild"},
     organizers(201), None),
    ("take back", "DELETE", "/api/events/{e}/players/{ann}/adjustments/999999/", None,
     answers(401, 403, 403, 403, 403, 403, 404, 404, 403), None),
    ("player", "GET", "/api/events/{e}/players/{ann}/", None, EVERYONE_200, None),
    ("correct player", "PATCH", "/api/events/{e}/players/{ann}/", {"club": "X"}, organizers(200), None),
    ("remove player", "DELETE", "/api/events/{e}/players/{eve}/", None, organizers(204), None),
    ("check in", "POST", "/api/events/{e}/players/{eve}/check-in/", {}, organizers(200), None),
    ("check out", "POST", "/api/events/{e}/players/{eve}/check-out/", {}, organizers(200), None),
    ("mark absent", "POST", "/api/events/{e}/players/{eve}/mark-absent/", {}, organizers(200), None),
    # Allowed, then refused by the event's state: Eve has no game without a result.
    ("no-show", "POST", "/api/events/{e}/players/{eve}/no-show/", {}, organizers(409), None),
    ("drop", "POST", "/api/events/{e}/players/{ann}/drop/", {}, organizers(200), None),
    ("disqualify", "POST", "/api/events/{e}/players/{ann}/disqualify/", {}, organizers(200), None),
    ("reinstate", "POST", "/api/events/{e}/players/{ann}/reinstate/", {}, organizers(200), None),
    ("rotate key", "POST", "/api/events/{e}/players/{ann}/rotate-key/", {}, organizers(200), None),
    ("warnings", "GET", "/api/events/{e}/players/{ann}/warnings/", None, organizers(200), None),
    ("adjustments", "GET", "/api/events/{e}/players/{ann}/adjustments/", None, organizers(200), None),
    ("adjust", "POST", "/api/events/{e}/players/{bob}/adjustments/", {"tp": 1, "reason": "painting"},
     organizers(201), None),
    ("warn", "POST", "/api/events/{e}/players/{bob}/warnings/", {"reason": "slow play"}, organizers(201), None),
    ("add co-organizer", "POST", "/api/events/{e}/organizers/", {"username": "stranger"}, organizers(200), None),
    ("self-register", "POST", "/api/events/{f}/register/", {"faction": "guild"},
     answers(401, 201, 403, 403, 403, 403, 201, 201, 201), None),
    ("audit", "GET", "/api/events/{e}/audit/", None, organizers(200), None),
    ("reopen", "POST", "/api/events/{e}/reopen/", {}, organizers(200), None),
    ("finish", "POST", "/api/events/{e}/finish/", {}, answers(401, 403, 403, 403, 403, 403, 409, 409, 403), None),
    ("rounds", "GET", "/api/events/{e}/rounds/", None, EVERYONE_200, None),
    # Allowed, then refused by the event's state: round 1 has no results yet.
    ("pair", "POST", "/api/events/{e}/rounds/", {}, organizers(409), None),
    ("round", "GET", "/api/events/{e}/rounds/1/", None, EVERYONE_200, None),
    # Allowed, then refused by the round's state: round 1 was published when it was paired.
    ("publish", "POST", "/api/events/{e}/rounds/1/publish/", {}, organizers(409), None),
    ("redo round", "DELETE", "/api/events/{e}/rounds/1/", None, organizers(204), None),
    ("swap", "POST", "/api/events/{e}/rounds/1/swap/", {"player_1": "{ann}", "player_2": "{cid}", "force": True},
     organizers(200), None),
    ("standings", "GET", "/api/events/{e}/standings/", None, EVERYONE_200, None),
    ("bracket", "GET", "/api/events/{e}/bracket/", None, EVERYONE_200, None),
    ("team rules", "GET", "/api/events/{e}/team-rules/", None, EVERYONE_200, None),
    # Allowed, then refused by the event's state: round 1 is paired (and it is not a team event).
    ("set team rules", "PUT", "/api/events/{e}/team-rules/", {"size": 3}, organizers(409), None),
    ("teams", "GET", "/api/events/{e}/teams/", None, EVERYONE_200, None),
    ("create team", "POST", "/api/events/{e}/teams/", {"name": "Ash"}, organizers(409), None),
    ("team member", "POST", "/api/events/{e}/teams/999999/members/", {"player": "{ann}"},
     answers(401, 403, 403, 403, 403, 403, 404, 404, 403), None),
    ("pair teams", "POST", "/api/events/{e}/team-rounds/", {}, organizers(409), None),
    ("team round", "GET", "/api/events/{e}/team-rounds/1/", None, EVERYONE_200, None),
    ("team standings", "GET", "/api/events/{e}/team-standings/", None, EVERYONE_200, None),
    ("lineup of no match", "POST", "/api/team-matches/999999/lineup/", {"kind": "place", "player": "{ann}"},
     answers(*[404] * 9), None),
    ("feed", "GET", "/api/events/{e}/feed/", None, EVERYONE_200, None),
    ("job", "GET", "/api/jobs/{job}/", None, organizers(200), None),
    ("export", "POST", "/api/events/{e}/exports/", {"what": "backup"}, organizers(200), None),
    ("export download", "GET", "/api/jobs/{export}/download/", None, organizers(200), None),
    ("game", "GET", "/api/games/{game}/", None, EVERYONE_200, None),
    ("organizer result", "POST", "/api/games/{game}/result/", {"vp_a": 5, "vp_b": 5}, organizers(201), None),
    ("report", "POST", "/api/games/{game}/report/", {"vp_a": 6, "vp_b": 2},
     answers(401, 403, 200, 200, 403, 403, 403, 403, 403), None),
    # After Ann's report: Bob confirms; Ann has nothing of Bob's to confirm.
    ("confirm", "POST", "/api/games/{game}/confirm/", {},
     answers(401, 403, 409, 200, 403, 403, 403, 403, 403), report_by_ann),
    ("dispute", "POST", "/api/games/{game}/dispute/", {"vp_a": 2, "vp_b": 6},
     answers(401, 403, 409, 200, 403, 403, 403, 403, 403), report_by_ann),
    # No object through another event's address.
    ("player under the wrong event", "GET", "/api/events/{f}/players/{ann}/", None, answers(*[404] * 9), None),
    ("drop under the wrong event", "POST", "/api/events/{e}/players/{fay}/drop/", {},
     answers(401, 403, 403, 403, 403, 403, 404, 404, 403), None),
    ("round of another event", "GET", "/api/events/{f}/rounds/1/", None, answers(*[404] * 9), None),
    ("people", "GET", "/api/people/", None, EVERYONE_200, None),
    ("person", "GET", "/api/people/{ann_person}/", None, EVERYONE_200, None),
    # Ann played only in E: its organizers (and staff) may merge her; nobody else.
    ("merge person", "POST", "/api/people/{ann_person}/merge/", {"into": "{fay_person}"},
     answers(401, 403, 403, 403, 403, 403, 201, 201, 201), None),
    # Whoever merged (the organizer) or staff may undo it.
    ("undo merge", "POST", "/api/people/merges/{merge}/undo/", {},
     answers(401, 403, 403, 403, 403, 403, 200, 403, 200), None),
    # Only the account holder asked (the stranger here) sees and answers the question; to anyone else the link
    # does not exist.
    ("links awaiting me", "GET", "/api/people/links/", None, answers(401, 200, 403, 403, 403, 403, 200, 200, 200),
     None),
    ("confirm a link", "POST", "/api/people/links/{link}/confirm/", {},
     answers(401, 200, 403, 403, 403, 403, 404, 404, 404, judge=404), None),
    ("decline a link", "POST", "/api/people/links/{link}/decline/", {},
     answers(401, 200, 403, 403, 403, 403, 404, 404, 404, judge=404), None),
    ("leaderboard", "GET", "/api/ratings/{edition}/", None, EVERYONE_200, None),
    ("series", "GET", "/api/series/", None, EVERYONE_200, None),
    # Anyone signed in may keep a series (it reads public results); a key holder is no account.
    ("create series", "POST", "/api/series/", {"name": "S", "edition": "M2E"},
     answers(401, 201, 403, 403, 403, 403, 201, 201, 201), None),
    ("series standings", "GET", "/api/series/{series}/", None, EVERYONE_200, None),
    # The series' organizers (the organizer here) and staff change it; any other account is refused.
    ("change series", "PATCH", "/api/series/{series}/", {"best_of": 3},
     answers(401, 403, 403, 403, 403, 403, 200, 403, 200), None),
    # Each account its own profile; a key is no account.
    ("my profile", "GET", "/api/people/me/", None, answers(401, 200, 403, 403, 403, 403, 200, 200, 200), None),
    ("change my profile", "PATCH", "/api/people/me/", {"club": "Dice Cup"},
     answers(401, 200, 403, 403, 403, 403, 200, 200, 200), None),
    ("edition statistics", "GET", "/api/stats/{edition}/", None, EVERYONE_200, None),
    ("event statistics", "GET", "/api/events/{e}/stats/", None, EVERYONE_200, None),
    ("series statistics", "GET", "/api/series/{series}/stats/", None, EVERYONE_200, None),
    # The run-up (signups/). E has started: cancelling it is refused by its state.
    ("announcement", "GET", "/api/events/{e}/announcement/", None, EVERYONE_200, None),
    ("edit announcement", "PATCH", "/api/events/{e}/announcement/", {"venue": "Hall"}, organizers(200), None),
    ("cancel", "POST", "/api/events/{e}/cancel/", {"cancelled": True}, organizers(409), None),
    ("sign-ups", "GET", "/api/events/{e}/sign-ups/", None, organizers(200), None),
    # F's sign-ups are open: with an account placed at once (201), else by email and its link (202).
    ("sign up", "POST", "/api/events/{f}/sign-ups/", {"name": "Gil", "email": "gil@example.org", "faction": "guild"},
     answers(202, 201, 202, 202, 202, 202, 201, 201, 201), None),
    ("promote", "POST", "/api/events/{e}/sign-ups/999999/promote/", {},
     answers(401, 403, 403, 403, 403, 403, 404, 404, 403), None),
    ("waitlist", "GET", "/api/events/{e}/waitlist/", None, organizers(200), None),
    ("payments", "POST", "/api/events/{e}/payments/", {"csv": "ann@example.org"}, organizers(200), None),
    ("crew lists", "GET", "/api/events/{e}/crew-lists/", None, organizers(200), None),
    ("payment", "PUT", "/api/events/{e}/players/{ann}/payment/", {"paid": "paid"}, organizers(200), None),
    ("confirm a sign-up", "POST", "/api/sign-ups/confirm/", {"token": "nope"}, answers(*[400] * 9), None),
    ("a sign-up", "GET", "/api/sign-ups/{signup_key}/", None, answers(*[404] * 9), None),
    ("withdraw a sign-up", "POST", "/api/sign-ups/{signup_key}/withdraw/", {}, answers(*[404] * 9), None),
    *rows_tracker.API, *rows_phones.API, *rows_signups_teams.API, *rows_tournaments.API, *rows_judges.API,
    *rows_judges_calls.API, *rows_time.API, *rows_seasons.API,
]

PAGES = [
    ("home", "GET", "/", EVERYONE_200),
    ("event page", "GET", "/e/{slug}/", EVERYONE_200),
    ("round page", "GET", "/e/{slug}/rounds/1/", EVERYONE_200),
    ("standings page", "GET", "/e/{slug}/standings/", EVERYONE_200),
    ("player page", "GET", "/e/{slug}/players/{ann}/", EVERYONE_200),
    ("player under the wrong event", "GET", "/e/{f_slug}/players/{ann}/", answers(*[404] * 9)),
    ("profile", "GET", "/people/{ann_person}/", EVERYONE_200),
    ("leaderboard page", "GET", "/ratings/M2E/", EVERYONE_200),
    ("series page", "GET", "/series/{series}/", EVERYONE_200),
    ("site statistics", "GET", "/stats/M2E/", EVERYONE_200),
    ("event statistics", "GET", "/e/{slug}/stats/", EVERYONE_200),
    ("event statistics CSV", "GET", "/e/{slug}/stats/matchups.csv", EVERYONE_200),
    ("console series", "GET", "/console/series/", answers(302, 200, 302, 302, 302, 302, 200, 200, 200)),
    ("console series edit", "GET", "/console/series/{series}/", answers(302, 403, 302, 302, 302, 302, 200, 403, 200)),
    ("my profile", "GET", "/accounts/profile/", answers(302, 200, 302, 302, 302, 302, 200, 200, 200)),
    ("sign in", "GET", "/console/login/", EVERYONE_200),
    ("sign up", "GET", "/accounts/signup/", EVERYONE_200),
    ("password reset", "GET", "/accounts/password-reset/", EVERYONE_200),
    ("my events", "GET", "/accounts/", answers(302, 200, 302, 302, 302, 302, 200, 200, 200)),
    ("console", "GET", "/console/", answers(302, 200, 302, 302, 302, 302, 200, 200, 200)),
    *[(f"console {name}", "GET", path, answers(302, 403, 302, 302, 302, 302, 200, 200, 403)) for name, path in (
        ("event", "/console/e/{slug}/"), ("round", "/console/e/{slug}/rounds/1/"), ("desk", "/console/e/{slug}/desk/"),
        ("edit player", "/console/e/{slug}/players/{ann}/edit/"),
        ("print", "/console/e/{slug}/rounds/1/print/"), ("settings", "/console/e/{slug}/settings/"),
        ("audit", "/console/e/{slug}/audit/"), ("job", "/console/jobs/{export}/"),
        ("people", "/console/e/{slug}/people/"), ("suggestions", "/console/e/{slug}/people/suggest/?name=an"),
        ("job download", "/console/jobs/{export}/download/"), ("sign-ups", "/console/e/{slug}/sign-ups/"),
        ("announcement", "/console/e/{slug}/announcement/"), ("sign-ups CSV", "/console/e/{slug}/sign-ups.csv"))],
    ("console paid", "POST", "/console/e/{slug}/sign-ups/paid/{ann}/",
     answers(302, 403, 302, 302, 302, 302, 302, 302, 403)),
    ("console open sign-ups", "POST", "/console/e/{slug}/announcement/open/",
     answers(302, 403, 302, 302, 302, 302, 302, 302, 403)),
    ("sign-up page", "GET", "/e/{f_slug}/sign-up/", EVERYONE_200),
    ("calendar file", "GET", "/e/{slug}/calendar.ics", EVERYONE_200),
    ("events calendar", "GET", "/events.ics", EVERYONE_200),
    ("a sign-up's page", "GET", "/sign-ups/{signup_key}/", answers(*[404] * 9)),
    ("console export", "POST", "/console/e/{slug}/export/standings/",
     answers(302, 403, 302, 302, 302, 302, 200, 200, 403)),
    ("console drop", "POST", "/console/e/{slug}/players/{ann}/drop/",
     answers(302, 403, 302, 302, 302, 302, 200, 200, 403)),
    ("console rotate", "POST", "/console/e/{slug}/players/{ann}/rotate-key/",
     answers(302, 403, 302, 302, 302, 302, 200, 200, 403)),
    # Drop, replace a link, reinstate: asked first (200, the question); answered "yes", done (302).
    ("console reinstate", "POST", "/console/e/{slug}/players/{ann}/reinstate/",
     answers(302, 403, 302, 302, 302, 302, 200, 200, 403)),
    ("console result", "POST", "/console/e/{slug}/games/{game}/result/",
     answers(302, 403, 302, 302, 302, 302, 302, 302, 403)),
    ("console accept", "POST", "/console/e/{slug}/games/{game}/accept/a/",
     answers(302, 403, 302, 302, 302, 302, 302, 302, 403)),
    ("console sheet", "GET", "/console/e/{slug}/games/{game}/sheet/",
     answers(302, 403, 302, 302, 302, 302, 200, 200, 403)),
    ("console awards", "POST", "/console/e/{slug}/awards/",
     answers(302, 403, 302, 302, 302, 302, 302, 302, 403)),
    ("console finish", "POST", "/console/e/{slug}/finish-event/",
     answers(302, 403, 302, 302, 302, 302, 200, 200, 403)),
    # Allowed, then refused by the input: no entry named (404).
    ("console merge", "POST", "/console/e/{slug}/people/",
     answers(302, 403, 302, 302, 302, 302, 404, 404, 403)),
    ("console check everyone in", "POST", "/console/e/{slug}/desk/check-in-all/",
     answers(302, 403, 302, 302, 302, 302, 302, 302, 403)),
    ("console warn", "POST", "/console/e/{slug}/players/{ann}/warn/",
     answers(302, 403, 302, 302, 302, 302, 302, 302, 403)),
    ("admin", "GET", "/admin/tournaments/event/", answers(302, 302, 302, 302, 302, 302, 302, 302, 200)),
    ("admin audit", "GET", "/admin/audit/auditrecord/", answers(302, 302, 302, 302, 302, 302, 302, 302, 200)),
    *rows_judges_calls.PAGES, *rows_judges.PAGES, *rows_phones.PAGES,
]


def fill(template, world: World):
    if isinstance(template, dict):
        return {k: fill(v, world) for k, v in template.items()}
    if isinstance(template, str):
        text = template.format(**vars(world))
        return int(text) if template.startswith("{") and text.isdigit() else text
    return template


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("label,method,path,body,expected,setup", API, ids=[row[0] for row in API])
def test_api_matrix(db, actor, label, method, path, body, expected, setup):
    world = build_world()
    if setup:
        setup(world)
    status, answer = api_as(actor, world).call(method, fill(path, world), fill(body, world))
    assert status == expected[actor], (label, actor, answer)


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("label,method,path,expected", PAGES, ids=[row[0] for row in PAGES])
def test_page_matrix(db, actor, label, method, path, expected):
    world = build_world()
    client = page_as(actor, world)
    response = client.generic(method, fill(path, world))
    assert response.status_code == expected[actor], (label, actor)
    if response.status_code == 302 and actor not in ("organizer", "co_organizer"):
        assert "login" in response["Location"]  # sent to sign in, not let through


def test_the_matrix_covers_every_api_endpoint():
    """A new endpoint must get a row: every URL pattern under /api/ appears in the table."""
    api = next(p for p in get_resolver().url_patterns if str(p.pattern) == "api/")
    routes = {re.sub(r"<[^>]+>", "*", str(p.pattern)) for p in api.url_patterns
              if p.callback is not api_not_found}
    rows = {re.sub(r"\{[^}]+\}|\d+", "*", row[2]).removeprefix("/api/") for row in API}
    assert routes and not routes - rows, f"endpoints without a row in the permission matrix: {routes - rows}"
