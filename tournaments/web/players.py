"""Pages for players: the private link (their game, report / confirm / dispute, history), accounts
and self-registration. The private page answers to whoever holds the key, so it is never cached or
indexed and never names itself to another site."""
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.problems import DomainError
from tournaments import selectors, services
from tournaments.access import bad_key_wait, player_for_key, report_wait
from tournaments.models import AWAITING, CONFIRMED, DISPUTED, Event, Game, Player
from tournaments.web import names
from tournaments.web.forms import PlayerReportForm, RegistrationForm, SignUpForm, show_problems
from tournaments.web.views import clock_context


def private_page(request, key):
    player = player_for_key(key)
    if player is None:
        if bad_key_wait(request.META) is not None:
            return HttpResponse(_("Too many wrong links from this address; wait a minute."), status=429)
        raise Http404("No such link")
    event = player.event
    games = selectors.player_games(player)
    current = games[-1] if games and games[-1].round.number == selectors.latest_round_number(event) else None
    form = PlayerReportForm(request.POST or None)
    if request.method == "POST" and current is not None:
        wait = report_wait(request.META, player=player)
        if wait is not None:
            return HttpResponse(_("Too many reports; wait %(s)s seconds.") % {"s": int(wait)}, status=429)
        if _answer(request, player, current, form):
            return redirect("private", key)
    response = render(request, "player/private.html", {
        "event": event, "player": player, "faction": names.faction(event.format, player.faction),
        "current": _current_game(event, player, current) if current else None, "form": form,
        "history": [_played(player, g) for g in games if g is not current],
    })
    add_never_cache_headers(response)
    # The key is in the address: never sent to another site. (Not "no-referrer": browsers then send
    # "Origin: null" with the page's forms, which CSRF protection rightly refuses.)
    response["Referrer-Policy"] = "same-origin"
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _answer(request, player: Player, game: Game, form: PlayerReportForm) -> bool:
    """Report, confirm or dispute from the page; problems go beside the fields. True when saved."""
    action = request.POST.get("action")
    try:
        if action == "confirm":
            services.report_confirm(game=game, player=player)
        elif action in ("report", "dispute") and form.is_valid():
            report, masters = form.report_for(game.side_of(player.id))
            answer = services.report_submit if action == "report" else services.report_dispute
            answer(game=game, player=player, report=report, masters=masters)
        else:
            return False
    except DomainError as error:
        show_problems(form, error)
        return False
    status = Game.objects.select_related("result").prefetch_related("reports").get(pk=game.pk).result_status()
    messages.success(request, {
        AWAITING: _("Reported: your opponent now confirms it."),
        DISPUTED: _("Your version is recorded: the organizer decides."),
        CONFIRMED: _("Confirmed: the result counts."),
    }[status])
    return True


def _current_game(event: Event, player: Player, game: Game) -> dict:
    side = game.side_of(player.id)
    opponent = game.player_b if side == "a" else game.player_a
    versions = {v.side: v for v in game.reports.all()}
    mine, theirs = versions.get(side), versions.get("b" if side == "a" else "a")
    return {
        "game": game, "round": game.round, "opponent": opponent, "bye": game.is_bye,
        "opponent_faction": names.faction(event.format, opponent.faction) if opponent else "",
        "status": game.result_status(), "self_reporting": event.self_reporting,
        "mine": _version_for(mine, side), "theirs": _version_for(theirs, side),
        "score": _played(player, game)["score"],
        "mission": names.mission(event.format, game.round.strategy, game.round.deployment, game.round.scheme_pool),
        **clock_context(game.round),
    }


def _version_for(version, side: str) -> dict | None:
    """A version as the viewing player reads it: my VP first."""
    if version is None:
        return None
    own, other = (version.vp_a, version.vp_b) if side == "a" else (version.vp_b, version.vp_a)
    return {"own": own, "other": other, "outcome": version.outcome,
            "i_lost": version.loser == side, "they_lost": version.loser not in ("", side)}


def _played(player: Player, game: Game) -> dict:
    side = game.side_of(player.id)
    result = getattr(game, "result", None)
    score = None
    if result and not game.is_bye:
        own, other, tp = ((result.vp_a, result.vp_b, result.tp_a) if side == "a"
                          else (result.vp_b, result.vp_a, result.tp_b))
        score = {"own": own, "other": other, "tp": tp}
    return {"round": game.round.number, "table": game.table, "bye": game.is_bye, "score": score,
            "opponent": game.player_b if side == "a" else game.player_a}


def signup(request):
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save(commit=False)
        user.email = form.cleaned_data["email"]
        user.save()
        login(request, user)
        return redirect("my-events")
    return render(request, "accounts/signup.html", {"form": form})


@login_required
def my_events(request):
    """Every event the person plays in (each with their private page) or organizes."""
    entries = request.user.entries.select_related("event").order_by("-event__date")
    return render(request, "accounts/my_events.html", {
        "entries": entries, "organized": request.user.organized_events.order_by("-date")})


@login_required
@require_POST
def register(request, slug):
    event = get_object_or_404(Event, slug=slug)
    form = RegistrationForm(request.POST, format_key=event.format)
    if form.is_valid():
        try:
            services.player_self_register(event=event, user=request.user, **form.cleaned_data)
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("You are registered."))
            return redirect("my-events")
    else:
        messages.error(request, _("Check the form: a name and a faction are needed."))
    return redirect("event", event.slug)
