"""What a request entering or reporting a game's result carries: the figures, each side's score sheet, the
mission the table flipped and the leaders, as the rules module's values; and which parts of a result it shows,
so a correction keeps the others. Ranges and consistency are the rules module's to judge."""
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from scoring.report import (
    ENTERED_OUTCOMES,
    PLAYED,
    REPORTED_OUTCOMES,
    SIDES,
    Report,
    breakdown_from_dict,
    mission_from_dict,
)
from scoring.validator import ERROR_CODES


class SchemeScoreSerializer(serializers.Serializer):
    scheme = serializers.CharField(max_length=60)
    vp = serializers.IntegerField()
    noted_model = serializers.CharField(required=False, allow_blank=True, default="", max_length=100)


class TurnScoreSerializer(serializers.Serializer):
    turn = serializers.IntegerField()
    strategy = serializers.IntegerField(default=0)
    schemes = serializers.DictField(child=serializers.IntegerField(), default=dict)


class SideBreakdownSerializer(serializers.Serializer):
    strategy = serializers.IntegerField(default=0)
    schemes = SchemeScoreSerializer(many=True, default=list)
    turns = TurnScoreSerializer(many=True, default=list)

    def validate(self, data):
        if len(data["schemes"]) > 13 or len(data["turns"]) > 20:
            raise serializers.ValidationError("Too many schemes or turns for one game.", code="too_long")
        return data


class BreakdownSerializer(serializers.Serializer):
    a = SideBreakdownSerializer(required=False)
    b = SideBreakdownSerializer(required=False)


class TableMissionSerializer(serializers.Serializer):
    """What the table flipped (events whose tables flip their own missions): keys of the format's."""

    strategy = serializers.CharField(max_length=60)
    deployment = serializers.CharField(max_length=60)
    scheme_pool = serializers.ListField(child=serializers.CharField(max_length=60), max_length=13)


class ResultInputSerializer(serializers.Serializer):
    """A reported result. Ranges and consistency are the rules module's to judge (see its error codes)."""

    vp_a = serializers.IntegerField(required=False, allow_null=True)
    vp_b = serializers.IntegerField(required=False, allow_null=True)
    outcome = serializers.ChoiceField(choices=REPORTED_OUTCOMES, default=PLAYED)
    loser = serializers.ChoiceField(choices=SIDES, required=False, allow_null=True)
    turns = serializers.IntegerField(required=False, allow_null=True, help_text="Turns played.")
    breakdown = BreakdownSerializer(required=False)
    mission = TableMissionSerializer(required=False, help_text="Only where the event's tables flip their own "
                                     "missions (missions: at_table): required there for a played game.")
    master_a = serializers.CharField(required=False, allow_blank=True, max_length=60, default="",
                                     help_text="The Master player a led; M4E: Master and title (\"Lady Justice, "
                                     "Death-Touched\"), matched in the player's faction ignoring case and "
                                     "punctuation, or free text for a leader not yet listed.")
    master_b = serializers.CharField(required=False, allow_blank=True, max_length=60, default="")

    def masters(self) -> tuple[str, str]:
        return self.validated_data["master_a"], self.validated_data["master_b"]

    def shown(self, *, whole_score: bool) -> frozenset[str]:
        """The parts of a result this request shows (tournaments.services.results.corrected): those it sends,
        each replacing what it corrects, and with `whole_score` (POST, PUT) its outcome and VP even unsent
        (played by default); every part not shown is kept."""
        sent = set(self.initial_data) if isinstance(self.initial_data, dict) else set()
        parts = {part for part in ("vp_a", "vp_b", "turns", "mission") if part in sent}
        parts |= {"outcome"} if sent & {"outcome", "loser"} else set()
        parts |= {"breakdown.a", "breakdown.b"} if "breakdown" in sent else set()
        return frozenset(parts | ({"outcome", "vp_a", "vp_b"} if whole_score else set()))

    def to_report(self) -> Report:
        data = self.validated_data
        return Report(outcome=data["outcome"], vp_a=data.get("vp_a"), vp_b=data.get("vp_b"),
                      loser=data.get("loser"), turns=data.get("turns"),
                      breakdown=breakdown_from_dict(data.get("breakdown", {})),
                      mission=mission_from_dict(data.get("mission")))


class EnteredResultSerializer(ResultInputSerializer):
    """A result an organizer enters: also a double loss (two no-shows, collusion), with no loser."""

    outcome = serializers.ChoiceField(choices=ENTERED_OUTCOMES, default=PLAYED)


class ResultProblemSerializer(serializers.Serializer):
    """One problem with a reported result (the body's `errors` list holds every one)."""

    code = serializers.ChoiceField(choices=sorted(ERROR_CODES.items()))
    attr = serializers.CharField()
    detail = serializers.CharField()


RESULT_PROBLEMS = OpenApiResponse(ResultProblemSerializer(many=True), description=(
    "Every problem with the report, each with its `code`:\n" + "\n".join(
        f"- `{code}`: {meaning}" for code, meaning in sorted(ERROR_CODES.items()))))
