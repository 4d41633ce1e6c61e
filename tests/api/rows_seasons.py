"""Issue 55's season packs in the shared API checks: permission-matrix rows (as in test_permission_matrix.API)
and the answers their views give by themselves (as in test_openapi_operations.ANSWERS).

The packs are the organizer's: one whose first version is a draft, one whose first version the staff
published site-wide. A draft is its owner's (and the staff's) to read: to anyone else it does not exist
(404, as a missing id); a version published site-wide is everyone's to read; only the owner changes,
publishes or continues a pack, and only the staff publish site-wide."""
from datetime import date

from tests.api.actors import EVERYONE_200, answers


def packs_made(world):
    from seasons import services

    organizer, staff = world.users["organizer"], world.users["staff"]
    world.pack_draft = services.pack_start(user=organizer, name="Draft Grounds", from_key="m4e-gg0").pk
    site = services.pack_start(user=organizer, name="Shared Grounds", from_key="m4e-gg0")
    site = services.version_publish(version=site, user=organizer, released_on=date(2026, 9, 1))
    own = services.pack_start(user=organizer, name="Own Grounds", from_key="m4e-gg0")
    world.pack_own = services.version_publish(version=own, user=organizer, released_on=date(2026, 9, 1)).pk
    world.pack_site = services.version_publish(version=site, user=staff, released_on=date(2026, 9, 1),
                                               site=True).pk


def signed_in(ok):
    """Any account (a key is none: 403; anonymous 401)."""
    return answers(401, ok, 403, 403, 403, 403, ok, ok, ok)


# Reading the organizer's draft: its owner alone; anyone else 404 (the staff too), the same as a missing id.
DRAFT_READ = answers(404, 404, 404, 404, 404, 404, 200, 404, 404)
DRAFT = "/api/pack-versions/{pack_draft}/"
SITE = "/api/pack-versions/{pack_site}/"

API = [
    ("packs", "GET", "/api/packs/", None, EVERYONE_200, packs_made),
    ("start a pack", "POST", "/api/packs/", {"name": "New Grounds", "from_key": "m4e-gg0"}, signed_in(201), None),
    # Anyone signed in copies a version published site-wide.
    ("start a pack from a shared one", "POST", "/api/packs/", {"name": "Mine", "from_key": "pack-{pack_site}"},
     signed_in(201), packs_made),
    # A draft of someone else's is no source (400 unknown_source): its owner alone may copy it.
    ("start a pack from a draft", "POST", "/api/packs/", {"name": "Mine", "from_key": "pack-{pack_draft}"},
     answers(401, 400, 403, 403, 403, 403, 201, 400, 400), packs_made),
    ("import a pack", "POST", "/api/packs/import/", {"file": "name: Tiny Grounds\nedition: M4E\n"},
     signed_in(201), None),
    ("pack draft", "GET", DRAFT, None, DRAFT_READ, packs_made),
    ("site-wide pack", "GET", SITE, None, EVERYONE_200, packs_made),
    ("pack draft file", "GET", DRAFT + "export/", None, DRAFT_READ, packs_made),
    ("site-wide pack file", "GET", SITE + "export/", None, EVERYONE_200, packs_made),
    ("save a pack draft", "PUT", DRAFT, {"data": {"name": "Renamed Grounds"}},
     answers(401, 404, 403, 403, 403, 403, 200, 404, 404), packs_made),
    ("save a published pack", "PUT", SITE, {"data": {"name": "Renamed Grounds"}},
     answers(401, 409, 403, 403, 403, 403, 409, 409, 409), packs_made),
    ("publish a pack", "POST", DRAFT + "publish/", {"released_on": "2026-09-01"},
     answers(401, 404, 403, 403, 403, 403, 200, 404, 404), packs_made),
    # Site-wide: the staff only, once its owner published it (the owner 409 not_site_staff).
    ("publish a pack site-wide", "POST", "/api/pack-versions/{pack_own}/publish/",
     {"released_on": "2026-09-01", "site": True}, answers(401, 404, 403, 403, 403, 403, 409, 404, 200), packs_made),
    ("publish a draft site-wide", "POST", DRAFT + "publish/", {"released_on": "2026-09-01", "site": True},
     answers(401, 404, 403, 403, 403, 403, 409, 404, 404), packs_made),
    ("next pack version", "POST", SITE + "next/", {}, answers(401, 409, 403, 403, 403, 403, 201, 409, 409),
     packs_made),
    ("no such pack version", "GET", "/api/pack-versions/999999/", None, answers(*[404] * 9), None),
]
NO_VERSION = {"404": "draft"}
ANSWERS = {
    "GET /api/pack-versions/{id}/": NO_VERSION,
    "GET /api/pack-versions/{id}/export/": NO_VERSION,
    "PUT /api/pack-versions/{id}/": {**NO_VERSION, "409": "`published`"},
    "POST /api/pack-versions/{id}/publish/": {**NO_VERSION, "409": "`not_site_staff`"},
    "POST /api/pack-versions/{id}/next/": {**NO_VERSION, "409": "`not_owner`"},
}
