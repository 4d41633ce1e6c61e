"""/api/formats/: the formats the rules module knows, with their missions, awards and VP limits."""
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.awards import AWARD_RANGES
from scoring.formats import FORMATS, get_format, key_of, known_format


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
    secret = serializers.ChoiceField(choices=["model", "enemy_model", "friendly_model", "marker_type"],
                                     allow_null=True, help_text="What the player secretly notes on choosing it "
                                     "(M4E); null: nothing, or see noted_model.")
    next = serializers.SerializerMethodField(help_text="M4E: the keys of the three schemes a player may pick "
                                             "after revealing or abandoning this one.")

    def get_next(self, scheme) -> list[str]:
        return [key_of(name) for name in scheme.next]


class StrategySerializer(NamedSerializer):
    bonus_once = serializers.BooleanField(help_text="M4E: one extra VP once a game.")
    doubled_turn = serializers.IntegerField(allow_null=True, help_text="M4E: the turn whose VP count double.")


class LeaderSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    title = serializers.CharField()
    label = serializers.CharField()


class SchemeChartSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    always = SchemeSerializer(allow_null=True)
    doubles = SchemeSerializer(allow_null=True)
    by_suit = serializers.DictField(child=SchemeSerializer())
    by_value = serializers.DictField(child=SchemeSerializer())
    deck = SchemeSerializer(many=True, help_text="M4E: the season's scheme cards, from which a table turns up "
                            "its pool of three.")


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
    schemes_total = serializers.IntegerField(help_text="The most VP all of a player's schemes give in a game.",
                                             source="schemes_most")
    schemes_turn_total = serializers.IntegerField(allow_null=True, help_text="M4E: the most VP a player's "
                                                  "schemes give in one turn; null: no such limit.")


class SourceSerializer(serializers.Serializer):
    title = serializers.CharField()
    where = serializers.CharField()
    evidence = serializers.ChoiceField(choices=["seed", "secondary", "confirmed", "inferred", "speculative"])


class FormatSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    edition = serializers.CharField()
    factions = NamedSerializer(many=True)
    strategies = StrategySerializer(many=True)
    deployments = NamedSerializer(many=True)
    schemes = SchemeSerializer(many=True)
    scheme_charts = SchemeChartSerializer(many=True)
    pool_rule = serializers.CharField()
    missions = serializers.ChoiceField(choices=["per_round", "per_table"], help_text="How events of the format "
                                       "set their missions unless they say otherwise.")
    last_turn_call = serializers.IntegerField(allow_null=True, help_text="M4E: minutes left when the organizer "
                                              "calls the last turn.")
    leaders = serializers.SerializerMethodField(help_text="M4E: faction key -> the Masters and titles its crews "
                                                "may be led by; empty: leaders are free text.")
    vp_limits = VPLimitsSerializer(source="vp")
    turns_min = serializers.IntegerField()
    turns_max = serializers.IntegerField()
    bye = AwardSerializer()
    concession = UnusualResultSerializer()
    forfeit = UnusualResultSerializer()
    conceder_leaves = serializers.BooleanField(help_text="Whether a player who concedes a game leaves the event "
                                               "(no further pairings) or is paired on; an event may say otherwise.")
    round_minutes = serializers.IntegerField()
    sources = SourceSerializer(many=True, help_text="Where the format's facts come from.")
    award_defaults = serializers.ListField(
        child=serializers.CharField(), help_text="The rules the format's sources do not give, so values chosen as "
        "defaults (\"bye\", \"concession\", \"forfeit\", or one side such as \"concession.loser\"; "
        "\"conceder\": whether a conceding player leaves); the others are the official values. An event may "
        "announce other values for all of them.")
    suggested_rounds = serializers.SerializerMethodField()
    rotation = serializers.SerializerMethodField()

    def get_leaders(self, fmt) -> dict[str, list[dict]]:
        return {faction: LeaderSerializer(leaders, many=True).data for faction, leaders in fmt.leaders.items()}

    def get_suggested_rounds(self, fmt) -> list[dict]:
        return [{"from_players": players, "rounds": rounds} for players, rounds in fmt.suggested_rounds]

    def get_rotation(self, fmt) -> dict:
        """Quarter ("1" = January-March) -> [{"round", "strategy", "deployment"}] as keys."""
        return {str(quarter): [{"round": n, "strategy": fmt.rotation_for(quarter, n)[0].key,
                                "deployment": fmt.rotation_for(quarter, n)[1].key}
                               for n in range(1, len(plan) + 1)]
                for quarter, plan in fmt.rotation.items()}


class MissionSerializer(serializers.Serializer):
    """A mission with names: its strategy, deployment and Scheme Pool."""

    strategy = NamedSerializer()
    deployment = NamedSerializer()
    scheme_pool = SchemeSerializer(many=True)


def mission_named(fmt, strategy: str, deployment: str, pool) -> dict | None:
    """A stored mission (keys) with the format's names; None when there is none (tables have their own)."""
    if not strategy:
        return None
    return MissionSerializer({"strategy": fmt.strategy(strategy), "deployment": fmt.deployment(deployment),
                              "scheme_pool": [fmt.scheme(k) for k in pool]}).data


class FormatList(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=FormatSerializer(many=True), summary="List the game formats",
                   description="Public: every format the rules module knows, each whole: factions, strategies, "
                               "deployments, schemes and charts, VP limits, awards, suggested rounds and round time.")
    def get(self, request):
        return Response(FormatSerializer(FORMATS.values(), many=True).data)


class FormatDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=FormatSerializer, summary="Show one game format",
                   description="Public: one format by its key (such as `gg2017`): charts, rotation, VP limits, "
                               "awards (`award_defaults` names those chosen where the sources give none), suggested "
                               "rounds, round time and where its facts come from. 404 for an unknown key.")
    def get(self, request, key):
        if not known_format(key):
            raise NotFound(f"No format \"{key}\"; the shipped formats: {', '.join(FORMATS)}.")
        return Response(FormatSerializer(get_format(key)).data)
