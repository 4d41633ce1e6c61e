"""/api/events/{id}/teams/, team-rules/, team-rounds/ and team-standings/; /api/team-matches/{id}/lineup/
for the captains' steps (by private key) and the organizer's lineup."""
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.openapi import conflicts, refused
from gaininggrounds.http_cache import public_cache
from gaininggrounds.params import ID_MAX
from scoring.missions import MISSION_SETTINGS
from teams import roster, rounds, selectors
from teams.lineup import ANSWER, PLACE, Step, lineup, visible
from teams.models import CAPTAINS, ORGANIZER, Team, TeamMatch, TeamRules
from teams.standings import MATCH_RULES
from tournaments.access import is_organizer
from tournaments.fronts import EventScoped, acting_player
from tournaments.models import TEAM_SIZES, Event, Player


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
    player = serializers.IntegerField(required=False, min_value=1, max_value=ID_MAX,
                                      help_text="An already registered player of the event.")
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


class NewMemberLinkSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    link = serializers.CharField(help_text="The new member's private page, for the captain to pass on.")


class TeamMemberAddedSerializer(TeamSerializer):
    added = serializers.SerializerMethodField(help_text="The member just added, with their private link (the "
                                                        "answer goes to the captain or an organizer only).")

    class Meta(TeamSerializer.Meta):
        fields = [*TeamSerializer.Meta.fields, "added"]

    def get_added(self, team) -> NewMemberLinkSerializer:
        player, request = self.context["added"], self.context["request"]
        return {"id": player.pk, "name": player.name,
                "link": request.build_absolute_uri(reverse("public:private", args=[player.key]))}


MEMBER_CONFLICTS = ("not_captain", "not_a_team_event", "event_finished", "teams_fixed", "team_full",
                    "already_in_a_team")


class TeamMembers(EventScoped):
    permission_classes = [AllowAny]

    @extend_schema(request=NewMemberSerializer, responses={
        201: TeamMemberAddedSerializer, 403: refused(403, "Neither an organizer of the event nor one of its "
                                                        "players (a captain, by key); or a player naming a "
                                                        "registered `player`."),
        409: conflicts(*MEMBER_CONFLICTS)}, summary="Add a team member",
        description="Organizers: a registered player (`player`), or a new one (`name`, `faction`, optional "
                    "`email`). A team's captain, by their private key (`Authorization: Key <key>`), as from "
                    "their private page: a new player only. Before round 1; the team not full and, where the "
                    "event says so, not a faction it already fields (400 `faction_taken_in_team`). Answers the "
                    "team and the member `added` with their private link. 409 `not_captain` for a player "
                    "who does not captain this team.")
    def post(self, request, event_id, team_id):
        event = get_object_or_404(Event, pk=event_id)
        organizer = is_organizer(request.user, event)
        by = request.user if organizer else acting_player(request, event)
        if by is None:
            if not (request.auth or request.user.is_authenticated):
                raise NotAuthenticated("Send the captain's private key: Authorization: Key <key>.")
            raise PermissionDenied("Only an organizer of this event or its team's captain adds members.")
        data = NewMemberSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        if "player" in given and not organizer:
            raise PermissionDenied("Only an organizer adds a registered player to a team.")
        team = get_object_or_404(Team, pk=team_id, event=event)
        if "player" in given:
            added = get_object_or_404(Player, pk=given["player"], event=event)
            roster.member_add(team=team, player=added, by=by)
        else:
            if not given.get("name") or not given.get("faction"):
                raise serializers.ValidationError({"name": ["A new member needs a name and a faction."]})
            added = roster.member_register(team=team, name=given["name"], faction=given["faction"],
                                           email=given.get("email", ""), by=by)
        team = Team.objects.prefetch_related("members__player").get(pk=team.pk)
        return Response(TeamMemberAddedSerializer(team, context={"added": added, "request": request}).data,
                        status=status.HTTP_201_CREATED)


class CaptainSerializer(serializers.Serializer):
    player = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="One of the team's members.")


class TeamCaptain(EventScoped):
    @extend_schema(request=CaptainSerializer, responses={200: TeamSerializer},
                   summary="Name a team's captain",
                   description="Organizers of the event only: one of the team's members captains it (chooses its "
                               "lineups, adds its members before round 1). 400 `captain_not_member` for a player "
                               "of the event outside the team; 404 for a player of no such event.")
    def put(self, request, event_id, team_id):
        event = self.event()
        team = get_object_or_404(Team, pk=team_id, event=event)
        data = CaptainSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        player = get_object_or_404(Player, pk=data.validated_data["player"], event=event)
        roster.captain_set(team=team, player=player, by=request.user)
        return Response(TeamSerializer(Team.objects.prefetch_related("members__player").get(pk=team.pk)).data)


class TeamDrop(EventScoped):
    @extend_schema(request=None, responses={200: TeamSerializer, 409: conflicts("event_finished")},
                   summary="Drop a team",
                   description="Organizers of the event only: the team leaves, is not paired again, and its "
                               "members still playing are dropped with it (their games stay). 409 "
                               "`event_finished`.")
    def post(self, request, event_id, team_id):
        team = get_object_or_404(Team, pk=team_id, event=self.event())
        team = roster.team_drop(team=team, by=request.user)
        return Response(TeamSerializer(Team.objects.prefetch_related("members__player").get(pk=team.pk)).data)


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
