"""Public pages: server-rendered from the same selectors the API uses; htmx refreshes the live parts."""
from collections import Counter

from django.conf import settings
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from gaininggrounds.http_cache import public_cache
from gaininggrounds.typeset import minus
from gaininggrounds.web import naming
from gaininggrounds.web.naming import searchable
from scoring.formats import get_format
from scoring.missions import AT_TABLE
from scoring.report import BYE, PLAYED
from tournaments import panels, selectors
from tournaments.fronts import player_link
from tournaments.models import Event, Player, status_of
from tournaments.readers import live_scores
from tournaments.services.awards import award_winners, wooden_spoon
from tournaments.standings import DROPPED
from tournaments.web import presenters
from tournaments.web.presenters import clock_context
from tournaments.web.rows import rendered_rows

POLL_SECONDS = 20
LIVE_POLL_SECONDS = 5  # while players keep a live score in the round: spectators see it move


def switch_language(request, code):
    """The language switch as a plain link (no form, no CSRF token), so public pages can be shared
    from the cache between visitors."""
    if code not in dict(settings.LANGUAGES):
        raise Http404("No such language")
    target = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        target = "/"
    response = HttpResponseRedirect(target)
    response.set_cookie(settings.LANGUAGE_COOKIE_NAME, code, max_age=365 * 24 * 3600, samesite="Lax",
                        secure=settings.SESSION_COOKIE_SECURE)
    return response


@public_cache("event", "slug")
def event_page(request, slug):
    event = get_object_or_404(Event, slug=slug)
    link = player_link(event.slug)
    rounds = list(selectors.published_rounds(event).order_by("number").values_list("number", flat=True))
    apart = selectors.non_players(event) if rounds else set()
    # What the apps show here (tournaments.panels): the run-up (sign-ups), and the crew lists, where the
    # organizer shows them, each beside its player.
    shown = panels.panels("event", event=event, started=bool(rounds))
    lists = shown.pop("crew_lists", {})
    players = [{"name": name, "href": link(pid), "faction": naming.faction(event.format, faction),
                "status": status, "did_not_play": pid in apart, "list": lists.get(pid, "")}
               for pid, name, faction, status in
               event.players.filter(is_ringer=False).values_list("id", "name", "faction", "status")]
    fmt = get_format(event.format)
    plan = [{"round": int(number), "strategy": naming.localized(fmt.strategy(p.get("strategy", ""))),
             "deployment": naming.localized(fmt.deployment(p.get("deployment", "")))}
            for number, p in sorted(event.missions_plan.items(), key=lambda item: int(item[0]))]
    return render(request, "public/event.html", {"event": event, "rounds": rounds, "plan": plan,
                                                 "edition": fmt.edition,
                                                 "players": rendered_rows("public/_player_row.html", players),
                                                 "played": len(players) - len(apart) if rounds else None,
                                                 "cut_line": presenters.cut_line(event), **shown})


@public_cache("event", "slug", params=("q",))
def round_page(request, slug, number):
    event = get_object_or_404(Event, slug=slug)
    rnd = selectors.published_rounds(event).filter(number=number).first()
    if rnd is None:
        raise Http404("No such round")
    query = request.GET.get("q", "").strip()[:100]
    wanted = searchable(query)
    # The hall's most polled page: plain values from two queries, each seat (faction name, link) made
    # once per player, no tuple indexing in the template (Django's `seat.0` falls back to dir()).
    players = event.players.values_list("id", "name", "faction")
    factions = {key: naming.faction(event.format, key) for key in {faction for _, _, faction in players}}
    link = player_link(event.slug)
    seat_of = {pid: {"name": name, "faction": factions[faction], "href": link(pid), "search": searchable(name)}
               for pid, name, faction in players}
    rows = []
    missions = mission_line(event.format)
    live = live_scores(rnd)
    for table, a, b, result, vp_a, vp_b, outcome, loser, versions, *own in selectors.round_pairings(rnd):
        seats = [seat_of[a], seat_of.get(b)]
        if wanted and not (wanted == str(table) or any(seat and wanted in seat["search"] for seat in seats)):
            continue
        rows.append({
            "table": str(table or ""), "a": seats[0], "b": seats[1],
            "score": f"{vp_a}–{vp_b}" if result is not None and b is not None else "",
            "outcome": outcome or "",
            "unusual": unusual_words(outcome, loser, seats[0]["name"], seats[1]["name"] if seats[1] else ""),
            "status": status_of(result is not None, versions),
            "mission": missions(*own) if own[0] else "",
            **live_words(live.get(table) if result is None else None),
        })
    context = {"event": event, "round": rnd, "rows": rendered_rows("public/_pairing_row.html", rows),
               "at_table": event.missions == AT_TABLE,
               "query": query, "poll": LIVE_POLL_SECONDS if live else POLL_SECONDS,
               **panels.panels("round", event=event, round=rnd),  # a team event's matches
               "mission": naming.mission(event.format, rnd.strategy, rnd.deployment, rnd.scheme_pool),
               **clock_context(rnd)}
    template = "public/_pairings.html" if request.headers.get("HX-Request") else "public/round.html"
    return render(request, template, context)


def live_words(score: tuple[int, int, int] | None) -> dict:
    """A game's live score as its players keep it (tracker), with its turn: "4–2", "turn 3"."""
    if score is None:
        return {"live": "", "turn": ""}
    return {"live": f"{score[0]}–{score[1]}", "turn": _("turn %(n)s") % {"n": score[2]}}


def unusual_words(outcome: str | None, loser: str | None, name_a: str, name_b: str) -> str:
    """A concession, forfeit or double loss in words beside its awarded score ("Ben conceded"); empty for a
    game played out, a bye or no result yet."""
    if outcome in (None, "", PLAYED, BYE):
        return ""
    return presenters.result_words(outcome, loser or "", None, None, name_a, name_b)


def mission_line(format_key: str):
    """A table's own mission as one line of names (rows are plain strings: they are rendered once and reused)."""
    fmt, language = get_format(format_key), get_language()
    return lambda strategy, deployment, pool: fmt.mission_line(strategy, deployment, pool, language)


@public_cache("event", "slug")
def standings_page(request, slug):
    event = get_object_or_404(Event, slug=slug)
    rows = standing_rows(event)
    notes = standing_notes(event, rows)
    return render(request, "public/standings.html", {
        "event": event, "rows": rendered_rows("public/_standings_row.html", [r for r in rows if r["rank"]]),
        "apart": [r for r in rows if not r["rank"]],
        "adjusted": any(row["adjusted"] for row in rows),  # the footnote only when someone has bonus or penalty
        "standing_notes": notes,
        "after_round": selectors.latest_round_number(event), "cut": any(row["cut"] for row in rows)})


def standing_notes(event: Event, rows: list[dict]) -> list[str]:
    """What the apps note under the standings (tournaments.panels "standings": a judge's penalty's effect):
    each marked row gets its mark beside its TP, and the notes' lines come back for under the table."""
    shown = panels.panels("standings", event=event, rows=rows)
    marks = shown.get("standing_marks", {})
    for row in rows:
        row["mark"] = marks.get(row["id"], "")
    return shown.get("standing_notes", [])


@public_cache("event", "slug")
def hall_page(request, slug):
    """For a projector or a TV in the hall: the current round's pairings in large type with the clock, paging
    by itself through a long list (static/js/hall.js) and refreshing; the final standings once finished."""
    event = get_object_or_404(Event, slug=slug)
    rnd = selectors.published_rounds(event).order_by("-number").first()
    context = {"event": event, "round": rnd, "poll": POLL_SECONDS}
    cut = selectors.cut_view(event) if event.cut_size else None
    if cut is not None:  # the bracket beside the round's tables, and under the final standings
        context["stages"] = presenters.bracket_stages(cut, player_link(event.slug))
    if event.finished_at is not None or rnd is None:
        everyone = standing_rows(event)
        context["standing_notes"] = standing_notes(event, everyone)  # the same marks as the standings page's
        context["adjusted"] = any(row["adjusted"] for row in everyone)
        context["standings"] = [row for row in everyone if row["rank"]]  # who played
    else:
        names = dict(event.players.values_list("id", "name"))
        line = mission_line(event.format)  # each table's own mission, where the format deals them per table
        live = live_scores(rnd)
        context["poll"] = LIVE_POLL_SECONDS if live else POLL_SECONDS
        context["games"] = [
            {"table": table or "", "a": names[a], "b": names.get(b, ""),
             "score": f"{vp_a}–{vp_b}" if result is not None and b is not None else "",
             "unusual": unusual_words(outcome, loser, names[a], names.get(b, "")),
             "status": status_of(result is not None, versions),
             "mission": line(strategy, deployment, pool) if strategy and b is not None else "",
             **live_words(live.get(table) if result is None else None)}
            for table, a, b, result, vp_a, vp_b, outcome, loser, versions, strategy, deployment, pool
            in selectors.round_pairings(rnd)]
        context["mission"] = naming.mission(event.format, rnd.strategy, rnd.deployment, rnd.scheme_pool)
        context.update(panels.panels("hall", event=event, round=rnd))  # a team event's matches
        context.update(clock_context(rnd))
    return render(request, "public/hall.html", context)


def standing_rows(event: Event) -> list[dict]:
    """The standings as plain strings for the (up to 256) rows: the template neither localizes numbers nor
    resolves urls per row."""
    standings = selectors.current_standings(event)
    places = Counter(s.rank for s in standings if s.played)
    factions = {key: naming.faction(event.format, key) for key in {s.entrant.faction for s in standings}}
    link = player_link(event.slug)
    return [{"place": "" if not s.played else f"{s.rank}=" if places[s.rank] > 1 else str(s.rank), "rank": s.rank,
             "id": s.entrant.id, "name": s.entrant.name,
             "href": link(s.entrant.id), "faction": factions[s.entrant.faction], "faction_key": s.entrant.faction,
             "dropped": s.entrant.status == DROPPED, "tp": str(s.totals.tp), "diff": minus(s.totals.diff),
             "vp": str(s.totals.vp), "played": str(s.totals.played), "cut": presenters.cut_reached(s.cut),
             "adjusted": f"{s.totals.adjusted:+d}" if s.totals.adjusted else ""} for s in standings]


@public_cache("event", "slug")
def final_page(request, slug):
    """The final results: the podium, the best player of each faction, and the full standings. Before the
    organizer finishes the event, the standings page instead."""
    event = get_object_or_404(Event, slug=slug)
    if event.finished_at is None:
        return HttpResponseRedirect(reverse("public:standings", args=[slug]))
    everyone = standing_rows(event)
    notes = standing_notes(event, everyone)
    rows = [row for row in everyone if row["rank"]]  # who did not play is listed apart, out of every award
    best_in_faction = {}
    for row in rows:
        if not row["dropped"]:
            best_in_faction.setdefault(row["faction_key"], row)
    link = player_link(event.slug)
    awards = [(presenters.award_name(kind), [{"name": p.name, "href": link(p.pk)} for p in winners])
              for kind, winners in award_winners(event).items()]
    spoon = wooden_spoon([row for row in rows if not row["dropped"]], rank=lambda row: row["rank"])
    if spoon:
        awards.append((presenters.award_name("wooden_spoon"), [{"name": r["name"], "href": r["href"]} for r in spoon]))
    return render(request, "public/final.html", {
        "event": event, "awards": awards,
        "podium": [row for row in rows if row["rank"] <= 3 and not row["dropped"]][:4],
        "best_in_faction": sorted(best_in_faction.values(), key=lambda row: row["faction"]),
        "rows": rendered_rows("public/_standings_row.html", rows), "apart": [r for r in everyone if not r["rank"]],
        "adjusted": any(row["adjusted"] for row in rows), "standing_notes": notes})


@public_cache("event", "slug")
def player_page(request, slug, player_id):
    event = get_object_or_404(Event, slug=slug)
    player = get_object_or_404(Player.objects.select_related("person"), pk=player_id, event=event, is_ringer=False)
    player.event = event  # read above: its games' rounds take it from here
    games = [presenters.game_played(player, game) for game in selectors.player_games(player)]
    return render(request, "public/player.html", {
        "event": event, "player": player, "faction": naming.faction(event.format, player.faction), "games": games})
