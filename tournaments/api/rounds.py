"""/api/events/{id}/rounds/: pairing the next round (at once or as a job), a round, swaps, deletion."""
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response

from gaininggrounds.api.openapi import conflicts, refused
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
from tournaments.models import CUT_STAGE, SWISS_STAGE, Player, Round
from tournaments.pairing import METHODS, SWISS
from tournaments.pairing.tables import TABLE_NUMBER_MAX
from tournaments.services.rounds import BYE_SEAT, PAIRED_AGAIN, REMATCH_AVOIDED, RINGER_SEAT, seating
from tournaments.web.presenters import clock_context


class RoundGameSerializer(GameSerializer):
    class Meta(GameSerializer.Meta):
        fields = ["id", "table", "player_a", "player_b", "bye", "flags", "mission", "status", "result", "versions"]


class ClockSerializer(serializers.Serializer):
    """The round clock as every page shows it."""

    left = serializers.IntegerField(allow_null=True, help_text="Seconds left now (negative: over time); null "
                                    "before it starts, after a reset, and once the event is finished.")
    running = serializers.BooleanField(help_text="Whether it is counting down (false: not started, or paused).")
    ends = serializers.IntegerField(allow_null=True, help_text="While it runs, when it reaches zero (epoch "
                                    "seconds), so an answer read later still counts right; null otherwise.")
    last_turn_call = serializers.IntegerField(allow_null=True, help_text="Seconds left when the last turn is "
                                              "called (M4E); null where the clock only warns.")


def clock_of(rnd) -> dict:
    shown = clock_context(rnd)  # the one reading the pages use
    return {"left": shown["clock_left"], "running": shown["clock_running"], "ends": shown["clock_ends"],
            "last_turn_call": shown["last_turn_call"]}


class RoundSerializer(serializers.ModelSerializer):
    """A round: `strategy`, `deployment` and `scheme_pool` as keys, `mission` with names (empty and null
    when each table has its own: see the games), the Fate cards flipped for it (`cards`, in order; with their
    `table` when flipped for one), the organizer's `report`, the `clock`, and the games by table."""

    games = RoundGameSerializer(many=True, read_only=True)
    mission = serializers.SerializerMethodField()
    cards = serializers.SerializerMethodField()
    clock = serializers.SerializerMethodField()
    seating = serializers.SerializerMethodField(help_text=(
        "A draft, for its organizers: a fingerprint of who sits where. Send it back to publish/ to publish the "
        "draft as seen (409 `draft_changed` when another organizer swapped seats or paired it again meanwhile). "
        "Null on a published round and for anyone else."))

    class Meta:
        model = Round
        fields = ["number", "stage", "published", "published_at", "strategy", "deployment", "scheme_pool", "mission",
                  "cards", "report", "seed", "created_at", "clock", "seating", "games"]

    def get_clock(self, rnd) -> ClockSerializer:
        return clock_of(rnd)

    def get_seating(self, rnd) -> str | None:
        if not rnd.is_draft or not (self.context.get("organizer") or self.context.get("sees_versions")):
            return None
        return seating(rnd.games.all())

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
    unavailable_tables = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=TABLE_NUMBER_MAX), required=False, max_length=1000,
        help_text="The tables not to seat anyone at, saved as the event's setting with this pairing (as the "
                  "console's pair form does); not sent: the event's setting as it is.")
    fresh_tables = serializers.BooleanField(required=False, help_text=(
        "Keep players off tables they played on, saved as the event's setting with this pairing; not sent: the "
        "event's setting as it is."))

    def validate_unavailable_tables(self, tables):
        return sorted(set(tables))


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
        organizer = is_organizer(request.user, event)
        rounds = selectors.rounds_with_games(event, drafts=organizer)
        return Response(RoundSerializer(rounds, many=True, context={"organizer": organizer}).data)

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


class PublishSerializer(serializers.Serializer):
    seating = serializers.CharField(required=False, max_length=64, help_text=(
        "The draft's `seating` as you saw it (from the round's answer): the draft is published only if nobody "
        "changed it since (409 `draft_changed`). Not sent: published as it stands."))


class RoundPublish(EventScoped):
    @extend_schema(request=PublishSerializer, responses={200: RoundSerializer, 409: conflicts(
                       "round_published", "draft_changed", "players_gone", "event_finished")},
                   summary="Publish a draft round",
                   description="Organizers of the event only: publishes a round paired with `\"publish\": false`: "
                               "players see their tables, the bye's award counts, the mail goes. 409 "
                               "`round_published` if it already is, `players_gone` if a seated player no longer "
                               "plays, `draft_changed` if the `seating` sent is not the draft's any more (another "
                               "organizer swapped seats or paired it again since you read it).")
    def post(self, request, event_id, number):
        """Publish a draft round (paired with "publish": false), as seen when `seating` is sent."""
        event = self.event()
        data = PublishSerializer(data=request.data if isinstance(request.data, dict) else {})
        data.is_valid(raise_exception=True)
        services.round_publish(event=event, number=number, by=request.user, seen=data.validated_data.get("seating"))
        return Response(RoundSerializer(selectors.round_with_games(event, number),
                                          context={"sees_versions": True}).data)


NO_SUCH_ROUND = refused(404, "No such event, or no such round of it.")


class ClockInputSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=services.CLOCK_ACTIONS, help_text=(
        "start (or resume after a pause), pause, or reset (stopped, the time left forgotten)."))


class RoundClock(EventScoped):
    @extend_schema(request=ClockInputSerializer, responses={200: ClockSerializer, 404: NO_SUCH_ROUND, 409: conflicts(
                       "round_not_published")},
                   summary="Start, pause or reset a round's clock",
                   description="Organizers of the event only: `start` runs the round clock from the event's round "
                               "length (or resumes it), `pause` stops it with the time left kept, `reset` forgets "
                               "it; every page showing the round follows, and its announcements are queued. "
                               "Answers the clock. A draft has no clock yet (409 `round_not_published`).")
    def post(self, request, event_id, number):
        event = self.event()
        rnd = event.round_set.select_related("event").filter(number=number).first()
        if rnd is None:
            raise NotFound(f"This event has no round {number}.")
        data = ClockInputSerializer(data=request.data if isinstance(request.data, dict) else {})
        data.is_valid(raise_exception=True)
        rnd = services.round_clock(rnd=rnd, action=data.validated_data["action"])
        return Response(clock_of(rnd))


class LateInputSerializer(serializers.Serializer):
    player = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="The late player's entry id.")


class SeatedLateSerializer(serializers.Serializer):
    how = serializers.ChoiceField(choices=[BYE_SEAT, RINGER_SEAT, PAIRED_AGAIN, REMATCH_AVOIDED], help_text=(
        "bye: against the player who had the bye; ringer: in the Ringer's seat; paired_again: the draft was "
        "paired again with everyone checked in; rematch_avoided: the free seat would have been a rematch inside "
        "the window, so the draft was paired again instead."))
    round = RoundSerializer()


class RoundLate(EventScoped):
    @extend_schema(request=LateInputSerializer, responses={200: SeatedLateSerializer, 404: NO_SUCH_ROUND,
                                                           409: conflicts(
                       "round_published", "player_not_expected", "team_lineup_seats", "cut_seats_seeds",
                       "ringer_not_needed", "already_seated", "not_enough_players", "no_legal_pairing",
                       "no_bye_candidate", "event_finished")},
                   summary="Seat a late player in a draft round",
                   description="Organizers of the event only: a player checked in after the draft was paired "
                               "joins it before it is published: against the player who had the bye, or in the "
                               "Ringer's seat; where neither fits (or it would be a rematch inside the window), the "
                               "draft is paired again with everyone checked in. Answers `how` and the draft.")
    def post(self, request, event_id, number):
        event = self.event()
        if not event.round_set.filter(number=number).exists():
            raise NotFound(f"This event has no round {number}.")
        data = LateInputSerializer(data=request.data if isinstance(request.data, dict) else {})
        data.is_valid(raise_exception=True)
        player = Player.objects.filter(pk=data.validated_data["player"], event=event).first()
        if player is None:
            raise ValidationError({"player": ["No such player in this event."]})
        rnd, how = services.round_seat_late(event=event, number=number, player=player, by=request.user)
        answer = selectors.round_with_games(event, rnd.number, drafts=True)
        return Response({"how": how, "round": RoundSerializer(answer, context={"sees_versions": True}).data})
