"""The console's round pages: pair the next round, enter and correct results, swap seats, run the clock,
print the sheets and slips, redo a round."""
import segno
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from gaininggrounds.params import whole_number
from gaininggrounds.web import naming
from gaininggrounds.web.guards import scoped_view
from jobs.models import Job
from scoring.formats import get_format
from scoring.problems import DomainError
from tournaments import access, panels, selectors, services
from tournaments.fronts import organizer_view
from tournaments.models import CONFIRMED, DISPUTED, Event, Game, Player
from tournaments.readers import live_scores
from tournaments.services.rounds import BYE_SEAT, PAIRED_AGAIN, REMATCH_AVOIDED, RINGER_SEAT
from tournaments.web.console.board import board_state, form_options, table_row
from tournaments.web.console.preview import preview_page
from tournaments.web.forms import RoundForm, SwapForm
from tournaments.web.presenters import clock_context
from tournaments.web.result_forms import ResultForm

# The results board's entry: the organizers, and the judges they allow to correct results (issue 54).
corrector_view = scoped_view(lambda slug: get_object_or_404(Event, slug=slug), access.may_correct)


def round_and_players(event, number):
    """The round (a draft too) with its games and results, and the event's players by id; 404 for an
    unknown round."""
    rnd = selectors.round_with_games(event, number, drafts=True)
    if rnd is None:
        raise Http404("No such round")
    return rnd, {p.id: p for p in event.players.all()}


@organizer_view(post_only=True)
def pair_round(request, event):
    form = RoundForm.for_event(event, request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(errors))
    else:
        try:
            if (pair := panels.pairer(event)) is not None:  # a team event pairs its teams (tournaments.panels)
                made = pair(event=event, by=request.user, publish=False)
                return redirect("console:round", event.slug, made.number)
            made = services.round_request(event=event, by=request.user, method=form.cleaned_data["method"],
                                          avoid_same_club=form.cleaned_data["avoid_same_club"], publish=False,
                                          **form.table_settings(request.POST))
        except DomainError as error:
            messages.error(request, str(error))
        else:
            if isinstance(made, Job):
                return redirect("console:job", made.pk)
            return redirect("console:round", event.slug, made.number)
    return redirect("console:event", event.slug)


@corrector_view
def round_console(request, event, number):
    """The results board: every table with its state, disputes first with both versions, a counter, the
    tables still to enter on request (`?todo=1`), and each result entered in place. A judge allowed to correct
    results opens it too; a draft is the organizers' alone."""
    rnd, players = round_and_players(event, number)
    if rnd.is_draft and not access.is_organizer(request.user, event):
        raise PermissionDenied
    if rnd.is_draft:
        return preview_page(request, event, rnd, players, swap_form=SwapForm(players=_seated(rnd, players)))
    history, _totals = selectors.pairing_history(event, before_round=number)
    rows = [table_row(event, game, players, history) for game in rnd.games.all()]
    if request.method == "POST":  # without JavaScript: the same entry, then the whole page again
        row = next((r for r in rows if str(r["game"].pk) == request.POST.get("game", "")), None)
        if row is not None:
            saved, form = _enter(request, event, row["game"], players)
            if saved:
                messages.success(request, _("Result saved for table %(t)s.") % {"t": row["game"].table})
                return redirect(reverse("console:round", args=[event.slug, number]) + f"#table-{row['game'].table}")
            row["form"] = form
    organizer = access.is_organizer(request.user, event)
    board = board_state(event, rnd, rows, organizer=organizer)
    if request.GET.get("todo"):
        rows = [row for row in rows if row["b"] and row["status"] != CONFIRMED]
    rows.sort(key=lambda row: row["status"] != DISPUTED)  # disputes first, otherwise by table
    clock_actions = [] if event.finished_at else [("start", _("Start")), ("pause", _("Pause")), ("reset", _("Reset"))]
    return render(request, "console/round.html", {
        "event": event, "round": rnd, "rows": rows, "board": board, "todo": bool(request.GET.get("todo")),
        "organizer": organizer,  # a judge allowed to correct results: no clock, swap or redo here
        "mission": naming.mission(event.format, rnd.strategy, rnd.deployment, rnd.scheme_pool),
        "clock_actions": clock_actions, "swap_form": SwapForm(players=_seated(rnd, players)), **clock_context(rnd),
        **panels.panels("console-round", event=event, round=rnd),  # a team round's matches and lineups owed
        # Tables whose players keep a live score, with the turn each is in: who is still in which turn when
        # the clock calls the last one.
        "live": [{"table": table, "turn": turn, "score": f"{vp_a}–{vp_b}"}
                 for table, (vp_a, vp_b, turn) in sorted(live_scores(rnd).items())]})


@organizer_view(post_only=True)
def publish_round(request, event, number):
    """The organizer has checked the draft: players see their tables, the bye's award counts, mail goes."""
    try:
        services.round_publish(event=event, number=number, by=request.user, seen=request.POST.get("seating"))
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Round %(n)s published: players see their tables.") % {"n": number})
    return redirect("console:round", event.slug, number)


@organizer_view(post_only=True)
def seat_late(request, event, number):
    """A player checked in after the draft was paired joins it (the bye's or the Ringer's seat, else the
    draft is paired again)."""
    player = get_object_or_404(Player, pk=whole_number(request.POST.get("player", "")) or 0, event=event)
    try:
        _rnd, how = services.round_seat_late(event=event, number=number, player=player, by=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, {
            BYE_SEAT: _("%(name)s plays the player who had the bye."),
            RINGER_SEAT: _("%(name)s takes the Ringer's seat."),
            PAIRED_AGAIN: _("The round was paired again with %(name)s in it."),
            REMATCH_AVOIDED: _("The free seat would have been a rematch inside the window for %(name)s: the "
                               "round was paired again with %(name)s in it, without a rematch."),
        }[how] % {"name": player.name})
    return redirect("console:round", event.slug, number)


@corrector_view(post_only=True)
def result_entry(request, event, game_id):
    """One table's result entered in place (htmx): the row comes back saved, or with the rules module's
    message beside its field, and the board's counter with it. Without htmx, back to the round page."""
    game = get_object_or_404(_games(event), pk=game_id)
    players = {p.id: p for p in (game.player_a, game.player_b) if p}
    saved, form = _enter(request, event, game, players)
    if not request.headers.get("HX-Request"):
        if saved:
            messages.success(request, _("Result saved for table %(t)s.") % {"t": game.table})
        return redirect(reverse("console:round", args=[event.slug, game.round.number]) + f"#table-{game.table}")
    return _row_answer(request, event, game_id, form=None if saved else form, saved=saved)


@corrector_view(post_only=True)
def accept_version(request, event, game_id, side):
    """A dispute decided in one press: the organizer takes one player's version as the result."""
    game = get_object_or_404(_games(event), pk=game_id)
    if side not in ("a", "b"):
        raise Http404("No such side")
    try:
        services.result_accept_version(game=game, side=side, by=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    if not request.headers.get("HX-Request"):
        return redirect(reverse("console:round", args=[event.slug, game.round.number]) + f"#table-{game.table}")
    return _row_answer(request, event, game_id, saved=True)


def _games(event):
    return Game.objects.select_related("round__event", "player_a", "player_b").filter(round__event=event)


def _enter(request, event, game: Game, players) -> tuple[bool, ResultForm]:
    """The row's form from the request, saved through the services; (saved, the form with its problems)."""
    form = ResultForm(request.POST, prefix=f"g{game.pk}", **form_options(event, game, players))
    if not form.is_valid():
        return False, form
    try:
        report, masters = form.report()
        services.result_record(game=game, by=request.user, report=report, masters=masters, shown=form.shows())
    except DomainError as error:
        form.refused(error)
        return False, form
    return True, form


def _row_answer(request, event, game_id, *, form=None, saved=False):
    """The row as it now stands, and the counter (swapped out of band), for htmx."""
    rnd = selectors.round_with_games(event, Game.objects.get(pk=game_id).round.number, drafts=True)
    players = {p.id: p for p in event.players.all()}
    history, _totals = selectors.pairing_history(event, before_round=rnd.number)
    rows = [table_row(event, game, players, history) for game in rnd.games.all()]
    row = next(r for r in rows if r["game"].pk == game_id)
    if form is not None:
        row["form"] = form
    row["saved"] = saved
    return render(request, "console/_result_row.html", {
        "event": event, "round": rnd, "row": row, "oob": True,
        "board": board_state(event, rnd, rows, organizer=access.is_organizer(request.user, event))})


@organizer_view(post_only=True)
def redo_round(request, event, number):
    """Remove the latest round (its pairing and cards) to pair it again; asked first once it is published
    (a draft nobody else has seen goes at once)."""
    draft = event.round_set.filter(number=number, published_at__isnull=True).exists()
    if not draft and request.POST.get("confirmed") != "yes":
        return render(request, "console/confirm.html", {
            "event": event, "action": request.path, "back": reverse("console:round", args=[event.slug, number]),
            "question": _("Redo round %(n)s? Its pairings, missions and cards are removed and the round can be "
                          "paired again; a round with results cannot be redone.") % {"n": number},
            "button": _("Yes: redo round %(n)s") % {"n": number}})
    try:
        services.round_delete(event=event, number=number, by=request.user, draft_only=draft)
    except DomainError as error:
        messages.error(request, str(error))
        return redirect("console:round", event.slug, number)
    messages.success(request, _("Draft of round %(n)s discarded.") % {"n": number} if draft
                     else _("Round %(n)s removed.") % {"n": number})
    return redirect("console:event", event.slug)


@organizer_view(post_only=True)
def round_clock(request, event, number, action):
    rnd = get_object_or_404(event.round_set, number=number)
    if action not in services.CLOCK_ACTIONS:  # the service's own list (the API's choices too)
        raise Http404("No such clock action")
    if action == "reset" and rnd.clock_left is not None and request.POST.get("confirmed") != "yes":
        return render(request, "console/confirm.html", {  # what every player's phone shows: asked first
            "event": event, "action": request.path, "back": reverse("console:round", args=[event.slug, number]),
            "question": _("Reset the clock of round %(n)s? It stops and forgets the time left, on every page "
                          "that shows it.") % {"n": number},
            "button": _("Yes: reset the clock")})
    try:
        services.round_clock(rnd=rnd, action=action)
    except DomainError as error:
        messages.error(request, str(error))
    return redirect("console:round", event.slug, number)


@organizer_view
def print_round(request, event, number):
    """One sheet for the wall, then one slip per table (a print stylesheet breaks the pages)."""
    rnd, players = round_and_players(event, number)
    games = [{"table": g.table, "a": players[g.player_a_id], "b": players.get(g.player_b_id),
              "mission": naming.mission(event.format, *g.mission()) if g.strategy else None,
              "fa": naming.faction(event.format, players[g.player_a_id].faction),
              "fb": naming.faction(event.format, players[g.player_b_id].faction) if g.player_b_id else "",
              "links": [(players[pid], private_link(request, players[pid])) for pid in (g.player_a_id, g.player_b_id)
                        if pid]}
             for g in rnd.games.all()]
    return render(request, "console/print.html", {
        "event": event, "round": rnd, "games": games,
        "mission": naming.mission(event.format, rnd.strategy, rnd.deployment, rnd.scheme_pool)})


@organizer_view
def print_sheets(request, event, number):
    """A score sheet per table to fill in at the table: the mission (or room to write the one flipped), a
    line per scheme held with its secret choice, VP turn by turn, the leaders, both signatures."""
    rnd, players = round_and_players(event, number)
    fmt = get_format(event.format)
    sheets = [{"table": g.table, "mission": naming.mission(event.format, *g.mission()),
               "sides": [(players[pid], naming.faction(event.format, players[pid].faction))
                         for pid in (g.player_a_id, g.player_b_id)]}
              for g in rnd.games.all() if g.player_b_id]
    return render(request, "console/sheets.html", {
        "event": event, "round": rnd, "sheets": sheets, "turns": range(1, fmt.turns_max + 1),
        "scheme_lines": range(1, fmt.vp.schemes_per_player + 1), "chains": fmt.scheme_chains,
        "schemes_most": fmt.vp.schemes_most})


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
