"""What the rules module reads of the packs (scoring.formats.FormatSource): a published version's format by
its key, and the published keys of an edition. A published version never changes, so its format, once
checked and built, is kept for the life of the process (a draft is never kept: it is not found)."""
from __future__ import annotations

from django.db.models import Q

from scoring.formats import Format, format_from_data
from seasons.models import DRAFT, KEY_PREFIX, SITE, PackVersion


def version_id(key: str) -> int | None:
    """The version's id a "pack-<id>" key names, or None."""
    if not isinstance(key, str) or not key.startswith(KEY_PREFIX):
        return None
    number = key[len(KEY_PREFIX):]
    return int(number) if number.isdigit() and len(number) < 12 else None


_BUILT: dict[int, Format] = {}  # published versions only: what is not found (yet) is asked again


def find(key: str) -> Format | None:
    pk = version_id(key)
    if pk is None:
        return None
    if pk not in _BUILT:
        version = PackVersion.objects.select_related("pack").filter(pk=pk).exclude(state=DRAFT).first()
        if version is None:
            return None
        _BUILT[pk] = as_format(version)
    return _BUILT[pk]


def as_format(version: PackVersion) -> Format:
    """The version's data as a checked Format under the version's own key, named with its version after
    the first ("Gaining Grounds One · v2")."""
    name = version.data.get("name") or version.pack.name
    return format_from_data({**version.data, "key": version.key,
                             "name": name if version.number == 1 else f"{name} · v{version.number}"},
                            origin=version.pack.name)


def offered(who) -> list[Format]:
    """What a new event of `who` may pin: every version published site-wide, and those they published for
    their own events; newest first."""
    mine = Q(pack__owner=who) if who is not None and getattr(who, "is_authenticated", False) else Q(pk__in=[])
    keys = PackVersion.objects.exclude(state=DRAFT).filter(Q(state=SITE) | mine).order_by("-pk").values_list(
        "pk", flat=True)
    return [fmt for fmt in (find(f"{KEY_PREFIX}{pk}") for pk in keys) if fmt is not None]


def keys_of(edition: str) -> list[str]:
    return [f"{KEY_PREFIX}{pk}" for pk in PackVersion.objects.filter(pack__edition=edition).exclude(
        state=DRAFT).order_by("pk").values_list("pk", flat=True)]


def forget() -> None:
    """Every kept format built again when next asked for (tests, whose rolled-back ids come back)."""
    _BUILT.clear()
