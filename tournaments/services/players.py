"""Entries: registering players (one by one, by themselves, from a pasted CSV), correcting and
removing them."""
from __future__ import annotations

from difflib import get_close_matches

from audit.services import record
from jobs.models import Job
from jobs.services import job_start
from scoring.entries import NAME_LENGTH, faction_problem, name_key, plain, text_problems
from scoring.formats import get_format, key_of
from scoring.messages import say
from scoring.problems import Invalid, Problem, conflict
from tournaments.models import Event, Player
from tournaments.services.changes import announce, event_change
from tournaments.services.events import refuse_roster_if_finished
from tournaments.signals import ENTRY_CHANGED, ENTRY_GONE, ENTRY_REGISTERED, ENTRY_REMOVED


def player_register(
    *,
    event: Event,
    name: str,
    faction: str,
    club: str = "",
    email: str = "",
    is_ringer: bool = False,
    checked_in: bool | None = None,
    pinned_table: int | None = None,
    user=None,
    person: int | None = None,
    by=None,
) -> Player:
    """Register a player; `user` links a person's account to the entry (self-registration), `person` an
    existing person the organizer recognised (else the entry is a new person). Unless said, the player is
    checked in, or expected when the event's players check in on the day."""
    if checked_in is None:
        checked_in = not event.check_in_on_the_day
    with event_change(event) as event:
        refuse_roster_if_finished(event)
        return _register(event, name=plain(name), faction=faction, club=plain(club), email=email, is_ringer=is_ringer,
                         checked_in=checked_in, pinned_table=pinned_table, user=user, person=person, by=by or user)


def _register(event: Event, *, name, faction, club, email, is_ringer, checked_in, pinned_table, user, by,
              person: int | None = None) -> Player:
    problems = [p for p in [faction_problem(get_format(event.format), faction), *text_problems(name, club)] if p]
    if name_key(name) in names_taken(event):
        problems.append(_duplicate_name(name))
    if user is not None and event.players.filter(user=user).exists():
        problems.append(Problem("already_registered", say("You are already registered for this event.")))
    if is_ringer and event.players.filter(is_ringer=True).exists():
        problems.append(Problem("ringer_exists", say("This event already has a Ringer; it can have only one."),
                                "is_ringer"))
    if problems:
        raise Invalid(*problems)
    player = Player.objects.create(event=event, name=name, faction=faction, club=club, email=email,
                                   is_ringer=is_ringer, checked_in=checked_in, pinned_table=pinned_table, user=user)
    announce(event, ENTRY_REGISTERED, player=player, user=user, person=person, by=by)  # people: who the entry is
    record(event, by, "player_registered", player=player,
           after={"name": name, "faction": faction, "club": club, "is_ringer": is_ringer,
                  "person": player.person_id})
    return player


def names_taken(event: Event, *, besides: Player | None = None) -> set[str]:
    """The event's names as name_key compares them (the same name in another case or Unicode form)."""
    players = event.players.exclude(pk=besides.pk) if besides else event.players.all()
    return {name_key(name) for name in players.values_list("name", flat=True)}


def _duplicate_name(name: str) -> Problem:
    return Problem("duplicate_name", say('A player named "{name}" is already registered.', name=name), "name")


def player_update(*, player: Player, by, **changes) -> Player:
    """Correct an entry; the same checks as registration for the fields that change."""
    changes = {k: plain(v) if k in ("name", "club") else v for k, v in changes.items()}
    problems = text_problems(changes.get("name"), changes.get("club"))
    if "faction" in changes:
        problems.append(faction_problem(get_format(player.event.format), changes["faction"]))
    if "name" in changes and name_key(changes["name"]) in names_taken(player.event, besides=player):
        problems.append(_duplicate_name(changes["name"]))
    if changes.get("is_ringer") and player.event.players.filter(is_ringer=True).exclude(pk=player.pk).exists():
        problems.append(Problem("ringer_exists", say("This event already has a Ringer; it can have only one."),
                                "is_ringer"))
    problems = [p for p in problems if p]
    if problems:
        raise Invalid(*problems)
    before = {k: getattr(player, k) for k in changes}
    with event_change(player.event):
        for key, value in changes.items():
            setattr(player, key, value)
        player.save(update_fields=list(changes) or None)
        announce(player.event, ENTRY_CHANGED, player=player, fields=frozenset(changes))
        record(player.event, by, "player_updated", player=player, before=before, after=changes)
    return player


def player_remove(*, player: Player, by) -> None:
    """Undo a registration made by mistake; a player who has played (or been seated) is dropped instead."""
    if player.seats.filter(round__published_at__isnull=False).exists():
        raise conflict("player_has_games", say("{name} already has games: drop the player instead.",
                                               name=player.name))
    if player.seats.exists():
        raise conflict("player_in_draft", say(
            "{name} is seated in the pairing being previewed: discard it first, then remove them.",
            name=player.name))
    with event_change(player.event) as event:
        refuse_roster_if_finished(event)
        record(player.event, by, "player_removed", player=player,
               before={"name": player.name, "faction": player.faction, "club": player.club})
        announce(event, ENTRY_REMOVED, player=player, by=by)  # sign-ups: its sign-up is withdrawn
        player.delete()
        announce(event, ENTRY_GONE, by=by)  # sign-ups: its place (and its name) go to the waitlist


def import_rows_checked(*, event: Event, rows: list[list[str]],
                        header: bool = True) -> list[tuple[dict, list[Problem]]]:
    """Players from CSV rows (name, faction, club), each with what is wrong with it; nothing is saved.
    A faction may be given by key or by name; a header row "name,faction,club" is skipped (`header`: the
    rows are a CSV's, not rows already read and corrected). A faction not found carries the nearest one
    (`suggestion`) when one is close, and the text as written (`faction_typed`)."""
    fmt = get_format(event.format)
    taken = names_taken(event)
    checked = []
    for number, row in enumerate(rows, start=1):
        cells = [plain(c) for c in row] + ["", "", ""]
        if header and number == 1 and [c.lower() for c in cells[:2]] == ["name", "faction"]:
            continue
        entry = {"line": number, "name": cells[0], "faction": faction_named(fmt, cells[1]), "club": cells[2],
                 "faction_typed": cells[1], "suggestion": None}
        problems = [p for p in text_problems(entry["name"], entry["club"]) if p]
        if not problems and len(entry["name"]) > NAME_LENGTH:
            problems.append(Problem("name_too_long", say("A name has at most 100 characters."), "name"))
        elif not problems and name_key(entry["name"]) in taken:
            problems.append(Problem("duplicate_name", say('"{value}" is already registered or listed above.',
                                                          value=entry["name"]), "name"))
        if fmt.faction(entry["faction"]) is None:
            problems.append(faction_problem(fmt, entry["faction"], shown=cells[1]))
            entry["suggestion"] = faction_suggested(fmt, cells[1])
        taken.add(name_key(entry["name"]))
        checked.append((entry, problems))
    return checked


def faction_named(fmt, text: str) -> str:
    """The faction a person wrote, by key or by its English or French name ("Guilde", "Ten Thunders")."""
    wanted = key_of(text)
    if not wanted:  # nothing written is no faction (not the first one without a French name, whose key_of is "")
        return ""
    return next((f.key for f in fmt.factions if wanted in (f.key, key_of(f.name), key_of(f.name_fr or ""))),
                wanted)


def faction_suggested(fmt, text: str) -> str | None:
    """The faction nearest to a misspelt one ("Nevrborn": Neverborn), by its key or English or French name;
    None when none is close. The standard library's difflib is enough for a dozen short names: no library
    to add, keep up to date and audit for this."""
    spellings = {}
    for f in fmt.factions:
        for name in (f.key, f.name, f.name_fr or ""):
            if key_of(name):
                spellings.setdefault(key_of(name), f.key)
    close = get_close_matches(key_of(text), list(spellings), n=1, cutoff=0.6) if key_of(text) else []
    return spellings[close[0]] if close else None


def players_import(*, event: Event, rows: list[list[str]], by, persons: dict[int, int] | None = None,
                   header: bool = True, strict: bool = False, progress=None) -> list[Player]:
    """Register every valid row in one transaction (the preview showed the others and why). `persons`: the
    person the organizer recognised for a row, by its line (else the entry is a new person); a person
    refused (unknown, private, already entered) refuses the whole import. `strict` (a job's rows, all good
    when confirmed): a row gone bad since refuses the import too, rather than being left out unseen.
    `progress(percent)` hears how far it got."""
    persons = persons or {}
    with event_change(event) as event:
        refuse_roster_if_finished(event)
        checked = import_rows_checked(event=event, rows=rows, header=header)
        if strict and any(problems for _entry, problems in checked):
            raise Invalid(*(p for _entry, problems in checked for p in problems))
        good = [entry for entry, problems in checked if not problems]
        saved = []
        for done, e in enumerate(good, start=1):
            saved.append(_register(event, name=e["name"], faction=e["faction"], club=e["club"][:100], email="",
                                   is_ringer=False, checked_in=not event.check_in_on_the_day, pinned_table=None,
                                   user=None, by=by, person=persons.get(e["line"])))
            if progress:
                progress(done * 99 // len(good))  # 100 once committed (`jobs.services.job_run`)
        return saved


def players_import_start(*, event: Event, rows: list[list[str]], by, persons: dict[int, int] | None = None,
                         header: bool = True) -> Job:
    """A large import as a job (`tournaments.web.console.importing.JOB_ROWS` says when), so it never holds a
    web worker: its params hold the rows ready now, renumbered from 1, and the person chosen for each, so
    the same import asked again while it runs is the same job (`jobs.services.job_start`). A finished
    event is refused at once."""
    refuse_roster_if_finished(event)
    persons = persons or {}
    checked = import_rows_checked(event=event, rows=rows, header=header)
    good = [entry for entry, problems in checked if not problems]
    params = {"rows": [[e["name"], e["faction"], e["club"]] for e in good],
              "persons": {str(n): persons[e["line"]] for n, e in enumerate(good, start=1) if e["line"] in persons},
              "left_out": len(checked) - len(good)}
    return job_start(event=event, kind=Job.IMPORT, params=params, by=by)


def import_from_job(job: Job, progress) -> dict:
    """An import job's work (see `jobs.services`): the same registration as an import in the request, with
    its checks and audit, all rows or none; ends with how many were saved and left out when confirmed."""
    persons = {int(line): person for line, person in job.params["persons"].items()}
    saved = players_import(event=job.event, rows=job.params["rows"], by=job.created_by, persons=persons,
                           header=False, strict=True, progress=progress)
    return {"result": {"imported": len(saved), "left_out": job.params["left_out"]}}
