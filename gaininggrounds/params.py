"""Whole numbers from query strings and JSON keys, for the API and the pages alike.

`str.isdigit()` is true for '²' and other Unicode digits that `int()` refuses, and `int()` accepts a
5,000-digit key that no database column holds; so a number here is ASCII digits only, at most as large
as a database id can be."""
from __future__ import annotations

ID_MAX = 2**63 - 1  # a 64-bit signed integer: every id and count column, on SQLite and PostgreSQL


def whole_number(text: str | None, most: int = ID_MAX) -> int | None:
    """`text` as a whole number from 0 to `most`, or None when it is anything else."""
    if text is None or not text.isascii() or not text.isdigit() or len(text) > len(str(most)):
        return None
    value = int(text)
    return value if value <= most else None
