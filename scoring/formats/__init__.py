"""Tournament formats as data: one file per season in this folder (`gg2017.yaml`, `m3e.yaml`, ...),
checked against `schema.json` and then for consistency when the module loads, so a new season is a
new file and its tests, not new code. Names are ours to show; keys are derived from the English name
so clients can rely on them.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .files import FORMAT_FILES, FormatFileError, format_from_data, load_format
from .values import (
    SUITS,
    Award,
    Format,
    Leader,
    Named,
    SchemeChart,
    Source,
    UnusualResult,
    VPLimits,
    key_of,
    loose,
)

__all__ = ["FORMAT_FILES", "FormatFileError", "format_from_data", "load_format", "SUITS", "Award", "Format",
           "Leader", "Named", "SchemeChart", "Source", "UnusualResult", "VPLimits", "key_of", "loose", "FORMATS",
           "GG2017", "M3E", "M4E_GG0", "EDITIONS", "CURRENT_FORMAT", "formats_of", "get_format", "newest_first",
           "FormatSource", "register_source", "known_format", "offered_formats", "provisional"]

FORMATS: dict[str, Format] = {f.key: f for f in map(load_format, sorted(FORMAT_FILES.glob("*.yaml")))}
GG2017, M3E, M4E_GG0 = FORMATS["gg2017"], FORMATS["m3e"], FORMATS["m4e-gg0"]


EDITIONS = ("M4E", "M3E", "M2E")  # newest first, as pages list them
CURRENT_FORMAT = M4E_GG0  # what organizers run today: a new event's default


class FormatSource:
    """Where formats beyond the shipped files come from (season packs an organizer entered, kept by an app
    that registers itself here at start): `find(key)` a format by its key or None, `keys_of(edition)` the
    keys it holds of an edition. The rules module stays pure: it reads them, it does not store them."""

    def __init__(self, find: Callable[[str], Format | None], keys_of: Callable[[str], list[str]],
                 offered: Callable[[object], list[Format]] = lambda who: []):
        self.find, self.keys_of, self.offered = find, keys_of, offered


_SOURCES: list[FormatSource] = []


def register_source(source: FormatSource) -> None:
    if source not in _SOURCES:
        _SOURCES.append(source)


def newest_first() -> list[Format]:
    """Every format, the current edition's first, as a choice lists them."""
    return sorted(FORMATS.values(), key=lambda fmt: EDITIONS.index(fmt.edition))


def formats_of(edition: str) -> list[str]:
    """The keys of an edition's formats (its shipped seasons oldest first, then the packs entered since)."""
    return [key for key, fmt in FORMATS.items() if fmt.edition == edition] + [
        key for source in _SOURCES for key in source.keys_of(edition)]


# Formats settled for a while under a key (a restore's season pack, checked before any row holds it).
_PROVISIONAL: ContextVar[dict[str, Format] | None] = ContextVar("provisional_formats", default=None)


@contextmanager
def provisional(fmt: Format) -> Iterator[Format]:
    """Within the block, `get_format(fmt.key)` is `fmt`, before the shipped files and the sources: a backup's
    season pack is checked as the file holds it, and its new row's format is found without a source keeping
    it (a rolled-back id comes back for another version). Pure: nothing is stored."""
    token = _PROVISIONAL.set({**(_PROVISIONAL.get() or {}), fmt.key: fmt})
    try:
        yield fmt
    finally:
        _PROVISIONAL.reset(token)


def get_format(key: str) -> Format:
    """The format an event names by its key: a shipped season, else a season pack a source holds; KeyError
    for a key nobody knows."""
    settled = (_PROVISIONAL.get() or {}).get(key) if isinstance(key, str) else None
    if settled is not None:
        return settled
    if key in FORMATS:
        return FORMATS[key]
    for source in _SOURCES:
        found = source.find(key)
        if found is not None:
            return found
    raise KeyError(key)


def offered_formats(who) -> list[Format]:
    """The formats a new event of `who` (an account, opaque here) may be run under: the shipped seasons,
    then the packs the sources offer them (published for everyone, or by them for their own events)."""
    return [*newest_first(), *(fmt for source in _SOURCES for fmt in source.offered(who))]


def known_format(key: object) -> bool:
    try:
        return isinstance(key, str) and bool(get_format(key))
    except KeyError:
        return False
