"""/api/events/{id}/standings/: the ranking now or after any round."""
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from gaininggrounds.http_cache import public_cache
from gaininggrounds.params import whole_number
from tournaments import selectors
from tournaments.api.permissions import EventScoped


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
