"""Table rows of the public pages, rendered once per process and reused while they stay the same.

A write changes one or two rows of a 128-table round or a 256-player standings table, yet the page
has to be rendered again as a whole; rendering a row through Django's template engine costs about
0.1 ms, most of such a render. So each row's HTML is kept, keyed by everything the row shows and
the reader's language, and only rows that changed are rendered again. Django's cache framework is
for whole pages shared between processes; this is a per-process memo of fragments, which it does
not offer cheaply (a cache round trip per row would cost more than rendering it).
"""
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

MOST_ROWS = 20_000  # a few events' rounds and standings in each language; about 10 MB at most
_rendered: dict[tuple, SafeString] = {}


def _frozen(value):
    if isinstance(value, dict):
        return tuple(sorted((key, _frozen(item)) for key, item in value.items()))
    return value


def rendered_rows(template_name: str, rows: list[dict]) -> list[SafeString]:
    """Each row through `template_name` (as `row`), from the memo when it is unchanged."""
    language = get_language()
    html = []
    for row in rows:
        key = (template_name, language, _frozen(row))
        found = _rendered.get(key)
        if found is None:
            if len(_rendered) >= MOST_ROWS:
                _rendered.clear()  # crude, but a hall's rows are back in the memo after one render
            found = _rendered[key] = render_to_string(template_name, {"row": row})
        html.append(found)
    return html
