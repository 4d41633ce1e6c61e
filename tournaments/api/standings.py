"""/api/events/{id}/standings/: the ranking now or after any round; /bracket/: the top cut."""
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from gaininggrounds.http_cache import public_cache
from gaininggrounds.params import whole_number
from tournaments import selectors
from tournaments.fronts import EventScoped


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text="The place, shared on a tie (1, 2, 2, 4); null for "
                                    "someone who did not play, listed after everyone who did.")
    did_not_play = serializers.SerializerMethodField(help_text="Registered but never played a game (never seated, "
                                                     "or a no-show every round): not ranked, out of the awards.")
    player = serializers.IntegerField(source="entrant.id")
    name = serializers.CharField(source="entrant.name")
    faction = serializers.CharField(source="entrant.faction")
    tp = serializers.IntegerField(source="totals.tp")
    tp_adjusted = serializers.IntegerField(source="totals.adjusted", help_text="Bonus and penalty TP included in tp.")
    diff = serializers.IntegerField(source="totals.diff")
    vp = serializers.IntegerField(source="totals.vp")
    played = serializers.IntegerField(source="totals.played")
    sos = serializers.IntegerField(source="totals.sos", help_text="Strength of schedule: opponents' TP.")
    status = serializers.CharField(source="entrant.status")
    cut = serializers.IntegerField(allow_null=True, help_text="In a top cut: how many players were left in the "
                                   "stage where this player went out, or plays now (1: the winner, 2: the "
                                   "finalist, 4: a semifinal); null: not in the cut. Totals are the Swiss rounds'.")

    def get_did_not_play(self, row) -> bool:
        return not row.played


class StandingsSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    standings = StandingRowSerializer(many=True)


@public_cache("event", "event_id", params=("round",))
class Standings(EventScoped):
    @extend_schema(parameters=[OpenApiParameter("round", int, description="Standings after this round")],
                   responses=StandingsSerializer, summary="Show an event's standings",
                   description="Public: the ranking now, or after round `?round=`, with each player's Tournament "
                               "Points (bonus and penalty TP included), Differential, VP and strength of schedule, "
                               "in the order of the event's tiebreaks. Players who did not play come last, "
                               "unranked.")
    def get(self, request, event_id):
        event = self.event()
        latest = selectors.latest_round_number(event)
        after = request.query_params.get("round")
        if after is not None:
            after = whole_number(after, most=latest)
            if after is None:
                raise ValidationError({"round": [f"Round must be a number from 0 to {latest}."]}, code="invalid")
        rows = selectors.event_standings(event, after_round=after)
        return Response(StandingsSerializer({"round": latest if after is None else after, "standings": rows}).data)


class BracketGameSerializer(serializers.Serializer):
    slot = serializers.IntegerField(help_text="Left to right: the winners of slots 0 and 1 meet next, and so on.")
    player_a = serializers.IntegerField(allow_null=True, help_text="The better seed; null until known.")
    player_b = serializers.IntegerField(allow_null=True)
    winner = serializers.IntegerField(allow_null=True, help_text="Who goes through; null until decided.")
    decided_by_draw_rule = serializers.BooleanField(help_text="A drawn game decided by the event's draw rule.")
    game = serializers.IntegerField(allow_null=True, help_text="The game (`/api/games/{id}/`) once paired.")
    vp_a = serializers.IntegerField(allow_null=True)
    vp_b = serializers.IntegerField(allow_null=True)


class BracketStageSerializer(serializers.Serializer):
    players = serializers.IntegerField(help_text="Players in this stage: 8 quarterfinals, 4 semifinals, 2 the final.")
    round = serializers.IntegerField(allow_null=True, help_text="The event's round that plays it, once paired.")
    games = BracketGameSerializer(many=True)


class BracketSerializer(serializers.Serializer):
    size = serializers.IntegerField(help_text="The cut's size (0: the event has none).")
    draws = serializers.CharField(help_text="A drawn game: diff_then_vp or replay.")
    seeds = serializers.ListField(child=serializers.IntegerField(), help_text="Player ids, seed 1 first; empty "
                                  "until the cut's first round is published.")
    stages = BracketStageSerializer(many=True)


def bracket_body(event, view) -> dict:
    """The cut as plain data for the API (and the exports)."""
    stages = []
    for games in (view.stages if view else []):
        rows, numbers = [], set()
        for g in games:
            game = view.game(g)
            result = getattr(game, "result", None) if game else None
            numbers |= {game.round.number} if game else set()
            rows.append({"slot": g.slot, "player_a": g.a, "player_b": g.b, "winner": g.winner,
                         "decided_by_draw_rule": g.drawn, "game": game.pk if game else None,
                         "vp_a": result.vp_a if result else None, "vp_b": result.vp_b if result else None})
        stages.append({"players": len(games) * 2, "round": min(numbers, default=None), "games": rows})
    return {"size": event.cut_size, "draws": event.cut_draws, "seeds": view.seeds if view else [], "stages": stages}


@public_cache("event", "event_id")
class Bracket(EventScoped):
    @extend_schema(responses=BracketSerializer, summary="Show an event's top cut",
                   description="Public: the single-elimination stage after the Swiss rounds, once its first round "
                               "is published: the seeds, and each stage's games with who goes through.")
    def get(self, request, event_id):
        event = self.event()
        return Response(BracketSerializer(bracket_body(event, selectors.cut_view(event))).data)
