"""What a sign-up's holder and the event's organizers do with one sign-up through the API, as the pages
do: the holder's crew list by the sign-up's key, a player withdrawing by their private key (as from their
private page), and the organizer withdrawing a sign-up (as from the console's sign-ups page)."""
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.openapi import conflicts, refused
from signups import services
from signups.api import OwnSignUpSerializer, SignUpSerializer, own, signup_by_key
from signups.models import SignUp
from tournaments.fronts import EventScoped, IsOrganizer, acting_player
from tournaments.models import Event


class CrewListInputSerializer(serializers.Serializer):
    crew_list = serializers.CharField(allow_blank=True, trim_whitespace=False,
                                      help_text="Text or a crew builder's link; empty takes the list back.")


class SignUpCrewList(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=CrewListInputSerializer, responses={
        200: OwnSignUpSerializer, 404: refused(404, "No sign-up has this key."),
        409: conflicts("lists_closed", "already_withdrawn", "event_started")},
        summary="Send or change your crew list",
        description="Whoever holds the sign-up's key, while the event asks for crew lists: until the date they "
                    "are due by (in the event's time zone) and round 1. Answers the sign-up as GET shows it. "
                    "400 `lists_not_asked` where the event asks for none, `list_too_long` or "
                    "`hidden_characters` for a list refused as typed; 409 `lists_closed` past its due date, "
                    "`already_withdrawn`, `event_started`.")
    def put(self, request, key):
        signup = signup_by_key(request, key)
        data = CrewListInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(own(request, services.crew_list_set(signup=signup,
                                                            crew_list=data.validated_data["crew_list"])))


class PlayerWithdraw(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=None, responses={
        200: OwnSignUpSerializer, 403: refused(403, "Only a player of this event withdraws from it this way."),
        404: refused(404, "No such event."),
        409: conflicts("already_withdrawn", "event_started", "event_finished")},
        summary="Withdraw from an event as its player",
        description="A player of the event, by their private key (`Authorization: Key <key>`) or their linked "
                    "account, before round 1, as from their private page: their entry is removed and its place "
                    "goes to the first on the waitlist. Answers their sign-up, withdrawn (an entry the organizer "
                    "made gets one). 409 `event_started` once round 1 is paired: the organizer drops players "
                    "then.")
    def post(self, request, event_id):
        event = get_object_or_404(Event, pk=event_id)
        player = acting_player(request, event)
        if player is None:
            if not (request.auth or request.user.is_authenticated):
                raise NotAuthenticated("Send your private key: Authorization: Key <key>.")
            raise PermissionDenied("Only a player of this event withdraws from it this way.")
        return Response(own(request, services.player_withdraw(player=player)))


class SignUpWithdrawByOrganizer(EventScoped):
    permission_classes = [IsOrganizer]

    @extend_schema(request=None, responses={200: SignUpSerializer,
                                            409: conflicts("already_withdrawn", "event_started", "event_finished")},
                   summary="Withdraw a sign-up for its holder",
                   description="Organizers of the event only, before round 1: an unconfirmed, waitlisted or "
                               "registered sign-up is withdrawn (a registered player's entry is removed and its "
                               "place goes to the waitlist), recorded in the audit trail, and its holder is "
                               "mailed. 409 `already_withdrawn`; `event_started` for a registered player once "
                               "round 1 is paired (drop them instead).")
    def post(self, request, event_id, signup_id):
        signup = get_object_or_404(SignUp, pk=signup_id, event=self.event())
        return Response(SignUpSerializer(services.signup_withdraw(signup=signup, by=request.user)).data)
