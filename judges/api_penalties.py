"""/api/events/{id}/penalties/ and the penalty ladder: the event's staff (organizers and judges) read its
penalties, give one (a step of the ladder, a reason, a note) and ask the ladder's advice for a player's next
penalty for a reason; a player (private key, `Authorization: Key <key>`, or linked account) reads their own;
the staff read the ladder and its organizers set it. Every write goes through judges.penalties, as the
pages'."""
from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated, PermissionDenied, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.openapi import conflicts, refused
from judges import penalties
from judges.ladder import LONGEST_LADDER, REASONS, STEPS, TP_RANGE
from judges.models import NOTE_LENGTH, Penalty, PenaltyLadder
from tournaments import access
from tournaments.fronts import IsOrganizer, IsStaff, acting_player
from tournaments.models import Event, Player

REASON_CHOICES = [(key, penalties.REASON_WORDS[key]) for key in REASONS]
STEP_CHOICES = [(key, penalties.STEP_WORDS[key]) for key in STEPS]
NOT_STAFF = refused(403, "Not an organizer or a judge of the event.")
NOT_ORGANIZER = refused(403, "Not an organizer of the event: judges read the ladder, organizers set it.")
NOT_THEIRS = refused(403, "Neither the event's staff nor one of its players (a key or account of another "
                          "event, a stranger).")
NO_EVENT = refused(404, "No such event.")
GIVE_CONFLICTS = ("event_finished", "not_head", "no_game", "game_has_result", "player_disqualified")


class PenaltySerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)
    round = serializers.IntegerField(source="round_number", read_only=True, allow_null=True,
                                     help_text="The round it was given in (null: before round 1).")
    reason = serializers.ChoiceField(choices=REASON_CHOICES, read_only=True)
    step = serializers.ChoiceField(choices=STEP_CHOICES, read_only=True)
    tp = serializers.IntegerField(read_only=True, help_text="A TP penalty's Tournament Points taken (else 0).")
    by = serializers.CharField(source="by_name", read_only=True, help_text="The judge's username.")

    class Meta:
        model = Penalty
        fields = ["id", "player", "player_name", "round", "reason", "step", "tp", "note", "by", "created_at"]


class PenaltyInputSerializer(serializers.Serializer):
    player = serializers.IntegerField(min_value=1, help_text="The player's id in this event.")
    reason = serializers.ChoiceField(choices=REASON_CHOICES)
    step = serializers.ChoiceField(choices=STEP_CHOICES, help_text="The judge names it; the ladder only advises.")
    note = serializers.CharField(max_length=NOTE_LENGTH, required=False, allow_blank=True, default="")


class SuggestionQuerySerializer(serializers.Serializer):
    player = serializers.IntegerField(min_value=1)
    reason = serializers.ChoiceField(choices=REASON_CHOICES)


class PenaltySuggestionSerializer(serializers.Serializer):
    step = serializers.ChoiceField(choices=STEP_CHOICES, help_text="The step the ladder advises.")
    rung = serializers.IntegerField(help_text="Its rung on the event's ladder (0: the first).")
    earlier = serializers.IntegerField(help_text="Penalties the player already had for this reason.")
    previous = serializers.CharField(allow_null=True, help_text="The harshest step among them, as `step` "
                                     "names it (null: none).")
    text = serializers.CharField(help_text="The advice in words, in the request's language.")


class PenaltyLadderSerializer(serializers.Serializer):
    # Steps as text, checked by judges.penalties.ladder_set (400 `bad_steps`): one enum per step field is enough.
    steps = serializers.ListField(child=serializers.CharField(max_length=20),
                                  help_text=f"Mildest first, 1 to {LONGEST_LADDER}, each a warning, tp_penalty, "
                                            "game_loss or disqualification; a step may repeat.")
    tp = serializers.IntegerField(help_text=f"The Tournament Points a TP penalty takes: {TP_RANGE[0]} to "
                                            f"{TP_RANGE[1]} (400 `bad_tp`).")
    default = serializers.BooleanField(read_only=True, help_text="True while the organizer has not set it.")


def _body(request) -> dict:
    """The request's JSON object (a list or a bare value is no body: each field is then missing)."""
    return request.data if isinstance(request.data, dict) else {}


def _player(event: Event, pk: int) -> Player:
    player = Player.objects.select_related("event").filter(pk=pk, event=event).first()
    if player is None:
        raise ValidationError({"player": ["No such player in this event."]})
    return player


class EventScopedStaff(APIView):
    permission_classes = [IsStaff]

    def event(self) -> Event:
        event = get_object_or_404(Event, pk=self.kwargs["event_id"])
        self.check_object_permissions(self.request, event)
        return event


class EventPenalties(EventScopedStaff):
    def get_permissions(self):
        # Reads: the staff, or a player of the event for their own (checked below); writes: the staff.
        return [AllowAny()] if self.request.method == "GET" else super().get_permissions()

    @extend_schema(parameters=[OpenApiParameter("player", int, description="Staff: one player's penalties only.")],
                   responses={200: PenaltySerializer(many=True), 403: NOT_THEIRS, 404: NO_EVENT},
                   summary="List an event's penalties",
                   description="The event's staff (organizers and judges): every penalty, oldest first (`player=` "
                               "one player's). A player of the event, by private key or linked account: their "
                               "own only. Anyone else: 401 without a key or account, else 403; the public sees "
                               "only the standings' effect.")
    def get(self, request, event_id):
        event = get_object_or_404(Event, pk=event_id)
        found = Penalty.objects.select_related("player").filter(event=event)
        if access.is_staff(request.user, event):
            if "player" in request.query_params:
                query = SuggestionQuerySerializer(data={"player": request.query_params["player"]}, partial=True)
                query.is_valid(raise_exception=True)
                found = found.filter(player_id=query.validated_data.get("player"))
        else:
            player = acting_player(request, event)
            if player is None:
                if not (request.auth or request.user.is_authenticated):
                    raise NotAuthenticated("Send your private key: Authorization: Key <key>.")
                raise PermissionDenied("Only the event's staff, and each player for their own, see its penalties.")
            found = found.filter(player=player)
        return Response(PenaltySerializer(found.order_by("created_at", "id"), many=True).data)

    @extend_schema(request=PenaltyInputSerializer,
                   responses={201: PenaltySerializer, 403: NOT_STAFF, 404: NO_EVENT,
                              409: conflicts(*GIVE_CONFLICTS)},
                   summary="Give a player a penalty",
                   description="A judge or organizer of the event gives a player (`player`: their id here) a "
                               "step of the ladder (`step`: warning, tp_penalty, game_loss, disqualification) for "
                               "a `reason` (slow_play, list_error, unsportsmanlike, rules_error, late), with an "
                               "optional `note` (at most 300 characters). Its effect comes with it: a warning's "
                               "line, a TP penalty of the ladder's size, a forfeit of the player's game of the "
                               "current round (409 `no_game`, `game_has_result`), a disqualification (the head "
                               "judge or an organizer only: 409 `not_head`). The judge names the step: the "
                               "ladder's advice is `GET .../penalties/suggestion/`. 400 for an unknown player, "
                               "reason or step.")
    def post(self, request, event_id):
        event = self.event()
        data = PenaltyInputSerializer(data=_body(request))
        data.is_valid(raise_exception=True)
        given = dict(data.validated_data)
        player = _player(event, given.pop("player"))
        penalty = penalties.penalty_give(player=player, by=request.user, **given)
        return Response(PenaltySerializer(penalty).data, status=status.HTTP_201_CREATED)


class PenaltySuggestion(EventScopedStaff):
    @extend_schema(parameters=[OpenApiParameter("player", int, required=True, description="The player's id here."),
                               OpenApiParameter("reason", str, required=True, enum=REASONS,
                                                description="The reason of the penalty to come.")],
                   responses={200: PenaltySuggestionSerializer, 403: NOT_STAFF, 404: NO_EVENT},
                   summary="Ask the ladder's advice for a penalty",
                   description="The event's staff: the step the event's ladder advises for the player's next "
                               "penalty for `reason` (a repeat of the same reason climbs a rung), and the advice "
                               "in words. It only advises: nothing is given. 400 for an unknown player or reason.")
    def get(self, request, event_id):
        event = self.event()
        query = SuggestionQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        reason = query.validated_data["reason"]
        advice = penalties.penalty_suggestion(player=_player(event, query.validated_data["player"]), reason=reason)
        return Response(PenaltySuggestionSerializer({
            "step": advice.step, "rung": advice.rung, "earlier": advice.earlier, "previous": advice.previous,
            "text": penalties.suggestion_words(advice, reason)}).data)


class EventPenaltyLadder(EventScopedStaff):
    def get_permissions(self):
        return [IsOrganizer()] if self.request.method == "PUT" else super().get_permissions()

    def answer(self, event) -> Response:
        steps, tp = penalties.ladder_of(event)
        return Response(PenaltyLadderSerializer({
            "steps": list(steps), "tp": tp,
            "default": not PenaltyLadder.objects.filter(event=event).exists()}).data)

    @extend_schema(responses={200: PenaltyLadderSerializer, 403: NOT_STAFF, 404: NO_EVENT},
                   summary="Read an event's penalty ladder",
                   description="The event's staff: the ladder's steps, mildest first, and a TP penalty's size "
                               "(`default`: true while the organizer has not changed the defaults: warning, TP "
                               "penalty of 1, game loss, disqualification).")
    def get(self, request, event_id):
        return self.answer(self.event())

    @extend_schema(request=PenaltyLadderSerializer, responses={200: PenaltyLadderSerializer, 403: NOT_ORGANIZER,
                                                               404: NO_EVENT},
                   summary="Set an event's penalty ladder",
                   description="The event's organizers (not its judges): `steps` (1 to 8, mildest first, each a "
                               "warning, tp_penalty, game_loss or disqualification; a step may repeat) and `tp`, "
                               "what a TP penalty takes (1 to 5). Advice for later penalties: those given stay "
                               "as they were. 400 `bad_steps`, `bad_tp`.")
    def put(self, request, event_id):
        event = self.event()
        data = PenaltyLadderSerializer(data=_body(request))
        data.is_valid(raise_exception=True)
        penalties.ladder_set(event=event, by=request.user, steps=data.validated_data["steps"],
                             tp=data.validated_data["tp"])
        return self.answer(event)
