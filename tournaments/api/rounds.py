"""/api/events/{id}/rounds/: pairing the next round (at once or as a job), a round, swaps, deletion."""
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from gaininggrounds.api.openapi import conflicts
from gaininggrounds.http_cache import public_cache
from gaininggrounds.params import ID_MAX
from jobs.models import Job
from scoring.deck import Card
from scoring.formats import get_format
from tournaments import selectors, services
from tournaments.access import is_organizer
from tournaments.api.files import JobSerializer
from tournaments.api.formats import MissionSerializer, mission_named
from tournaments.api.games import GameSerializer
from tournaments.fronts import EventScoped
from tournaments.models import CUT_STAGE, SWISS_STAGE, Round
from tournaments.pairing import METHODS, SWISS


class RoundGameSerializer(GameSerializer):
    class Meta(GameSerializer.Meta):
        fields = ["id", "table", "player_a", "player_b", "bye", "flags", "mission", "status", "result", "versions"]


class RoundSerializer(serializers.ModelSerializer):
    """A round: `strategy`, `deployment` and `scheme_pool` as keys, `mission` with names (empty and null
    when each table has its own: see the games), the Fate cards flipped for it (`cards`, in order; with their
    `table` when flipped for one), the organizer's `report`, and the games by table."""

    games = RoundGameSerializer(many=True, read_only=True)
    mission = serializers.SerializerMethodField()
    cards = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = ["number", "stage", "published", "published_at", "strategy", "deployment", "scheme_pool", "mission",
                  "cards", "report", "seed", "created_at", "games"]

    published = serializers.SerializerMethodField(help_text="False: a draft, seen by organizers only.")
    stage = serializers.ChoiceField(choices=[SWISS_STAGE, CUT_STAGE], read_only=True, help_text="swiss, or cut: a "
                                    "round of the top cut, paired from the bracket (see /bracket/).")

    def get_published(self, rnd) -> bool:
        return not rnd.is_draft

    def get_mission(self, rnd) -> MissionSerializer(allow_null=True):
        """Null when each table has its own mission (see each game's `mission`)."""
        return mission_named(get_format(rnd.event.format), rnd.strategy, rnd.deployment, rnd.scheme_pool)

    def get_cards(self, rnd) -> list[dict]:
        return [{**flip, "name": Card(flip["card"]).name} for flip in rnd.flips]


class RoundInputSerializer(serializers.Serializer):
    seed = serializers.CharField(required=False, allow_blank=True, max_length=64)
    method = serializers.ChoiceField(choices=METHODS, default=SWISS, help_text="swiss, random or fold.")
    avoid_same_club = serializers.BooleanField(default=False, help_text="Round 1: keep clubmates apart.")
    strategy = serializers.CharField(required=False, allow_blank=True, max_length=60)
    deployment = serializers.CharField(required=False, allow_blank=True, max_length=60)
    scheme_pool = serializers.ListField(child=serializers.CharField(max_length=60), required=False, max_length=13)
    publish = serializers.BooleanField(default=True, help_text=(
        "False: a draft the organizers preview, swap seats in and publish (.../rounds/{n}/publish/) before "
        "players and the public see it."))


class SwapSerializer(serializers.Serializer):
    player_1 = serializers.IntegerField(min_value=1, max_value=ID_MAX)
    player_2 = serializers.IntegerField(min_value=1, max_value=ID_MAX)
    force = serializers.BooleanField(default=False)


@public_cache("event", "event_id")
class EventRounds(EventScoped):
    @extend_schema(responses=RoundSerializer(many=True), summary="List an event's rounds",
                   description="Public: the published rounds with their missions, the Fate cards flipped and the "
                               "games by table; the event's organizers also see a draft (`\"published\": false`).")
    def get(self, request, event_id):
        """Published rounds; organizers also see a draft (`"published": false`)."""
        event = self.event()
        rounds = selectors.rounds_with_games(event, drafts=is_organizer(request.user, event))
        return Response(RoundSerializer(rounds, many=True).data)

    @extend_schema(request=RoundInputSerializer, responses={
                       201: RoundSerializer, 202: JobSerializer,
                       409: conflicts("event_finished", "round_not_published", "rounds_complete", "results_missing",
                                      "not_enough_players", "no_legal_pairing", "no_bye_candidate", "jobs_busy")},
                   summary="Pair the next round",
                   description="Organizers of the event only: pairs the next round (Swiss, random or fold) and "
                               "answers it (201); for a large field, a job to follow instead (202, its address in "
                               "Location). With `\"publish\": false` the round is a draft that players and the "
                               "public see only once it is published.")
    def post(self, request, event_id):
        """The next round, made now (201); for a large field a job to follow instead (202)."""
        event = self.event()
        data = RoundInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        made = services.round_request(event=event, by=request.user, **data.validated_data)
        if isinstance(made, Job):
            made.refresh_from_db()
            body = JobSerializer(made, context={"request": request}).data
            return Response(body, status=status.HTTP_202_ACCEPTED,
                            headers={"Location": request.build_absolute_uri(reverse("api:job-detail", args=[made.pk]))})
        return Response(RoundSerializer(selectors.round_with_games(event, made.number, drafts=True),
                                          context={"sees_versions": True}).data, status=status.HTTP_201_CREATED)


@public_cache("event", "event_id")
class RoundDetail(EventScoped):
    @extend_schema(responses=RoundSerializer, summary="Show a round and its pairings",
                   description="Public once published: the round's mission, the Fate cards flipped, the "
                               "organizer's report and the games by table. A draft is the event's organizers' alone "
                               "(404 for anyone else); they also see the players' pending versions of results.")
    def get(self, request, event_id, number):
        event = self.event()
        organizer = is_organizer(request.user, event)
        rnd = selectors.round_with_games(event, number, drafts=organizer)
        if rnd is None:
            raise NotFound(f"This event has no round {number}.")
        return Response(RoundSerializer(rnd, context={"sees_versions": organizer}).data)

    @extend_schema(responses={204: None}, summary="Remove the latest round",
                   description="Organizers of the event only: removes the latest round, a draft or a published "
                               "round with no reported result, to pair it again; its cards go back on the deck "
                               "(204). An earlier round, or one with results, answers 409.")
    def delete(self, request, event_id, number):
        event = self.event()
        if not event.round_set.filter(number=number).exists():
            raise NotFound(f"This event has no round {number}.")
        services.round_delete(event=event, number=number, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundSwap(EventScoped):
    @extend_schema(request=SwapSerializer, responses=RoundSerializer, summary="Swap two players' seats",
                   description="Organizers of the event only: exchanges two players' seats in a round with no "
                               "result yet, and answers the round. A swap that breaks a pairing rule (a rematch "
                               "within the window, a second bye) needs `\"force\": true`.")
    def post(self, request, event_id, number):
        """Exchange two players' seats before any result; a rule-breaking swap needs "force": true."""
        event = self.event()
        data = SwapSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.round_swap(event=event, number=number, by=request.user, **data.validated_data)
        return Response(RoundSerializer(selectors.round_with_games(event, number, drafts=True),
                                          context={"sees_versions": True}).data)


class RoundPublish(EventScoped):
    @extend_schema(request=None, responses=RoundSerializer, summary="Publish a draft round",
                   description="Organizers of the event only: publishes a round paired with `\"publish\": false`: "
                               "players see their tables, the bye's award counts, the mail goes. 409 "
                               "`round_published` if it already is, `players_gone` if a seated player no longer "
                               "plays.")
    def post(self, request, event_id, number):
        """Publish a draft round (paired with "publish": false): players see their tables, the bye's award
        counts, the mail goes. 409 `round_published` if it already is, `players_gone` if a seated player no
        longer plays."""
        event = self.event()
        services.round_publish(event=event, number=number, by=request.user)
        return Response(RoundSerializer(selectors.round_with_games(event, number),
                                          context={"sees_versions": True}).data)
