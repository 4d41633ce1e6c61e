"""The console's round pages: pair the next round, enter and correct results, swap seats, run the clock,
print the sheets and slips, redo a round."""
import segno
from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from jobs.models import Job
from scoring.problems import DomainError
from scoring.validator import Report
from tournaments import selectors, services
from tournaments.models import DISPUTED, Game, Player
from tournaments.web import presenters
from tournaments.web.console.guards import organizer_view
from tournaments.web.forms import ResultForm, RoundForm, SwapForm, show_problems
from tournaments.web.presenters import clock_context


def round_and_players(event, number):
    """The round with its games and results, and the event's players by id; 404 for an unknown round."""
    rnd = selectors.round_with_games(event, number)
    if rnd is None:
        raise Http404("No such round")
    return rnd, {p.id: p for p in event.players.all()}


@organizer_view(post_only=True)
def pair_round(request, event):
    form = RoundForm(request.POST)
    if form.is_valid():
        try:
            made = services.round_request(event=event, by=request.user, method=form.cleaned_data["method"])
        except DomainError as error:
            messages.error(request, str(error))
        else:
            if isinstance(made, Job):
                return redirect("console:job", made.pk)
            return redirect("console:round", event.slug, made.number)
    return redirect("console:event", event.slug)


@organizer_view
def round_console(request, event, number):
    rnd, players = round_and_players(event, number)
    rows = []
    for game in rnd.games.all():
        result = getattr(game, "result", None)
        versions = list(game.reports.all())
        shown = result or (versions[0] if len(versions) == 1 else None)  # an awaiting report prefills the form
        initial = {"vp_a": shown.vp_a, "vp_b": shown.vp_b, "outcome": shown.outcome,
                   "loser": shown.loser} if shown and not game.is_bye else {}
        for version in versions:
            version.reporter = players[game.player_of(version.side)]
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
                    return redirect("console:round", event.slug, number)
    mission = presenters.mission(event.format, rnd.strategy, rnd.deployment, rnd.scheme_pool)
    clock_actions = [("start", _("Start")), ("pause", _("Pause")), ("reset", _("Reset"))]
    return render(request, "console/round.html", {
        "event": event, "round": rnd, "rows": rows, "mission": mission, "clock_actions": clock_actions,
        "disputed": sum(1 for row in rows if row["status"] == DISPUTED),
        "swap_form": SwapForm(players=_seated(rnd, players)), **clock_context(rnd)})


@organizer_view(post_only=True)
def redo_round(request, event, number):
    try:
        services.round_delete(event=event, number=number, by=request.user)
    except DomainError as error:
        messages.error(request, str(error))
        return redirect("console:round", event.slug, number)
    messages.success(request, _("Round %(n)s removed.") % {"n": number})
    return redirect("console:event", event.slug)


@organizer_view(post_only=True)
def round_clock(request, event, number, action):
    rnd = get_object_or_404(event.round_set, number=number)
    if action not in ("start", "pause", "reset"):
        raise Http404("No such clock action")
    services.round_clock(rnd=rnd, action=action)
    return redirect("console:round", event.slug, number)


@organizer_view
def print_round(request, event, number):
    """One sheet for the wall, then one slip per table (a print stylesheet breaks the pages)."""
    rnd, players = round_and_players(event, number)
    games = [{"table": g.table, "a": players[g.player_a_id], "b": players.get(g.player_b_id),
              "fa": presenters.faction(event.format, players[g.player_a_id].faction),
              "fb": presenters.faction(event.format, players[g.player_b_id].faction) if g.player_b_id else "",
              "links": [(players[pid], private_link(request, players[pid])) for pid in (g.player_a_id, g.player_b_id)
                        if pid]}
             for g in rnd.games.all()]
    return render(request, "console/print.html", {
        "event": event, "round": rnd, "games": games,
        "mission": presenters.mission(event.format, rnd.strategy, rnd.deployment, rnd.scheme_pool)})


def private_link(request, player) -> dict:
    """A player's private link and its QR code as inline SVG (printed on their slip; no outside service)."""
    url = request.build_absolute_uri(reverse("public:private", args=[player.key]))
    svg = segno.make(url, error="m").svg_inline(scale=3, border=2)
    return {"url": url, "svg": mark_safe(svg)}  # segno's own markup, with nothing from the user in it


@organizer_view(post_only=True)
def swap_seats(request, event, number):
    """Exchange two players' seats before any result (the pairing report shows the new flags)."""
    rnd, players = round_and_players(event, number)
    form = SwapForm(request.POST, players=_seated(rnd, players))
    if form.is_valid():
        try:
            services.round_swap(event=event, number=number, by=request.user, **form.cleaned_data)
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("Seats swapped."))
    return redirect("console:round", event.slug, number)


def _seated(rnd, players) -> list[Player]:
    seated = [players[pid] for g in rnd.games.all() for pid in (g.player_a_id, g.player_b_id) if pid]
    return sorted(seated, key=lambda p: p.name.casefold())
