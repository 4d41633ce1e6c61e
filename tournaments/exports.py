"""The organizer's files: standings and every result as CSV, the complete backup as JSON.

One builder serves both roads: the console and the API hand a small event's file over at once,
and a job prepares a large event's file for download (`export_request` picks the road).
"""
from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass

from django.conf import settings

from jobs.models import Job
from jobs.services import job_start
from scoring.messages import say
from scoring.problems import invalid
from tournaments import backup, selectors
from tournaments.models import Event
from tournaments.services.awards import award_winners, wooden_spoon
from tournaments.standings import ACTIVE

STANDINGS, RESULTS, BACKUP, TEAM_STANDINGS = "standings", "results", "backup", "team_standings"
# What a spreadsheet reads as the start of a formula (OWASP's list for CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
KINDS = (STANDINGS, RESULTS, BACKUP, TEAM_STANDINGS)
# Files other apps write (a team event's standings): kind -> writer(event, csv writer), registered by them.
WRITERS: dict[str, object] = {}


@dataclass(frozen=True)
class ExportFile:
    name: str
    content_type: str
    text: str


def export_request(*, event: Event, what: str, by) -> ExportFile | Job:
    """A small event's file now; for an event of EXPORT_JOB_THRESHOLD players or more, a job that
    prepares it for download, so a large backup never holds a web worker."""
    if what not in KINDS:
        raise invalid("unknown_export", say("No export called {what}; choose standings, results or backup.",
                                            what=what), "what")
    if what == TEAM_STANDINGS and not event.team_size:
        raise invalid("not_a_team_event", say("This event is not a team event."), "what")
    if event.players.count() < settings.EXPORT_JOB_THRESHOLD:
        return build(event, what)
    return job_start(event=event, kind=Job.EXPORT, params={"what": what}, by=by)


def export_from_job(job: Job, progress) -> dict:
    """An export job's work (see `jobs.services`): the file, kept on the job for its download."""
    made = build(job.event, job.params["what"], progress=progress)
    return {"output": made.text, "output_name": made.name, "output_type": made.content_type}


def build(event: Event, what: str, progress=None) -> ExportFile:
    progress = progress or (lambda percent: None)
    if what == BACKUP:
        text = json.dumps(backup.export_event(event), ensure_ascii=False, indent=1, sort_keys=True)
        return ExportFile(f"{event.slug}-backup.json", "application/json", text)
    out = io.StringIO()
    writer = SpreadsheetSafeWriter(out)
    if what == STANDINGS:
        _standings(event, writer)
    elif what == RESULTS:
        _results(event, writer, progress)
    elif what in WRITERS:
        WRITERS[what](event, writer)
    else:
        raise ValueError(f"no export {what!r}")
    return ExportFile(f"{event.slug}-{what}.csv", "text/csv; charset=utf-8", out.getvalue())


def spreadsheet_safe(cell):
    """A text cell a spreadsheet would run as a formula (a player named `=HYPERLINK(...)`) gets a
    leading apostrophe, so it shows as the text it is; numbers stay numbers."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


class SpreadsheetSafeWriter:
    """csv.writer for every CSV the product writes, with each text cell made spreadsheet-safe."""

    def __init__(self, out):
        self.writer = csv.writer(out)

    def writerow(self, row) -> None:
        self.writer.writerow([spreadsheet_safe(cell) for cell in row])


def _standings(event: Event, writer) -> None:
    writer.writerow(["rank", "name", "faction", "club", "tp", "diff", "vp", "games", "status", "awards", "seed",
                     "cut"])  # cut: players left where they went out of the top cut (1: its winner)
    clubs, seeds = {}, {}
    for pid, club, seed in event.players.values_list("id", "club", "seed"):
        clubs[pid], seeds[pid] = club, seed
    awards: dict[int, list[str]] = {}
    for kind, winners in award_winners(event).items():
        for winner in winners:
            awards.setdefault(winner.pk, []).append(kind)
    rows = selectors.event_standings(event)
    if event.finished_at is not None:
        for row in wooden_spoon([row for row in rows if row.entrant.status == ACTIVE], rank=lambda row: row.rank):
            awards.setdefault(row.entrant.id, []).append("wooden_spoon")
    for row in rows:
        e, t = row.entrant, row.totals
        status = e.status if row.played else "did_not_play"  # listed apart, with no rank
        writer.writerow([row.rank, e.name, e.faction, clubs.get(e.id, ""), t.tp, t.diff, t.vp, t.played, status,
                         ";".join(awards.get(e.id, [])), seeds.get(e.id) or "", row.cut or ""])


def _results(event: Event, writer, progress) -> None:
    writer.writerow(["round", "table", "player_a", "faction_a", "vp_a", "tp_a", "diff_a",
                     "player_b", "faction_b", "vp_b", "tp_b", "diff_b", "outcome", "loser", "stage"])
    players = {p.id: p for p in event.players.all()}
    rounds = selectors.rounds_with_games(event)
    for done, rnd in enumerate(rounds, start=1):
        for g in rnd.games.all():
            r = getattr(g, "result", None)
            a, b = players[g.player_a_id], players.get(g.player_b_id)
            writer.writerow([rnd.number, g.table or "", a.name, a.faction,
                             *((r.vp_a, r.tp_a, r.diff_a) if r else ("", "", "")),
                             b.name if b else "", b.faction if b else "",
                             *((r.vp_b, r.tp_b, r.diff_b) if r and b else ("", "", "")),
                             r.outcome if r else "", r.loser if r else "", rnd.stage])
        progress(100 * done // len(rounds))
