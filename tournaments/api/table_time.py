"""/api/games/{id}/extension/: a table's time extension, given (POST) or taken back (DELETE) by the event's staff
(organizers and judges), through tournaments.services.table_time as the judge desk's form."""
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.openapi import conflicts, refused
from tournaments import services
from tournaments.api.games import GameSerializer
from tournaments.fronts import IsStaff
from tournaments.models import Game
from tournaments.services.table_time import MOST_MINUTES, STEP_MINUTES

EXTENSION_CONFLICTS = ("event_finished", "round_not_published", "round_over", "table_is_bye", "game_over")
NO_GAME = refused(404, "No such game.")
STAFF_ONLY = refused(403, "Signed in, but not an organizer or a judge of the game's event.")


class ExtensionInputSerializer(serializers.Serializer):
    # Checked by the service (400 `minutes_out_of_range`, `too_much_time`), which the console's form calls too.
    minutes = serializers.IntegerField(help_text=f"Minutes to add, {STEP_MINUTES[0]} to {STEP_MINUTES[1]} at a "
                                                 f"time; at most {MOST_MINUTES} in all for one table.")


class GameExtension(APIView):
    permission_classes = [IsStaff]

    def game(self, request, pk) -> Game:
        game = get_object_or_404(Game.objects.select_related("round__event", "player_a", "player_b", "result"),
                                 pk=pk)
        self.check_object_permissions(request, game.round.event)
        return game

    def answer(self, game: Game) -> Response:
        fresh = Game.objects.select_related("round__event", "result").get(pk=game.pk)
        return Response(GameSerializer(fresh, context={"sees_versions": False}).data)

    @extend_schema(request=ExtensionInputSerializer, responses={
                       200: GameSerializer, 403: STAFF_ONLY, 404: NO_GAME, 409: conflicts(*EXTENSION_CONFLICTS)},
                   summary="Give a table extra time",
                   description="The event's staff (organizers and judges): adds `minutes` to the table's time "
                               "extension (typically the minutes a judge's call took). That table's clock, its "
                               "last-turn call and its time-up come that much later on its players' pages and the "
                               "hall; no other table's clock moves, and the round's clock answer stays the "
                               f"round's. {STEP_MINUTES[0]} to {STEP_MINUTES[1]} minutes at a time, at most "
                               f"{MOST_MINUTES} in all (400 `minutes_out_of_range`, `too_much_time`). Only while "
                               "the table plays: 409 `event_finished`, `round_not_published`, `round_over` (a "
                               "later round is out), `table_is_bye`, `game_over` (the result is in). Recorded in "
                               "the audit trail; answers the game with its `extra_minutes`.")
    def post(self, request, pk):
        game = self.game(request, pk)
        data = ExtensionInputSerializer(data=request.data if isinstance(request.data, dict) else {})
        data.is_valid(raise_exception=True)
        game = services.table_time_extend(game=game, minutes=data.validated_data["minutes"], by=request.user)
        return self.answer(game)

    @extend_schema(request=None, responses={
                       200: GameSerializer, 403: STAFF_ONLY, 404: NO_GAME, 409: conflicts(*EXTENSION_CONFLICTS)},
                   summary="Take back a table's extra time",
                   description="The event's staff (organizers and judges): the table's time extension back to "
                               "none (given by mistake); its clock is the round's again. Only while the table "
                               "plays (409 as for giving time: `event_finished`, `round_not_published`, "
                               "`round_over`, `table_is_bye`, `game_over`); recorded in the audit trail when "
                               "there was time to take back. Answers the game.")
    def delete(self, request, pk):
        return self.answer(services.table_time_reset(game=self.game(request, pk), by=request.user))
