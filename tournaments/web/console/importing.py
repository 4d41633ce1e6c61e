"""The players' import (the view is `events.import_players`): a pasted CSV read into rows, shown as fields
to correct in place and checked again, each with what is wrong with it, the nearest faction for a typo and
the people who played before under that name; confirmed, the good rows are saved in one transaction, each
linked to the person the organizer recognised, or a new person; more than JOB_ROWS of them, by a job that the
organizer follows on this page (`?job=`)."""
import uuid

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from gaininggrounds.params import whole_number
from gaininggrounds.web.naming import faction, localized
from jobs.models import Job
from jobs.services import job_progress
from scoring.formats import get_format
from scoring.problems import DomainError
from tournaments import readers, services
from tournaments.services.players import faction_suggested, players_import_start
from tournaments.web.console.guards import organized_job
from tournaments.web.forms import ImportForm

# The preview posts every row back as its fields (three, and the person chosen): Django reads at most 1000
# fields from a form (DATA_UPLOAD_MAX_NUMBER_FIELDS), so a list is imported 200 players at a time.
MAX_ROWS = 200
FIELDS = ("name", "faction", "club")
CELL_MAX = 1000  # a posted field longer than any name or club is cut: the check then says it is too long
# More rows than this to save are saved by a job (`players_import_start`), never holding a web worker. Measured
# on a 2-core machine (SQLite), the confirming request: 100 rows 0.36 s, 200 rows 0.5 s when quiet; 0.55 s and
# 1.5 s loaded (load 7) with half the names played before: 130-400 rows a second, slower per row as lists grow
# (each row reads the names taken; 2,000 rows by the service alone take 6.7 s). Starting the job: 0.25 s.
JOB_ROWS = 100


def import_answer(request, event):
    """Read the rows (a pasted CSV, or the preview's fields as corrected), accept a faction suggested for one
    row when asked, check them, and either save the good rows (`confirm`) or show them again."""
    if request.method != "POST":
        return _followed(request, event) if "job" in request.GET else redirect("console:event", event.slug)
    read = _read(request)
    if isinstance(read, str):
        messages.error(request, read)
        return redirect("console:event", event.slug)
    rows, offset, chosen = read
    accepted = whole_number(request.POST.get("accept", ""), most=MAX_ROWS)
    if accepted and offset is not None and accepted <= len(rows):  # "Use Neverborn": that row's suggestion
        row = rows[accepted - 1]
        row[1] = faction_suggested(get_format(event.format), row[1]) or row[1]
    header = offset is None  # a CSV as pasted may begin with its header; corrected rows never do
    checked = services.import_rows_checked(event=event, rows=rows, header=header)
    if len(checked) > MAX_ROWS:
        messages.error(request, _("At most %(n)s players at a time: import the list in parts.") % {"n": MAX_ROWS})
        return redirect("console:event", event.slug)
    shown = _shown(event, checked, chosen, offset or 0)
    good = sum(1 for row in shown if not row["problems"])
    if "confirm" in request.POST and not accepted:
        if any(row["person_refused"] for row in shown):  # never offered (a private person, say): all refused
            messages.error(request, _("Nothing was imported: choose, for each row marked, one of the people "
                                      "offered or a new person."))
        elif all(row["problems"] for row in shown):
            messages.error(request, _("Nothing was imported: every row still has a problem."))
        else:
            persons = {row["checked_as"]: row["person"] for row in shown if row["person"]}
            try:
                if good > JOB_ROWS:
                    job = players_import_start(event=event, rows=rows, by=request.user, header=header,
                                               persons=persons)
                    return redirect(f"{reverse('console:import', args=[event.slug])}?job={job.pk}")
                saved = services.players_import(event=event, rows=rows, by=request.user, header=header,
                                                persons=persons)
            except DomainError as error:  # the import is one transaction: nothing of it was saved
                messages.error(request, _("Nothing was imported: %(why)s") % {"why": error})
            else:
                messages.success(request, _said(len(saved), len(checked) - len(saved)))
                return redirect("console:event", event.slug)
    return render(request, "console/import.html", {
        "event": event, "rows": shown, "good": good, "offset": shown[0]["line"] - 1 if shown else 0,
        "factions": [(f.key, localized(f)) for f in get_format(event.format).factions],
        "action": reverse("console:import", args=[event.slug]),
        "summary": ngettext("%(good)s of %(n)s row is ready.", "%(good)s of %(n)s rows are ready.", len(shown))
        % {"good": good, "n": len(shown)}})


def _followed(request, event):
    """A large import's job, polled every two seconds (as `files.job_page` does) until it ends; then how many
    were imported, linked to the players, or why nothing was."""
    try:
        job_id = uuid.UUID(request.GET["job"])
    except ValueError:
        raise Http404("No such job") from None
    job = organized_job(request, job_id)
    if job.event_id != event.pk or job.kind != Job.IMPORT:
        raise Http404("No such job")
    said = why = ""
    if job.status == Job.DONE:
        said = _said(job.result["imported"], job.result["left_out"])
    elif job.status == Job.FAILED:
        why = _("Nothing was imported: %(why)s") % {"why": "; ".join(e["detail"] for e in job.errors)}
    return render(request, "console/import_job.html", {
        "event": event, "job": job, "progress": job_progress(job), "said": said, "why": why})


def _read(request) -> tuple[list[list[str]], int | None, dict[int, str]] | str:
    """The rows, the preview's line offset (None for a CSV as pasted) and the person chosen for each row;
    or what is wrong with the post."""
    post = request.POST
    if "rows" in post:  # the preview's fields, as corrected
        count = whole_number(post.get("rows", ""), most=MAX_ROWS)
        offset = whole_number(post.get("offset", "0"), most=1) or 0
        if not count:
            return _("This import cannot be read: paste the CSV again.")
        return ([[post.get(f"row-{i}-{field}", "")[:CELL_MAX] for field in FIELDS] for i in range(1, count + 1)],
                offset, {i: post.get(f"row-{i}-person", "") for i in range(1, count + 1)})
    form = ImportForm(post)
    if not form.is_valid():
        return " ".join(form.errors.get("__all__", [])) or _(
            "Paste the players to import first, one a line: name,faction,club.")
    rows = form.cleaned_data["rows"]
    if not rows:
        return _("Paste the players to import first, one a line: name,faction,club.")
    if len(rows) > MAX_ROWS + 1:  # and its header (counted again once read)
        return _("At most %(n)s players at a time: import the list in parts.") % {"n": MAX_ROWS}
    return rows, None, {}


def _shown(event, checked: list[tuple[dict, list]], chosen: dict[int, str], offset: int) -> list[dict]:
    """Each row as the preview shows it: its fields, its problems in words, the faction suggested, and the
    people it may be (never one who keeps their profile private), with the one chosen."""
    fmt = get_format(event.format)
    known = readers.namesakes([entry["name"] for entry, _problems in checked], event=event)  # people's
    taken: dict[int, int] = {}  # a person chosen, and the line they were chosen on
    shown = []
    for index, (entry, problems) in enumerate(checked, start=1):  # the fields' numbers, and the CSV's line
        line = entry["line"] + offset
        details = [_faction_problem(fmt, entry) if p.code == "unknown_faction" else p.detail for p in problems]
        options = known.get(entry["name"], [])
        wanted = chosen.get(index, "")
        person = next((p for p in options if wanted and str(p.pk) == wanted), None)
        refused = bool(wanted) and person is None
        if refused:
            details.append(_("Choose one of the people offered, or a new person."))
        elif person is not None and person.pk in taken:
            details.append(_("%(name)s is already chosen on line %(line)s.") % {"name": person.name,
                                                                                 "line": taken[person.pk]})
            person, refused = None, True
        elif person is not None:
            taken[person.pk] = line
        shown.append({
            "index": index, "line": line, "checked_as": entry["line"], "name": entry["name"], "club": entry["club"],
            "faction": entry["faction"] if fmt.faction(entry["faction"]) else entry["faction_typed"],
            "faction_known": fmt.faction(entry["faction"]) is not None, "faction_typed": entry["faction_typed"],
            "suggestion": entry["suggestion"] and (entry["suggestion"], faction(event.format, entry["suggestion"])),
            "problems": details, "bad_fields": {p.attr for p in problems},
            "people": [(p.pk, p.label) for p in options], "person": person.pk if person else None,
            "person_refused": refused})
    return shown


def _faction_problem(fmt, entry: dict) -> str:
    """An unknown faction, said in the reader's language; the list to choose from is beside it."""
    if not entry["faction_typed"]:
        return _("Choose the faction.")
    return _("“%(typed)s” is not a faction of %(format)s: choose one from the list.") % {
        "typed": entry["faction_typed"], "format": fmt.name}


def _said(saved: int, left: int) -> str:
    done = ngettext("%(n)s player imported.", "%(n)s players imported.", saved) % {"n": saved}
    if not left:
        return done
    return done + " " + ngettext("%(n)s row with problems was left out.", "%(n)s rows with problems were left out.",
                                 left) % {"n": left}
