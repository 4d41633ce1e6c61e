"""A season pack as a file, in the shipped files' shape (scoring/formats/*.yaml), so a community shares one
file: read safely (PyYAML's safe loader, no aliases: an alias bomb or a Python tag is refused, not
expanded), within a size and a depth, and written back with the version's release date and number."""
from __future__ import annotations

import math
from datetime import date, datetime

import yaml  # PyYAML, pinned: the shipped season files are YAML too

from scoring.messages import say
from scoring.problems import invalid

MOST_BYTES = 256 * 1024  # the shipped GG Zero file is about 15 KB
MOST_DEPTH = 12  # the shipped files nest 6 deep


class _NoAliases(yaml.SafeLoader):
    """The safe loader, refusing anchors and aliases (a few lines of them can stand for gigabytes)."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            raise yaml.YAMLError("aliases are not accepted")
        event = self.peek_event()
        if getattr(event, "anchor", None):
            raise yaml.YAMLError("anchors are not accepted")
        return super().compose_node(parent, index)


def read_pack(text) -> dict:
    """The pack's data from a file's text (bytes: UTF-8); Invalid with a plain reason otherwise."""
    if isinstance(text, bytes):
        if len(text) > MOST_BYTES:
            raise _too_big()
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise invalid("not_utf8", say("The file is not UTF-8 text."), "file") from None
    if not isinstance(text, str):
        raise invalid("not_text", say("Send the pack as a YAML file."), "file")
    if len(text.encode("utf-8", "surrogatepass")) > MOST_BYTES:
        raise _too_big()
    try:
        data = yaml.load(text, Loader=_NoAliases)  # noqa: S506 - a SafeLoader, aliases refused
    except yaml.YAMLError as error:
        where = getattr(error, "problem_mark", None)
        line = f" (line {where.line + 1})" if where is not None else ""
        raise invalid("not_yaml", say("The file is not a season pack's YAML{line}: {problem}.", line=line,
                                      problem=getattr(error, "problem", None) or str(error)), "file") from None
    except RecursionError:
        raise too_deep() from None
    if not isinstance(data, dict):
        raise invalid("not_a_pack", say("The file holds no season pack: a pack is a YAML mapping with a name, an "
                                        "edition, factions, strategies and the rest, as the shipped files."), "file")
    if deeper_than(data, MOST_DEPTH):
        raise too_deep()
    return _plain(data)


def write_pack(data: dict, *, comment: str = "") -> str:
    """The pack's data as YAML in the shipped files' order of keys, with a comment line on top."""
    head = "".join(f"# {line}\n" for line in comment.splitlines() if line.strip())
    return head + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110)


def too_large(data: dict) -> bool:
    """Whether a draft's data would export to a file larger than an import takes: one measure, the file's
    bytes, so every pack that saves can be shared and imported again (a lone surrogate counts, and fails
    elsewhere)."""
    return len(write_pack(data).encode("utf-8", "surrogatepass")) > MOST_BYTES


def unstorable(data) -> bool:
    """Whether the data holds text no database's JSON keeps: a NUL character or a lone surrogate (a YAML
    "\\0" or a JSON "\\ud800" escape makes one; PostgreSQL refuses both). Walked without recursing."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return True
            if "\x00" in value:
                return True
    return False


def deeper_than(value, most: int) -> bool:
    """Whether JSON's value nests deeper than `most` levels (the top mapping is level 1, its values level
    2...), counted without recursing (a hostile value may nest deeper than Python's stack)."""
    stack = [(value, 1)]
    while stack:
        value, level = stack.pop()
        if level > most:
            return True
        if isinstance(value, dict | list):
            stack.extend((v, level + 1) for v in (value.values() if isinstance(value, dict) else value))
    return False


def _plain(value):
    """JSON's values only (what a pack's data is kept as): a date becomes its ISO text; binary data, a
    non-finite number or a key that is not text is refused."""
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise invalid("bad_key", say("Every field name in the file is text."), "file")
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    if isinstance(value, float) and not math.isfinite(value):
        raise invalid("bad_number", say("The file holds a number that is not finite."), "file")
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise invalid("bad_value", say("The file holds a value a season pack cannot have (binary data?)."), "file")


def too_deep(attr: str = "file"):
    return invalid("too_deep", say("The file nests deeper than a season pack does ({n} levels at most).",
                                   n=MOST_DEPTH), attr)


def _too_big():
    return invalid("too_big", say("The file is larger than a season pack can be ({n} KB at most).",
                                  n=MOST_BYTES // 1024), "file")
