"""An organizer's whole score sheet for one game: result, both breakdowns, leaders, and the table's
mission where tables flip their own; pre-filled with what is saved, its schemes from the table's pool."""
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from gaininggrounds.web import naming
from gaininggrounds.web.forms import show_problems
from scoring.formats import get_format
from scoring.missions import AT_TABLE
from scoring.problems import DomainError
from tournaments import services
from tournaments.models import Game, Result
from tournaments.services.results import correction_basis
from tournaments.web.console.rounds import corrector_view
from tournaments.web.result_forms import ScoreSheetForm
from tournaments.web.sheets import mission_initial, sheet_initial


@corrector_view
def score_sheet(request, event, game_id):
    """An organizer (or a judge allowed to correct results) enters or corrects a whole score sheet: result,
    both breakdowns, leaders, and the table's mission where tables flip their own; the rules module's problems
    show beside their fields."""
    game = get_object_or_404(Game.objects.select_related("round__event", "player_a", "player_b"),
                             pk=game_id, round__event=event, player_b__isnull=False)
    fmt, at_table = get_format(event.format), event.missions == AT_TABLE
    options = {"fmt": fmt, "names": (game.player_a.name, game.player_b.name), "at_table": at_table,
               "factions": (game.player_a.faction, game.player_b.faction),
               "pool": game.mission()[2] + _saved_schemes(game)}
    if request.method == "POST":
        form = ScoreSheetForm(request.POST, **options)
        if form.is_valid():
            try:
                report, masters = form.report()
                services.result_record(game=game, by=request.user, report=report, masters=masters,
                                       shown=form.shows())
            except DomainError as error:
                show_problems(form, error)
            else:
                messages.success(request, _("Score sheet saved for table %(t)s.") % {"t": game.table})
                return redirect(reverse("console:round", args=[event.slug, game.round.number])
                                + f"#table-{game.table}")
    else:
        form = ScoreSheetForm(initial=_sheet_initial(game, at_table), **options)
    return render(request, "console/sheet.html", {"event": event, "game": game, "form": form,
                                                  "mission": naming.mission(event.format, *game.mission())})


def _sheet_initial(game: Game, at_table: bool) -> dict:
    """What the sheet shows first: the result that counts, else a single player's version."""
    shown = correction_basis(Result.objects.filter(game=game).first(), game.reports.all())
    initial = mission_initial(*game.mission()) if at_table and game.strategy else {}
    if shown is None:
        return initial
    initial.update(outcome=shown.outcome, loser=shown.loser, vp_a=shown.vp_a, vp_b=shown.vp_b, turns=shown.turns,
                   master_a=shown.master_a, master_b=shown.master_b)
    for side, part in shown.breakdown.items():
        initial.update(sheet_initial(part, f"{side}_"))
    if at_table and not game.strategy and getattr(shown, "mission", None):
        initial.update(mission_initial(shown.mission["strategy"], shown.mission["deployment"],
                                       shown.mission["scheme_pool"]))
    return initial


def _saved_schemes(game: Game) -> list[str]:
    """The schemes a saved sheet already holds, offered even outside the pool (an older entry, a table's
    mission corrected since), so re-saving the sheet never fails on a choice it cannot show."""
    saved = Result.objects.filter(game=game).values_list("breakdown", flat=True).first() or {}
    return [s["scheme"] for part in saved.values() for s in part.get("schemes", ())]
