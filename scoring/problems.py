"""Rule violations as values with a stable code, so every layer reports them alike.

The API turns `Invalid` into a 400 and `Conflict` into a 409; pages show the
sentence beside the field named by `attr`.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    code: str
    detail: str
    attr: str | None = None


class DomainError(Exception):
    """A request the rules refuse; carries every problem found, not just the first."""

    def __init__(self, *problems: Problem):
        if not problems:
            raise ValueError("a DomainError needs at least one Problem")
        self.problems = problems
        super().__init__("; ".join(p.detail for p in problems))


class Invalid(DomainError):
    """The input itself breaks a rule (a bad faction, an impossible score)."""


class Conflict(DomainError):
    """The input is fine but the event's state forbids it now (results missing, no legal pairing)."""


def invalid(code: str, detail: str, attr: str | None = None) -> Invalid:
    return Invalid(Problem(code, detail, attr))


def conflict(code: str, detail: str, attr: str | None = None) -> Conflict:
    return Conflict(Problem(code, detail, attr))
