"""The players' import as the console's page and the API both ask for it: at most IMPORT_MAX_ROWS rows at a
time, the person the organizer recognised for a row checked against those offered (namesakes who played
before, never one chosen twice), and the good rows saved in one transaction, by a job above IMPORT_JOB_ROWS
(`players.players_import`, `players.players_import_start`)."""
from __future__ import annotations

from jobs.models import Job
from scoring.messages import say
from scoring.problems import Invalid, Problem, invalid
from tournaments import readers
from tournaments.models import Event, Player
from tournaments.services.players import import_rows_checked, players_import, players_import_start

# The console's preview posts every row back as its fields (three, and the person chosen): Django reads at most
# 1000 fields from a form (DATA_UPLOAD_MAX_NUMBER_FIELDS), so a list is imported 200 players at a time; the API
# keeps the same bound.
IMPORT_MAX_ROWS = 200
# More rows than this to save are saved by a job, never holding a web worker. Measured on a 2-core machine
# (SQLite), the confirming request: 100 rows 0.36 s, 200 rows 0.5 s when quiet; 0.55 s and 1.5 s loaded (load 7)
# with half the names played before: 130-400 rows a second, slower per row as lists grow (each row reads the
# names taken; 2,000 rows by the service alone take 6.7 s). Starting the job: 0.25 s.
IMPORT_JOB_ROWS = 100

NOT_OFFERED, CHOSEN_TWICE = "person_not_offered", "person_chosen_twice"


def import_people(event: Event, checked: list[tuple[dict, list]]) -> dict[str, list[readers.Namesake]]:
    """Who each row's name may be: the people who played before under it (never a private profile)."""
    return readers.namesakes([entry["name"] for entry, _problems in checked], event=event)


def import_person_choices(checked: list[tuple[dict, list]], wanted: dict[int, int | None],
                          known: dict[str, list[readers.Namesake]],
                          offset: int = 0) -> dict[int, tuple[int | None, Problem | None]]:
    """For each row's line (`entry["line"]`) with a person asked (`wanted`; None: a person that cannot be
    one, e.g. unreadable): the person kept (or None) and what is wrong with the choice, if anything: not one
    of the people offered for that name, or already chosen on an earlier line (said as `offset` + its line:
    the console's preview numbers the rows it shows from the pasted list's)."""
    taken: dict[int, int] = {}  # a person chosen, and the line they were chosen on
    choices = {}
    for entry, _problems in checked:
        line = entry["line"]
        if line not in wanted:
            continue
        person = next((p for p in known.get(entry["name"], []) if p.pk == wanted[line]), None)
        if person is None:
            choices[line] = (None, Problem(NOT_OFFERED, say("Choose one of the people offered, or a new person."),
                                           "persons"))
        elif person.pk in taken:
            choices[line] = (None, Problem(CHOSEN_TWICE, say("{name} is already chosen on line {line}.",
                                                             name=person.name, line=taken[person.pk] + offset),
                                           "persons"))
        else:
            taken[person.pk] = line
            choices[line] = (person.pk, None)
    return choices


def players_import_request(*, event: Event, rows: list[list[str]], by, header: bool = True,
                           persons: dict[int, int] | None = None) -> tuple[list[Player] | Job, int]:
    """Import the good rows now (the players saved), or, more than IMPORT_JOB_ROWS of them, as a job to
    follow; with how many rows were read (a header line skipped), the bad ones left out. Refused whole
    (nothing saved) when the list is too long, when no row is good, or when a person asked for a row is not
    one offered for its name or is asked twice."""
    persons = persons or {}
    checked = import_rows_checked(event=event, rows=rows, header=header)
    if len(checked) > IMPORT_MAX_ROWS:
        raise invalid("too_many_rows", say("At most {value} players at a time: import the list in parts.",
                                           value=IMPORT_MAX_ROWS), "rows")
    refused = [problem for _person, problem in
               import_person_choices(checked, persons, import_people(event, checked)).values() if problem]
    if refused:
        raise Invalid(*refused)
    good = sum(1 for _entry, problems in checked if not problems)
    if not good:
        raise invalid("no_good_rows", say("Nothing to import: every row has a problem."), "rows")
    if good > IMPORT_JOB_ROWS:
        return players_import_start(event=event, rows=rows, by=by, header=header, persons=persons), len(checked)
    return players_import(event=event, rows=rows, by=by, header=header, persons=persons), len(checked)
