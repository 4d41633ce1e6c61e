"""A shipped season as an organizer re-enters it through the pack editor (issue 55): each section's form
posted as the rendered page sends it (built from the same Field and Line objects the template renders,
with what the template adds: a select with nothing selected sends its first option, an unticked box
nothing, a textarea loses its first line break), saved section by section with `seasons.web.saved`, then
built as an event reads a published pack (`seasons.catalogue.as_format`). Pure: no database, no page."""
from __future__ import annotations

from functools import cache

from django.http import QueryDict
from django.utils.formats import localize

from scoring.formats import FORMATS, Format, format_from_data
from seasons import web
from seasons.models import KEY_PREFIX
from seasons.services import shipped_data
from seasons.web_sections import Field, Line

# Which of the editor's parts (seasons.web.editor_parts, what the page's template renders) each section's form
# holds, in the page's order; a group (a chart, a quarter) holds lines. A new section of the editor is added
# here: tests/seasons/test_pack_reentry.py fails while one of seasons.web.SECTIONS is not.
FORMS: dict[str, tuple[str, ...]] = {
    "name": ("name_fields",), "vp": ("vp_fields",), "strategies": ("strategies",), "deployments": ("deployments",),
    "pool": ("pool_fields",), "schemes": ("charts",), "factions": ("factions",),
    "settings": ("settings_fields", "rounds"), "awards": ("awards", "award_fields"), "rotation": ("quarters",),
    "sources": ("sources",),
}


def sections(data: dict) -> tuple[str, ...]:
    """The sections the editor shows for the data (each its own form), in the registry's order."""
    return tuple(name for name in web.SECTIONS if name in web.editor_parts(data)[0]["sections"])


def _shown(value) -> str:
    """A value as `{{ value }}` writes it in the page (localized, None as "None")."""
    return str(localize(value))


def sent_text(text: str, *, one_line: bool = False, textarea: bool = False) -> str:
    """What a browser sends of a value it read in the page: line breaks read as LF (the HTML parser), none in
    a one-line input (its value sanitization), the textarea's first one dropped (the parser), sent as CRLF."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if one_line:
        return text.replace("\n", "")
    if textarea and text.startswith("\n"):
        text = text[1:]
    return text.replace("\n", "\r\n")


def field_sent(field: Field) -> tuple[str, str] | None:
    """(name, value) a browser sends for the field as templates/seasons/_field.html renders it; None for a
    box left unticked."""
    if field.kind == "check":
        return (field.name, "1") if field.value else None
    if field.kind == "select":
        chosen = [value for value, _label in field.choices if value == field.value]
        value = chosen[-1] if chosen else field.choices[0][0]  # the last selected option, or the first one
        return field.name, sent_text(_shown(value))
    if field.kind == "textarea":
        return field.name, sent_text(_shown(field.value), textarea=True)
    value = "" if field.kind == "number" and field.value is None else _shown(field.value)
    return field.name, sent_text(value, one_line=True)


def posted(data: dict, section: str) -> list[tuple[str, str]]:
    """The section's form as a browser submits it, unchanged: (name, value) in the page's order, without the
    form's "action" and CSRF token. A line's "remove" box is never ticked, so never sent."""
    parts, pairs = web.editor_parts(data)[0], []
    for part in FORMS[section]:
        for item in parts[part]:
            lines = item["lines"] if isinstance(item, dict) else [item]
            for line in lines:
                fields = line.fields if isinstance(line, Line) else [line]
                pairs += [sent for sent in map(field_sent, fields) if sent is not None]
    return pairs


def as_post(data: dict, section: str) -> QueryDict:
    post = QueryDict(mutable=True)
    for name, value in [*posted(data, section), ("action", section)]:
        post.appendlist(name, value)
    return post


def reentered_data(data: dict) -> dict:
    """The data after every section the editor shows was saved once, unchanged (in the registry's order)."""
    for section in sections(data):
        data = web.saved(data, section, as_post(data, section))
    return data


def pack_key(key: str) -> str:
    """The key a re-entered season is read under: a pack version's ("pack-<id>"), one per shipped season."""
    return f"{KEY_PREFIX}{sorted(FORMATS).index(key) + 1}"


@cache
def reentered(key: str) -> Format:
    """The shipped season `key` as an event reads it once re-entered: its version 1 built as
    seasons.catalogue.as_format builds a published version (its own key, the name as entered)."""
    data = reentered_data(shipped_data(key))
    return format_from_data({**data, "key": pack_key(key)}, origin=f"{key}, re-entered")
