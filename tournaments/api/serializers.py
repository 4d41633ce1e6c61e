"""Shapes of the API (the core-loop contract). Rules are checked in services and `scoring/`."""
from rest_framework import serializers

from scoring.results import PLAYED, REPORTED_OUTCOMES, SIDES
from tournaments.models import Event, Game, Player, Result, Round


class NamedSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    suit = serializers.CharField(allow_null=True)


class AwardSerializer(serializers.Serializer):
    tp = serializers.IntegerField()
    diff = serializers.IntegerField()
    vp = serializers.IntegerField()


class UnusualResultSerializer(serializers.Serializer):
    winner = AwardSerializer()
    loser = AwardSerializer()


class VPLimitsSerializer(serializers.Serializer):
    strategy = serializers.IntegerField()
    scheme = serializers.IntegerField()
    game = serializers.IntegerField()
    schemes_per_player = serializers.IntegerField()


class FormatSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    edition = serializers.CharField()
    factions = NamedSerializer(many=True)
    strategies = NamedSerializer(many=True)
    deployments = NamedSerializer(many=True)
    schemes = NamedSerializer(many=True)
    vp_limits = VPLimitsSerializer(source="vp")
    turns_min = serializers.IntegerField()
    turns_max = serializers.IntegerField()
    bye = AwardSerializer()
    concession = UnusualResultSerializer()
    forfeit = UnusualResultSerializer()
    round_minutes = serializers.IntegerField()


class EventSerializer(serializers.ModelSerializer):
    organizers = serializers.SlugRelatedField(slug_field="username", many=True, read_only=True)
    rounds = serializers.IntegerField(min_value=1, max_value=30, required=False, allow_null=True)
    rematch_window = serializers.IntegerField(min_value=1, max_value=30, required=False, default=3)

    class Meta:
        model = Event
        fields = ["id", "slug", "name", "date", "format", "rounds", "rematch_window", "organizers", "created_at"]
        read_only_fields = ["slug", "created_at"]


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "name", "faction", "club", "status", "is_ringer", "checked_in"]
        read_only_fields = ["status"]


class ResultSideSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    vp = serializers.IntegerField()
    tp = serializers.IntegerField()
    diff = serializers.IntegerField()


class ResultSerializer(serializers.ModelSerializer):
    a = serializers.SerializerMethodField()
    b = serializers.SerializerMethodField()
    loser = serializers.CharField(allow_null=True)

    class Meta:
        model = Result
        fields = ["game", "outcome", "loser", "a", "b", "entered_at"]

    def get_a(self, result) -> ResultSideSerializer:
        return {"player": result.game.player_a_id, "vp": result.vp_a, "tp": result.tp_a, "diff": result.diff_a}

    def get_b(self, result) -> ResultSideSerializer(allow_null=True):
        if result.game.player_b_id is None:
            return None
        return {"player": result.game.player_b_id, "vp": result.vp_b, "tp": result.tp_b, "diff": result.diff_b}

    def to_representation(self, result):
        data = super().to_representation(result)
        data["loser"] = result.loser or None
        return data


class ResultInputSerializer(serializers.Serializer):
    # Range checks are the rules module's (codes vp_negative, vp_above_game_limit), not the serializer's.
    vp_a = serializers.IntegerField(required=False, allow_null=True)
    vp_b = serializers.IntegerField(required=False, allow_null=True)
    outcome = serializers.ChoiceField(choices=REPORTED_OUTCOMES, default=PLAYED)
    loser = serializers.ChoiceField(choices=SIDES, required=False, allow_null=True)


class GameSerializer(serializers.ModelSerializer):
    bye = serializers.BooleanField(source="is_bye", read_only=True)
    result = serializers.SerializerMethodField()
    event = serializers.IntegerField(source="round.event_id", read_only=True)
    round = serializers.IntegerField(source="round.number", read_only=True)

    class Meta:
        model = Game
        fields = ["id", "event", "round", "table", "player_a", "player_b", "bye", "result"]

    def get_result(self, game) -> ResultSerializer(allow_null=True):
        result = getattr(game, "result", None)
        return ResultSerializer(result).data if result else None


class RoundGameSerializer(GameSerializer):
    class Meta(GameSerializer.Meta):
        fields = ["id", "table", "player_a", "player_b", "bye", "result"]


class RoundSerializer(serializers.ModelSerializer):
    games = RoundGameSerializer(many=True, read_only=True)

    class Meta:
        model = Round
        fields = ["number", "strategy", "deployment", "scheme_pool", "seed", "created_at", "games"]


class RoundInputSerializer(serializers.Serializer):
    seed = serializers.CharField(required=False, allow_blank=True, max_length=64)
    strategy = serializers.CharField(required=False, allow_blank=True, max_length=60)
    deployment = serializers.CharField(required=False, allow_blank=True, max_length=60)
    scheme_pool = serializers.ListField(child=serializers.CharField(max_length=60), required=False, max_length=13)


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.IntegerField(source="entrant.id")
    name = serializers.CharField(source="entrant.name")
    faction = serializers.CharField(source="entrant.faction")
    tp = serializers.IntegerField(source="totals.tp")
    diff = serializers.IntegerField(source="totals.diff")
    vp = serializers.IntegerField(source="totals.vp")
    played = serializers.IntegerField(source="totals.played")
    status = serializers.CharField(source="entrant.status")


class StandingsSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    standings = StandingRowSerializer(many=True)
