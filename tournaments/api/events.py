"""/api/events/: events, their settings, co-organizers and audit trail."""
from dataclasses import asdict

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import generics, serializers
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from audit.models import AuditRecord
from audit.selectors import records
from audit.services import ACTIONS
from gaininggrounds.api.openapi import PerAction
from gaininggrounds.http_cache import public_cache
from gaininggrounds.params import whole_number
from scoring.awards import ENCOUNTER_SIZE_RANGE, ROUND_MINUTES_RANGE, ROUNDS_RANGE
from scoring.missions import MISSION_SETTINGS
from scoring.problems import Invalid
from tournaments import selectors, services
from tournaments.access import is_organizer
from tournaments.api.formats import AwardSerializer, UnusualResultSerializer
from tournaments.bracket import CUT_SIZES, DRAW_RULES
from tournaments.fronts import EventScoped, IsOrganizer, IsOrganizerOrReadOnly
from tournaments.models import Event
from tournaments.pairing.tables import TABLE_NUMBER_MAX
from tournaments.services.events import refuse_format
from tournaments.standings import LATE_ON_ZERO, LATE_WITH_LOSSES, TIEBREAKS


class PlannedMissionSerializer(serializers.Serializer):
    strategy = serializers.CharField(max_length=60, required=False, allow_blank=True, default="")
    deployment = serializers.CharField(max_length=60, required=False, allow_blank=True, default="")


class EventSerializer(serializers.ModelSerializer):
    """An event and its announced rules; awards show the values in force (the format's unless varied)."""

    organizers = serializers.SlugRelatedField(slug_field="username", many=True, read_only=True)
    format = serializers.CharField(max_length=20, help_text=(
        "The season the event is run under: a shipped format's key (`GET /api/formats/`) or a season pack's "
        "version (`pack-<id>`, `GET /api/packs/`) published for everyone or by the organizer. Fixed once "
        "round 1 is paired; once players have registered, only another season of the same edition that has "
        "every registered player's faction (409 `settings_locked`, `format_factions`)."))
    rounds = serializers.IntegerField(min_value=ROUNDS_RANGE[0], max_value=ROUNDS_RANGE[1], required=False,
                                      allow_null=True)
    rematch_window = serializers.IntegerField(min_value=ROUNDS_RANGE[0], max_value=ROUNDS_RANGE[1], required=False,
                                              default=3)
    bye = AwardSerializer(required=False)
    concession = UnusualResultSerializer(required=False)
    forfeit = UnusualResultSerializer(required=False)
    tiebreaks = serializers.ListField(child=serializers.ChoiceField(choices=list(TIEBREAKS)), required=False,
                                      min_length=1, max_length=len(TIEBREAKS))
    scheme_chart = serializers.CharField(required=False, allow_blank=True, max_length=20)
    scheme_pools = serializers.DictField(child=serializers.ListField(child=serializers.CharField(max_length=60),
                                                                     max_length=13), required=False)
    deck_seed = serializers.CharField(required=False, max_length=64,
                                      help_text="Shuffles the event's Fate Deck; shown to organizers only.")
    encounter_size = serializers.IntegerField(min_value=ENCOUNTER_SIZE_RANGE[0], max_value=ENCOUNTER_SIZE_RANGE[1],
                                              required=False, help_text="Soulstones per crew (default 50).")
    round_minutes = serializers.IntegerField(
        min_value=ROUND_MINUTES_RANGE[0], max_value=ROUND_MINUTES_RANGE[1], required=False, allow_null=True,
        help_text="A round's length; null: the format's suggestion (round_length shows the one in force).")
    missions = serializers.ChoiceField(
        choices=MISSION_SETTINGS, required=False, help_text="How missions are set: per_round (every table the "
        "same), per_table (each table's own, drawn at pairing from the event's deck) or at_table (flipped at the "
        "table and reported with the result). Left out: the format's way (M4E per_table, others per_round).")
    missions_plan = serializers.DictField(
        child=PlannedMissionSerializer(), required=False, help_text="Each round's strategy and deployment "
        "announced before the event (keys by round number, \"1\", \"2\"...), public; the round is paired with "
        "them. Missions per round only.")
    dead_mans_hand = serializers.BooleanField(required=False, help_text="M3E: Dead Man's Hand models allowed.")
    conceder = serializers.ChoiceField(
        choices=list(Event.CONCEDER_RULES), required=False, help_text="What a concession does to the player who "
        "concedes: leaves (stands down, no further pairings, as in GG2017) or stays (paired on; GG Zero has no "
        "such rule); empty: the format's rule. conceder_leaves shows the rule in force.")
    conceder_leaves = serializers.SerializerMethodField(help_text="Whether a player who concedes a game leaves "
                                                        "the event, by the event's rule or else its format's.")
    player_votes = serializers.BooleanField(required=False, help_text="Players vote for best painted and best "
                                            "sportsmanship from their private pages; off: the organizer names them.")
    check_in_on_the_day = serializers.BooleanField(required=False, help_text="Players check in on the day: a new "
                                                   "registration is expected, not checked in, until the desk checks "
                                                   "it in. Switched on before round 1, everyone registered so far "
                                                   "is expected too (off: they are here).")
    late_arrivals = serializers.ChoiceField(
        choices=[LATE_ON_ZERO, LATE_WITH_LOSSES], required=False, help_text="A player who joins after round 1: "
        "start_on_zero (the default), or loss_per_missed_round (the forfeit loser's award for each round before "
        "their first game, in the standings and the pairing).")
    cut_size = serializers.ChoiceField(
        choices=[0, *CUT_SIZES], required=False, help_text="A top cut after the Swiss rounds: single elimination "
        "for the best 4, 8 or 16 of the Swiss standings still playing, seeded 1 v 8, 4 v 5...; 0 (the default): "
        "none. Fixed once the cut is paired.")
    cut_draws = serializers.ChoiceField(
        choices=list(DRAW_RULES), required=False, help_text="A drawn game of the cut: diff_then_vp (the player with "
        "the better Swiss Differential goes through, then more Swiss VP, then the better seed) or replay (a draw "
        "is refused: report the replay's score).")
    finished_at = serializers.DateTimeField(read_only=True, help_text="When the event was finished (its standings "
                                            "final); null while it runs.")
    round_length = serializers.IntegerField(read_only=True, help_text="The round length in force, in minutes.")
    unavailable_tables = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=TABLE_NUMBER_MAX),
                                               required=False, max_length=1000)

    class Meta:
        model = Event
        fields = ["id", "slug", "name", "date", "format", "rounds", "rematch_window", "bye", "concession",
                  "forfeit", "tiebreaks", "scheme_chart", "scheme_pools", "deck_seed", "fresh_tables",
                  "unavailable_tables", "self_reporting", "registration_open", "encounter_size", "round_minutes",
                  "round_length", "missions", "missions_plan", "dead_mans_hand", "conceder", "conceder_leaves",
                  "check_in_on_the_day", "player_votes", "late_arrivals", "cut_size", "cut_draws", "finished_at",
                  "organizers", "created_at"]
        read_only_fields = ["slug", "created_at"]

    def get_conceder_leaves(self, event) -> bool:
        return event.rules().conceder_leaves

    def validate_format(self, key):
        """The services' own rule (events.refuse_format), here too so a bad format is named beside the other
        fields' problems, not after them."""
        if self.instance is None or key != self.instance.format:
            try:
                refuse_format(key, getattr(self.context.get("request"), "user", None))
            except Invalid as refused:
                raise serializers.ValidationError(refused.problems[0].detail, code="unknown_format") from None
        return key

    def validate_scheme_pools(self, pools):
        if any(not whole_number(key, most=ROUNDS_RANGE[1]) for key in pools):
            raise serializers.ValidationError("Scheme pools are keyed by round number: \"1\", \"2\", ...")
        return {str(int(key)): pool for key, pool in pools.items()}

    def validate_missions_plan(self, plan):
        if any(not whole_number(key, most=ROUNDS_RANGE[1]) for key in plan):
            raise serializers.ValidationError("The missions plan is keyed by round number: \"1\", \"2\", ...")
        return {str(int(key)): dict(planned) for key, planned in plan.items()}

    def settings_from(self, data: dict, current_awards: dict | None = None) -> dict:
        """The service's keyword arguments: the three awards travel together as `awards`."""
        data = dict(data)
        varied = {k: data.pop(k) for k in ("bye", "concession", "forfeit") if k in data}
        if varied or current_awards is None:
            data["awards"] = {**(current_awards or {}), **varied}
        return data

    def to_representation(self, event):
        data = super().to_representation(event)
        rules = event.rules()
        data.update(bye=asdict(rules.bye), concession=asdict(rules.concession), forfeit=asdict(rules.forfeit),
                    scheme_chart=event.chart().key)
        request = self.context.get("request")
        if not (request and is_organizer(request.user, event)):
            data.pop("deck_seed")
            # A pool fixed in advance stays the organizers' until its round is paired (GG2017: players get
            # no fore-warning of the schemes).
            made = event.rounds_made if hasattr(event, "rounds_made") else selectors.latest_round_number(event)
            data["scheme_pools"] = {n: pool for n, pool in data["scheme_pools"].items() if int(n) <= (made or 0)}
        return data


class OrganizerSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class AuditRecordSerializer(serializers.ModelSerializer):
    """One change: `by` names a user or a player (through their link or account) as they were then."""

    action = serializers.ChoiceField(choices=sorted(ACTIONS.items()))
    round = serializers.IntegerField(source="round_number", allow_null=True)
    player = serializers.IntegerField(source="player_id", allow_null=True)
    other_player = serializers.IntegerField(source="other_player_id", allow_null=True)

    class Meta:
        model = AuditRecord
        fields = ["id", "at", "action", "by", "by_player", "round", "table", "player", "other_player", "before",
                  "after"]


@extend_schema_view(
    get=extend_schema(summary="List events", description=(
        "Public: every event, newest first and a page at a time, with its announced rules (the awards show the "
        "values in force: the format's unless varied). `deck_seed`, and scheme pools fixed for rounds not yet "
        "paired, go to the event's organizers only.")),
    post=extend_schema(summary="Create an event", description=(
        "Any signed-in user: creates an event with its format, rules and settings, and becomes its organizer. "
        "Answers 201 with the new event, its `id` and `slug`.")),
)
@public_cache(params=("page",))
class EventList(generics.ListCreateAPIView):
    """Events, newest first; any signed-in user may create one and becomes its organizer."""

    # The latest round made, for the pools shown (an aggregate drops the model's ordering: said again).
    queryset = (Event.objects.prefetch_related("organizers").annotate(rounds_made=selectors.ROUNDS_MADE)
                .order_by("-date", "name", "id"))
    serializer_class = EventSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def perform_create(self, serializer):
        serializer.instance = services.event_create(user=self.request.user,
                                                    **serializer.settings_from(serializer.validated_data))


@extend_schema_view(
    get=extend_schema(summary="Show an event and its rules", description=(
        "Public: the event, its announced rules with the awards in force, its organizers and when it was "
        "finished. `deck_seed`, and scheme pools fixed for rounds not yet paired, go to its organizers only.")),
    patch=extend_schema(summary="Change an event's settings", description=(
        "Organizers of the event only: changes any of the settings given and answers the event. Awards, scheme "
        "chart, format, deck and missions are fixed once round 1 is paired.")),
)
@public_cache("event", "event_id")
class EventDetail(generics.RetrieveUpdateAPIView):
    """GET an event; PATCH its settings (organizers)."""

    queryset = Event.objects.prefetch_related("organizers").annotate(rounds_made=selectors.ROUNDS_MADE)
    serializer_class = EventSerializer
    permission_classes = [IsOrganizerOrReadOnly]
    http_method_names = ["get", "patch", "head", "options"]
    lookup_url_kwarg = "event_id"

    def perform_update(self, serializer):
        event = serializer.instance
        serializer.instance = services.event_update(
            event=event, by=self.request.user,
            **serializer.settings_from(serializer.validated_data, current_awards=event.awards))


class EventOrganizers(EventScoped):
    @extend_schema(request=OrganizerSerializer, responses=EventSerializer, summary="Add a co-organizer",
                   description="Organizers of the event only: makes another user, by username, a co-organizer "
                               "with the same rights as the event's creator; recorded in the audit trail. Answers "
                               "the event.")
    def post(self, request, event_id):
        """Add a co-organizer by username; they get the same rights as the creator."""
        event = self.event()
        data = OrganizerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.organizer_add(event=event, username=data.validated_data["username"], by=request.user)
        event = Event.objects.prefetch_related("organizers").get(pk=event.pk)
        return Response(EventSerializer(event, context={"request": request}).data)


class FinishSerializer(serializers.Serializer):
    drop_cut = serializers.BooleanField(default=False, help_text=(
        "Finish an event whose top cut is not played to its final, leaving the cut (or what is left of it) "
        "unplayed; without it such a finish answers 409 `cut_unplayed`."))


class FinishSchema(PerAction):
    """Finishing takes its `drop_cut` flag; reopening takes no body."""

    def get_request_serializer(self):
        return FinishSerializer if self.view.action == "finish" else None


class EventFinish(EventScoped):
    """POST .../finish/ ends the event (every result in; the clock stops; the standings final, rounds and
    results refused with 409 event_finished); POST .../reopen/ opens it again. Both are in the audit trail."""

    action = None
    schema = FinishSchema()
    OPERATIONS = {
        "finish": ("Finish an event", "Organizers of the event only, once every result of its rounds is in: the "
                   "round clock stops and the standings are final; rounds and results are then refused with 409 "
                   "`event_finished` until it is reopened. An event with a top cut finishes once the cut's final "
                   "is played: before that it answers 409 `cut_unplayed`, unless the request says "
                   "`{\"drop_cut\": true}` (the cut, or what is left of it, is then never played). Recorded in "
                   "the audit trail; answers the event."),
        "reopen": ("Reopen a finished event", "Organizers of the event only: opens a finished event again (a "
                   "result to correct, a round forgotten), so rounds and results are taken again. Recorded in the "
                   "audit trail; answers the event."),
    }
    CONFLICTS = {"finish": ("no_rounds", "round_not_published", "results_missing", "cut_unplayed")}

    @extend_schema(responses=EventSerializer)
    def post(self, request, event_id):
        event = self.event()
        if self.action == "finish":
            body = FinishSerializer(data=request.data)
            body.is_valid(raise_exception=True)
            services.event_finish(event=event, by=request.user, drop_cut=body.validated_data["drop_cut"])
        else:
            services.event_reopen(event=event, by=request.user)
        event = Event.objects.prefetch_related("organizers").get(pk=event.pk)
        return Response(EventSerializer(event, context={"request": request}).data)


class EventAudit(EventScoped, generics.ListAPIView):
    """Every change to the event, newest first (organizers only); `?table=` and `?player=` narrow it."""

    permission_classes = [IsOrganizer]
    serializer_class = AuditRecordSerializer

    @extend_schema(parameters=[OpenApiParameter("table", int), OpenApiParameter("player", int)],
                   summary="Read an event's audit trail",
                   description="Organizers of the event only: every change to the event (results, reports, "
                               "swaps, check-ins, drops, settings...), newest first and a page at a time, with "
                               "who made it, when, and the before and after. `?table=` and `?player=` narrow it.")
    def get(self, request, *args, **kwargs):
        return self.list(request, *args, **kwargs)

    def get_queryset(self):
        filters = {}
        for name in ("table", "player"):
            value = self.request.query_params.get(name)
            if value is not None:
                filters[name] = whole_number(value)
                if filters[name] is None:
                    raise ValidationError({name: ["A whole number."]}, code="invalid")
        return records(self.event(), **filters)
