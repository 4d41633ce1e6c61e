"""Every write of the season packs, behind the console and the API alike: an organizer starts a pack from a
shipped season or a version they may read (copy GG Zero, rename it), saves its draft as often as they like,
imports one from a file, and publishes it once its check finds nothing (for their own events; staff
site-wide); editing a published version starts the next version as a draft. A published version is never
changed: events pin it by its key. A refused write changes nothing."""
from __future__ import annotations

import copy
from datetime import date

import yaml
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from scoring.formats import FORMAT_FILES, FORMATS, key_of
from scoring.formats.checks import FormatProblem, format_problems
from scoring.messages import say
from scoring.problems import conflict, invalid
from seasons.files import MOST_BYTES, MOST_DEPTH, deeper_than, read_pack, too_deep, too_large, unstorable
from seasons.models import DRAFT, OWN, SITE, PackVersion, SeasonPack
from tournaments.access import attempt_wait

NAME_LENGTH = 120


def shipped_data(key: str) -> dict:
    """A shipped season's data as its file holds it (the first versions of the packs' data)."""
    return yaml.safe_load((FORMAT_FILES / f"{key}.yaml").read_text(encoding="utf-8"))


def readable(user, version: PackVersion) -> bool:
    """Who may read (and copy) a version: everyone a site-wide one, its owner their own, staff a published one
    (to publish it for everyone); a draft is its owner's alone."""
    return version.state == SITE or bool(user and user.is_authenticated and (
        version.pack.owner_id == user.pk or (user.is_staff and version.state != DRAFT)))


def usable(user, key: str) -> bool:
    """Whether an event of `user`'s may pin the format `key`: a shipped season, a version published
    site-wide, or one the user published for their own events."""
    from seasons.catalogue import version_id

    if key in FORMATS:
        return True
    pk = version_id(key)
    version = PackVersion.objects.select_related("pack").filter(pk=pk).exclude(state=DRAFT).first() if pk else None
    return version is not None and (version.state == SITE or (
        bool(user and user.is_authenticated) and version.pack.owner_id == user.pk))


def problems(version: PackVersion) -> list[FormatProblem]:
    """What the check finds in the version's data: the shipped files' schema and cross-checks."""
    return format_problems(version.data)


def pack_start(*, user, name: str, from_key: str = "", data: dict | None = None) -> PackVersion:
    """A new pack, its first version a draft: a copy of `from_key` (a shipped season, or a version the user
    may read, by its key) renamed `name`, or the data of an imported file."""
    name = _name(name)
    if data is None:
        data, based_on = _source(user, from_key), from_key
    else:
        based_on = ""
    data = {**copy.deepcopy(data), "name": name, "key": key_of(name) or "pack"}
    _refuse_unstorable(data)
    edition = data.get("edition") if data.get("edition") in ("M2E", "M3E", "M4E") else ""
    with transaction.atomic():
        pack = SeasonPack.objects.create(name=name, edition=edition, based_on=based_on, owner=user)
        return PackVersion.objects.create(pack=pack, number=1, data=data)


def start_wait(user) -> float | None:
    """Seconds before `user` may start or import another pack (RATE_LIMITS["pack_account"]: each is a new pack
    of up to 256 KB, kept for good), else None with this one counted; asked before the work, like every limit."""
    return attempt_wait(("pack_account", str(user.pk)))


def pack_import(*, user, text, name: str = "") -> PackVersion:
    """A pack from a shared file: read safely, kept as a draft to check and publish (problems and all)."""
    data = read_pack(text)
    return pack_start(user=user, name=name or str(data.get("name") or ""), data=data)


def draft_save(*, version: PackVersion, user, data) -> PackVersion:
    """The owner's edit of a draft (whatever the check says: a draft may be wrong while it is entered)."""
    _refuse_not_owner(version, user)
    if not isinstance(data, dict):
        raise invalid("not_a_pack", say("A pack's data is a mapping of its fields."), "data")
    if deeper_than(data, MOST_DEPTH):
        raise too_deep("data")
    if too_large(data):
        raise invalid("too_big", say("A season pack is at most {n} KB.", n=MOST_BYTES // 1024), "data")
    _refuse_unstorable(data)
    with transaction.atomic():
        version = _locked(version)
        if version.state != DRAFT:
            raise conflict("published", say("A published version never changes: start its next version."))
        name = _name(data.get("name", version.pack.name))
        version.data = {**data, "name": name}
        version.save(update_fields=["data", "updated_at"])
        SeasonPack.objects.filter(pk=version.pack_id).update(
            name=name, edition=data.get("edition") if data.get("edition") in ("M2E", "M3E", "M4E") else "")
    return version


def version_publish(*, version: PackVersion, user, released_on: date, site: bool = False) -> PackVersion:
    """A draft whose check finds nothing, published with the publisher's date: for its owner's events, or
    (staff only) site-wide; a version published for its owner may later go site-wide."""
    if site and not (user and user.is_authenticated and user.is_staff):
        raise conflict("not_site_staff", say("Only the site's staff publish a pack for everyone."))
    if not site:
        _refuse_not_owner(version, user)
    if not isinstance(released_on, date):
        raise invalid("released_on", say("Give the date the publisher released this pack."), "released_on")
    with transaction.atomic():
        version = _locked(version)
        if version.state == SITE or (version.state == OWN and not site):
            raise conflict("published", say("This version is published already."))
        if site and version.state == DRAFT:  # a draft is its owner's alone, until they publish it
            raise conflict("draft", say("Its owner publishes this version first; then it may go to everyone."))
        found = format_problems(version.data)
        if found:
            raise invalid("pack_problems", say("The check finds {n} problem(s) in this pack: fix them first.",
                                               n=len(found)), "data")
        version.state, version.released_on = (SITE if site else OWN), released_on
        version.published_by, version.published_at = user, timezone.now()
        version.published_by_name = user.get_username()
        version.save()
    return version


def version_next(*, version: PackVersion, user) -> PackVersion:
    """Editing a published version: its next version, a draft with the same data (the published one stays)."""
    _refuse_not_owner(version, user)
    with transaction.atomic():
        SeasonPack.objects.select_for_update().filter(pk=version.pack_id).first()
        open_draft = PackVersion.objects.filter(pack_id=version.pack_id, state=DRAFT).first()
        if open_draft is not None:
            return open_draft
        number = (PackVersion.objects.filter(pack_id=version.pack_id).aggregate(n=Max("number"))["n"] or 0) + 1
        return PackVersion.objects.create(pack_id=version.pack_id, number=number, data=copy.deepcopy(version.data))


def _source(user, key: str) -> dict:
    from seasons.catalogue import version_id

    if key in FORMATS:
        return shipped_data(key)
    pk = version_id(key)
    version = PackVersion.objects.select_related("pack").filter(pk=pk).first() if pk else None
    if version is None or not readable(user, version):
        raise invalid("unknown_source", say("Start from a shipped season or a pack you may read."), "from_key")
    return version.data


def _name(name) -> str:
    name = name.strip() if isinstance(name, str) else ""
    if not name or len(name) > NAME_LENGTH or "\x00" in name:
        raise invalid("bad_name", say("Name the pack, in at most {n} characters.", n=NAME_LENGTH), "name")
    return name


def _refuse_unstorable(data) -> None:
    if unstorable(data):
        raise invalid("bad_text", say("A pack's text cannot hold a NUL character or a broken (surrogate) one."),
                      "data")


def _locked(version: PackVersion) -> PackVersion:
    return PackVersion.objects.select_for_update().select_related("pack").get(pk=version.pk)


def _refuse_not_owner(version: PackVersion, user) -> None:
    if not (user and user.is_authenticated and version.pack.owner_id == user.pk):
        raise conflict("not_owner", say("Only the organizer who entered this pack may change or publish it."))
