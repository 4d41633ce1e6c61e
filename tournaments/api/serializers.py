"""Shapes of the API (the core-loop contract). Rules are checked in services and `scoring/`."""
from dataclasses import asdict

from rest_framework import serializers

from audit.models import AuditRecord
from audit.services import ACTIONS
from jobs.models import Job
from jobs.services import job_progress
from scoring.deck import Card
from scoring.formats import get_format
from scoring.validator import ERROR_CODES, PLAYED, REPORTED_OUTCOMES, SIDES, Report, breakdown_from_dict
from tournaments import exports
from tournaments.access import is_organizer
from tournaments.models import GAME_STATUSES, Event, Game, Player, PlayerReport, Result, Round
from tournaments.pairing import METHODS, SWISS
from tournaments.standings import TIEBREAKS


class NamedSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    name_fr = serializers.CharField(allow_null=True)
    suit = serializers.CharField(allow_null=True)


class SchemeSerializer(NamedSerializer):
    noted_model = serializers.BooleanField()


class SchemeChartSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    always = SchemeSerializer(allow_null=True)
    doubles = SchemeSerializer(allow_null=True)
    by_suit = serializers.DictField(child=SchemeSerializer())
    by_value = serializers.DictField(child=SchemeSerializer())


class AwardSerializer(serializers.Serializer):
    tp = serializers.IntegerField(min_value=0, max_value=10)
    diff = serializers.IntegerField(min_value=-100, max_value=100)
    vp = serializers.IntegerField(min_value=0, max_value=100)


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
    first_scoring_turn = serializers.IntegerField()


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


class EventSerializer(serializers.ModelSerializer):
    """An event and its announced rules; awards show the values in force (the format's unless varied)."""

    organizers = serializers.SlugRelatedField(slug_field="username", many=True, read_only=True)
    rounds = serializers.IntegerField(min_value=1, max_value=30, required=False, allow_null=True)
    rematch_window = serializers.IntegerField(min_value=1, max_value=30, required=False, default=3)
    bye = AwardSerializer(required=False)
    concession = UnusualResultSerializer(required=False)
    forfeit = UnusualResultSerializer(required=False)
    tiebreaks = serializers.ListField(child=serializers.ChoiceField(choices=list(TIEBREAKS)), required=False,
                                      min_length=1, max_length=len(TIEBREAKS))
    scheme_chart = serializers.CharField(required=False, allow_blank=True, max_length=20)
    scheme_pools = serializers.DictField(child=serializers.ListField(child=serializers.CharField(max_length=60),
                                                                     max_length=13), required=False)
    deck_seed = serializers.CharField(required=False, max_length=64,
                                      help_text="Shuffles the event's Fate Deck; shown to organizers only.")
    unavailable_tables = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=10000),
                                               required=False, max_length=1000)

    class Meta:
        model = Event
        fields = ["id", "slug", "name", "date", "format", "rounds", "rematch_window", "bye", "concession",
                  "forfeit", "tiebreaks", "scheme_chart", "scheme_pools", "deck_seed", "fresh_tables",
                  "unavailable_tables", "self_reporting", "registration_open", "organizers", "created_at"]
        read_only_fields = ["slug", "created_at"]

    def validate_scheme_pools(self, pools):
        if any(not key.isdigit() or int(key) < 1 for key in pools):
            raise serializers.ValidationError("Scheme pools are keyed by round number: \"1\", \"2\", ...")
        return {str(int(key)): pool for key, pool in pools.items()}

    def settings_from(self, data: dict, current_awards: dict | None = None) -> dict:
        """The service's keyword arguments: the three awards travel together as `awards`."""
        data = dict(data)
        varied = {k: data.pop(k) for k in ("bye", "concession", "forfeit") if k in data}
        if varied or current_awards is None:
            data["awards"] = {**(current_awards or {}), **varied}
        return data

    def to_representation(self, event):
        data = super().to_representation(event)
        rules = event.rules()
        data.update(bye=asdict(rules.bye), concession=asdict(rules.concession), forfeit=asdict(rules.forfeit),
                    scheme_chart=event.chart().key)
        request = self.context.get("request")
        if not (request and is_organizer(request.user, event)):
            data.pop("deck_seed")
        return data


class PlayerSerializer(serializers.ModelSerializer):
    """A player's entry; `key`, `link` (the private link) and `email` go to the event's organizers only."""

    pinned_table = serializers.IntegerField(min_value=1, max_value=10000, required=False, allow_null=True,
                                            help_text="Accessibility: this player always sits at this table.")
    key = serializers.CharField(read_only=True, required=False,
                                help_text="Organizers only: the private key (`Authorization: Key <key>`).")
    link = serializers.SerializerMethodField(help_text="Organizers only: the player's private page.")

    class Meta:
        model = Player
        fields = ["id", "name", "faction", "club", "email", "status", "is_ringer", "checked_in", "pinned_table",
                  "key", "link"]
        read_only_fields = ["status"]

    def get_link(self, player) -> str:
        request = self.context.get("request")
        return request.build_absolute_uri(f"/p/{player.key}/") if request else f"/p/{player.key}/"

    def to_representation(self, player):
        data = super().to_representation(player)
        if not self.context.get("organizer"):
            for private in ("key", "link", "email"):
                data.pop(private)
        return data


class RegistrationSerializer(serializers.Serializer):
    """A signed-in person entering an event themselves; the name defaults to their username."""

    name = serializers.CharField(max_length=100, required=False, allow_blank=True)
    faction = serializers.CharField(max_length=40)
    club = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")


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
        fields = ["game", "outcome", "loser", "a", "b", "turns", "breakdown", "master_a", "master_b",
                  "entered_at"]

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


class ResultInputSerializer(serializers.Serializer):
    """A reported result. Ranges and consistency are the rules module's to judge (see its error codes)."""

    vp_a = serializers.IntegerField(required=False, allow_null=True)
    vp_b = serializers.IntegerField(required=False, allow_null=True)
    outcome = serializers.ChoiceField(choices=REPORTED_OUTCOMES, default=PLAYED)
    loser = serializers.ChoiceField(choices=SIDES, required=False, allow_null=True)
    turns = serializers.IntegerField(required=False, allow_null=True, help_text="Turns played.")
    breakdown = BreakdownSerializer(required=False)
    master_a = serializers.CharField(required=False, allow_blank=True, max_length=60, default="",
                                     help_text="The Master player a led.")
    master_b = serializers.CharField(required=False, allow_blank=True, max_length=60, default="")

    def masters(self) -> tuple[str, str]:
        return self.validated_data["master_a"], self.validated_data["master_b"]

    def to_report(self) -> Report:
        data = self.validated_data
        return Report(outcome=data["outcome"], vp_a=data.get("vp_a"), vp_b=data.get("vp_b"),
                      loser=data.get("loser"), turns=data.get("turns"),
                      breakdown=breakdown_from_dict(data.get("breakdown", {})))


class ResultProblemSerializer(serializers.Serializer):
    """One problem with a reported result (the body's `errors` list holds every one)."""

    code = serializers.ChoiceField(choices=sorted(ERROR_CODES.items()))
    attr = serializers.CharField()
    detail = serializers.CharField()


class VersionSerializer(serializers.ModelSerializer):
    """A player's version of the result, not counted until confirmed."""

    side = serializers.ChoiceField(choices=SIDES, help_text="Who reported this version.")
    outcome = serializers.ChoiceField(choices=REPORTED_OUTCOMES)
    loser = serializers.CharField(allow_null=True)

    class Meta:
        model = PlayerReport
        fields = ["side", "outcome", "loser", "vp_a", "vp_b", "turns", "breakdown", "master_a", "master_b",
                  "updated_at"]

    def to_representation(self, version):
        data = super().to_representation(version)
        data["loser"] = version.loser or None
        return data


class GameSerializer(serializers.ModelSerializer):
    """A game; `status` says where its result stands. Only a confirmed result is in `result`; the players'
    pending `versions` go to the two players and the organizers alone."""

    bye = serializers.BooleanField(source="is_bye", read_only=True)
    status = serializers.SerializerMethodField()
    result = serializers.SerializerMethodField()
    versions = VersionSerializer(source="reports", many=True, read_only=True, required=False)
    event = serializers.IntegerField(source="round.event_id", read_only=True)
    round = serializers.IntegerField(source="round.number", read_only=True)

    class Meta:
        model = Game
        fields = ["id", "event", "round", "table", "player_a", "player_b", "bye", "flags", "status", "result",
                  "versions"]

    def get_status(self, game) -> serializers.ChoiceField(choices=GAME_STATUSES):
        return game.result_status()

    def get_result(self, game) -> ResultSerializer(allow_null=True):
        result = getattr(game, "result", None)
        return ResultSerializer(result).data if result else None

    def to_representation(self, game):
        data = super().to_representation(game)
        if not self.context.get("sees_versions"):
            data.pop("versions")
        return data


class RoundGameSerializer(GameSerializer):
    class Meta(GameSerializer.Meta):
        fields = ["id", "table", "player_a", "player_b", "bye", "flags", "status", "result", "versions"]


class RoundSerializer(serializers.ModelSerializer):
    """A round: `strategy`, `deployment` and `scheme_pool` as keys, `mission` with names, the Fate
    cards flipped for it (`cards`, in order), the organizer's `report`, and the games by table."""

    games = RoundGameSerializer(many=True, read_only=True)
    mission = serializers.SerializerMethodField()
    cards = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = ["number", "strategy", "deployment", "scheme_pool", "mission", "cards", "report", "seed",
                  "created_at", "games"]

    def get_mission(self, rnd) -> dict:
        fmt = get_format(rnd.event.format)
        return {"strategy": NamedSerializer(fmt.strategy(rnd.strategy)).data,
                "deployment": NamedSerializer(fmt.deployment(rnd.deployment)).data,
                "scheme_pool": SchemeSerializer([fmt.scheme(k) for k in rnd.scheme_pool], many=True).data}

    def get_cards(self, rnd) -> list[dict]:
        return [{**flip, "name": Card(flip["card"]).name} for flip in rnd.flips]


class RoundInputSerializer(serializers.Serializer):
    seed = serializers.CharField(required=False, allow_blank=True, max_length=64)
    method = serializers.ChoiceField(choices=METHODS, default=SWISS, help_text="swiss, random or fold.")
    avoid_same_club = serializers.BooleanField(default=False, help_text="Round 1: keep clubmates apart.")
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
    sos = serializers.IntegerField(source="totals.sos", help_text="Strength of schedule: opponents' TP.")
    status = serializers.CharField(source="entrant.status")


class StandingsSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    standings = StandingRowSerializer(many=True)


class SwapSerializer(serializers.Serializer):
    player_1 = serializers.IntegerField()
    player_2 = serializers.IntegerField()
    force = serializers.BooleanField(default=False)


class ExportInputSerializer(serializers.Serializer):
    what = serializers.ChoiceField(choices=exports.KINDS)


class JobSerializer(serializers.ModelSerializer):
    round = serializers.SerializerMethodField()
    download = serializers.SerializerMethodField()
    progress = serializers.SerializerMethodField()

    class Meta:
        model = Job
        fields = ["id", "event", "kind", "status", "progress", "round", "download", "errors", "created_at",
                  "finished_at"]

    def get_download(self, job) -> str | None:
        """Where an export's file waits, once it is ready (organizers of the event may fetch it)."""
        request = self.context.get("request")
        if job.kind != Job.EXPORT or job.status != Job.DONE or request is None:
            return None
        return request.build_absolute_uri(f"/api/jobs/{job.pk}/download/")

    def get_round(self, job) -> str | None:
        number = job.result.get("round")
        request = self.context.get("request")
        if number is None or request is None:
            return None
        return request.build_absolute_uri(f"/api/events/{job.event_id}/rounds/{number}/")

    def get_progress(self, job) -> int:
        return job_progress(job)


class OrganizerSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class AuditRecordSerializer(serializers.ModelSerializer):
    """One change: `by` names a user or a player (through their link or account) as they were then."""

    action = serializers.ChoiceField(choices=sorted(ACTIONS.items()))
    round = serializers.IntegerField(source="round_number", allow_null=True)
    player = serializers.IntegerField(source="player_id", allow_null=True)
    other_player = serializers.IntegerField(source="other_player_id", allow_null=True)

    class Meta:
        model = AuditRecord
        fields = ["id", "at", "action", "by", "by_player", "round", "table", "player", "other_player", "before",
                  "after"]
