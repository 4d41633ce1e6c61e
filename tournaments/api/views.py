"""Thin HTTP shell: check the shape, check the organizer, call a service, render."""
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.formats import FORMATS
from scoring.validator import ERROR_CODES
from tournaments import selectors, services
from tournaments.api import serializers as s
from tournaments.api.permissions import IsOrganizerOrReadOnly
from tournaments.models import Event, Game, Job, Player


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


class EventList(generics.ListCreateAPIView):
    """Events, newest first; any signed-in user may create one and becomes its organizer."""

    queryset = Event.objects.prefetch_related("organizers")
    serializer_class = s.EventSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def perform_create(self, serializer):
        serializer.instance = services.event_create(user=self.request.user,
                                                    **serializer.settings_from(serializer.validated_data))


class EventDetail(generics.RetrieveUpdateAPIView):
    """GET an event; PATCH its settings (organizers)."""

    queryset = Event.objects.prefetch_related("organizers")
    serializer_class = s.EventSerializer
    permission_classes = [IsOrganizerOrReadOnly]
    http_method_names = ["get", "patch", "head", "options"]

    def perform_update(self, serializer):
        event = serializer.instance
        serializer.instance = services.event_update(
            event=event, **serializer.settings_from(serializer.validated_data, current_awards=event.awards))


class EventScoped(APIView):
    """A view under /api/events/{id}/: loads the event and checks organizer rights for writes."""

    permission_classes = [IsOrganizerOrReadOnly]

    def event(self) -> Event:
        event = get_object_or_404(Event, pk=self.kwargs["event_id"])
        self.check_object_permissions(self.request, event)
        return event


class EventPlayers(EventScoped):
    @extend_schema(responses=s.PlayerSerializer(many=True))
    def get(self, request, event_id):
        return Response(s.PlayerSerializer(self.event().players.all(), many=True).data)

    @extend_schema(request=s.PlayerSerializer, responses={201: s.PlayerSerializer})
    def post(self, request, event_id):
        event = self.event()
        data = s.PlayerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        player = services.player_register(event=event, **data.validated_data)
        return Response(s.PlayerSerializer(player).data, status=status.HTTP_201_CREATED)


class EventOrganizers(EventScoped):
    @extend_schema(request=s.OrganizerSerializer, responses=s.EventSerializer)
    def post(self, request, event_id):
        """Add a co-organizer by username; they get the same rights as the creator."""
        event = self.event()
        data = s.OrganizerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.organizer_add(event=event, username=data.validated_data["username"])
        event = Event.objects.prefetch_related("organizers").get(pk=event.pk)
        return Response(s.EventSerializer(event, context={"request": request}).data)


class PlayerAction(EventScoped):
    """POST .../players/{pid}/check-in/, drop/ or disqualify/."""

    action = None

    @extend_schema(request=None, responses=s.PlayerSerializer)
    def post(self, request, event_id, player_id):
        event = self.event()
        player = get_object_or_404(Player, pk=player_id, event=event)
        if self.action == "check-in":
            player = services.player_check_in(player=player)
        elif self.action == "drop":
            player = services.player_drop(player=player)
        else:
            player = services.player_disqualify(player=player, user=request.user)
        return Response(s.PlayerSerializer(player).data)


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
        made = services.round_request(event=event, user=request.user, **data.validated_data)
        if isinstance(made, Job):
            made.refresh_from_db()
            body = s.JobSerializer(made, context={"request": request}).data
            return Response(body, status=status.HTTP_202_ACCEPTED,
                            headers={"Location": request.build_absolute_uri(f"/api/jobs/{made.pk}/")})
        return Response(s.RoundSerializer(selectors.round_with_games(event, made.number)).data,
                        status=status.HTTP_201_CREATED)


class RoundDetail(EventScoped):
    @extend_schema(responses=s.RoundSerializer)
    def get(self, request, event_id, number):
        rnd = selectors.round_with_games(self.event(), number)
        if rnd is None:
            raise NotFound(f"This event has no round {number}.")
        return Response(s.RoundSerializer(rnd).data)

    @extend_schema(responses={204: None})
    def delete(self, request, event_id, number):
        event = self.event()
        if not event.round_set.filter(number=number).exists():
            raise NotFound(f"This event has no round {number}.")
        services.round_delete(event=event, number=number)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundSwap(EventScoped):
    @extend_schema(request=s.SwapSerializer, responses=s.RoundSerializer)
    def post(self, request, event_id, number):
        """Exchange two players' seats before any result; a rule-breaking swap needs "force": true."""
        event = self.event()
        data = s.SwapSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.round_swap(event=event, number=number, user=request.user, **data.validated_data)
        return Response(s.RoundSerializer(selectors.round_with_games(event, number)).data)


class JobDetail(generics.RetrieveAPIView):
    """A long job's status and progress; `round` links to the round once it is made."""

    queryset = Job.objects.all()
    serializer_class = s.JobSerializer


class PlayerDetail(EventScoped):
    @extend_schema(responses=s.PlayerSerializer)
    def get(self, request, event_id, player_id):
        return Response(s.PlayerSerializer(get_object_or_404(Player, pk=player_id, event=self.event())).data)

    @extend_schema(responses={204: None})
    def delete(self, request, event_id, player_id):
        """Remove a registration made by mistake (409 once the player has a game: drop them instead)."""
        services.player_remove(player=get_object_or_404(Player, pk=player_id, event=self.event()))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=s.PlayerSerializer, responses=s.PlayerSerializer)
    def patch(self, request, event_id, player_id):
        """Correct a player's entry: name, faction, club, pinned table."""
        event = self.event()
        player = get_object_or_404(Player, pk=player_id, event=event)
        data = s.PlayerSerializer(player, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        changes = {k: v for k, v in data.validated_data.items() if k in ("name", "faction", "club", "pinned_table")}
        return Response(s.PlayerSerializer(services.player_update(player=player, **changes)).data)


class GameDetail(generics.RetrieveAPIView):
    queryset = Game.objects.select_related("round", "result")
    serializer_class = s.GameSerializer


class GameResult(APIView):
    permission_classes = [IsOrganizerOrReadOnly]

    @extend_schema(request=s.ResultInputSerializer, responses={
        200: s.ResultSerializer, 201: s.ResultSerializer,
        400: OpenApiResponse(s.ResultProblemSerializer(many=True), description=(
            "Every problem with the report, each with its `code`:\n" + "\n".join(
                f"- `{code}`: {meaning}" for code, meaning in sorted(ERROR_CODES.items()))))})
    def post(self, request, pk):
        game = get_object_or_404(Game.objects.select_related("round__event", "player_a", "player_b"), pk=pk)
        self.check_object_permissions(request, game.round.event)
        data = s.ResultInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result, created = services.result_record(game=game, user=request.user, report=data.to_report())
        return Response(s.ResultSerializer(result).data, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


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
