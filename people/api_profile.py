"""/api/people/me/: the signed-in account's own profile, as *My profile* shows and saves it."""
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.openapi import refused
from people import services as people
from people.models import Person


class MyProfileSerializer(serializers.Serializer):
    person = serializers.IntegerField(read_only=True, allow_null=True,
                                      help_text="The profile's person id; null until the profile is first saved.")
    name = serializers.CharField(max_length=100)
    club = serializers.CharField(max_length=100, allow_blank=True, required=False, default="")
    country = serializers.CharField(max_length=2, allow_blank=True, required=False, default="",
                                    help_text="An ISO 3166 country code (GB), or empty.")
    hidden = serializers.BooleanField(required=False, default=False,
                                      help_text="Kept private: shown by name only, without events, games or rating, "
                                                "and off the leaderboards (event results stay public).")


def _shown(user) -> dict:
    person = Person.objects.filter(user=user).first()
    if person is None:  # as the page offers it before the first save
        return {"person": None, "name": (user.get_full_name() or user.get_username())[:100], "club": "",
                "country": "", "hidden": False}
    return {"person": person.pk, "name": person.name, "club": person.club, "country": str(person.country),
            "hidden": person.hidden}


class MyProfile(APIView):
    NO_ACCOUNT = refused(403, "A private link's key is no account: only a signed-in account has a profile.")

    def _account(self, request):
        if request.auth is not None and not request.user.is_authenticated:
            raise PermissionDenied("A private link's key is no account: only a signed-in account has a profile.")
        if not request.user.is_authenticated:
            raise NotAuthenticated()

    @extend_schema(responses={200: MyProfileSerializer, 403: NO_ACCOUNT}, summary="Show my profile",
                   description="A signed-in account: the name, club and country its profile shows, and whether it "
                               "is kept private (`person` null until first saved).")
    def get(self, request):
        self._account(request)
        return Response(MyProfileSerializer(_shown(request.user)).data)

    @extend_schema(request=MyProfileSerializer(partial=True), responses={200: MyProfileSerializer, 403: NO_ACCOUNT},
                   summary="Change my profile",
                   description="A signed-in account, as *My profile* saves it: the fields sent change (the others "
                               "stay), checked as an entry's name and club are; the first save makes the profile. "
                               "All or nothing: a refused field changes nothing.")
    def patch(self, request):
        self._account(request)
        data = MyProfileSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        now = {**_shown(request.user), **data.validated_data}
        people.profile_save(request.user, name=now["name"], club=now["club"], country=now["country"],
                            hidden=now["hidden"])
        return Response(MyProfileSerializer(_shown(request.user)).data)
