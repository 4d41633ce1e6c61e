"""/api/formats/: the formats the rules module knows, with their missions, awards and VP limits."""
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.awards import AWARD_RANGES
from scoring.formats import FORMATS


class NamedSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    name_fr = serializers.CharField(allow_null=True)
    suit = serializers.CharField(allow_null=True)


class SchemeSerializer(NamedSerializer):
    noted_model = serializers.BooleanField()
    first_turn = serializers.IntegerField(allow_null=True, help_text="The first turn it scores, where its text "
                                          "says; null: the format's scheme_first_turn.")
    at_game_end = serializers.BooleanField(help_text="It scores only at the end of the game.")


class SchemeChartSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    always = SchemeSerializer(allow_null=True)
    doubles = SchemeSerializer(allow_null=True)
    by_suit = serializers.DictField(child=SchemeSerializer())
    by_value = serializers.DictField(child=SchemeSerializer())


class AwardSerializer(serializers.Serializer):
    tp = serializers.IntegerField(min_value=AWARD_RANGES["tp"][0], max_value=AWARD_RANGES["tp"][1])
    diff = serializers.IntegerField(min_value=AWARD_RANGES["diff"][0], max_value=AWARD_RANGES["diff"][1])
    vp = serializers.IntegerField(min_value=AWARD_RANGES["vp"][0], max_value=AWARD_RANGES["vp"][1])


class UnusualResultSerializer(serializers.Serializer):
    winner = AwardSerializer()
    loser = AwardSerializer()


class VPLimitsSerializer(serializers.Serializer):
    strategy = serializers.IntegerField()
    scheme = serializers.IntegerField()
    game = serializers.IntegerField()
    schemes_per_player = serializers.IntegerField()
    strategy_per_turn = serializers.IntegerField()
    scheme_per_turn = serializers.IntegerField(allow_null=True)
    first_scoring_turn = serializers.IntegerField(help_text="The first turn in which any VP can be scored.")
    strategy_first_turn = serializers.IntegerField()
    scheme_first_turn = serializers.IntegerField(help_text="A scheme's first scoring turn unless it says otherwise.")


class SourceSerializer(serializers.Serializer):
    title = serializers.CharField()
    where = serializers.CharField()
    evidence = serializers.ChoiceField(choices=["seed", "secondary", "confirmed", "inferred", "speculative"])


class FormatSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    edition = serializers.CharField()
    factions = NamedSerializer(many=True)
    strategies = NamedSerializer(many=True)
    deployments = NamedSerializer(many=True)
    schemes = SchemeSerializer(many=True)
    scheme_charts = SchemeChartSerializer(many=True)
    pool_rule = serializers.CharField()
    vp_limits = VPLimitsSerializer(source="vp")
    turns_min = serializers.IntegerField()
    turns_max = serializers.IntegerField()
    bye = AwardSerializer()
    concession = UnusualResultSerializer()
    forfeit = UnusualResultSerializer()
    round_minutes = serializers.IntegerField()
    sources = SourceSerializer(many=True, help_text="Where the format's facts come from.")
    award_defaults = serializers.ListField(
        child=serializers.CharField(), help_text="The awards the format's sources do not give, so values chosen as "
        "defaults (\"bye\", \"concession\", \"forfeit\", or one side such as \"concession.loser\"); the others "
        "are the official values. An event may announce other values for all of them.")
    suggested_rounds = serializers.SerializerMethodField()
    rotation = serializers.SerializerMethodField()

    def get_suggested_rounds(self, fmt) -> list[dict]:
        return [{"from_players": players, "rounds": rounds} for players, rounds in fmt.suggested_rounds]

    def get_rotation(self, fmt) -> dict:
        """Quarter ("1" = January-March) -> [{"round", "strategy", "deployment"}] as keys."""
        return {str(quarter): [{"round": n, "strategy": fmt.rotation_for(quarter, n)[0].key,
                                "deployment": fmt.rotation_for(quarter, n)[1].key}
                               for n in range(1, len(plan) + 1)]
                for quarter, plan in fmt.rotation.items()}


class FormatList(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=FormatSerializer(many=True))
    def get(self, request):
        return Response(FormatSerializer(FORMATS.values(), many=True).data)


class FormatDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=FormatSerializer)
    def get(self, request, key):
        if key not in FORMATS:
            raise NotFound(f"No format \"{key}\"; known formats: {', '.join(FORMATS)}.")
        return Response(FormatSerializer(FORMATS[key]).data)
