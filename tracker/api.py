"""/api/games/{id}/tracker/: the live tracker of a game, for its two players (by private key, `Authorization:
Key <key>`, or linked account), as their private page offers it: read it; record a line of their own side
(again: answering an objection), start the next turn or take one back, object to a line of the opponent's,
choose a scheme and reveal it, the Avatar's Manifest (M2E), and end the game into a report, which the
opponent confirms with POST /api/games/{id}/confirm/. The page's services (tracker.services) judge each
write and refuse it whole; every write is counted with the reports (the page counts its tracker actions so),
and answers the tracker as the read does."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.openapi import RETRY_AFTER, conflicts, refused
from scoring.report import other_side
from tournaments.fronts import ReportThrottle, game_player, published_game
from tournaments.models import Game, Player
from tracker import services
from tracker.serializers import (
    LineInputSerializer,
    ManifestInputSerializer,
    ObjectionInputSerializer,
    RevealInputSerializer,
    SchemeInputSerializer,
    TrackerSerializer,
    TurnInputSerializer,
    tracker_of,
)

NO_SUCH_GAME = refused(404, "No such game, or a game of a draft round (not published yet): the same answer, "
                            "whatever key is sent.")
NOT_A_PLAYER = refused(403, "Signed in or sending a key, but not one of the game's two players.")
# Why a game's tracker is closed to every write (tracker.services.closed), and a round removed meanwhile.
CLOSED = ("not_your_game", "result_confirmed", "event_finished", "round_not_published", "round_over",
          "mission_unknown", "game_removed")
WHO = ("One of the game's two players, by private key (`Authorization: Key <key>`) or linked account, while "
       "the tracker is open (the game of the event's current round, no result yet, the event not finished; "
       "where tables flip their own mission, once the table's is known: else 409 with the reason). ")
THROTTLED = " Counted with the reports, per player and per address (429 with Retry-After)."


def _game(pk) -> Game:
    games = Game.objects.select_related("round__event", "player_a", "player_b", "result").prefetch_related("reports")
    return published_game(pk, games)


class TrackerOperation(APIView):
    permission_classes = [AllowAny]  # who may read or write is the game's business, checked below

    def player_of(self, request, game: Game) -> Player:
        return game_player(request, game, "Only the two players of this game can keep its score.")


class TrackerRead(TrackerOperation):
    @extend_schema(responses={200: TrackerSerializer, 403: NOT_A_PLAYER, 404: NO_SUCH_GAME},
                   summary="Show a game's live tracker",
                   description="One of the game's two players, by private key (`Authorization: Key <key>`) or "
                               "linked account: the tracker as their private page shows it: both sides' lines "
                               "turn by turn and any objection, the turn being played, the totals, the reader's "
                               "own schemes and the opponent's revealed ones only, the schemes the reader may "
                               "choose next, the Manifest (M2E), and whether the game may be reported from it. "
                               "`open` false (with `closed`, why) once the tracker no longer takes writes.")
    def get(self, request, pk):
        game = _game(pk)
        return Response(tracker_of(game, self.player_of(request, game)))


class TrackerWrite(TrackerOperation):
    """A write: the player, the body, the service; the answer is the tracker read again."""

    throttle_classes = [ReportThrottle]
    body = None

    def post(self, request, pk):
        game = _game(pk)
        player = self.player_of(request, game)
        data = None
        if self.body is not None:
            data = self.body(data=request.data)
            data.is_valid(raise_exception=True)
            data = data.validated_data
        self.write(game, player, data)
        return Response(tracker_of(_game(pk), player))

    def write(self, game: Game, player: Player, data: dict | None) -> None:
        raise NotImplementedError


def _write_schema(summary: str, description: str, body, *codes: str):
    return extend_schema(request=body, summary=summary, description=WHO + description + THROTTLED,
                         responses={200: TrackerSerializer, 403: NOT_A_PLAYER, 404: NO_SUCH_GAME,
                                    409: conflicts(*CLOSED, *codes)}, parameters=[RETRY_AFTER])


class TrackerLine(TrackerWrite):
    body = LineInputSerializer

    @_write_schema("Record a turn in the live tracker",
                   "Records the reader's own side's figures for a turn played (or the one being played): "
                   "strategy VP and their chosen schemes' VP (0 to 20 each; a scheme that scores is revealed). "
                   "Recording a turn again replaces it and answers the opponent's objection to it. The rules "
                   "module judges the game as it would be reported after it: 400 with its problem (e.g. "
                   "`vp_out_of_range`, `turn_not_played`, `scheme_not_chosen`), and nothing changes.",
                   LineInputSerializer)
    def post(self, request, pk):
        return super().post(request, pk)

    def write(self, game, player, data):
        services.tracker_line(game=game, player=player, side=game.side_of(player.id), turn=data["turn"],
                              strategy=data["strategy"], schemes=data["schemes"])


class TrackerTurn(TrackerWrite):
    body = TurnInputSerializer

    @_write_schema("Start the next turn in the live tracker",
                   "Sets the turn being played: the next one, or back to one before when a turn was started too "
                   "soon (`back` in the tracker), never before a turn with a line nor past the format's last "
                   "(400 `turn_out_of_range`).", TurnInputSerializer)
    def post(self, request, pk):
        return super().post(request, pk)

    def write(self, game, player, data):
        services.tracker_turn(game=game, player=player, turn=data["turn"])


class TrackerObjection(TrackerWrite):
    body = ObjectionInputSerializer

    @_write_schema("Object to the opponent's line in the live tracker",
                   "Marks the opponent's line of that turn objected, with an optional note; it stands so (and "
                   "the report waits) until they record it again. 409 `not_their_line` when the opponent "
                   "recorded no line for that turn.", ObjectionInputSerializer, "not_their_line")
    def post(self, request, pk):
        return super().post(request, pk)

    def write(self, game, player, data):
        services.tracker_object(game=game, player=player, side=other_side(game.side_of(player.id)),
                                turn=data["turn"], note=data["note"])


class TrackerScheme(TrackerWrite):
    body = SchemeInputSerializer

    @_write_schema("Choose a scheme in the live tracker",
                   "Chooses one of the reader's schemes (one of `choices`), with what they noted; secret from the "
                   "opponent until revealed or scored. 409 `scheme_chosen` for one chosen already; a scheme the "
                   "table's pool (or M4E's chain) does not allow is refused by the rules module (400).",
                   SchemeInputSerializer, "scheme_chosen")
    def post(self, request, pk):
        return super().post(request, pk)

    def write(self, game, player, data):
        services.tracker_scheme(game=game, player=player, scheme=data["scheme"], noted_model=data["noted_model"])


class TrackerReveal(TrackerWrite):
    body = RevealInputSerializer

    @_write_schema("Reveal a scheme in the live tracker",
                   "Reveals one of the reader's chosen schemes (and what they noted) to the opponent. 409 "
                   "`scheme_not_chosen` for a scheme they have not chosen.", RevealInputSerializer,
                   "scheme_not_chosen")
    def post(self, request, pk):
        return super().post(request, pk)

    def write(self, game, player, data):
        services.tracker_reveal(game=game, player=player, scheme=data["scheme"])


class TrackerManifest(TrackerWrite):
    body = ManifestInputSerializer

    @_write_schema("Set the Avatar's Manifest requirements in the live tracker",
                   "M2E: how many of the reader's Avatar's two Manifest requirements are met (0, 1 or 2; 400 "
                   "`requirements_out_of_range` otherwise); the tracker then says what Manifest costs this turn. "
                   "409 `no_avatars` in another edition.", ManifestInputSerializer, "no_avatars")
    def post(self, request, pk):
        return super().post(request, pk)

    def write(self, game, player, data):
        services.tracker_manifest(game=game, player=player, met=data["met"])


class TrackerReport(TrackerWrite):
    @_write_schema("Report a game from its live tracker",
                   "Ends the game into the reader's report, with the tracker's lines, schemes and turn, for the "
                   "opponent to confirm (POST /api/games/{id}/confirm/) as any report. 409 `nothing_tracked` "
                   "before a line, `objection_open` while a line stands objected, and the report's own refusals "
                   "(`self_reporting_off`, `report_awaits_you`: the opponent reported already, confirm or "
                   "dispute theirs).", None, "nothing_tracked", "objection_open", "self_reporting_off",
                   "report_awaits_you", "bye_result_fixed")
    def post(self, request, pk):
        return super().post(request, pk)

    def write(self, game, player, data):
        services.tracker_report(game=game, player=player)
