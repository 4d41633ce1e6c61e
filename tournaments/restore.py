"""Restoring an event backup (`tournaments.backup` writes them) as a new event beside the others: the
file is checked whole, as unsaved rows, before anything is written, and written in one transaction."""
from __future__ import annotations

import json
import re
from contextlib import ExitStack
from dataclasses import astuple
from types import SimpleNamespace

from django.contrib.auth import get_user_model
from django.db import DataError, IntegrityError
from django.utils import timezone

from audit.models import AuditRecord
from audit.services import jsonable
from scoring.awards import AWARD_RANGES, ENCOUNTER_SIZE_RANGE, ROUND_MINUTES_RANGE, ROUNDS_RANGE
from scoring.entries import faction_problem, name_key, plain, text_problems
from scoring.formats import get_format, known_format, provisional
from scoring.problems import DomainError
from scoring.report import BYE
from tournaments.backup_format import (
    ADJUSTMENT_FIELDS,
    AUDIT_FIELDS,
    EVENT_FIELDS,
    FORMAT,
    GAME_FIELDS,
    JUDGE_FIELDS,
    LATER_EVENT_FIELDS,
    LATER_FIELDS,
    LATER_PLAYER_FIELDS,
    PLAYER_FIELDS,
    PRELUDES,
    READABLE,
    RESULT_FIELDS,
    ROUND_FIELDS,
    SECTIONS,
    VERSION_FIELDS,
    BackupError,
    in_range,
    need,
    row_of,
    too_big,
    value_of,
)
from tournaments.models import (
    AwardVote,
    ChosenAward,
    Event,
    EventJudge,
    Game,
    Player,
    PlayerReport,
    Result,
    Round,
    Seat,
    TPAdjustment,
    new_player_key,
)
from tournaments.pairing.tables import TABLE_NUMBER_MAX
from tournaments.services.changes import announce, event_change
from tournaments.services.events import free_slug
from tournaments.signals import ENTRY_RESTORED, EVENT_RESTORED
from tournaments.standings import TIEBREAKS

KEY_SHAPE = re.compile(rf"[A-Za-z0-9_-]{{{len(new_player_key())},64}}")
_need, _of, _in_range = need, value_of, in_range  # the format's checks, each a BackupError saying where


class _Restore:
    """A backup checked, as unsaved rows: players with their person; rounds with (game, result, versions)."""

    def __init__(self, event: Event):
        self.event, self.organizers, self.players, self.rounds = event, [], [], []
        self.original = ""  # the slug the event had where the backup was made
        self.adjustments, self.awards, self.votes, self.audit = [], [], [], []
        self.games: dict[int, Game] = {}  # by the file's reference
        self.sections = []  # what other apps' sections write once the rows are saved
        self.settles = []  # what settles the event's format first (its season pack), in the transaction
        self.judges = []  # (unsaved row, its account once looked up): restored where the account exists


def import_event(data: dict, *, organizer=None) -> Event:
    """Restore a backup as a new event, in one transaction; `organizer` stands in for a creator with no
    account here. A private key in use here, shorter than the app's (guessable) or not in their characters
    is replaced: that player needs a new link. Checks run before any write; a refusal leaves no row."""
    restore = _read(data, organizer)
    try:  # the format a prelude settled is found while the transaction lasts, by no source that keeps it
        with ExitStack() as settled, event_change(restore.event, lock=False):
            _write(restore, settled)
    except (IntegrityError, DataError, DomainError, OverflowError) as error:  # the last guard: none foreseen
        raise BackupError(f"refused while writing: {error}")
    return restore.event


def _write(restore: _Restore, settled: ExitStack) -> None:
    event = restore.event
    for settle in restore.settles:  # the event's season pack: the version it runs here (event.format)
        fmt = settle(event)
        if fmt is not None:
            settled.enter_context(provisional(fmt))
    event.slug = free_slug(event.name)
    event.save()
    event.organizers.add(*restore.organizers)
    organizers = {user.pk for user in restore.organizers}  # an organizer here has every right of a judge
    for judge in restore.judges:
        judge.row.user, judge.row.added_by = judge.user, judge.added_by
    EventJudge.objects.bulk_create(judge.row for judge in restore.judges
                                   if judge.user is not None and judge.user.pk not in organizers)
    for player, person in restore.players:
        player.save()  # people: who the entry is, asking the account the file names (never giving it the entry)
        announce(event, ENTRY_RESTORED, player=player, user=player.named_account, person=person,
                 original=restore.original)
    for rnd, games in restore.rounds:
        rnd.save()
        for game, result, versions in games:
            game.save()
            Seat.objects.bulk_create(Seat(round=rnd, game=game, player=p) for p in (game.player_a, game.player_b) if p)
            PlayerReport.objects.bulk_create(versions)
            if result is not None:
                result.save()
    for adjustment in restore.adjustments:
        at = adjustment.at
        adjustment.save()
        TPAdjustment.objects.filter(pk=adjustment.pk).update(at=at)  # auto_now_add ignores a given time
    ChosenAward.objects.bulk_create(restore.awards)
    AwardVote.objects.bulk_create(restore.votes)
    AuditRecord.objects.bulk_create(restore.audit)
    for write in restore.sections:
        write()
    announce(event, EVENT_RESTORED)


def _entries(data: dict, key: str, where: str, *, optional: bool = False) -> list[tuple[str, dict]]:
    """The objects listed under `key`, each with where it is; an optional list (newer than some backups)."""
    where = f"{where}.{key}" if where else key
    items = _of(data.get(key, [] if optional else None), where, list)
    return [(f"{where}[{i}]", _of(item, f"{where}[{i}]", dict)) for i, item in enumerate(items)]


def _ref(value, where: str, known: dict | None = None, *, null: bool = False) -> int | None:
    """An id on the server that made the file; `known`: one of those."""
    _need((null and value is None) or (type(value) is int and 0 < value < 2 ** 63), where, "a reference is expected")
    _need(value is None or known is None or value in known, where, f"no player {value} in the file")
    return value


def _row(model, data: dict, names, where: str, later=LATER_FIELDS, **links):
    return row_of(model, data, names, where, later, **links)


def _read(data, organizer) -> _Restore:
    """The whole file checked, as unsaved rows. First what no column stores, anywhere in it (JSON fields
    too): NaN or Infinity, a lone surrogate, a NUL, nesting deeper than Python writes back."""
    _need(isinstance(data, dict) and data.get("format") == FORMAT and type(data.get("version")) is int
          and data["version"] in READABLE, "file", f"not a {FORMAT} backup of version "
          f"{', '.join(map(str, READABLE[:-1]))} or {READABLE[-1]}")
    try:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError, RecursionError) as error:  # a UnicodeEncodeError is a ValueError
        raise BackupError(f"file: holds what no database stores ({error})")
    _need(b"\\u0000" not in text, "file", "text with a NUL character, which no database stores")
    where = too_big(data)
    _need(where is None, where, "a number beyond what any database stores (64 bits)")
    given = _of(data.get("event"), "event", dict)
    # The format is checked once the preludes settled it (the model's choices are the shipped seasons alone).
    restore = _Restore(_row(Event, given, [n for n in EVENT_FIELDS if n != "format"], "event", LATER_EVENT_FIELDS,
                            format=_of(given.get("format"), "event.format", str)))
    restore.original = given.get("slug") if isinstance(given.get("slug"), str) else ""
    restore.event.created_by = _creator(given, organizer)
    with ExitStack() as settled:  # what the preludes settle is the event's format while the file is checked
        for name, (_, prepare) in PRELUDES.items():
            try:
                fmt, write = prepare(data.get(name), restore.event, restore.event.created_by)
            except BackupError:
                raise
            except (ValueError, TypeError) as error:
                raise BackupError(f"{name}: {error}")
            if fmt is not None:
                settled.enter_context(provisional(fmt))
            if write is not None:
                restore.settles.append(write)
        _need(known_format(restore.event.format) and len(restore.event.format) <= Event.format.field.max_length,
              "event.format", f"{restore.event.format[:40]!r} is no format known here")
        _rows(data, restore, given)
    return restore


def _rows(data: dict, restore: _Restore, given: dict) -> None:
    """The settings and every row of the file, checked under the event's format."""
    _settings_checked(restore.event)
    links = []  # (row, attribute, username): the accounts are looked up at once, at the end
    players = _players(data, restore, links)
    _rounds(data, restore, players, links)
    for where, a in _entries(data, "adjustments", "", optional=True):
        restore.adjustments.append(_row(TPAdjustment, a, ADJUSTMENT_FIELDS, where, (), event=restore.event,
                                        player=players[_ref(a.get("player"), f"{where}.player", players)]))
        _need(restore.adjustments[-1].tp != 0, f"{where}.tp", "a bonus or penalty of 0 TP is no adjustment")
    for where, a in _entries(data, "awards", "", optional=True):
        restore.awards.append(_row(ChosenAward, a, ("kind",), where, event=restore.event,
                                   player=players[_ref(a.get("player"), f"{where}.player", players)]))
        _need(len({a.kind for a in restore.awards}) == len(restore.awards), f"{where}.kind", "given twice")
    _votes(data, restore, players)
    _judges(data, restore, links)
    rounds = {rnd.number: rnd for rnd, _ in restore.rounds}
    for name, (_, read) in SECTIONS.items():
        if data.get(name) is not None:
            try:
                restore.sections.append(read(data[name], restore.event, players, rounds, restore.games))
            except (ValueError, TypeError, KeyError) as error:
                raise BackupError(f"{name}: {error}")
    for where, a in _entries(data, "audit", ""):
        # A player removed before the backup has no entry: their records keep the name and lose the link.
        refs = {k: players.get(_ref(a.get(k), f"{where}.{k}", null=True)) for k in ("player", "other_player",
                                                                                    "by_player")}
        restore.audit.append(_row(AuditRecord, a, AUDIT_FIELDS, where, (), event=restore.event, **refs))
        links.append((restore.audit[-1], "by_user", _of(a.get("by_user"), f"{where}.by_user", str, null=True)))
    _accounts(restore, given, links)


def _settings_checked(event: Event) -> None:
    """The settings the app reads, in the shape and the ranges its forms and API accept them."""
    for name, (low, high) in (("rounds", ROUNDS_RANGE), ("rematch_window", ROUNDS_RANGE),
                              ("encounter_size", ENCOUNTER_SIZE_RANGE), ("round_minutes", ROUND_MINUTES_RANGE)):
        if getattr(event, name) is not None:
            _in_range(getattr(event, name), low, high, f"event.{name}")
    _need(all(isinstance(t, str) and t in TIEBREAKS for t in event.tiebreaks), "event.tiebreaks",
          f"tiebreaks among {', '.join(TIEBREAKS)} are expected")
    for name, kind, items in (("scheme_pools", list, event.scheme_pools.values()), ("missions_plan", dict,
                              event.missions_plan.values()), ("unavailable_tables", int, event.unavailable_tables)):
        for item in items:
            _of(item, f"event.{name}[]", kind)
    try:
        rules = event.rules()
        whole = all(type(p) is int for p in astuple(rules.bye) + sum(astuple(rules.concession) + astuple(
            rules.forfeit), ()))
    except (TypeError, KeyError):  # not the {bye, concession, forfeit} the rules read
        whole = False
    _need(whole, "event.awards", "whole numbers {tp, diff, vp} for the bye, a concession's and a forfeit's "
                                 "winner and loser are expected")
    awards = [rules.bye, rules.concession.winner, rules.concession.loser, rules.forfeit.winner, rules.forfeit.loser]
    for award in awards:  # they become results' figures when a bye or a forfeit is given
        for name, (low, high) in AWARD_RANGES.items():
            _in_range(getattr(award, name), low, high, f"event.awards {name}")
    for table in event.unavailable_tables:
        _in_range(table, 1, TABLE_NUMBER_MAX, "event.unavailable_tables[]")



def _players(data: dict, restore: _Restore, links: list) -> dict[int, Player]:
    """The entries by reference, as registration checks them (faction, names and clubs, each name once)."""
    fmt = get_format(restore.event.format)
    players, names, persons = {}, set(), set()
    for where, p in _entries(data, "players", ""):
        ref = _ref(p.get("ref"), f"{where}.ref")
        _need(ref not in players, f"{where}.ref", f"player {ref} is listed twice")
        player = _row(Player, p, [k for k in PLAYER_FIELDS if k != "key"], where, LATER_PLAYER_FIELDS,
                      event=restore.event)
        player.name, player.club = plain(player.name), plain(player.club)
        if player.pinned_table is not None:
            _in_range(player.pinned_table, 1, TABLE_NUMBER_MAX, f"{where}.pinned_table")
        for problem in filter(None, (faction_problem(fmt, player.faction), *text_problems(player.name, player.club))):
            raise BackupError(f"{where}.{problem.attr}: {problem.detail}")
        _need(name_key(player.name) not in names, f"{where}.name", f"another player is named {player.name!r}")
        names.add(name_key(player.name))
        person = _ref(p.get("person"), f"{where}.person", null=True)
        _need(person is None or person not in persons, f"{where}.person", f"person {person} has two entries")
        persons.add(person)
        key = p.get("key")
        if isinstance(key, str) and KEY_SHAPE.fullmatch(key) and key not in {x.key for x in players.values()}:
            player.key = key  # else the fresh one the model gave
        players[ref] = player
        restore.players.append((player, person))
        # The account the file names is only asked whether the entry is theirs (people's pending link): a
        # file may name anyone, so a restored entry belongs to no account.
        links.append((player, "named_account", _of(p.get("user"), f"{where}.user", str, null=True)))
    _need(sum(player.is_ringer for player in players.values()) <= 1, "players", "an event has one Ringer at most")
    taken = set(Player.objects.filter(key__in=[p.key for p in players.values()]).values_list("key", flat=True))
    for player in (player for player in players.values() if player.key in taken):
        player.key = new_player_key()
    return players


def _rounds(data: dict, restore: _Restore, players: dict, links: list) -> None:
    """Rounds and games as the database's constraints want them, checked first for a message that says where."""
    for where, r in _entries(data, "rounds", ""):
        # A backup from before drafts existed: every round in it was published.
        rnd = _row(Round, {"published_at": jsonable(timezone.now()), **r}, ROUND_FIELDS, where, event=restore.event)
        _need(rnd.number >= 1 and rnd.number not in {other.number for other, _ in restore.rounds},
              f"{where}.number", "round numbers from 1, each once, are expected")
        games, seated, tables = [], set(), set()
        for at, g in _entries(r, "games", where):
            a, b = _ref(g.get("player_a"), f"{at}.player_a", players), _ref(g.get("player_b"), f"{at}.player_b",
                                                                             players, null=True)
            game = _row(Game, g, GAME_FIELDS, at, round=rnd, player_a=players[a], player_b=players.get(b))
            if g.get("ref") is not None:
                restore.games[_ref(g["ref"], f"{at}.ref")] = game
            _need(a != b, f"{at}.player_b", "a player cannot play themselves")
            _need((b is None) == (game.table is None), f"{at}.table", "a game has a table, a bye none")
            _need(game.table is None or game.table >= 1, f"{at}.table", "tables are numbered from 1")
            _need(game.table is None or game.table not in tables, f"{at}.table", f"table {game.table} twice")
            _need(not seated & {a, b}, at, f"player {min(seated & {a, b}, default=0)} is seated twice in the round")
            seated, tables = seated | ({a, b} - {None}), tables | {game.table}
            versions = [_row(PlayerReport, v, VERSION_FIELDS, w, game=game) for w, v in _entries(g, "versions", at)]
            _need(len({v.side for v in versions}) == len(versions), f"{at}.versions", "one version a side")
            result = _of(g.get("result"), f"{at}.result", dict, null=True)
            if result is not None:
                entered_by = _of(result.get("entered_by"), f"{at}.result.entered_by", str, null=True)
                result = _row(Result, result, RESULT_FIELDS, f"{at}.result", game=game)
                links.append((result, "entered_by", entered_by))
                _need(all((getattr(result, f) is None) == (result.outcome == BYE) for f in ("vp_b", "tp_b", "diff_b")),
                      f"{at}.result", "a bye's result has no side b; any other result has one")
            games.append((game, result, versions))
        restore.rounds.append((rnd, games))


def _judges(data: dict, restore: _Restore, links: list) -> None:
    """The event's judges (the file's "staff": its "judges" are the judges app's calls and rulings), by
    username; a file made before judges existed has none."""
    named = set()
    for where, j in _entries(data, "staff", "", optional=True):
        name = _of(j.get("username"), f"{where}.username", str)
        _need(name not in named, f"{where}.username", "a judge given twice")
        named.add(name)
        judge = SimpleNamespace(row=_row(EventJudge, j, JUDGE_FIELDS, where, (), event=restore.event), user=None,
                                added_by=None)
        restore.judges.append(judge)
        links.append((judge, "user", name))
        links.append((judge, "added_by", _of(j.get("added_by"), f"{where}.added_by", str, null=True)))


def _votes(data: dict, restore: _Restore, players: dict) -> None:
    """Version 1 lists each vote, restored as it was; version 2 tallies them (see _paired)."""
    cast = set()  # (kind, voter)
    for where, v in _entries(data, "votes", "", optional=True):
        kind = _row(AwardVote, v, ("kind",), where).kind
        if data["version"] == 1:
            pairs = [tuple(_ref(v.get(k), f"{where}.{k}", players) for k in ("voter", "choice"))]
        else:
            voters = _of(v.get("voters"), f"{where}.voters", list)
            voters = [_ref(voter, f"{where}.voters[{i}]", players) for i, voter in enumerate(voters)]
            _need(len(set(voters)) == len(voters), f"{where}.voters", "a voter is listed twice")
            tally: dict[int, int] = {}
            for at, t in _entries(v, "tally", where):
                choice = _ref(t.get("choice"), f"{at}.choice", players)
                _need(choice not in tally, f"{at}.choice", f"player {choice} is counted twice")
                tally[choice] = _of(t.get("votes"), f"{at}.votes", int)
                _need(tally[choice] > 0, f"{at}.votes", "a positive whole number is expected")
            total = sum(tally.values())
            _need(total == len(voters), f"{where}.tally", f"{total} votes from {len(voters)} voters")
            pairs = _paired(voters, list(tally.items()), where)
        for voter, choice in pairs:
            _need(voter != choice, where, f"player {voter} votes for themselves")
            _need((kind, voter) not in cast, where, f"player {voter} votes twice for {kind}")
            cast.add((kind, voter))
            restore.votes.append(AwardVote(event=restore.event, kind=kind, voter=players[voter],
                                           choice=players[choice]))


def _paired(voters: list[int], tally: list[tuple[int, int]], where: str) -> list[tuple[int, int]]:
    """Sorted voters against the votes by choice, a vote for oneself swapped with the first for someone else:
    the same voters and counts, none for oneself, nothing of who voted for whom. Impossible only when all
    votes go to one voter, as in no real event: such an edited file is refused, not given other counts."""
    voters = sorted(voters)
    choices = [choice for choice, votes in sorted(tally) for _ in range(votes)]
    for i, voter in enumerate(voters):
        if choices[i] == voter:
            j = next((j for j, choice in enumerate(choices) if choice != voter), None)
            _need(j is not None, where, f"every vote goes to player {voter}, a voter: nobody votes for themselves")
            choices[i], choices[j] = choices[j], choices[i]
    return list(zip(voters, choices))


def _creator(given: dict, organizer):
    """The account that creates the restored event: the file's creator by username, else `organizer`."""
    created_by = _of(given.get("created_by"), "event.created_by", str)
    creator = get_user_model().objects.filter(username=created_by).first() or organizer
    _need(creator is not None, "event.created_by", f"no account {created_by!r} here: name an organizer to restore it")
    return creator


def _accounts(restore: _Restore, given: dict, links: list) -> None:
    """Accounts by username: one not here leaves its link empty (the creator is settled first)."""
    organizers = _of(given.get("organizers"), "event.organizers", list)
    organizers = [_of(name, f"event.organizers[{i}]", str) for i, name in enumerate(organizers)]
    users = {u.get_username(): u for u in get_user_model().objects.filter(
        username__in={*organizers, *(name for _, _, name in links if name)})}
    creator = restore.event.created_by
    restore.organizers = [creator, *[users[name] for name in organizers if name in users]]
    for row, attribute, name in links:
        setattr(row, attribute, users.get(name))
    entries = [player.named_account.pk for player, _ in restore.players if player.named_account]
    _need(len(set(entries)) == len(entries), "players", "an account has two entries")
