"""A player's private page, reached by the link only they hold: their game, report / confirm / dispute,
and their history. It answers to whoever holds the key, so it is never cached or indexed and never names
itself to another site."""
import secrets

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _

from gaininggrounds import logs, pwa
from gaininggrounds.http_cache import kept_private
from gaininggrounds.params import whole_number
from gaininggrounds.web import naming
from gaininggrounds.web.forms import show_problems
from scoring.formats import get_format
from scoring.missions import AT_TABLE
from scoring.problems import DomainError
from scoring.report import CONCEDED, PLAYED, other_side
from tournaments import panels, selectors, services
from tournaments.access import bad_key_wait, player_for_key, report_wait
from tournaments.concessions import concession_effect, concession_rule
from tournaments.models import (
    AWAITING,
    CHOSEN_AWARDS,
    CONFIRMED,
    DISPUTED,
    Event,
    Game,
    Player,
    PlayerReport,
)
from tournaments.readers import versions_seen
from tournaments.web import presenters
from tournaments.web.presenters import clock_context
from tournaments.web.result_forms import PlayerReportForm
from tournaments.web.sheets import mission_initial, sheet_initial


def private_page(request, key):
    player = player_for_key(key)
    if player is None:
        if bad_key_wait(request.META) is not None:
            return HttpResponse(_("Too many wrong links from this address; wait a minute."), status=429)
        raise Http404("No such link")
    logs.acting_player(request, player)
    event = player.event
    games = selectors.player_games(player)
    current = games[-1] if games and games[-1].round.number == selectors.latest_round_number(event) else None
    form = report_form(request, event, player, current)
    if request.method == "POST" and request.POST.get("action") == "vote":
        return _vote(request, player)
    known = panels.action("private", request.POST.get("action", "")) if request.method == "POST" else None
    if known is not None and not known.on_game:  # an app's own action (a team captain's lineup)
        return _answered(request, player, known.answer(request, player, None))
    tracked = ""  # an app's problem with the current game (the live tracker's), shown where it was asked
    if request.method == "POST" and current is not None:
        wait = report_wait(request.META, player=player)
        if wait is not None:
            return HttpResponse(_("Too many reports; wait %(s)s seconds.") % {"s": int(wait)}, status=429)
        if request.POST.get("game", str(current.pk)) != str(current.pk):  # sent from a page kept from before
            messages.error(request, _("That answer was for an earlier game: nothing changed."))
            return redirect("public:private", key)
        if known is not None:
            answered = known.answer(request, player, current)
            if not answered.problem:
                if answered.reported:
                    _say_status(request, current)
                return _answered(request, player, answered)
            tracked = answered.problem
        elif _answer(request, player, current, form):
            return redirect("public:private", key)
    before_the_day = _before_the_day(event, games)
    response = render(request, "player/private.html", {
        "event": event, "player": player, "faction": naming.faction(event.format, player.faction),
        "current": _current_game(event, player, current) if current else None, "form": form,
        "history": [presenters.game_played(player, g) for g in games if g is not current],
        # Outside the polled part: a poll (htmx) takes only #current, so it skips the standings.
        "standing": None if request.headers.get("HX-Request") else _where_i_stand(event, player, games),
        "adjustments": player.adjustments.all(),
        "votes": _votes(event, player),
        "once": secrets.token_hex(16),  # this rendering's forms, sent once whatever the wifi does
        # Before the event starts, a player can give their place back (signups.web.player_withdraw).
        "can_withdraw": before_the_day,
        # What the apps show here (tournaments.panels): the live tracker, the team, the phone's
        # notifications, a link to a person waiting for an answer, the sign-up (its crew list).
        **panels.panels("private", request=request, event=event, player=player, current=current, games=games,
                        tracked=tracked, before_the_day=before_the_day),
    })
    return kept_private(response)  # the key is in the address


def _answered(request, player: Player, answered: panels.Answer):
    """After an app's action: the page again, opened where the action was."""
    return redirect(reverse("public:private", args=[player.key]) + (f"#{answered.anchor}" if answered.anchor else ""))


def private_manifest(request, key):
    """The manifest a player's private page links: installed from there, the phone opens on that page."""
    player = player_for_key(key)
    if player is None:
        if bad_key_wait(request.META) is not None:  # counted with the page's wrong keys
            return HttpResponse(_("Too many wrong links from this address; wait a minute."), status=429)
        raise Http404("No such link")
    page = request.path.rsplit("manifest.webmanifest", 1)[0]
    response = pwa.manifest(request, start_url=page, id=page, name=f"{player.event.name} · {player.name}")
    add_never_cache_headers(response)
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _before_the_day(event: Event, games) -> bool:
    """Whether the event has not started yet for this player: no game, no round, not finished."""
    return not (games or event.finished_at is not None or selectors.latest_round_number(event))


def _votes(event: Event, player: Player) -> dict | None:
    """The player's awards ballot, while the players vote (from round 1 until the event is finished)."""
    if not services.voting_open(event) or not services.may_vote(player):  # the API's ballot reads the same
        return None
    mine = services.award_ballot(event, player)
    return {"kinds": [(kind, presenters.award_name(kind), mine[kind]) for kind in CHOSEN_AWARDS],
            "others": services.award_candidates(event, player)}


def report_form(request, event: Event, player: Player, game: Game | None) -> PlayerReportForm:
    """The report form for this player's side of the game, with their score sheet in the event's format;
    pre-filled with what they reported, so "Correct my report" changes one figure, not all of them."""
    side = (game.side_of(player.id) if game else "a") or "a"
    opponent = presenters.opponent(game, player) if game else None
    mine = next((v for v in game.reports.all() if v.side == side), None) if game else None
    return PlayerReportForm(request.POST or None, fmt=get_format(event.format), side=side,
                            at_table=event.missions == AT_TABLE, initial=mine and reported_initial(mine, side),
                            pool=game.mission()[2] if game else (),
                            factions=(player.faction, opponent.faction if opponent else ""))


def reported_initial(version, side: str) -> dict:
    """A player's own version in the form's terms (mine / my opponent's)."""
    theirs = other_side(side)
    initial = {"my_vp": getattr(version, f"vp_{side}"), "their_vp": getattr(version, f"vp_{theirs}"),
               "outcome": version.outcome, "turns": version.turns,
               "loser": "" if not version.loser else PlayerReportForm.MINE if version.loser == side
               else PlayerReportForm.THEIRS,
               "my_master": getattr(version, f"master_{side}"), "their_master": getattr(version, f"master_{theirs}")}
    if version.mission:
        initial.update(mission_initial(version.mission.get("strategy", ""), version.mission.get("deployment", ""),
                                       version.mission.get("scheme_pool", [])))
    return {**initial, **sheet_initial((version.breakdown or {}).get(side, {}), "sheet_")}


def _vote(request, player: Player):
    try:  # the whole ballot or nothing, as the API's
        services.awards_vote(player=player, choices={kind: whole_number(request.POST[kind]) or None
                                                     for kind in CHOSEN_AWARDS if kind in request.POST})
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Your votes are saved; they are counted when the event ends."))
    return redirect("public:private", player.key)


def _answer(request, player: Player, game: Game, form: PlayerReportForm) -> bool:
    """Report, confirm or dispute from the page; problems go beside the fields. True when saved, or when
    the phone sent the same form before (its "once" token: static/js/offline.js may send it again)."""
    action = request.POST.get("action")
    if action not in ("confirm", "report", "dispute") or (action != "confirm" and not form.is_valid()):
        return False
    try:
        with transaction.atomic():
            if not services.report_sent_once(player=player, token=request.POST.get("once", "")):
                messages.info(request, _("Already received: your phone had sent this before, nothing changed."))
                return True
            if action == "confirm":
                seen = request.POST.get("version")  # the opponent's version the page showed
                if seen and seen != _stamp(PlayerReport.objects.filter(game=game).exclude(
                        side=game.side_of(player.id)).first()):
                    messages.error(request, _(
                        "Your opponent changed their report since your page showed it: read it again, then confirm."))
                    transaction.set_rollback(True)  # the token stays free
                    return True
                services.report_confirm(game=game, player=player)
            else:
                report, masters = form.report_for(game.side_of(player.id))
                answer = services.report_submit if action == "report" else services.report_dispute
                answer(game=game, player=player, report=report, masters=masters)
    except DomainError as error:
        show_problems(form, error)
        return False
    _say_status(request, game)
    return True


def _stamp(version) -> str:
    """A version as a confirmation names it: when it was last changed."""
    return f"{version.updated_at.timestamp():.6f}" if version is not None else ""


def _say_status(request, game: Game) -> None:
    """Where the game stands after the player's answer, in a sentence."""
    status = Game.objects.select_related("result").prefetch_related("reports").get(pk=game.pk).result_status()
    messages.success(request, {
        AWAITING: _("Reported: your opponent now confirms it."),
        DISPUTED: _("Your version is recorded: the organizer decides."),
        CONFIRMED: _("Confirmed: the result counts."),
    }[status])


def told(event: Event, game: Game, reader: str, score, *, counted: bool, breakdown: dict | None = None) -> dict:
    """A version or the counted result as the player on side `reader` reads it, everyone by name (the reader
    first): the score or what a concession does, and the leaders and score sheet it carries (`breakdown`:
    the sheet as the reader may see it, when not the whole of `score`'s)."""
    fmt = get_format(event.format)
    names = {"a": game.player_a.name, "b": game.player_b.name if game.player_b else ""}
    order = (reader, other_side(reader))
    vp = {"a": score.vp_a, "b": score.vp_b}
    if score.outcome == CONCEDED:
        words = concession_effect(event, names[score.loser], game.round.number, counted=counted)
    elif score.outcome == PLAYED:
        words = f"{names[order[0]]} {vp[order[0]]}–{vp[order[1]]} {names[order[1]]}"
    else:
        words = presenters.result_words(score.outcome, score.loser, None, None, names["a"], names["b"])
    leaders = [(names[s], getattr(score, f"master_{s}")) for s in order if getattr(score, f"master_{s}")]
    breakdown = (score.breakdown or {}) if breakdown is None else breakdown
    sheets = [(names[s], _sheet_line(fmt, breakdown[s])) for s in order if breakdown.get(s)]
    return {"words": words, "leaders": leaders, "sheets": [(n, line) for n, line in sheets if line]}


def _sheet_line(fmt, side: dict) -> str:
    """One side's score sheet in a line: "strategy 3 VP · Breakthrough 2 VP"."""
    parts = [_("strategy %(vp)s VP") % {"vp": side.get("strategy", 0)}] if side.get("strategy") is not None else []
    for scheme in side.get("schemes", ()):
        name = naming.localized(fmt.scheme(scheme["scheme"])) or scheme["scheme"]
        parts.append(_("%(scheme)s %(vp)s VP") % {"scheme": name, "vp": scheme["vp"]})
    return " · ".join(parts)


def _current_game(event: Event, player: Player, game: Game) -> dict:
    side = game.side_of(player.id)
    opponent = presenters.opponent(game, player)
    versions = {v.side: v for v in game.reports.all()}
    mine, theirs = versions.get(side), versions.get(other_side(side))
    # Before the game is confirmed, the opponent's unrevealed schemes are theirs alone.
    seen = dict(zip(versions, versions_seen(game, [v.breakdown for v in versions.values()], side), strict=True))
    result = getattr(game, "result", None)
    return {
        "game": game, "round": game.round, "opponent": opponent, "bye": game.is_bye,
        "opponent_faction": naming.faction(event.format, opponent.faction) if opponent else "",
        "status": game.result_status(), "self_reporting": event.self_reporting,
        "mine": mine and told(event, game, side, mine, counted=False, breakdown=seen[side]),
        "theirs": theirs and told(event, game, side, theirs, counted=False, breakdown=seen[theirs.side]),
        "theirs_stamp": _stamp(theirs),
        "counted": result and not game.is_bye and told(event, game, side, result, counted=True),
        "concession_rule": concession_rule(event),
        "no_show": bool(result) and side in result.no_show,
        "score": presenters.my_score(game, player),
        "mission": naming.mission(event.format, *game.mission()), "at_table": event.missions == AT_TABLE,
        # its table's own clock (the round's plus a judge's extension); none once the event is over
        **(clock_context(game.round, game.extra_minutes) if event.finished_at is None else {}),
    }


def _where_i_stand(event: Event, player: Player, games: list[Game]) -> dict | None:
    """The player's place among those who played (shared: "4="), of how many, and their record so far;
    None before they have a result, or when they are not ranked (the Ringer, a disqualified player)."""
    rows = selectors.current_standings(event)
    mine = next((row for row in rows if row.entrant.id == player.id and row.played), None)
    record = [0, 0, 0]  # won, drawn, lost
    for game in games:
        score = presenters.my_score(game, player)
        if game.is_bye and getattr(game, "result", None) is not None:
            record[0] += 1
        elif score is not None:
            if score["outcome"] == PLAYED:
                record[0 if score["own"] > score["other"] else 1 if score["own"] == score["other"] else 2] += 1
            else:
                record[2 if score["i_lost"] else 0] += 1
    if mine is None or not any(record):
        return None
    shared = sum(1 for row in rows if row.rank == mine.rank) > 1
    return {"place": f"{mine.rank}=" if shared else str(mine.rank), "of": sum(1 for row in rows if row.played),
            "won": record[0], "drawn": record[1], "lost": record[2], "tp": mine.totals.tp,
            "final": event.finished_at is not None, "cut": presenters.cut_reached(mine.cut)}

