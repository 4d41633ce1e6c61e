"""The event backup's file format: its name and version, the fields of each row it carries (what
`tournaments.backup` writes and `tournaments.restore` reads), and the checks every section shares."""
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils import timezone

# Version 5 adds the event's season pack, when it runs one (the registered prelude "season_pack": the pack
# version's data, name, edition, number, release date and publisher's name), so the file restores on a server
# that lacks the pack or names another by that key. Version 4 adds the judges (staff), each table's time
# extension, and the judge calls and rulings; version 3 the run-up (announcement, sign-ups), the trackers and
# the players' email; version 2 tallies the votes; version 1 listed each vote with its voter. Every one of
# them still restores (what a file lacks is restored empty); a server of an older version refuses a newer
# file rather than leave out what it cannot read.
FORMAT, VERSION, READABLE = "gaininggrounds-event", 5, (1, 2, 3, 4, 5)

EVENT_FIELDS = ("name", "date", "format", "rounds", "rematch_window", "awards", "tiebreaks", "scheme_chart",
                "scheme_pools", "deck_seed", "fresh_tables", "unavailable_tables", "self_reporting",
                "registration_open", "encounter_size", "round_minutes", "missions", "missions_plan", "dead_mans_hand",
                "check_in_on_the_day", "finished_at", "player_votes", "late_arrivals", "conceder", "cut_size",
                "cut_draws", "team_size")
# Fields a backup made before they existed may lack: restored as the model's defaults.
LATER_EVENT_FIELDS = ("encounter_size", "round_minutes", "missions", "missions_plan", "dead_mans_hand",
                      "check_in_on_the_day", "finished_at", "player_votes", "late_arrivals", "conceder", "cut_size",
                      "cut_draws", "team_size")
GAME_FIELDS = ("table", "flags", "strategy", "deployment", "scheme_pool", "extra_minutes")
LATER_FIELDS = ("strategy", "deployment", "scheme_pool", "leader_a", "leader_b", "mission", "absent", "place",
                "no_show", "stage", "extra_minutes")
# The event's judges (issue 54): accounts by username, restored where the account exists here.
JUDGE_FIELDS = ("head", "may_correct")
# A player's `seed` is the top cut's (a round's `seed` shuffles its pairing, and no backup lacks it).
LATER_PLAYER_FIELDS = (*LATER_FIELDS, "seed", "email")
PLAYER_FIELDS = ("name", "faction", "club", "checked_in", "absent", "status", "is_ringer", "pinned_table", "key",
                 "place", "seed", "email")
ROUND_FIELDS = ("number", "stage", "strategy", "deployment", "scheme_pool", "seed", "flips", "report",
                "clock_started_at", "clock_left", "published_at")
RESULT_FIELDS = ("outcome", "loser", "turns", "breakdown", "vp_a", "tp_a", "diff_a", "vp_b", "tp_b", "diff_b",
                 "master_a", "master_b", "leader_a", "leader_b", "no_show")
VERSION_FIELDS = ("side", "outcome", "loser", "vp_a", "vp_b", "turns", "breakdown", "master_a", "master_b", "leader_a",
                  "leader_b", "mission")
AUDIT_FIELDS = ("at", "action", "by", "round_number", "table", "before", "after")
ADJUSTMENT_FIELDS = ("tp", "reason", "round_number", "by", "at")

# Sections other apps add to a backup (teams, the run-up, the trackers): name -> (export, read). `export(event)`
# gives the section's JSON (None: nothing to carry); `read(section, event, players, rounds, games)` checks it
# against the restored rows (players and games by the file's references, rounds by number) and returns what
# writes it once they are saved, or raises ValueError (a BackupError, with the helpers below) saying what is
# wrong; nothing is written before every section is read. The tournament calls them without knowing the apps.
SECTIONS: dict[str, tuple] = {}


def register_section(name: str, export, read) -> None:
    SECTIONS[name] = (export, read)


# What settles the event's format before anything reads it (the seasons app: the event's season pack):
# name -> (export, prepare). `export(event)` gives the section's JSON (None: the key is left out of the file);
# `prepare(section, event, creator)` (the section None when the file has none) is called before the settings
# and the entries are checked, with the unsaved event and the account that will create it, and returns
# (format, write): the Format that `get_format(event.format)` gives while the file is checked (None: what the
# key finds already), and what runs first in the restore's transaction, before the event is saved, setting
# `event.format` to the key it runs here and giving that key's Format (or None). It raises ValueError saying
# where and what is wrong, and writes nothing itself.
PRELUDES: dict[str, tuple] = {}


def register_prelude(name: str, export, prepare) -> None:
    PRELUDES[name] = (export, prepare)


# What each kind of integer column holds on PostgreSQL. SQLite takes any 64-bit number in any of them, so a
# file that restores there would fail on PostgreSQL mid-write: a restore holds every column to these ranges,
# whatever the database, and no number anywhere in a file (JSON fields too) may pass a 64-bit integer's.
COLUMN_RANGES = BaseDatabaseOperations.integer_field_ranges
WHOLE = COLUMN_RANGES["BigIntegerField"]
# What each kind of column takes from JSON (bool first: to Python, true is a number too).
JSON_KINDS = ((models.BooleanField, bool), (models.IntegerField, int), (models.DateField, str),
              (models.TimeField, str), (models.CharField, str), (models.TextField, str))
WORDS = {bool: "true or false", int: "a whole number", str: "text", list: "a list", dict: "an object"}


class BackupError(ValueError):
    """The file is not an event backup this version can read."""


def need(ok, where: str, problem: str) -> None:
    if not ok:
        raise BackupError(f"{where}: {problem}")


def value_of(value, where: str, kind: type, *, null: bool = False):
    """`value` when JSON gave it as `kind` (or null, when allowed); true is no number here."""
    need((null and value is None) or (isinstance(value, kind) and not (kind is int and isinstance(value, bool))),
         where, f"{WORDS.get(kind, 'a value')}{' (or null)' if null else ''} is expected")
    return value


def too_big(value, where: str = "") -> str | None:
    """Where in `value` (a file, or a part of one) the first whole number beyond 64 bits is, if any."""
    if isinstance(value, int) and not isinstance(value, bool):
        return None if WHOLE[0] <= value <= WHOLE[1] else where or "file"
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = too_big(item, f"{where}[{key}]" if isinstance(key, int) else f"{where}.{key}" if where else key)
        if found:
            return found
    return None


def in_range(value, low: int, high: int, where: str) -> int:
    """`value` when it is a whole number from `low` to `high`; else a BackupError saying so."""
    need(type(value) is int and low <= value <= high, where, f"a whole number from {low} to {high} is expected")
    return value


def row_of(model, data: dict, names, where: str, later=(), **links):
    """An unsaved row of `model` from the file's object `data` (its fields `names`; those in `later` may be
    missing, from a file made before they existed), as its field checks accept it: kind, length, choices,
    dates and times with their zone, ranges. SQLite would store a 100,000-character name, PostgreSQL refuse
    it mid-restore."""
    values = {}
    for name in names:
        if name not in data:
            need(name in later, where, f"{name!r} is missing")
            continue
        column = model._meta.get_field(name)
        kind = next((k for cls, k in JSON_KINDS if isinstance(column, cls)), object)
        if isinstance(column, models.JSONField) and not column.null:
            kind = type(column.get_default())  # a list or an object, as the app reads it
        values[name] = value_of(data[name], f"{where}.{name}", kind, null=column.null)
    row = model(**values, **links)
    row_checked(row, where, values)
    for name in (name for name in values if isinstance(model._meta.get_field(name), models.DateTimeField)):
        value = getattr(row, name)  # "" skipped the field's checks (blank); a time needs its zone
        need(value is None or (isinstance(value, datetime) and timezone.is_aware(value)), f"{where}.{name}",
             "a date and time with its time zone is expected")
    return row


def row_checked(row, where: str, names=None) -> None:
    """An unsaved row's own fields (`names`, else all but its links) as the database will take them:
    lengths, choices, dates, and each integer column's range whatever the database. A BackupError names the
    first field wrong."""
    fields = [f for f in row._meta.concrete_fields if not f.is_relation and not f.primary_key
              and (names is None or f.name in names)]
    for field in fields:  # first, so that the message is the same on every database
        value = getattr(row, field.attname)
        if isinstance(field, models.IntegerField) and isinstance(value, int):
            in_range(value, *COLUMN_RANGES[field.get_internal_type()], f"{where}.{field.name}")
    try:  # JSON fields: their kind is checked, their content by whoever reads them ({} is no blank there)
        row.clean_fields(exclude=[f.name for f in row._meta.fields if f not in fields
                                  or isinstance(f, models.JSONField)])
    except ValidationError as error:
        name, messages = next(iter(error.message_dict.items()))
        raise BackupError(f"{where}.{name}: {' '.join(messages)}")
