"""/api/.../judge-calls/ and rulings: a player calls a judge to their table and withdraws the call (by private
key, `Authorization: Key <key>`, or linked account); the event's staff (organizers and judges) read the
queue, take a call and close it with a ruling, and search the rulings; a table's two players and the staff
read its rulings. Every write goes through judges.services, as the pages'."""
from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.openapi import RETRY_AFTER, conflicts, refused
from judges import selectors, services
from judges.models import KINDS, NOTE_LENGTH, RULE_LENGTH, TEXT_LENGTH, JudgeCall, Ruling
from tournaments import access
from tournaments.fronts import IsStaff, ReportThrottle, game_player, published_game
from tournaments.models import Event, Game

NO_SUCH_GAME = refused(404, "No such game, or a game of a draft round: the same answer, whatever key is sent.")
NO_SUCH_CALL = refused(404, "No such call.")
NOT_A_PLAYER = refused(403, "Not one of the game's two players (nor, where staff may read, the event's staff).")
NOT_STAFF = refused(403, "Not an organizer or a judge of the call's event.")
CALL_CLOSED = ("call_withdrawn", "call_closed")


class CallSerializer(serializers.ModelSerializer):
    table = serializers.IntegerField(source="game.table", read_only=True, allow_null=True)
    round = serializers.IntegerField(source="game.round.number", read_only=True)
    taken_by = serializers.SerializerMethodField(help_text="Who took the call: their first name, else username.")
    waited = serializers.SerializerMethodField(help_text="Seconds from the call to a judge taking it (so far).")
    open = serializers.BooleanField(source="is_open", read_only=True)

    class Meta:
        model = JudgeCall
        fields = ["id", "game", "table", "round", "player", "kind", "note", "created_at", "taken_by", "taken_at",
                  "closed_at", "withdrawn_at", "open", "waited"]

    def get_taken_by(self, call) -> str | None:
        user = call.taken_by
        return (user.first_name or user.get_username()) if user else None

    def get_waited(self, call) -> int:
        return selectors.waited(call)


class RulingSerializer(serializers.ModelSerializer):
    table = serializers.IntegerField(source="game.table", read_only=True, allow_null=True)
    round = serializers.IntegerField(source="game.round.number", read_only=True)
    by = serializers.CharField(source="by_name", read_only=True)

    class Meta:
        model = Ruling
        fields = ["id", "game", "table", "round", "call", "text", "rule", "by", "created_at"]


class CallInputSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=KINDS)
    note = serializers.CharField(max_length=NOTE_LENGTH, required=False, allow_blank=True, default="")


class CloseInputSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=TEXT_LENGTH)
    rule = serializers.CharField(max_length=RULE_LENGTH, required=False, allow_blank=True, default="")


def _game(pk) -> Game:
    return published_game(pk)


def _player_of(request, game: Game):
    return game_player(request, game, "Only the two players of this game can call a judge to it.")


class GameCalls(APIView):
    permission_classes = [AllowAny]  # the game's two players, checked below
    throttle_classes = [ReportThrottle]

    @extend_schema(request=CallInputSerializer, parameters=[RETRY_AFTER],
                   responses={201: CallSerializer, 403: NOT_A_PLAYER, 404: NO_SUCH_GAME,
                              409: conflicts("not_your_game", "event_finished", "round_over", "call_open",
                                             "too_many_calls", "game_removed")},
                   summary="Call a judge to a game's table",
                   description="One of the game's two players, by private key or linked account, calls a judge "
                               "(`kind`: rules, time, dispute, other; an optional `note`), in the event's current "
                               "round. One open call per table (409 `call_open`), at most "
                               f"{services.CALLS_PER_ROUND} calls per player a round (409 `too_many_calls`); "
                               "counted with the reports, per player and per address (429).")
    def post(self, request, pk):
        game = _game(pk)
        player = _player_of(request, game)
        data = CallInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        call = services.call_open(game=game, player=player, **data.validated_data)
        return Response(CallSerializer(call).data, status=status.HTTP_201_CREATED)


class CallWithdraw(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [ReportThrottle]

    @extend_schema(responses={200: CallSerializer, 403: NOT_A_PLAYER, 404: NO_SUCH_CALL,
                              409: conflicts("not_your_call", *CALL_CLOSED)}, parameters=[RETRY_AFTER],
                   summary="Withdraw a judge call",
                   description="The player who called (by private key or linked account) takes back their open "
                               "call; the opponent cannot (409 `not_your_call`).")
    def delete(self, request, pk):
        call = get_object_or_404(JudgeCall.objects.select_related("game__round__event"), pk=pk)
        player = _player_of(request, call.game)
        call = services.call_withdraw(call=call, player=player)
        return Response(CallSerializer(call).data)


class GameRulings(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: RulingSerializer(many=True), 403: NOT_A_PLAYER, 404: NO_SUCH_GAME},
                   summary="List a game's rulings",
                   description="The rulings judges recorded at this game's table, newest first: for its two "
                               "players (private key or linked account) and the event's staff only.")
    def get(self, request, pk):
        game = _game(pk)
        if not access.is_staff(request.user, game.round.event):
            _player_of(request, game)
        return Response(RulingSerializer(selectors.game_rulings(game), many=True).data)


class StaffView(APIView):
    permission_classes = [IsStaff]

    def event(self) -> Event:
        event = get_object_or_404(Event, pk=self.kwargs["event_id"])
        self.check_object_permissions(self.request, event)
        return event

    def call(self) -> JudgeCall:
        call = get_object_or_404(JudgeCall.objects.select_related("event", "game__round"), pk=self.kwargs["pk"])
        self.check_object_permissions(self.request, call.event)
        return call


class EventCalls(StaffView):
    @extend_schema(parameters=[OpenApiParameter("open", bool, description="1: the open calls only (the queue).")],
                   responses={200: CallSerializer(many=True), 403: NOT_STAFF},
                   summary="List an event's judge calls",
                   description="The event's staff (organizers and judges): the calls, oldest first; `open=1` "
                               "the queue of calls not closed nor withdrawn, each with how long it has waited.")
    def get(self, request, event_id):
        event = self.event()
        if request.query_params.get("open") in ("1", "true"):
            calls = selectors.queue(event)
        else:
            calls = JudgeCall.objects.select_related("game__round", "taken_by").filter(event=event)
        return Response(CallSerializer(calls, many=True).data)


class CallTake(StaffView):
    @extend_schema(request=None, responses={200: CallSerializer, 403: NOT_STAFF, 404: NO_SUCH_CALL,
                                            409: conflicts(*CALL_CLOSED)},
                   summary="Take a judge call",
                   description="A judge or organizer of the event is on the way: both players' pages say so "
                               "(their first name, else username). Taking a call another took moves it to you.")
    def post(self, request, pk):
        return Response(CallSerializer(services.call_take(call=self.call(), by=request.user)).data)


class CallClose(StaffView):
    @extend_schema(request=CloseInputSerializer, responses={201: RulingSerializer, 403: NOT_STAFF,
                                                            404: NO_SUCH_CALL, 409: conflicts(*CALL_CLOSED)},
                   summary="Close a judge call with a ruling",
                   description="The ruling (`text`, at most 1000 characters; `rule`, optional, at most 200) "
                               "closes the call; both players of the table then see it.")
    def post(self, request, pk):
        call = self.call()
        data = CloseInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        ruling = services.call_close(call=call, by=request.user, **data.validated_data)
        return Response(RulingSerializer(ruling).data, status=status.HTTP_201_CREATED)


class EventRulings(StaffView):
    @extend_schema(parameters=[OpenApiParameter("q", str, description="Words of the text or rule, a player's "
                                                "name, a judge's, or a table number.")],
                   responses={200: RulingSerializer(many=True), 403: NOT_STAFF},
                   summary="Search an event's rulings",
                   description="The event's staff: its rulings, newest first, found by `q`.")
    def get(self, request, event_id):
        event = self.event()
        return Response(RulingSerializer(selectors.rulings(event, request.query_params.get("q", "")),
                                         many=True).data)
