"""A signed-in person entering an event themselves (POST /api/events/{id}/register/): a sign-up with their
account, answered as the entry when a place is free, as the sign-up while it waits."""
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from gaininggrounds.api.openapi import conflicts
from signups.api import OwnSignUpSerializer, own
from signups.services import signup_request
from tournaments.fronts import EventScoped, PlayerSerializer, players_out
from tournaments.models import Event


class RegistrationSerializer(serializers.Serializer):
    """A signed-in person entering an event themselves; the name defaults to their username."""

    name = serializers.CharField(max_length=100, required=False, allow_blank=True)
    faction = serializers.CharField(max_length=40)
    club = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")



class EventRegistration(EventScoped):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=RegistrationSerializer, responses={
                       201: PlayerSerializer, 202: OwnSignUpSerializer,
                       409: conflicts("registration_closed", "deadline_passed", "event_cancelled", "event_started",
                                      "event_finished", "already_registered", "already_waitlisted",
                                      "email_unverified")},
                   summary="Register yourself for an event",
                   description="Any signed-in user, while the organizer keeps registration open, before the "
                               "deadline and the first round: signs up with their account (the name defaults to "
                               "their username; the same as POST .../sign-ups/). 201 with the entry when a place "
                               "is free (the account then acts as the player: reporting, confirming); 202 with "
                               "the waitlist position once the event is full. 409 `registration_closed`, "
                               "`deadline_passed`, `event_cancelled`, `event_started` or `event_finished` "
                               "otherwise; `email_unverified` until the account's address is confirmed from the "
                               "link mailed to it.")
    def post(self, request, event_id):
        """A signed-in person signs up with their account (signups.services: the cap and the waitlist)."""
        event = get_object_or_404(Event, pk=event_id)
        data = RegistrationSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        name = data.validated_data.get("name") or request.user.get_username()[:100]
        signup = signup_request(event=event, user=request.user, name=name, faction=data.validated_data["faction"],
                                club=data.validated_data["club"], language=request.LANGUAGE_CODE)
        if signup.player is None:
            return Response(own(request, signup), status=status.HTTP_202_ACCEPTED)
        return Response(players_out(request, event, signup.player), status=status.HTTP_201_CREATED)
