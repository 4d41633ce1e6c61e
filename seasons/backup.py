"""An event's season pack in its backup (the tournament's registered prelude "season_pack"): the file carries
the pinned version's data, so a restore elsewhere, by another organizer, or after the pack is gone runs the
same rules. A restore pins a version equal to it that the event's creator may use (no new row), else enters it
as a new pack of the creator's, published for their own events with the file's release date and publisher's
name. Checked as an import is (size, depth, the season's check), before any row is written."""
from __future__ import annotations

from django.db.models import Q
from django.utils import timezone

from scoring.formats import FORMATS, Format, format_from_data
from scoring.formats.checks import format_problems
from seasons.catalogue import as_format, version_id
from seasons.files import MOST_BYTES, MOST_DEPTH, deeper_than, too_large
from seasons.models import DRAFT, OWN, SITE, PackVersion, SeasonPack
from seasons.services import usable
from tournaments.backup_format import BackupError, need, row_of

SECTION = "season_pack"
EDITIONS = ("", "M2E", "M3E", "M4E")


def export(event) -> dict | None:
    """The pinned version's data and what tells it apart (None: a shipped season, or no version by the key)."""
    pk = version_id(event.format)
    version = PackVersion.objects.select_related("pack").filter(pk=pk).exclude(state=DRAFT).first() if pk else None
    if version is None:
        return None
    return {"name": version.pack.name, "edition": version.pack.edition, "number": version.number,
            "released_on": version.released_on.isoformat() if version.released_on else None,
            "published_by_name": version.published_by_name, "data": version.data}


def prepare(section, event, creator):
    """(the Format to check the file under, what writes the pack) for the restore; see backup_format.PRELUDES.
    Without a section, a pack's key restores only when the creator may use it here (a version-4 file)."""
    key = event.format
    if section is None:
        need(version_id(key) is None or usable(creator, key), "event.format",
             f"{key!r} is an unknown season pack here (or another organizer's), and the file does not carry it")
        return None, None
    need(key not in FORMATS and version_id(key) is not None, "event.format",
         f"{key!r} is no season pack's key, yet the file carries one")
    pack, version = _rows(section)
    same = _usable_equal(version.data, creator)
    if same is not None:
        event.format = same.key  # checked under the version it runs, with nothing to write
        return None, None

    def write(restored) -> Format:
        """The file's pack as the creator's own, frozen: the event's format is its key."""
        pack.owner = restored.created_by
        pack.save()
        version.pack, version.published_at = pack, timezone.now()
        version.save()
        restored.format = version.key
        return as_format(version)  # found by its key within the restore, never kept by the catalogue

    name = version.data.get("name") or pack.name
    return format_from_data({**version.data, "key": key, "name": name}, origin=pack.name), write


def _rows(section) -> tuple[SeasonPack, PackVersion]:
    """The section as unsaved rows (a pack and its version 1, published for its owner), as an import checks it."""
    need(isinstance(section, dict), SECTION, "an object is expected")
    pack = row_of(SeasonPack, section, ("name", "edition"), SECTION, ("edition",))
    need(pack.edition in EDITIONS, f"{SECTION}.edition", f"one of {', '.join(filter(None, EDITIONS))} is expected")
    version = row_of(PackVersion, section, ("released_on", "published_by_name"), SECTION,
                     ("released_on", "published_by_name"), number=1, state=OWN)
    data = section.get("data")
    need(isinstance(data, dict), f"{SECTION}.data", "a season's data (an object) is expected")
    need(not deeper_than(data, MOST_DEPTH), f"{SECTION}.data", f"nests deeper than a season pack does ({MOST_DEPTH} "
                                                                "levels at most)")
    need(not too_large(data), f"{SECTION}.data", f"larger than a season pack can be ({MOST_BYTES // 1024} KB at most)")
    for problem in format_problems(data)[:1]:
        raise BackupError(f"{SECTION}.data{''.join(f'[{p}]' if isinstance(p, int) else f'.{p}' for p in problem.path)}"
                          f": {problem.message}")
    version.data = data
    if not pack.edition and data.get("edition") in EDITIONS:
        pack.edition = data["edition"]
    return pack, version


def _usable_equal(data: dict, creator) -> PackVersion | None:
    """A published version holding the same data that the creator's events may run (the first published)."""
    mine = Q(pack__owner=creator) if getattr(creator, "is_authenticated", False) else Q(pk__in=[])
    found = PackVersion.objects.exclude(state=DRAFT).filter(Q(state=SITE) | mine).order_by("pk")
    if isinstance(data.get("name"), str):
        found = found.filter(data__name=data["name"])
    return next((v for v in found.only("pk", "data", "state") if v.data == data and usable(creator, v.key)), None)
