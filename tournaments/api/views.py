"""Thin HTTP shell: check the shape, check the organizer, call a service, render."""
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import NotAuthenticated, NotFound, PermissionDenied, ValidationError
from rest_framework.permissions import AllowAny, IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from audit.selectors import records
from gaininggrounds.http_cache import public_cache
from jobs.models import Job
from scoring.formats import FORMATS
from scoring.problems import conflict
from scoring.validator import ERROR_CODES
from tournaments import exports, selectors, services
from tournaments.access import is_organizer
from tournaments.api import serializers as s
from tournaments.api.auth import ReportThrottle, acting_player
from tournaments.api.permissions import IsOrganizer, IsOrganizerOrReadOnly
from tournaments.models import Event, Game, Player


class FormatList(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=s.FormatSerializer(many=True))
    def get(self, request):
        return Response(s.FormatSerializer(FORMATS.values(), many=True).data)


class FormatDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=s.FormatSerializer)
    def get(self, request, key):
        if key not in FORMATS:
            raise NotFound(f"No format \"{key}\"; known formats: {', '.join(FORMATS)}.")
        return Response(s.FormatSerializer(FORMATS[key]).data)


@public_cache()
class EventList(generics.ListCreateAPIView):
    """Events, newest first; any signed-in user may create one and becomes its organizer."""

    queryset = Event.objects.prefetch_related("organizers")
    serializer_class = s.EventSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def perform_create(self, serializer):
        serializer.instance = services.event_create(user=self.request.user,
                                                    **serializer.settings_from(serializer.validated_data))


@public_cache("event", "event_id")
class EventDetail(generics.RetrieveUpdateAPIView):
    """GET an event; PATCH its settings (organizers)."""

    queryset = Event.objects.prefetch_related("organizers")
    serializer_class = s.EventSerializer
    permission_classes = [IsOrganizerOrReadOnly]
    http_method_names = ["get", "patch", "head", "options"]
    lookup_url_kwarg = "event_id"

    def perform_update(self, serializer):
        event = serializer.instance
        serializer.instance = services.event_update(
            event=event, by=self.request.user,
            **serializer.settings_from(serializer.validated_data, current_awards=event.awards))


class EventScoped(APIView):
    """A view under /api/events/{id}/: loads the event and checks organizer rights for writes."""

    permission_classes = [IsOrganizerOrReadOnly]

    def event(self) -> Event:
        event = get_object_or_404(Event, pk=self.kwargs["event_id"])
        self.check_object_permissions(self.request, event)
        return event


    def players_out(self, event, players, **kw):
        """Players as this request may see them: organizers get the private keys and links."""
        context = {"request": self.request, "organizer": is_organizer(self.request.user, event)}
        return s.PlayerSerializer(players, context=context, **kw).data


@public_cache("event", "event_id")
class EventPlayers(EventScoped):
    @extend_schema(responses=s.PlayerSerializer(many=True))
    def get(self, request, event_id):
        event = self.event()
        return Response(self.players_out(event, event.players.all(), many=True))

    @extend_schema(request=s.PlayerSerializer, responses={201: s.PlayerSerializer})
    def post(self, request, event_id):
        event = self.event()
        data = s.PlayerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        player = services.player_register(event=event, by=request.user, **data.validated_data)
        return Response(self.players_out(event, player), status=status.HTTP_201_CREATED)


class EventRegistration(EventScoped):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=s.RegistrationSerializer, responses={201: s.PlayerSerializer})
    def post(self, request, event_id):
        """A signed-in person registers themselves while the organizer keeps registration open; their
        account then acts as the player (reporting, confirming)."""
        event = get_object_or_404(Event, pk=event_id)
        data = s.RegistrationSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        name = data.validated_data.get("name") or request.user.get_username()[:100]
        player = services.player_self_register(event=event, user=request.user, name=name,
                                               faction=data.validated_data["faction"],
                                               club=data.validated_data["club"])
        return Response(self.players_out(event, player), status=status.HTTP_201_CREATED)


class EventAudit(EventScoped, generics.ListAPIView):
    """Every change to the event, newest first (organizers only); `?table=` and `?player=` narrow it."""

    permission_classes = [IsOrganizer]
    serializer_class = s.AuditRecordSerializer

    @extend_schema(parameters=[OpenApiParameter("table", int), OpenApiParameter("player", int)])
    def get(self, request, *args, **kwargs):
        return self.list(request, *args, **kwargs)

    def get_queryset(self):
        filters = {}
        for name in ("table", "player"):
            value = self.request.query_params.get(name)
            if value is not None:
                if not value.isdigit():
                    raise ValidationError({name: ["A number."]}, code="invalid")
                filters[name] = int(value)
        return records(self.event(), **filters)


class EventOrganizers(EventScoped):
    @extend_schema(request=s.OrganizerSerializer, responses=s.EventSerializer)
    def post(self, request, event_id):
        """Add a co-organizer by username; they get the same rights as the creator."""
        event = self.event()
        data = s.OrganizerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.organizer_add(event=event, username=data.validated_data["username"], by=request.user)
        event = Event.objects.prefetch_related("organizers").get(pk=event.pk)
        return Response(s.EventSerializer(event, context={"request": request}).data)


class PlayerAction(EventScoped):
    """POST .../players/{pid}/check-in/, drop/, disqualify/ or rotate-key/ (a new private link; the old
    one stops working at once)."""

    action = None
    ACTIONS = {"check-in": services.player_check_in, "drop": services.player_drop,
               "disqualify": services.player_disqualify, "rotate-key": services.player_key_rotate}

    @extend_schema(request=None, responses=s.PlayerSerializer)
    def post(self, request, event_id, player_id):
        event = self.event()
        player = get_object_or_404(Player, pk=player_id, event=event)
        player = self.ACTIONS[self.action](player=player, by=request.user)
        return Response(self.players_out(event, player))


@public_cache("event", "event_id")
class EventRounds(EventScoped):
    @extend_schema(responses=s.RoundSerializer(many=True))
    def get(self, request, event_id):
        return Response(s.RoundSerializer(selectors.rounds_with_games(self.event()), many=True).data)

    @extend_schema(request=s.RoundInputSerializer, responses={201: s.RoundSerializer, 202: s.JobSerializer})
    def post(self, request, event_id):
        """The next round, made now (201); for a large field a job to follow instead (202)."""
        event = self.event()
        data = s.RoundInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        made = services.round_request(event=event, by=request.user, **data.validated_data)
        if isinstance(made, Job):
            made.refresh_from_db()
            body = s.JobSerializer(made, context={"request": request}).data
            return Response(body, status=status.HTTP_202_ACCEPTED,
                            headers={"Location": request.build_absolute_uri(f"/api/jobs/{made.pk}/")})
        return Response(s.RoundSerializer(selectors.round_with_games(event, made.number),
                                          context={"sees_versions": True}).data, status=status.HTTP_201_CREATED)


@public_cache("event", "event_id")
class RoundDetail(EventScoped):
    @extend_schema(responses=s.RoundSerializer)
    def get(self, request, event_id, number):
        event = self.event()
        rnd = selectors.round_with_games(event, number)
        if rnd is None:
            raise NotFound(f"This event has no round {number}.")
        return Response(s.RoundSerializer(rnd, context={"sees_versions": is_organizer(request.user, event)}).data)

    @extend_schema(responses={204: None})
    def delete(self, request, event_id, number):
        event = self.event()
        if not event.round_set.filter(number=number).exists():
            raise NotFound(f"This event has no round {number}.")
        services.round_delete(event=event, number=number, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundSwap(EventScoped):
    @extend_schema(request=s.SwapSerializer, responses=s.RoundSerializer)
    def post(self, request, event_id, number):
        """Exchange two players' seats before any result; a rule-breaking swap needs "force": true."""
        event = self.event()
        data = s.SwapSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.round_swap(event=event, number=number, by=request.user, **data.validated_data)
        return Response(s.RoundSerializer(selectors.round_with_games(event, number),
                                          context={"sees_versions": True}).data)


class EventExports(EventScoped):
    permission_classes = [IsOrganizer]

    @extend_schema(request=s.ExportInputSerializer,
                   responses={200: OpenApiResponse(description="The file (CSV or JSON)"), 202: s.JobSerializer})
    def post(self, request, event_id):
        """Standings or results as CSV, or the complete backup as JSON: the file at once (200), or for a
        large event a job whose `download` link appears when the file is ready (202)."""
        event = self.event()
        data = s.ExportInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        made = exports.export_request(event=event, what=data.validated_data["what"], by=request.user)
        if isinstance(made, Job):
            made.refresh_from_db()
            return Response(s.JobSerializer(made, context={"request": request}).data,
                            status=status.HTTP_202_ACCEPTED,
                            headers={"Location": request.build_absolute_uri(f"/api/jobs/{made.pk}/")})
        return file_response(made.text, made.name, made.content_type)


def file_response(text: str, name: str, content_type: str) -> HttpResponse:
    response = HttpResponse(text, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


class JobDetail(generics.RetrieveAPIView):
    """A long job's status and progress: `round` links to the round a pairing made, `download` to the
    file an export prepared."""

    queryset = Job.objects.defer("output")
    serializer_class = s.JobSerializer


class JobDownload(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiResponse(description="The file (CSV or JSON)")})
    def get(self, request, pk):
        """The file an export job prepared (organizers of its event); 409 until it is ready."""
        job = get_object_or_404(Job.objects.select_related("event"), pk=pk, kind=Job.EXPORT)
        if not is_organizer(request.user, job.event):
            raise PermissionDenied("Only an organizer of this event may download its files.")
        if job.status != Job.DONE:
            raise conflict("export_not_ready", "This export is not ready yet." if job.status != Job.FAILED
                           else "This export failed; ask for it again.")
        return file_response(job.output, job.output_name, job.output_type)


@public_cache("event", "event_id")
class PlayerDetail(EventScoped):
    @extend_schema(responses=s.PlayerSerializer)
    def get(self, request, event_id, player_id):
        event = self.event()
        return Response(self.players_out(event, get_object_or_404(Player, pk=player_id, event=event)))

    @extend_schema(responses={204: None})
    def delete(self, request, event_id, player_id):
        """Remove a registration made by mistake (409 once the player has a game: drop them instead)."""
        services.player_remove(player=get_object_or_404(Player, pk=player_id, event=self.event()), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=s.PlayerSerializer, responses=s.PlayerSerializer)
    def patch(self, request, event_id, player_id):
        """Correct a player's entry: name, faction, club, pinned table."""
        event = self.event()
        player = get_object_or_404(Player, pk=player_id, event=event)
        data = s.PlayerSerializer(player, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        changes = {k: v for k, v in data.validated_data.items()
                   if k in ("name", "faction", "club", "email", "pinned_table")}
        return Response(self.players_out(event, services.player_update(player=player, by=request.user, **changes)))


def load_game(pk) -> Game:
    return get_object_or_404(Game.objects.select_related("round__event", "player_a", "player_b", "result")
                             .prefetch_related("reports"), pk=pk)


def sees_versions(request, game: Game) -> bool:
    """The two players and the organizers see the players' pending versions; nobody else does."""
    event = game.round.event
    player = acting_player(request, event)
    return (player is not None and game.side_of(player.id) is not None) or is_organizer(request.user, event)


RESULT_PROBLEMS = OpenApiResponse(s.ResultProblemSerializer(many=True), description=(
    "Every problem with the report, each with its `code`:\n" + "\n".join(
        f"- `{code}`: {meaning}" for code, meaning in sorted(ERROR_CODES.items()))))


class GameDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=s.GameSerializer)
    def get(self, request, pk):
        game = load_game(pk)
        return Response(s.GameSerializer(game, context={"sees_versions": sees_versions(request, game)}).data)


class GameResult(APIView):
    permission_classes = [IsOrganizerOrReadOnly]

    @extend_schema(request=s.ResultInputSerializer, responses={200: s.ResultSerializer, 201: s.ResultSerializer,
                                                               400: RESULT_PROBLEMS})
    def post(self, request, pk):
        """The organizer's result: counts at once and decides any dispute."""
        game = get_object_or_404(Game.objects.select_related("round__event", "player_a", "player_b"), pk=pk)
        self.check_object_permissions(request, game.round.event)
        data = s.ResultInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result, created = services.result_record(game=game, by=request.user, report=data.to_report(),
                                                 masters=data.masters())
        return Response(s.ResultSerializer(result).data,
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class GamePlayerAnswer(APIView):
    """POST /api/games/{id}/report/, confirm/ or dispute/: a player of the game, by private key
    (`Authorization: Key <key>`) or linked account. Throttled per player and per address."""

    permission_classes = [AllowAny]  # who may act is the game's business, checked below
    throttle_classes = [ReportThrottle]
    action = None

    def player_of(self, request, game: Game) -> Player:
        player = acting_player(request, game.round.event)
        if player is None or game.side_of(player.id) is None:
            if not (request.auth or request.user.is_authenticated):
                raise NotAuthenticated("Send your private key: Authorization: Key <key>.")
            raise PermissionDenied("Only the two players of this game can report, confirm or dispute it.")
        return player

    @extend_schema(request=s.ResultInputSerializer, responses={200: s.GameSerializer, 400: RESULT_PROBLEMS})
    def post(self, request, pk):
        game = load_game(pk)
        player = self.player_of(request, game)
        if self.action == "confirm":
            services.report_confirm(game=game, player=player)
        else:
            data = s.ResultInputSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            answer = services.report_submit if self.action == "report" else services.report_dispute
            answer(game=game, player=player, report=data.to_report(), masters=data.masters())
        game = load_game(pk)
        return Response(s.GameSerializer(game, context={"sees_versions": True}).data)


class GameConfirm(GamePlayerAnswer):
    @extend_schema(request=None, responses=s.GameSerializer)
    def post(self, request, pk):
        return super().post(request, pk)


@public_cache("event", "event_id")
class Standings(EventScoped):
    @extend_schema(parameters=[OpenApiParameter("round", int, description="Standings after this round")],
                   responses=s.StandingsSerializer)
    def get(self, request, event_id):
        event = self.event()
        latest = selectors.latest_round_number(event)
        after = request.query_params.get("round")
        if after is not None:
            if not after.isdigit() or not 0 <= int(after) <= latest:
                raise ValidationError({"round": [f"Round must be a number from 0 to {latest}."]}, code="invalid")
            after = int(after)
        rows = selectors.event_standings(event, after_round=after)
        return Response(s.StandingsSerializer({"round": latest if after is None else after, "standings": rows}).data)


@extend_schema(exclude=True)
@api_view(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
@permission_classes([AllowAny])
def api_not_found(request, *args, **kwargs):
    """Any other /api/ address answers a JSON 404 rather than Django's HTML page."""
    raise NotFound("There is no API endpoint at this address.")
