"""/api/people/links/: entries an organizer said are an account holder's, waiting for the holder's word
(`people.links`). Only the signed-in holder sees and answers their own."""
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.openapi import PerAction, conflicts, refused
from people import links
from people.models import PendingLink


class PendingLinkSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    entry = serializers.IntegerField(source="entry_id", help_text="The entry (player) said to be yours.")
    name = serializers.CharField(source="entry.name", help_text="The name it was entered under.")
    faction = serializers.CharField(source="entry.faction")
    event = serializers.IntegerField(source="entry.event_id")
    event_name = serializers.CharField(source="entry.event.name")
    date = serializers.DateField(source="entry.event.date")
    asked_by = serializers.CharField(help_text="Who said it is you.")
    at = serializers.DateTimeField()


class LinkAnswerSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    confirmed = serializers.BooleanField()
    person = serializers.IntegerField(help_text="Your person: confirmed, the entry is now on this profile.")


def _holder(request):
    if not request.user.is_authenticated:
        raise NotAuthenticated()
    return request.user


class PendingLinks(APIView):
    permission_classes = [IsAuthenticated]  # an account's own question: a player's key is no account
    @extend_schema(responses=PendingLinkSerializer(many=True), summary="List entries waiting for your word",
                   description="Signed in: the entries organizers said are yours (registered as your person, or "
                               "merged into it). None counts on your profile or rating until you confirm it.")
    def get(self, request):
        return Response(PendingLinkSerializer(links.links_awaiting(_holder(request)), many=True).data)


class LinkAnswer(APIView):
    """Confirm (the entry joins your record) or decline (it stays someone else's)."""

    action = "confirm"
    permission_classes = [IsAuthenticated]
    schema = PerAction()
    OPERATIONS = {
        "confirm": ("Confirm an entry is yours", "Signed in as the account holder asked: the entry joins your "
                    "profile and rating. 404 for a link that is not yours (or already answered); 409 "
                    "`played_together` when you already have an entry in that event."),
        "decline": ("Decline an entry said to be yours", "Signed in as the account holder asked: the entry stays "
                    "a person of its own, off your profile and rating. 404 for a link that is not yours (or "
                    "already answered)."),
    }

    @extend_schema(request=None, responses={
        200: LinkAnswerSerializer, 404: refused(404, "No link of yours with this id (or it was answered already)."),
        409: conflicts("played_together", "link_answered", "ringer")})
    def post(self, request, link_id):
        user = _holder(request)
        link = get_object_or_404(PendingLink, pk=link_id, person__user=user)
        record = links.link_answer(link=link, user=user, confirm=self.action == "confirm")
        return Response(LinkAnswerSerializer({"entry": link.entry_id, "confirmed": self.action == "confirm",
                                              "person": record.person_id}).data)
