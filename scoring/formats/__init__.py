"""Tournament formats as data: one file per season in this folder (`gg2017.yaml`, `m3e.yaml`, ...),
checked against `schema.json` and then for consistency when the module loads, so a new season is a
new file and its tests, not new code. Names are ours to show; keys are derived from the English name
so clients can rely on them.
"""
from __future__ import annotations

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
           "GG2017", "M3E", "M4E_GG0", "EDITIONS", "CURRENT_FORMAT", "formats_of", "get_format", "newest_first"]

FORMATS: dict[str, Format] = {f.key: f for f in map(load_format, sorted(FORMAT_FILES.glob("*.yaml")))}
GG2017, M3E, M4E_GG0 = FORMATS["gg2017"], FORMATS["m3e"], FORMATS["m4e-gg0"]


EDITIONS = ("M4E", "M3E", "M2E")  # newest first, as pages list them
CURRENT_FORMAT = M4E_GG0  # what organizers run today: a new event's default


def newest_first() -> list[Format]:
    """Every format, the current edition's first, as a choice lists them."""
    return sorted(FORMATS.values(), key=lambda fmt: EDITIONS.index(fmt.edition))


def formats_of(edition: str) -> list[str]:
    """The keys of an edition's formats (its seasons), oldest first."""
    return [key for key, fmt in FORMATS.items() if fmt.edition == edition]


def get_format(key: str) -> Format:
    return FORMATS[key]
