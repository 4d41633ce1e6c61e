"""/api/games/{id}/: a game, the organizer's result, and the players' report, confirm and dispute."""
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.openapi import RETRY_AFTER, PerAction, conflicts, refused
from gaininggrounds.api.permissions import ReadOrRights
from scoring.formats import get_format
from scoring.messages import say
from scoring.problems import conflict
from scoring.report import CONCEDED, REPORTED_OUTCOMES, SIDES
from tournaments import access, services
from tournaments.access import is_organizer
from tournaments.api.auth import ReportThrottle
from tournaments.api.formats import MissionSerializer, mission_named
from tournaments.api.result_input import RESULT_PROBLEMS, EnteredResultSerializer, ResultInputSerializer
from tournaments.concessions import conceder_leaves, concession_effect
from tournaments.fronts import acting_player
from tournaments.models import GAME_STATUSES, Game, Player, PlayerReport, Result
from tournaments.readers import versions_seen


class ResultSideSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    vp = serializers.IntegerField()
    tp = serializers.IntegerField()
    diff = serializers.IntegerField()


class ConcessionSerializer(serializers.Serializer):
    conceder = serializers.IntegerField(help_text="The player who concedes.")
    leaves_event = serializers.BooleanField(help_text="Whether the concession takes the conceder out of the event "
                                            "(no further pairings), by the event's rule or else its format's.")
    message = serializers.CharField(help_text="What the concession does, in words (\"Ben concedes this game and "
                                    "stays for round 2\").")


def concession(score, *, counted: bool) -> dict | None:
    """What a concession (a result or a version) does to its conceder; None for any other outcome."""
    if score.outcome != CONCEDED:
        return None
    game = score.game
    conceder = game.player_a if score.loser == "a" else game.player_b
    event = game.round.event
    return {"conceder": conceder.pk, "leaves_event": conceder_leaves(event),
            "message": concession_effect(event, conceder.name, game.round.number, counted=counted)}


class ResultSerializer(serializers.ModelSerializer):
    a = serializers.SerializerMethodField()
    b = serializers.SerializerMethodField()
    loser = serializers.CharField(allow_null=True)
    concession = serializers.SerializerMethodField()

    class Meta:
        model = Result
        fields = ["game", "outcome", "loser", "a", "b", "turns", "breakdown", "master_a", "master_b", "leader_a",
                  "leader_b", "concession", "entered_at"]
        extra_kwargs = {"leader_a": {"help_text": "M4E: the key of player a's leader (Master and title) in the "
                                                  "format's list; empty: not in the list (free text in master_a)."}}

    def get_concession(self, result) -> ConcessionSerializer(allow_null=True):
        """A conceded game: who conceded and whether they leave the event; null otherwise."""
        return concession(result, counted=True)

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


class VersionSerializer(serializers.ModelSerializer):
    """A player's version of the result, not counted until confirmed."""

    side = serializers.ChoiceField(choices=SIDES, help_text="Who reported this version.")
    outcome = serializers.ChoiceField(choices=REPORTED_OUTCOMES)
    loser = serializers.CharField(allow_null=True)
    concession = serializers.SerializerMethodField()

    class Meta:
        model = PlayerReport
        fields = ["side", "outcome", "loser", "vp_a", "vp_b", "turns", "breakdown", "mission", "master_a", "master_b",
                  "leader_a", "leader_b", "concession", "updated_at"]

    def get_concession(self, version) -> ConcessionSerializer(allow_null=True):
        """A reported concession: who concedes and what it will do once it counts; null otherwise."""
        return concession(version, counted=False)

    def to_representation(self, version):
        data = super().to_representation(version)
        data["loser"] = version.loser or None
        return data


class GameSerializer(serializers.ModelSerializer):
    """A game; `status` says where its result stands. Only a confirmed result is in `result`; the players'
    pending `versions` go to the two players and the organizers alone, a player reading them without the
    opponent's unrevealed schemes (context `reader`: their side)."""

    bye = serializers.BooleanField(source="is_bye", read_only=True)
    status = serializers.SerializerMethodField()
    # A nested field, not a method building a serializer per game: a round of 64 games paid for 64 copies
    # of the result serializer's fields.
    result = ResultSerializer(read_only=True, allow_null=True, help_text="The confirmed result; null until then.")
    versions = VersionSerializer(source="reports", many=True, read_only=True, required=False)
    event = serializers.IntegerField(source="round.event_id", read_only=True)
    round = serializers.IntegerField(source="round.number", read_only=True)
    mission = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = ["id", "event", "round", "table", "player_a", "player_b", "bye", "flags", "mission", "status",
                  "result", "versions", "extra_minutes"]
        extra_kwargs = {"extra_minutes": {"read_only": True, "help_text": (
            "The table's time extension in minutes (a judge's, POST .../extension/): its clock ends that much "
            "after the round's; 0 for none.")}}

    def get_mission(self, game) -> MissionSerializer(allow_null=True):
        """The table's own mission (drawn at pairing, or reported from the table); null: the round's."""
        return mission_named(get_format(self.format_key(game)), game.strategy, game.deployment, game.scheme_pool)

    def format_key(self, game) -> str:
        return self.context.get("format") or game.round.event.format

    def get_status(self, game) -> serializers.ChoiceField(choices=GAME_STATUSES):
        return game.result_status()

    def to_representation(self, game):
        data = super().to_representation(game)
        if not self.context.get("sees_versions"):
            data.pop("versions")
        elif data["versions"] and self.context.get("reader"):  # a player: the opponent's secrets stay theirs
            seen = versions_seen(game, [v["breakdown"] for v in data["versions"]], self.context["reader"])
            for version, breakdown in zip(data["versions"], seen, strict=True):
                version["breakdown"] = breakdown
        return data


def load_game(pk, *, versions: bool = True) -> Game:
    """The game with its round, event, players and result; with its players' versions unless the caller
    reads them itself (a player's answer re-reads them locked, then for the answer)."""
    games = Game.objects.select_related("round__event", "player_a", "player_b", "result")
    return get_object_or_404(games.prefetch_related("reports") if versions else games, pk=pk)


def answered(game: Game) -> Game:
    """The game after a player's answer: its result and versions read again; its round, event and players,
    which an answer leaves as they were, kept (the joined query of load_game costs more to build than to
    run, and a write's answer is what players wait for)."""
    fresh = get_object_or_404(Game.objects.select_related("result").prefetch_related("reports"), pk=game.pk)
    fresh.round, fresh.player_a, fresh.player_b = game.round, game.player_a, game.player_b
    return fresh


def versions_context(request, game: Game) -> dict:
    """The two players and the organizers see the players' pending versions, nobody else; a player reads
    them as their side may (`reader`: tournaments.readers.versions_seen)."""
    event = game.round.event
    player = acting_player(request, event)
    reader = game.side_of(player.id) if player is not None else None
    return {"sees_versions": reader is not None or is_organizer(request.user, event), "reader": reader}


NO_SUCH_GAME = refused(404, "No such game, or a game of a draft round (not published yet): the same answer, "
                            "whatever key is sent.")
NOT_A_PLAYER = refused(403, "Signed in or sending a key, but not one of the game's two players.")


class GameDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=GameSerializer, summary="Show a game",
                   description="Public: a game's table, players, mission, status and confirmed result. Its two "
                               "players and the event's organizers also see the players' pending versions (a "
                               "player without the opponent's schemes kept secret in the tracker: those that "
                               "scored nothing and are not revealed); a game of a draft round is the organizers' "
                               "alone (404 for anyone else).")
    def get(self, request, pk):
        game = load_game(pk)
        if game.round.is_draft and not is_organizer(request.user, game.round.event):
            raise Http404("No such game")  # a draft round is the organizers' until it is published
        return Response(GameSerializer(game, context=versions_context(request, game)).data)


RESULT_WRITE_CONFLICTS = ("event_finished", "round_not_published", "bye_result_fixed", "game_removed", "cut_seeded",
                          "cut_round_paired")


class MayCorrectOrReadOnly(ReadOrRights):
    """Anyone reads; results are entered by the event's organizers and the judges they allow to correct them
    (access.may_correct)."""

    message = "Only an organizer of this event, or a judge allowed to correct results, may enter a result."
    rights = staticmethod(access.may_correct)


BY_CORRECTORS = "Organizers of the event, and its judges allowed to correct results: "


class GameResult(APIView):
    """The organizer's result: counts at once and decides any dispute. A correction changes what it sends and
    keeps the rest (turns, score sheet, mission, leaders): POST and PUT send the outcome and VP whole, PATCH
    only the fields it names."""

    permission_classes = [MayCorrectOrReadOnly]
    KEPT = ("Fields not sent are kept from the result it corrects: `turns`, `breakdown`, `mission` and the "
            "leaders (an empty `master_a` / `master_b` keeps that side's too); send `\"turns\": null` or "
            "`\"breakdown\": {}` to clear them. ")

    @extend_schema(request=EnteredResultSerializer, responses={200: ResultSerializer, 201: ResultSerializer,
                                                                 400: RESULT_PROBLEMS,
                                                                 409: conflicts(*RESULT_WRITE_CONFLICTS)},
                   summary="Enter or correct a game's result",
                   description=BY_CORRECTORS + "the result counts at once and decides any dispute "
                               "(201 for a new result, 200 for a correction). Also a double loss (`\"outcome\": "
                               "\"double_loss\"`, no loser): both players take the forfeit loser's award. The "
                               "outcome (played unless sent) and the VP are the request's; " + KEPT)
    def post(self, request, pk):
        return self.enter(request, pk, whole_score=True)

    @extend_schema(request=EnteredResultSerializer, responses={200: ResultSerializer, 201: ResultSerializer,
                                                                 400: RESULT_PROBLEMS,
                                                                 409: conflicts(*RESULT_WRITE_CONFLICTS)},
                   summary="Set a game's result",
                   description=BY_CORRECTORS + "the same as POST for clients that PUT a resource "
                               "(201 for a new result, 200 for a correction). " + KEPT)
    def put(self, request, pk):
        return self.enter(request, pk, whole_score=True)

    @extend_schema(request=EnteredResultSerializer, responses={200: ResultSerializer, 400: RESULT_PROBLEMS,
                                                                 409: conflicts("no_result", *RESULT_WRITE_CONFLICTS)},
                   summary="Correct part of a game's result",
                   description=BY_CORRECTORS + "only the fields sent change (`{\"turns\": 4}`, "
                               "`{\"vp_a\": 7}`), every other is kept; the outcome and its loser go together. VP "
                               "must still add up to a kept `breakdown` (400 `breakdown_mismatch`); VP sent to a "
                               "game not played need `\"outcome\": \"played\"` (400 `vp_without_outcome`). 409 "
                               "`no_result` while the game has no result to correct (POST enters one).")
    def patch(self, request, pk):
        return self.enter(request, pk, whole_score=False)

    def enter(self, request, pk, *, whole_score: bool):
        game = get_object_or_404(Game.objects.select_related("round__event", "player_a", "player_b"), pk=pk)
        self.check_object_permissions(request, game.round.event)
        data = EnteredResultSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        if not whole_score and not Result.objects.filter(game=game).exists():
            raise conflict("no_result", say("This game has no result to correct yet: enter it first."))
        result, created = services.result_record(game=game, by=request.user, report=data.to_report(),
                                                 masters=data.masters(), shown=data.shown(whole_score=whole_score))
        return Response(ResultSerializer(result).data,
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class GamePlayerAnswer(APIView):
    """POST /api/games/{id}/report/, confirm/ or dispute/: a player of the game, by private key
    (`Authorization: Key <key>`) or linked account. Throttled per player and per address."""

    permission_classes = [AllowAny]  # who may act is the game's business, checked below
    throttle_classes = [ReportThrottle]
    action = None
    schema = PerAction()
    OPERATIONS = {
        "report": ("Report a game's result as a player", "One of the game's two players, by private key "
                   "(`Authorization: Key <key>`) or linked account: reports the result, or corrects their own "
                   "version; it counts once the opponent confirms. Throttled per player and per address."),
        "confirm": ("Confirm the opponent's reported result", "One of the game's two players, by private key or "
                    "linked account: accepts the opponent's version, which then counts (also the way out of a "
                    "dispute). 409 `nothing_to_confirm` without one; throttled per player and per address."),
        "dispute": ("Dispute the opponent's reported result", "One of the game's two players, by private key or "
                    "linked account: answers the opponent's report with their own figures (equal figures confirm "
                    "it instead); the organizer's result decides. Throttled per player and per address."),
    }

    # The 409s each action can answer, for the schema (tournaments.services.reports raises them).
    CONFLICTS = {action: ("self_reporting_off", "bye_result_fixed", "event_finished", "game_removed",
                          "result_confirmed", own)
                 for action, own in (("report", "report_awaits_you"), ("confirm", "nothing_to_confirm"),
                                     ("dispute", "nothing_to_dispute"))}

    def player_of(self, request, game: Game) -> Player:
        player = acting_player(request, game.round.event)
        if player is None or game.side_of(player.id) is None:
            if not (request.auth or request.user.is_authenticated):
                raise NotAuthenticated("Send your private key: Authorization: Key <key>.")
            raise PermissionDenied("Only the two players of this game can report, confirm or dispute it.")
        return player

    @extend_schema(request=ResultInputSerializer, responses={200: GameSerializer, 400: RESULT_PROBLEMS,
                                                             403: NOT_A_PLAYER, 404: NO_SUCH_GAME},
                   parameters=[RETRY_AFTER])
    def post(self, request, pk):
        game = load_game(pk, versions=False)
        if game.round.is_draft:  # invisible until published: the same answer as a game that does not exist
            raise Http404("No such game")
        player = self.player_of(request, game)
        if self.action == "confirm":
            services.report_confirm(game=game, player=player)
        else:
            data = ResultInputSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            answer = services.report_submit if self.action == "report" else services.report_dispute
            answer(game=game, player=player, report=data.to_report(), masters=data.masters(),
                   shown=data.shown(whole_score=True))
        return Response(GameSerializer(answered(game), context={"sees_versions": True,
                                                                "reader": game.side_of(player.id)}).data)


class GameConfirm(GamePlayerAnswer):
    @extend_schema(request=None, responses={200: GameSerializer, 403: NOT_A_PLAYER, 404: NO_SUCH_GAME},
                   parameters=[RETRY_AFTER])
    def post(self, request, pk):
        return super().post(request, pk)


class AcceptInputSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDES, help_text="Whose version becomes the result: a or b.")


class GameAccept(APIView):
    """The organizer (or a judge allowed to correct results) decides a dispute (or an awaiting report) in one
    call, as the results board's button."""

    permission_classes = [MayCorrectOrReadOnly]

    @extend_schema(request=AcceptInputSerializer, responses={
                       200: ResultSerializer, 201: ResultSerializer, 404: refused(404, "No such game."),
                       409: conflicts("no_such_version", *RESULT_WRITE_CONFLICTS)},
                   summary="Accept one player's version as the result",
                   description=BY_CORRECTORS + "the version player a or b reported (`\"side\"`) "
                               "becomes the game's result as it stands, its score sheet, mission and leaders "
                               "included, deciding a dispute (201 for a new result, 200 for a correction). 409 "
                               "`no_such_version` when that player reported nothing.")
    def post(self, request, pk):
        game = get_object_or_404(Game.objects.select_related("round__event", "player_a", "player_b"), pk=pk)
        self.check_object_permissions(request, game.round.event)
        data = AcceptInputSerializer(data=request.data if isinstance(request.data, dict) else {})
        data.is_valid(raise_exception=True)
        result, created = services.result_accept_version(game=game, side=data.validated_data["side"], by=request.user)
        return Response(ResultSerializer(result).data,
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)
