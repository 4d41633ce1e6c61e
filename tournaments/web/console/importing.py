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
from tournaments import services
from tournaments.services.imports import (
    IMPORT_JOB_ROWS,
    IMPORT_MAX_ROWS,
    import_people,
    import_person_choices,
    players_import_request,
)
from tournaments.services.players import faction_suggested
from tournaments.web.console.guards import organized_job
from tournaments.web.forms import ImportForm

# The bounds are the service's (tournaments.services.imports), the API's too: at most MAX_ROWS rows at a
# time (the preview posts every row back as its fields), a job above JOB_ROWS rows to save.
MAX_ROWS, JOB_ROWS = IMPORT_MAX_ROWS, IMPORT_JOB_ROWS
FIELDS = ("name", "faction", "club")
CELL_MAX = 1000  # a posted field longer than any name or club is cut: the check then says it is too long


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
            try:  # the service checks again what the rows show (tournaments.services.imports)
                saved, _count = players_import_request(event=event, rows=rows, by=request.user, header=header,
                                                       persons=persons)
            except DomainError as error:  # the import is one transaction: nothing of it was saved
                messages.error(request, _("Nothing was imported: %(why)s") % {"why": error})
            else:
                if isinstance(saved, Job):  # more than JOB_ROWS rows: a job to follow here
                    return redirect(f"{reverse('console:import', args=[event.slug])}?job={saved.pk}")
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
    known = import_people(event, checked)  # people's
    wanted = {entry["line"]: whole_number(chosen[index]) or None  # unreadable: offered to nobody, refused
              for index, (entry, _problems) in enumerate(checked, start=1) if chosen.get(index)}
    choices = import_person_choices(checked, wanted, known, offset=offset)  # the API's rule too
    shown = []
    for index, (entry, problems) in enumerate(checked, start=1):  # the fields' numbers, and the CSV's line
        line = entry["line"] + offset
        details = [_faction_problem(fmt, entry) if p.code == "unknown_faction" else p.detail for p in problems]
        options = known.get(entry["name"], [])
        person, refused = choices.get(entry["line"], (None, None))
        if refused is not None:
            details.append(refused.detail)
        shown.append({
            "index": index, "line": line, "checked_as": entry["line"], "name": entry["name"], "club": entry["club"],
            "faction": entry["faction"] if fmt.faction(entry["faction"]) else entry["faction_typed"],
            "faction_known": fmt.faction(entry["faction"]) is not None, "faction_typed": entry["faction_typed"],
            "suggestion": entry["suggestion"] and (entry["suggestion"], faction(event.format, entry["suggestion"])),
            "problems": details, "bad_fields": {p.attr for p in problems},
            "people": [(p.pk, p.label) for p in options], "person": person,
            "person_refused": refused is not None})
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
