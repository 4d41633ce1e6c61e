"""The organizer console: the same services as the API, behind Django's sign-in."""
import csv
import io

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from audit.selectors import records
from gaininggrounds.downloads import attachment
from jobs.models import Job
from jobs.services import job_progress
from scoring.awards import varied_awards
from scoring.formats import Award
from scoring.problems import DomainError
from scoring.validator import Report
from tournaments import exports, services
from tournaments.access import is_organizer
from tournaments.models import DISPUTED, Event, Game, Player
from tournaments.web import names
from tournaments.web.forms import (
    EventForm,
    ImportForm,
    PlayerForm,
    ResultForm,
    RoundForm,
    SettingsForm,
    SwapForm,
    show_problems,
)
from tournaments.web.views import clock_context, round_and_players


def organized_event(request, slug) -> Event:
    event = get_object_or_404(Event, slug=slug)
    if not is_organizer(request.user, event):
        raise PermissionDenied
    return event


@login_required
def events(request):
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create(user=request.user, **form.cleaned_data)
        except DomainError as error:
            show_problems(form, error)
        else:
            return redirect("console-event", event.slug)
    mine = request.user.organized_events.order_by("-date")
    return render(request, "console/events.html", {"events": mine, "form": form})


@login_required
def event(request, slug):
    event = organized_event(request, slug)
    player_form = PlayerForm(request.POST or None, format_key=event.format)
    if request.method == "POST" and player_form.is_valid():
        try:
            services.player_register(event=event, by=request.user, **player_form.cleaned_data)
        except DomainError as error:
            show_problems(player_form, error)
        else:
            messages.success(request, _("Player registered."))
            return redirect("console-event", event.slug)
    return render(request, "console/event.html", _event_context(event, player_form=player_form))


def _event_context(event, **extra):
    players = [(p, names.faction(event.format, p.faction)) for p in event.players.all()]
    return {"event": event, "players": players, "rounds": event.round_set.order_by("number"),
            "import_form": ImportForm(), "round_form": RoundForm(), "export_choices": EXPORT_CHOICES, **extra}


EXPORT_CHOICES = [(exports.STANDINGS, gettext_lazy("Standings (CSV)")),
                  (exports.RESULTS, gettext_lazy("Results (CSV)")),
                  (exports.BACKUP, gettext_lazy("Backup (JSON)"))]


@login_required
@require_POST
def player_action(request, slug, player_id, action):
    event = organized_event(request, slug)
    player = get_object_or_404(Player, pk=player_id, event=event)
    actions = {"remove": services.player_remove, "check-in": services.player_check_in,
               "drop": services.player_drop, "disqualify": services.player_disqualify,
               "rotate-key": services.player_key_rotate}
    if action not in actions:
        raise Http404("No such action")
    try:
        actions[action](player=player, by=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        if action == "rotate-key":
            messages.success(request, _("New private link for %(name)s; the old one no longer works.")
                             % {"name": player.name})
    return redirect("console-event", event.slug)


@login_required
def import_players(request, slug):
    """Paste a CSV: a preview lists every row and what is wrong with it; confirming saves the good rows."""
    event = organized_event(request, slug)
    form = ImportForm(request.POST or None)
    if request.method != "POST" or not form.is_valid():
        return redirect("console-event", event.slug)
    rows = list(csv.reader(io.StringIO(form.cleaned_data["csv"])))
    if "confirm" in request.POST:
        saved = services.players_import(event=event, rows=rows, by=request.user)
        messages.success(request, _("%(n)s players imported.") % {"n": len(saved)})
        return redirect("console-event", event.slug)
    checked = services.import_rows_checked(event=event, rows=rows)
    return render(request, "console/import.html", {
        "event": event, "checked": checked, "csv": form.cleaned_data["csv"],
        "good": sum(1 for _, problems in checked if not problems)})


@login_required
@require_POST
def pair_round(request, slug):
    event = organized_event(request, slug)
    form = RoundForm(request.POST)
    if form.is_valid():
        try:
            made = services.round_request(event=event, by=request.user, method=form.cleaned_data["method"])
        except DomainError as error:
            messages.error(request, str(error))
        else:
            if isinstance(made, Job):
                return redirect("console-job", made.pk)
            return redirect("console-round", event.slug, made.number)
    return redirect("console-event", event.slug)


@login_required
def round_console(request, slug, number):
    event = organized_event(request, slug)
    rnd, players = round_and_players(event, number)
    rows = []
    for game in rnd.games.all():
        result = getattr(game, "result", None)
        versions = list(game.reports.all())
        shown = result or (versions[0] if len(versions) == 1 else None)  # an awaiting report prefills the form
        initial = {"vp_a": shown.vp_a, "vp_b": shown.vp_b, "outcome": shown.outcome,
                   "loser": shown.loser} if shown and not game.is_bye else {}
        for version in versions:
            version.reporter = players[game.player_a_id if version.side == "a" else game.player_b_id]
        rows.append({"game": game, "a": players[game.player_a_id], "b": players.get(game.player_b_id),
                     "result": result, "status": game.result_status(), "versions": versions,
                     "form": ResultForm(prefix=f"g{game.pk}", initial=initial)})
    rows.sort(key=lambda row: row["status"] != DISPUTED)  # disputes first, otherwise by table
    if request.method == "POST":
        game_id = request.POST.get("game", "")
        row = next((r for r in rows if str(r["game"].pk) == game_id), None)
        if row is not None:
            game_id = row["game"].pk
            form = ResultForm(request.POST, prefix=f"g{game_id}")
            row["form"] = form
            if form.is_valid():
                data = form.cleaned_data
                try:
                    services.result_record(game=Game.objects.select_related("round__event", "player_a", "player_b")
                                           .get(pk=game_id), by=request.user,
                                           report=Report(outcome=data["outcome"], vp_a=data["vp_a"],
                                                         vp_b=data["vp_b"], loser=data["loser"] or None))
                except DomainError as error:
                    show_problems(form, error)
                else:
                    messages.success(request, _("Result saved for table %(t)s.") % {"t": row["game"].table})
                    return redirect("console-round", event.slug, number)
    mission = names.mission(event.format, rnd.strategy, rnd.deployment, rnd.scheme_pool)
    clock_actions = [("start", _("Start")), ("pause", _("Pause")), ("reset", _("Reset"))]
    return render(request, "console/round.html", {
        "event": event, "round": rnd, "rows": rows, "mission": mission, "clock_actions": clock_actions,
        "disputed": sum(1 for row in rows if row["status"] == DISPUTED),
        "swap_form": SwapForm(players=_seated(rnd, players)), **clock_context(rnd)})


@login_required
@require_POST
def redo_round(request, slug, number):
    event = organized_event(request, slug)
    try:
        services.round_delete(event=event, number=number, by=request.user)
    except DomainError as error:
        messages.error(request, str(error))
        return redirect("console-round", event.slug, number)
    messages.success(request, _("Round %(n)s removed.") % {"n": number})
    return redirect("console-event", event.slug)


@login_required
@require_POST
def round_clock(request, slug, number, action):
    event = organized_event(request, slug)
    rnd = get_object_or_404(event.round_set, number=number)
    if action not in ("start", "pause", "reset"):
        raise Http404("No such clock action")
    services.round_clock(rnd=rnd, action=action)
    return redirect("console-round", event.slug, number)


@login_required
def print_round(request, slug, number):
    """One sheet for the wall, then one slip per table (a print stylesheet breaks the pages)."""
    event = organized_event(request, slug)
    rnd, players = round_and_players(event, number)
    games = [{"table": g.table, "a": players[g.player_a_id], "b": players.get(g.player_b_id),
              "fa": names.faction(event.format, players[g.player_a_id].faction),
              "fb": names.faction(event.format, players[g.player_b_id].faction) if g.player_b_id else "",
              "links": [(players[pid], private_link(request, players[pid])) for pid in (g.player_a_id, g.player_b_id)
                        if pid]}
             for g in rnd.games.all()]
    return render(request, "console/print.html", {
        "event": event, "round": rnd, "games": games,
        "mission": names.mission(event.format, rnd.strategy, rnd.deployment, rnd.scheme_pool)})


def private_link(request, player) -> dict:
    """A player's private link and its QR code as inline SVG (printed on their slip; no outside service)."""
    url = request.build_absolute_uri(reverse("private", args=[player.key]))
    svg = segno.make(url, error="m").svg_inline(scale=3, border=2)
    return {"url": url, "svg": mark_safe(svg)}  # segno's own markup, with nothing from the user in it


@login_required
def audit_page(request, slug):
    """The event's audit trail, newest first, for one table or one player when asked."""
    event = organized_event(request, slug)
    table = request.GET.get("table", "")
    player = request.GET.get("player", "")
    table = int(table) if table.isdigit() else None
    player = int(player) if player.isdigit() else None
    found = records(event, table=table, player=player)
    page = Paginator(found, 100).get_page(request.GET.get("page"))
    names_by_id = dict(event.players.values_list("id", "name"))
    for record in page:
        record.concerns = [names_by_id.get(pid, f"#{pid}") for pid in (record.player_id, record.other_player_id)
                           if pid]
    return render(request, "console/audit.html", {
        "event": event, "page": page, "table": table, "player": player, "players": event.players.all()})


@login_required
@require_POST
def export_file(request, slug, what):
    """Standings, results or the backup: the file at once, or for a large event a job to wait for."""
    event = organized_event(request, slug)
    if what not in exports.KINDS:
        raise Http404("No such export")
    made = exports.export_request(event=event, what=what, by=request.user)
    if isinstance(made, Job):
        return redirect("console-job", made.pk)
    return attachment(made.text, made.name, made.content_type)


def organized_job(request, job_id) -> Job:
    job = get_object_or_404(Job.objects.defer("output").select_related("event"), pk=job_id)
    organized_event(request, job.event.slug)
    return job


@login_required
def job_page(request, job_id):
    """A long job's progress, polled every two seconds until it is done; then where its work is."""
    job = organized_job(request, job_id)
    progress = job_progress(job)
    return render(request, "console/job.html", {"job": job, "event": job.event, "progress": progress,
                                                "what": dict(EXPORT_CHOICES).get(job.params.get("what"), "")})


@login_required
def job_download(request, job_id):
    job = organized_job(request, job_id)
    if job.kind != Job.EXPORT or job.status != Job.DONE:
        raise Http404("Nothing to download")
    job = Job.objects.get(pk=job.pk)
    return attachment(job.output, job.output_name, job.output_type)


@login_required
def settings_page(request, slug):
    """The event's settings; the services refuse what can no longer change once round 1 is paired."""
    event = organized_event(request, slug)
    rules = event.rules()
    initial = {"name": event.name, "date": event.date, "format": event.format, "scheme_chart": event.chart().key,
               "rounds": event.rounds, "rematch_window": event.rematch_window, "fresh_tables": event.fresh_tables,
               "self_reporting": event.self_reporting, "registration_open": event.registration_open,
               "bye_tp": rules.bye.tp, "bye_diff": rules.bye.diff, "bye_vp": rules.bye.vp,
               "concession_winner_vp": rules.concession.winner.vp, "forfeit_winner_vp": rules.forfeit.winner.vp}
    form = SettingsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        changes = {k: data[k] for k in ("name", "date", "format", "rounds", "rematch_window", "fresh_tables",
                                        "self_reporting", "registration_open")}
        if data["format"] != event.format:
            changes["scheme_chart"] = ""  # the new format's own first chart
        elif data["scheme_chart"] != event.chart().key:
            changes["scheme_chart"] = data["scheme_chart"]
        awards = varied_awards(rules, bye=Award(data["bye_tp"], data["bye_diff"], data["bye_vp"]),
                               concession_vp=data["concession_winner_vp"], forfeit_vp=data["forfeit_winner_vp"])
        if rules.announced(awards) != rules:  # only what the organizer changed, so a rename stays a rename
            changes["awards"] = awards
        try:
            services.event_update(event=event, by=request.user, **changes)
        except DomainError as error:
            show_problems(form, error)
        else:
            messages.success(request, _("Settings saved."))
            return redirect("console-event", event.slug)
    return render(request, "console/settings.html", {"event": event, "form": form})


@login_required
@require_POST
def swap_seats(request, slug, number):
    """Exchange two players' seats before any result (the pairing report shows the new flags)."""
    event = organized_event(request, slug)
    rnd, players = round_and_players(event, number)
    form = SwapForm(request.POST, players=_seated(rnd, players))
    if form.is_valid():
        try:
            services.round_swap(event=event, number=number, by=request.user, **form.cleaned_data)
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("Seats swapped."))
    return redirect("console-round", event.slug, number)


def _seated(rnd, players) -> list[Player]:
    seated = [players[pid] for g in rnd.games.all() for pid in (g.player_a_id, g.player_b_id) if pid]
    return sorted(seated, key=lambda p: p.name.casefold())
