"""/api/events/{id}/players/: entries, self-registration and the organizer's actions on a player."""
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.response import Response

from gaininggrounds.api.openapi import PerAction, conflicts
from gaininggrounds.http_cache import public_cache
from tournaments import services
from tournaments.fronts import EventScoped, IsOrganizer, PlayerSerializer, players_out
from tournaments.models import Player, TPAdjustment
from tournaments.services.roster import TP_ADJUSTMENT_RANGE, WARNING_REASON_LENGTH


@public_cache("event", "event_id")
class EventPlayers(EventScoped):
    @extend_schema(responses=PlayerSerializer(many=True), summary="List an event's players",
                   description="Public: every entry of the event (name, faction, club, status, Ringer, check-in). "
                               "The event's organizers also get each player's private key, private link and email.")
    def get(self, request, event_id):
        event = self.event()
        return Response(players_out(request, event, event.players.select_related("person", "pending_link__person"),
                                       many=True))

    @extend_schema(request=PlayerSerializer, responses={201: PlayerSerializer, 409: conflicts(
                       "event_finished", "person_registered", "person_private", "link_declined")},
                   summary="Register a player",
                   description="Organizers of the event only: enters a player. `person` links the entry to someone "
                               "who played before; without it a new person is made. Answers 201 with the entry, "
                               "its private key and its private link.")
    def post(self, request, event_id):
        event = self.event()
        data = PlayerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        person = fields.pop("person_id", None)
        player = services.player_register(event=event, by=request.user, person=person, **fields)
        return Response(players_out(request, event, player, organizer=True), status=status.HTTP_201_CREATED)


class CheckedInSerializer(serializers.Serializer):
    checked_in = serializers.IntegerField(help_text="How many players were checked in by this call (0: everyone "
                                          "expected already was).")


class PlayersCheckInAll(EventScoped):
    @extend_schema(request=None, responses=CheckedInSerializer, summary="Check everyone expected in at once",
                   description="Organizers of the event only: every active player not yet checked in and not "
                               "marked absent is checked in, in one step with one line in the audit trail (as the "
                               "desk's button does). Answers how many were; a player marked absent stays out.")
    def post(self, request, event_id):
        count = services.players_check_in_all(event=self.event(), by=request.user)
        return Response({"checked_in": count})


class PlayerAction(EventScoped):
    """POST .../players/{pid}/check-in/, check-out/ (a check-in undone), mark-absent/ (never paired until
    checked in), no-show/ (their open game of the current round forfeited and marked absent, in one step),
    drop/, disqualify/ or rotate-key/ (a new private link; the old one stops working at once)."""

    action = None
    schema = PerAction()
    OPERATIONS = {
        "check-in": ("Check a player in", "Organizers of the event only: the player has arrived and is paired from "
                     "the next round (also a player marked absent who turns up after all). Answers the entry."),
        "check-out": ("Undo a player's check-in", "Organizers of the event only: the player is expected again, and "
                      "not paired until checked in. Answers the entry."),
        "mark-absent": ("Mark a player absent", "Organizers of the event only: the player is not coming and is "
                        "never paired until checked in (a game already paired is the organizer's forfeit to "
                        "enter). Answers the entry."),
        "no-show": ("Record a player's no-show", "Organizers of the event only: the player did not come to their "
                    "table, so their open game of the current round is forfeited and they are marked absent, in "
                    "one step. 409 `no_game_to_forfeit` when they have no such game."),
        "drop": ("Drop a player", "Organizers of the event only: the player keeps the games played and is no longer "
                 "paired (reinstate/ undoes it). Answers the entry."),
        "disqualify": ("Disqualify a player", "Organizers of the event only: the player takes no further part and "
                       "is not ranked; an unconfirmed game of theirs in the current round is forfeited against "
                       "them. Answers the entry."),
        "rotate-key": ("Replace a player's private link", "Organizers of the event only: a new private key and link "
                       "for the player (a lost or leaked slip); the old one stops working at once. Answers the "
                       "entry with the new link."),
    }
    # The 409s each action can answer, for the schema (tournaments.services.roster raises them).
    CONFLICTS = {"check-in": ("player_disqualified",), "check-out": ("player_disqualified",),
                 "mark-absent": ("player_disqualified",),
                 "no-show": ("no_game_to_forfeit", "player_disqualified", "event_finished"),
                 "drop": ("player_disqualified", "event_finished")}
    ACTIONS = {"check-in": services.player_check_in, "check-out": services.player_check_out,
               "mark-absent": services.player_mark_absent, "no-show": services.player_no_show,
               "drop": services.player_drop,
               "disqualify": services.player_disqualify, "rotate-key": services.player_key_rotate}

    @extend_schema(request=None, responses=PlayerSerializer)
    def post(self, request, event_id, player_id):
        event = self.event()
        player = get_object_or_404(Player, pk=player_id, event=event)
        player = self.ACTIONS[self.action](player=player, by=request.user)
        return Response(players_out(request, event, player, organizer=True))


class ReinstateSerializer(serializers.Serializer):
    lift_disqualification = serializers.BooleanField(
        default=False, help_text="Needed to reinstate a disqualified player; recorded in the audit trail.")


class PlayerReinstate(EventScoped):
    @extend_schema(request=ReinstateSerializer,
                   responses={200: PlayerSerializer, 409: conflicts("player_disqualified", "event_finished")},
                   summary="Reinstate a dropped or disqualified player",
                   description="Organizers of the event only: a dropped player (a mistaken drop or concession) is "
                               "paired again from the next round; a disqualified one only with "
                               "`lift_disqualification: true` (409 without it). Answers the entry.")
    def post(self, request, event_id, player_id):
        """A dropped player (a mistaken drop or concession) is paired again from the next round; a
        disqualified one only with `lift_disqualification: true` (409 without it)."""
        event = self.event()
        player = get_object_or_404(Player, pk=player_id, event=event)
        body = ReinstateSerializer(data=request.data if isinstance(request.data, dict) else {})
        body.is_valid(raise_exception=True)
        player = services.player_reinstate(player=player, by=request.user, **body.validated_data)
        return Response(players_out(request, event, player, organizer=True))


class WarningInputSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=WARNING_REASON_LENGTH, help_text="Why, in a few words.")


class WarningSerializer(serializers.Serializer):
    warning = serializers.IntegerField(help_text="1 for the first warning, 2 for the second...")
    reason = serializers.CharField()
    by = serializers.CharField()
    at = serializers.DateTimeField()
    round = serializers.IntegerField(allow_null=True)


class PlayerWarnings(EventScoped):
    """A player's warnings (organizers only): GG2017 gives a single warning, then disqualification."""

    permission_classes = [IsOrganizer]

    @extend_schema(responses=WarningSerializer(many=True), summary="List a player's warnings",
                   description="Organizers of the event only: every warning the player has had, with its reason, "
                               "who gave it and when. GG2017 gives a single warning, then disqualification.")
    def get(self, request, event_id, player_id):
        player = get_object_or_404(Player, pk=player_id, event=self.event())
        return Response(WarningSerializer(services.player_warnings(player), many=True).data)

    @extend_schema(request=WarningInputSerializer, responses={201: WarningSerializer(many=True)},
                   summary="Warn a player",
                   description="Organizers of the event only: records a warning with its reason in the audit "
                               "trail and answers every warning the player has had (201). A second one is the cue "
                               "to disqualify (`POST .../disqualify/`), which stays the organizer's act.")
    def post(self, request, event_id, player_id):
        """Warn the player, with the reason, in the audit trail; answers every warning they have had (a
        second one is the organizer's cue to disqualify: `POST .../disqualify/`)."""
        player = get_object_or_404(Player, pk=player_id, event=self.event())
        body = WarningInputSerializer(data=request.data if isinstance(request.data, dict) else {})
        body.is_valid(raise_exception=True)
        warnings = services.player_warn(player=player, by=request.user, reason=body.validated_data["reason"])
        return Response(WarningSerializer(warnings, many=True).data, status=status.HTTP_201_CREATED)


class AdjustmentInputSerializer(serializers.Serializer):
    tp = serializers.IntegerField(min_value=TP_ADJUSTMENT_RANGE[0], max_value=TP_ADJUSTMENT_RANGE[1],
                                  help_text="Positive: a bonus; negative: a penalty; not 0.")
    reason = serializers.CharField(max_length=WARNING_REASON_LENGTH)


class AdjustmentSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round_number", allow_null=True,
                                     help_text="Counted in the standings after this round (null: from the start).")

    class Meta:
        model = TPAdjustment
        fields = ["id", "tp", "reason", "round", "by", "at"]


class PlayerAdjustments(EventScoped):
    """A player's bonus and penalty Tournament Points (organizers only; the player sees theirs on their
    page, and the standings mark a total that includes them)."""

    permission_classes = [IsOrganizer]

    @extend_schema(responses=AdjustmentSerializer(many=True),
                   summary="List a player's bonus and penalty Tournament Points",
                   description="Organizers of the event only: the player's Tournament Points adjustments, each "
                               "with its reason and the round after which it counts. The player sees theirs on "
                               "their private page; standings rows carry the total in `tp_adjusted`.")
    def get(self, request, event_id, player_id):
        player = get_object_or_404(Player, pk=player_id, event=self.event())
        return Response(AdjustmentSerializer(player.adjustments.all(), many=True).data)

    @extend_schema(request=AdjustmentInputSerializer, responses={201: AdjustmentSerializer},
                   summary="Give a player bonus or penalty Tournament Points",
                   description="Organizers of the event only: `tp` Tournament Points with a reason (positive a "
                               "bonus, negative a penalty, never 0), counted in the standings from the latest "
                               "round on and recorded in the audit trail. Answers 201 with the adjustment.")
    def post(self, request, event_id, player_id):
        player = get_object_or_404(Player, pk=player_id, event=self.event())
        body = AdjustmentInputSerializer(data=request.data if isinstance(request.data, dict) else {})
        body.is_valid(raise_exception=True)
        adjustment = services.tp_adjust(player=player, by=request.user, **body.validated_data)
        return Response(AdjustmentSerializer(adjustment).data, status=status.HTTP_201_CREATED)


class AdjustmentDetail(EventScoped):
    permission_classes = [IsOrganizer]

    @extend_schema(responses={204: None}, summary="Take back a Tournament Points adjustment",
                   description="Organizers of the event only: removes a bonus or penalty given by mistake "
                               "(204); recorded in the audit trail.")
    def delete(self, request, event_id, player_id, adjustment_id):
        """Take back a bonus or penalty given by mistake."""
        adjustment = get_object_or_404(TPAdjustment, pk=adjustment_id, event=self.event(), player_id=player_id)
        services.tp_adjustment_remove(adjustment=adjustment, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


@public_cache("event", "event_id")
class PlayerDetail(EventScoped):
    @extend_schema(responses=PlayerSerializer, summary="Show a player's entry",
                   description="Public: one entry of the event; its organizers also get the player's private key, "
                               "private link and email.")
    def get(self, request, event_id, player_id):
        event = self.event()
        return Response(players_out(request, event, get_object_or_404(Player, pk=player_id, event=event)))

    @extend_schema(responses={204: None, 409: conflicts("player_has_games", "player_in_draft", "event_finished")},
                   summary="Remove a player registered by mistake",
                   description="Organizers of the event only: deletes the entry (204). A player who already has a "
                               "game answers 409 (drop them instead), as does one seated in a draft round until "
                               "the draft is discarded.")
    def delete(self, request, event_id, player_id):
        """Remove a registration made by mistake (409 once the player has a game: drop them instead)."""
        services.player_remove(player=get_object_or_404(Player, pk=player_id, event=self.event()), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=PlayerSerializer, responses=PlayerSerializer, summary="Correct a player's entry",
                   description="Organizers of the event only: corrects the name, faction, club, email, Ringer (one "
                               "per event) or pinned table. `status` (drop/, reinstate/, disqualify/) and `person` "
                               "(a merge of two people) are refused here with 400.")
    def patch(self, request, event_id, player_id):
        """Correct a player's entry: name, faction, club, email, Ringer (one per event), pinned table."""
        event = self.event()
        player = get_object_or_404(Player, pk=player_id, event=event)
        if isinstance(request.data, dict) and "status" in request.data:  # it used to be ignored silently
            raise ValidationError({"status": ErrorDetail(
                "A player's status changes through drop/, reinstate/ and disqualify/.", code="read_only")})
        if isinstance(request.data, dict) and "person" in request.data:
            raise ValidationError({"person": ErrorDetail(
                "An entry's person changes by merging two people (/api/people/{id}/merge/), which is recorded "
                "and can be undone.", code="read_only")})
        data = PlayerSerializer(player, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        changes = {k: v for k, v in data.validated_data.items()
                   if k in ("name", "faction", "club", "email", "is_ringer", "pinned_table")}
        updated = services.player_update(player=player, by=request.user, **changes)
        return Response(players_out(request, event, updated, organizer=True))
