"""The run-up's part of the event backup (registered with `tournaments.backup_format.SECTIONS`): the
announcement and every sign-up (its state, waitlist position, paid status and note, crew list, language,
times), read back against the restored entries, each field as the announcement's form or a sign-up would
take it, and refused whole when it does not fit them.

A sign-up made with an account comes back by its email alone: a file names any account it likes, and an
account is never given anything by a restore (see `tournaments.restore`). A sign-up's own link (its key) and
an unconfirmed sign-up's pending confirmation are kept unless this server already holds them (a copy beside
its original): that person then asks again, as when a link expires."""
from __future__ import annotations

import re

from django.conf import settings

from audit.services import jsonable
from scoring.entries import faction_problem, text_problems
from scoring.formats import get_format
from signups.announcements import FIELDS, field_problem, together_problems
from signups.models import HOLDING, REGISTERED, WAITLISTED, Announcement, SignUp, new_signup_key
from signups.services import list_problem
from tournaments.backup_format import need, row_of, value_of

ANNOUNCEMENT_FIELDS = (*FIELDS, "cancelled_at")
SIGNUP_FIELDS = ("name", "email", "faction", "club", "state", "position", "key", "confirm_digest",
                 "confirm_expires", "language", "paid", "paid_note", "crew_list", "created_at", "confirmed_at",
                 "withdrawn_at")
KEY_SHAPE = re.compile(rf"[A-Za-z0-9_-]{{{len(new_signup_key())},64}}")
DIGEST_SHAPE = re.compile(r"[0-9a-f]{64}")


def _fields(row, names) -> dict:
    return {name: str(value) if name == "country" else jsonable(value)
            for name, value in ((name, getattr(row, name)) for name in names)}


def export(event) -> dict | None:
    announcement = Announcement.objects.filter(event=event).first()
    signups = list(SignUp.objects.filter(event=event).order_by("pk"))
    if announcement is None and not signups:
        return None
    return {"announcement": _fields(announcement, ANNOUNCEMENT_FIELDS) if announcement else None,
            "signups": [{**_fields(s, SIGNUP_FIELDS), "player": s.player_id} for s in signups]}


def read(section: dict, event, players: dict, rounds: dict, games: dict):
    """The section checked as unsaved rows; returns what saves them."""
    value_of(section, "the section", dict)
    given = value_of(section.get("announcement"), "announcement", dict, null=True)
    announcement = None if given is None else _announcement(given, event)
    signups = _signups(value_of(section.get("signups", []), "signups", list), event, players)

    def write():
        if announcement is not None:
            announcement.save()
        made = SignUp.objects.bulk_create(signup for signup, _ in signups)
        for signup, (_, created_at) in zip(made, signups):
            signup.created_at = created_at  # auto_now_add gave the time of the restore
        SignUp.objects.bulk_update(made, ["created_at"])

    return write


def _announcement(given: dict, event) -> Announcement:
    """As the announcement's form takes each field, and the fields together."""
    row = row_of(Announcement, given, ANNOUNCEMENT_FIELDS, "announcement", event=event)
    values = {name: getattr(row, name) for name in FIELDS}
    values["country"] = given["country"]  # its code, as the form takes it
    for name, value in values.items():
        problem = field_problem(name, value)
        need(problem is None, f"announcement.{name}", str(getattr(problem, "detail", "")))
    for problem in together_problems(values):
        need(False, f"announcement.{problem.attr}", str(problem.detail))
    return row


def _signups(items: list, event, players: dict) -> list[tuple[SignUp, object]]:
    """Each sign-up as a sign-up takes it, against the entries (each entry one sign-up at most) and each
    other (one holding sign-up an address, one waitlist position each)."""
    fmt, rows, entries, holding, positions = get_format(event.format), [], set(), set(), set()
    keys = set(SignUp.objects.filter(key__in=[s.get("key") for s in items if isinstance(s, dict)])
               .values_list("key", flat=True))
    digests = set(SignUp.objects.filter(confirm_digest__in=[s.get("confirm_digest") for s in items if isinstance(
        s, dict) and s.get("confirm_digest")]).values_list("confirm_digest", flat=True))
    for i, given in enumerate(items):
        where = f"signups[{i}]"
        value_of(given, where, dict)
        ref = given.get("player")
        need(ref is None or (type(ref) is int and ref in players), f"{where}.player", f"no player {ref} in the file")
        need(ref is None or ref not in entries, f"{where}.player", f"player {ref} has two sign-ups")
        entries.add(ref)
        signup = row_of(SignUp, given, SIGNUP_FIELDS, where, event=event, player=players.get(ref))
        created_at = signup.created_at
        need(ref is None or signup.state == REGISTERED, f"{where}.player", "only a registered sign-up has an entry")
        need((signup.state == WAITLISTED) == (signup.position is not None), f"{where}.position",
             "a waitlisted sign-up has a position, any other none")
        need(signup.position is None or signup.position not in positions, f"{where}.position", "taken twice")
        positions.add(signup.position)
        for problem in filter(None, (faction_problem(fmt, signup.faction), *text_problems(signup.name, signup.club),
                                     list_problem(signup.crew_list) if signup.crew_list else None)):
            need(False, f"{where}.{problem.attr}", str(problem.detail))
        need(signup.language in dict(settings.LANGUAGES), f"{where}.language", "a language of the site is expected")
        if signup.state in HOLDING and signup.email:
            need(signup.email not in holding, f"{where}.email", "two sign-ups hold a place for this address")
            holding.add(signup.email)
        need(signup.confirm_digest == "" or DIGEST_SHAPE.fullmatch(signup.confirm_digest), f"{where}.confirm_digest",
             "a SHA-256 in hexadecimal (or empty) is expected")
        if not KEY_SHAPE.fullmatch(signup.key) or signup.key in keys:
            signup.key = new_signup_key()  # in use here (a copy beside its original), or no link of the app's
        keys.add(signup.key)
        if signup.confirm_digest in digests:  # the link mailed confirms the original's, not this copy's
            signup.confirm_digest, signup.confirm_expires = "", None
        digests.add(signup.confirm_digest)
        rows.append((signup, created_at))
    return rows
