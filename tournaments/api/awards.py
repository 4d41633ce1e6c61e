"""/api/events/{id}/awards/ and /votes/: best painted and best sportsmanship, chosen by the organizers (who
read the votes) or voted by the players, each with their own ballot (the console's awards form and the
private page's ballot, through the same services)."""
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotAuthenticated, PermissionDenied, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.openapi import conflicts, refused
from gaininggrounds.params import ID_MAX
from tournaments import services
from tournaments.fronts import EventScoped, IsOrganizer, acting_player
from tournaments.models import CHOSEN_AWARDS, Event


def choice_field(help_text: str):
    return serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=ID_MAX,
                                    help_text=help_text)


class AwardChoicesSerializer(serializers.Serializer):
    """One entry per award to change; an award not sent is left as it is."""

    best_painted = choice_field("The player's entry id; null: no choice (the players' votes decide, if they vote).")
    best_sportsmanship = choice_field("As best_painted.")

    def validate(self, data):
        unknown = sorted(set(self.initial_data) - set(CHOSEN_AWARDS))
        if unknown:
            raise ValidationError({key: ["No such award."] for key in unknown})
        if not data:
            raise ValidationError("Name at least one award: " + ", ".join(CHOSEN_AWARDS) + ".")
        return data


def choices_from(request) -> dict:
    data = AwardChoicesSerializer(data=request.data if isinstance(request.data, dict) else {})
    data.is_valid(raise_exception=True)
    return dict(data.validated_data)


class VoteSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="The entry voted for.")
    name = serializers.CharField()
    votes = serializers.IntegerField()


class AwardChosenSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=CHOSEN_AWARDS)
    chosen = serializers.IntegerField(allow_null=True, help_text="The entry the organizers chose; null: none.")
    votes = VoteSerializer(many=True, help_text="The players' votes so far, most first (secret to anyone else).")


def tallies_out(event: Event) -> list[dict]:
    return [{"kind": kind, "chosen": tally["chosen"],
             "votes": [{"player": pk, "name": name, "votes": n} for pk, name, n in tally["votes"]]}
            for kind, tally in services.award_tallies(event).items()]


class EventAwards(EventScoped):
    permission_classes = [IsOrganizer]

    @extend_schema(responses=AwardChosenSerializer(many=True), summary="Read the awards chosen and the votes",
                   description="Organizers of the event only: for best painted and best sportsmanship, the player "
                               "chosen (if any) and the players' votes counted so far, most first (whom a player "
                               "voted for stays secret to anyone else).")
    def get(self, request, event_id):
        return Response(tallies_out(self.event()))

    @extend_schema(request=AwardChoicesSerializer, responses=AwardChosenSerializer(many=True),
                   summary="Choose the awards' winners",
                   description="Organizers of the event only: names best painted and/or best sportsmanship (null: "
                               "no choice, so the players' votes decide where they vote); only the awards sent "
                               "change, all in one step, recorded in the audit trail. A player of another event, "
                               "the Ringer or one who did not play answers 400. Answers the awards.")
    def put(self, request, event_id):
        event = self.event()
        services.awards_choose(event=event, choices=choices_from(request), by=request.user)
        return Response(tallies_out(event))


class CandidateSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class BallotSerializer(serializers.Serializer):
    open = serializers.BooleanField(help_text="Whether the players vote now: votes on, from round 1 until the "
                                    "event is finished.")
    may_vote = serializers.BooleanField(help_text="False for the Ringer and a disqualified player.")
    votes = serializers.DictField(child=serializers.IntegerField(allow_null=True), help_text=(
        "Award -> the entry this player voted for (null: no vote)."))
    candidates = CandidateSerializer(many=True, help_text="Whom this player may vote for (empty while closed).")


NOT_A_VOTER = refused(403, "Signed in or sending a key, but not a player of this event.")


class PlayerBallot(APIView):
    """A player's own ballot, by private key (`Authorization: Key <key>`) or linked account."""

    permission_classes = [AllowAny]  # who may vote is the event's business, checked below

    def voter(self, request, event_id):
        event = get_object_or_404(Event, pk=event_id)
        player = acting_player(request, event)
        if player is None:
            if not (request.auth or request.user.is_authenticated):
                raise NotAuthenticated("Send your private key: Authorization: Key <key>.")
            raise PermissionDenied("Only a player of this event has a ballot.")
        return event, player

    @staticmethod
    def ballot(event: Event, player) -> dict:
        event.refresh_from_db()
        player.refresh_from_db()
        open_now, may = services.voting_open(event), services.may_vote(player)
        candidates = services.award_candidates(event, player) if open_now and may else []
        return {"open": open_now, "may_vote": may, "votes": services.award_ballot(event, player),
                "candidates": [{"id": p.pk, "name": p.name} for p in candidates]}

    @extend_schema(responses={200: BallotSerializer, 403: NOT_A_VOTER}, summary="Read my awards ballot",
                   description="A player of the event, by private key or linked account: whether the players vote "
                               "now, their own votes for best painted and best sportsmanship, and whom they may "
                               "vote for (not themselves, the Ringer, or who did not play).")
    def get(self, request, event_id):
        return Response(self.ballot(*self.voter(request, event_id)))

    @extend_schema(request=AwardChoicesSerializer, responses={200: BallotSerializer, 403: NOT_A_VOTER, 409: conflicts(
                       "votes_off", "votes_closed", "may_not_vote")},
                   summary="Vote for the awards",
                   description="A player of the event, by private key or linked account: votes for best painted "
                               "and/or best sportsmanship (null: the vote withdrawn); only the awards sent change, "
                               "all in one step. One vote each, not for oneself; counted when the event ends. 409 "
                               "`votes_off` when the organizers name the awards, `votes_closed` before round 1 or "
                               "once finished, `may_not_vote` for the Ringer and a disqualified player. Answers "
                               "the ballot.")
    def put(self, request, event_id):
        event, player = self.voter(request, event_id)
        services.awards_vote(player=player, choices=choices_from(request))
        return Response(self.ballot(event, player))
