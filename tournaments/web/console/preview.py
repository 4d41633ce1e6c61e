"""A draft round before it is published, seen by organizers only: each table with its notes in words, the
players checked in since it was paired, those seated who no longer play, and Publish. A round of the top cut
is the bracket's pairing: seeds, no seats to swap or give, those not in it named once. A team round shows its
matches (a panel of teams): its games are seated by their lineups, so no seat is swapped or given here."""
from django.shortcuts import render

from gaininggrounds.web import naming
from tournaments import panels, selectors
from tournaments.models import CUT_STAGE
from tournaments.services.rounds import seating
from tournaments.standings import ACTIVE
from tournaments.web import presenters
from tournaments.web.forms import RoundForm


def preview_page(request, event, rnd, players, *, swap_form):
    """A draft round before it is published: every table with its flags in words and a legend, the
    players checked in since it was paired (to seat), those seated who no longer play, seat swaps, and
    Publish. The cut's rounds take nobody late and swap no seat (the services refuse both): their players
    show their seeds, and everyone else is out of the cut."""
    history, _totals = selectors.pairing_history(event, before_round=rnd.number)
    cut = rnd.stage == CUT_STAGE
    games = [{"game": g, "a": players[g.player_a_id], "b": players.get(g.player_b_id),
              "tp": (history.tp.get(g.player_a_id, 0), history.tp.get(g.player_b_id, 0)),
              "flags": presenters.flag_words(g, players, history),
              "mission": naming.mission(event.format, g.strategy, g.deployment, g.scheme_pool)}
             for g in rnd.games.all()]
    seated = {pid for g in rnd.games.all() for pid in (g.player_a_id, g.player_b_id) if pid}
    has_bye = any(g.is_bye for g in rnd.games.all())
    by_name = {"key": lambda p: naming.natural(p.name)}
    unseated = [p for p in players.values() if p.pk not in seated and p.status == ACTIVE]
    late = sorted((p for p in unseated if p.checked_in and (not p.is_ringer or has_bye)), **by_name)
    waiting = sorted((p for p in unseated if not p.checked_in and not p.is_ringer), **by_name)
    gone = sorted((players[pid] for pid in seated if not (players[pid].status == ACTIVE and players[pid].checked_in)),
                  **by_name)
    lineups = bool(event.team_size)  # a team round's games come with its matches' lineups, after publishing
    return render(request, "console/preview.html", {
        "event": event, "round": rnd, "games": games, "gone": gone, "cut": cut,
        "lineups": lineups, "late": [] if cut or lineups else late, "waiting": [] if cut or lineups else waiting,
        "out_of_cut": sorted((p for p in unseated if not p.is_ringer), **by_name) if cut else [],
        "legend": presenters.flag_legend({f for g in rnd.games.all() for f in g.flags}),
        "mission": naming.mission(event.format, rnd.strategy, rnd.deployment, rnd.scheme_pool),
        "method": dict(RoundForm.base_fields["method"].choices).get(rnd.report.get("method")),
        "swap_form": None if cut or lineups else swap_form, "seating": seating(rnd.games.all()),
        **panels.panels("console-round", event=event, round=rnd)})  # a team round's matches
