"""Table rows of the public pages, rendered once per process and reused while they stay the same.

A write changes one or two rows of a 128-table round or a 256-player standings table, yet the page
has to be rendered again as a whole; rendering a row through Django's template engine costs about
0.1 ms, most of such a render. So each row's HTML is kept, keyed by everything the row shows and
the reader's language, and only rows that changed are rendered again. Django's cache framework is
for whole pages shared between processes; this is a per-process memo of fragments, which it does
not offer cheaply (a cache round trip per row would cost more than rendering it). Bounded, least
recently used first out (functools.lru_cache); docs/performance.md has the measurement that keeps it.
"""
from functools import lru_cache

from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

MOST_ROWS = 20_000  # a few events' rounds and standings in each language; each kept row holds its values
# and its HTML, about 1.5 KB, so some 30 MB at most


def _frozen(value):
    if isinstance(value, dict):
        return tuple(sorted((key, _frozen(item)) for key, item in value.items()))
    return value


class Row:
    """A row's values, equal and hashed by what it shows, so it can key the memo."""

    __slots__ = ("values", "key")

    def __init__(self, values: dict):
        self.values, self.key = values, _frozen(values)

    def __hash__(self):
        return hash(self.key)

    def __eq__(self, other):
        return isinstance(other, Row) and self.key == other.key


@lru_cache(maxsize=MOST_ROWS)
def row_html(template_name: str, language: str, row: Row) -> SafeString:
    return render_to_string(template_name, {"row": row.values})


def rendered_rows(template_name: str, rows: list[dict]) -> list[SafeString]:
    """Each row through `template_name` (as `row`), from the memo when it is unchanged."""
    language = get_language()
    return [row_html(template_name, language, Row(row)) for row in rows]
