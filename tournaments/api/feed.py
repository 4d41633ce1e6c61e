"""/api/events/{id}/feed/: one event whole, for ranking bots and statistics sites. Public, cached with an
ETag (a bot polling it gets 304 until something changes), and never showing a draft or anything private."""
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.http_cache import public_cache
from scoring.formats import get_format
from tournaments import selectors
from tournaments.models import Event, Game

FEED_VERSION = 1


@public_cache("event", "event_id")
class EventFeed(APIView):
    @extend_schema(summary="Download an event's public feed", description=(
        "Public: the whole event in one answer (players, published rounds with their games and results, "
        "standings) for ranking bots and statistics sites, never a draft or anything private. Answers carry an "
        "ETag: send it back in If-None-Match for a 304 while nothing changed."),
        responses={200: OpenApiResponse(description=(
        "The event whole, as JSON: `event` (id, name, date, format, edition, finished), `players` (id, name, "
        "faction, club, status, ringer, `person`: the id of their profile at /api/people/{id}/, null for the "
        "Ringer or a private profile), `rounds` (number, strategy, deployment, scheme pool, and each game: "
        "table, player_a, player_b (null: a bye), the table's own mission when it has one, and the result: "
        "outcome, loser, VP, TP and Differential per side, leaders (`master_*` as reported) and the VP "
        "breakdown with the schemes chosen), and `standings` (final once finished). Answers carry an ETag: "
        "send it back in If-None-Match for a 304 while nothing changed."))})
    def get(self, request, event_id):
        event = get_object_or_404(Event, pk=event_id)
        players = list(event.players.select_related("person"))
        rounds = list(selectors.published_rounds(event).order_by("number"))
        games = {}
        for game in (Game.objects.filter(round__in=rounds).select_related("result")
                     .order_by("round__number", "table")):
            games.setdefault(game.round_id, []).append(_game(game))
        return Response({
            "feed_version": FEED_VERSION,
            "event": {"id": event.pk, "name": event.name, "date": event.date, "format": event.format,
                      "edition": get_format(event.format).edition, "finished": event.finished_at is not None},
            "players": [{"id": p.pk, "name": p.name, "faction": p.faction, "club": p.club, "status": p.status,
                         "ringer": p.is_ringer,
                         "person": p.person_id if p.person is not None and not p.person.hidden else None}
                        for p in players],
            "rounds": [{"number": r.number, "strategy": r.strategy, "deployment": r.deployment,
                        "scheme_pool": r.scheme_pool, "games": games.get(r.pk, [])} for r in rounds],
            "standings": [{"rank": s.rank, "player": s.entrant.id, "tp": s.totals.tp, "diff": s.totals.diff,
                           "vp": s.totals.vp, "played": s.totals.played, "did_not_play": not s.played}
                          for s in selectors.event_standings(event)],
        })


def _game(game: Game) -> dict:
    result = getattr(game, "result", None)
    own = {"strategy": game.strategy, "deployment": game.deployment, "scheme_pool": game.scheme_pool} \
        if game.strategy else None
    return {"table": game.table, "player_a": game.player_a_id, "player_b": game.player_b_id, "mission": own,
            "result": None if result is None else {
                "outcome": result.outcome, "loser": result.loser or None,
                "a": {"vp": result.vp_a, "tp": result.tp_a, "diff": result.diff_a, "master": result.master_a},
                "b": None if game.is_bye else {"vp": result.vp_b, "tp": result.tp_b, "diff": result.diff_b,
                                               "master": result.master_b},
                "breakdown": result.breakdown}}
