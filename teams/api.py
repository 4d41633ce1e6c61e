"""/api/events/{id}/teams/, team-rules/, team-rounds/ and team-standings/; /api/team-matches/{id}/lineup/
for the captains' steps (by private key) and the organizer's lineup."""
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.http_cache import public_cache
from scoring.missions import MISSION_SETTINGS
from teams import roster, rounds, selectors
from teams.lineup import ANSWER, PLACE, Step, lineup, visible
from teams.models import CAPTAINS, ORGANIZER, Team, TeamMatch, TeamRules
from teams.standings import MATCH_RULES
from tournaments.access import is_organizer
from tournaments.fronts import EventScoped, acting_player
from tournaments.models import TEAM_SIZES, Player


class TeamRulesSerializer(serializers.ModelSerializer):
    size = serializers.IntegerField(source="event.team_size", min_value=0, max_value=TEAM_SIZES[1], required=False,
                                    help_text=f"Players a team ({TEAM_SIZES[0]} to {TEAM_SIZES[1]}); 0: not a team "
                                              "event.")
    match_rule = serializers.ChoiceField(choices=list(MATCH_RULES), required=False, help_text="match_points (3 for "
                                         "winning more of the match's games, 1 for as many) or total_tp (the "
                                         "members' TP); then members' TP, Diff, VP.")
    lineups = serializers.ChoiceField(choices=[CAPTAINS, ORGANIZER], required=False, help_text="Who sets who plays "
                                      "whom in a match: the captains, by the documented steps, or the organizer.")
    missions = serializers.ChoiceField(source="event.missions", choices=list(MISSION_SETTINGS), required=False,
                                       help_text="The event's missions setting, changed with the size in one write: "
                                                 "a team event's tables play the round's mission (per_round) or flip "
                                                 "their own (at_table), never per_table.")

    class Meta:
        model = TeamRules
        fields = ["size", "match_rule", "lineups", "distinct_factions", "missions"]


class MemberSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="player.id")
    name = serializers.CharField(source="player.name")
    faction = serializers.CharField(source="player.faction")
    status = serializers.CharField(source="player.status")


class TeamSerializer(serializers.ModelSerializer):
    members = MemberSerializer(many=True, read_only=True)

    class Meta:
        model = Team
        fields = ["id", "name", "club", "captain", "status", "members"]
        read_only_fields = ["captain", "status"]


class NewMemberSerializer(serializers.Serializer):
    player = serializers.IntegerField(required=False, help_text="An already registered player of the event.")
    name = serializers.CharField(max_length=100, required=False, help_text="Or a new player: name and faction.")
    faction = serializers.CharField(max_length=40, required=False)
    email = serializers.EmailField(required=False, allow_blank=True)


class TeamRoundInputSerializer(serializers.Serializer):
    seed = serializers.CharField(required=False, max_length=64)
    publish = serializers.BooleanField(required=False, default=True)


class LineupInputSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=[PLACE, ANSWER], required=False, help_text="A captain's step.")
    player = serializers.IntegerField(required=False, help_text="The player placed or answering.")
    side = serializers.ChoiceField(choices=["a", "b"], required=False, help_text="The organizer acting for a side.")
    pairs = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField(), min_length=2,
                                                              max_length=2), required=False, max_length=8,
                                  help_text="The organizer's whole lineup: [[team a's player, team b's], ...].")


def match_body(match: TeamMatch, side: str | None, organizer: bool) -> dict:
    """A match as one viewer may see it: its games once seated, and the lineup steps they may see."""
    games = [mg.game for mg in match.games.all()]
    steps = [Step(s.side, s.kind, s.player_id) for s in match.steps.all()]
    shown = steps if organizer else visible(steps, side) if side else [s for s in steps if _revealed(steps, s)]
    body = {"id": match.pk, "team_a": match.team_a_id, "team_b": match.team_b_id, "tables": match.tables,
            "games": [{"id": g.pk, "table": g.table, "player_a": g.player_a_id, "player_b": g.player_b_id,
                       "vp_a": getattr(getattr(g, "result", None), "vp_a", None),
                       "vp_b": getattr(getattr(g, "result", None), "vp_b", None)} for g in games],
            "steps": [{"side": s.side, "kind": s.kind, "player": s.player} for s in shown]}
    if not match.is_bye:
        members = [[m.player_id for m in team.members.all()] for team in (match.team_a, match.team_b)]
        state = lineup(*members, steps)  # the members as round_matches fetched them
        body["waiting"] = state.waiting if not games else {"a": None, "b": None}
    return body


def _revealed(steps, step) -> bool:
    return step in visible(steps, "a") and step in visible(steps, "b")


class EventTeamRules(EventScoped):
    @extend_schema(responses=TeamRulesSerializer, summary="Read a team event's rules")
    def get(self, request, event_id):
        return Response(TeamRulesSerializer(roster.rules_of(self.event())).data)

    @extend_schema(request=TeamRulesSerializer, responses=TeamRulesSerializer, summary="Set a team event's rules",
                   description="Organizers: the team size (0: individual) and how matches count and are lined up; "
                               "fixed once round 1 is paired.")
    def put(self, request, event_id):
        event = self.event()
        data = TeamRulesSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        settings = values.pop("event", {})
        rules = roster.team_rules_set(event=event, by=request.user, size=settings.get("team_size"),
                                      missions=settings.get("missions"), **values)
        rules.event.refresh_from_db()
        return Response(TeamRulesSerializer(rules).data)


@public_cache("event", "event_id")
class EventTeams(EventScoped):
    @extend_schema(responses=TeamSerializer(many=True), summary="List an event's teams")
    def get(self, request, event_id):
        teams = self.event().teams.prefetch_related("members__player")
        return Response(TeamSerializer(teams, many=True).data)

    @extend_schema(request=TeamSerializer, responses={201: TeamSerializer}, summary="Create a team")
    def post(self, request, event_id):
        event = self.event()
        data = TeamSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        team = roster.team_create(event=event, name=data.validated_data["name"],
                                  club=data.validated_data.get("club", ""), by=request.user)
        return Response(TeamSerializer(team).data, status=status.HTTP_201_CREATED)


class TeamMembers(EventScoped):
    @extend_schema(request=NewMemberSerializer, responses={201: TeamSerializer}, summary="Add a team member",
                   description="Organizers: a registered player (`player`), or a new one (`name`, `faction`).")
    def post(self, request, event_id, team_id):
        event = self.event()
        team = get_object_or_404(Team, pk=team_id, event=event)
        data = NewMemberSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        if "player" in given:
            roster.member_add(team=team, player=get_object_or_404(Player, pk=given["player"], event=event),
                              by=request.user)
        else:
            if not given.get("name") or not given.get("faction"):
                raise serializers.ValidationError({"name": ["A new member needs a name and a faction."]})
            roster.member_register(team=team, name=given["name"], faction=given["faction"],
                                   email=given.get("email", ""), by=request.user)
        team = Team.objects.prefetch_related("members__player").get(pk=team.pk)
        return Response(TeamSerializer(team).data, status=status.HTTP_201_CREATED)


class TeamRounds(EventScoped):
    @extend_schema(request=TeamRoundInputSerializer, responses={201: None}, summary="Pair a team round",
                   description="Organizers: the next round's team matches (published unless `publish` is false).")
    def post(self, request, event_id):
        event = self.event()
        data = TeamRoundInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        rnd = rounds.team_round_generate(event=event, by=request.user, **data.validated_data)
        matches = selectors.round_matches(event, rnd.number, drafts=True)
        return Response({"number": rnd.number, "matches": [match_body(m, None, True) for m in matches]},
                        status=status.HTTP_201_CREATED)


class TeamRound(EventScoped):
    @extend_schema(responses={200: None}, summary="Show a team round's matches",
                   description="Anyone, once published: the matches, their games and the lineup choices both "
                               "captains have made; a captain (by key) also sees their own open choice.")
    def get(self, request, event_id, number):
        event = self.event()
        organizer = is_organizer(request.user, event)
        player = acting_player(request, event)
        matches = selectors.round_matches(event, number, drafts=organizer)
        return Response({"number": number, "matches": [
            match_body(m, _side(m, player), organizer) for m in matches]})


class TeamMatchLineup(APIView):
    """POST /api/team-matches/{id}/lineup/: a captain's step by private key, or the organizer's."""

    permission_classes = [AllowAny]

    @extend_schema(request=LineupInputSerializer, responses={200: None}, summary="Make a lineup choice",
                   description="A captain (`Authorization: Key <key>`): `kind` (place or answer) and `player`; "
                               "the other captain's open choice stays hidden. An organizer: `side` with `kind` and "
                               "`player`, or the whole lineup as `pairs`.")
    def post(self, request, pk):
        match = get_object_or_404(TeamMatch.objects.select_related("round__event", "team_a", "team_b"), pk=pk)
        event = match.round.event
        data = LineupInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        organizer = is_organizer(request.user, event)
        if organizer and "pairs" in given:
            rounds.lineup_set(match=match, pairs=[tuple(p) for p in given["pairs"]], by=request.user)
        else:
            side = given.get("side") if organizer else _captain_side(request, match)
            if side is None or "kind" not in given or "player" not in given:
                raise serializers.ValidationError({"kind": ["A step needs its side, kind and player."]})
            player = get_object_or_404(Player, pk=given["player"], event=event)
            by = request.user if organizer else acting_player(request, event)
            rounds.lineup_step(match=match, side=side, kind=given["kind"], player=player, by=by)
        match = next(m for m in selectors.round_matches(event, match.round.number, drafts=True) if m.pk == match.pk)
        return Response(match_body(match, None if organizer else _captain_side(request, match), organizer))


def _side(match: TeamMatch, player: Player | None) -> str | None:
    if player is None:
        return None
    return "a" if match.team_a.captain_id == player.pk else "b" if match.team_b and \
        match.team_b.captain_id == player.pk else None


def _captain_side(request, match: TeamMatch) -> str:
    player = acting_player(request, match.round.event)
    side = _side(match, player)
    if side is None:
        if player is None:
            raise NotAuthenticated("Send the captain's private key: Authorization: Key <key>.")
        raise PermissionDenied("Only the two teams' captains choose this match's lineup.")
    return side


@public_cache("event", "event_id")
class TeamStandings(EventScoped):
    @extend_schema(responses={200: None}, summary="Show a team event's team standings")
    def get(self, request, event_id):
        rows = selectors.event_team_standings(self.event())
        return Response({"standings": [{"rank": r.rank, "team": r.team, "name": r.name, "points": r.totals.points,
                                        "tp": r.totals.tp, "diff": r.totals.diff, "vp": r.totals.vp,
                                        "won": r.totals.won, "drawn": r.totals.drawn, "lost": r.totals.lost}
                                       for r in rows]})
