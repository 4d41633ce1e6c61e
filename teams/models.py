"""What a team event stores beside the tournament's own rows: its teams and members, each round's team
matches, the captains' lineup steps, and which individual games make up each match. The games themselves
are the tournament's (reported, validated and confirmed as every game is)."""
from django.db import models
from django.db.models import Q

from teams.lineup import ANSWER, PLACE
from teams.standings import MATCH_POINTS, MATCH_RULES
from tournaments.models import Event, Game, Player, Round

CAPTAINS, ORGANIZER = "captains", "organizer"
ACTIVE, DROPPED = "active", "dropped"


class TeamRules(models.Model):
    """How a team event plays (its team size is the event's `team_size`): how a match counts, who sets who
    plays whom inside a match, and whether a team may field one faction twice."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, primary_key=True, related_name="team_rules")
    match_rule = models.CharField(max_length=12, default=MATCH_POINTS, choices=[(r, r) for r in MATCH_RULES])
    lineups = models.CharField(max_length=10, default=CAPTAINS, choices=[(CAPTAINS, "captains"),
                                                                        (ORGANIZER, "organizer")])
    distinct_factions = models.BooleanField(default=True)


TEAM_STATUSES = [(ACTIVE, "active"), (DROPPED, "dropped")]


class Team(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=100)
    club = models.CharField(max_length=100, blank=True, default="")
    # The member who submits the team's lineups from their private page (any member; empty: the organizer).
    captain = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    status = models.CharField(max_length=8, default=ACTIVE, choices=TEAM_STATUSES)

    class Meta:
        ordering = ["name", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="team_name_unique_in_event")]

    def __str__(self):
        return self.name


class Member(models.Model):
    """A player's place in a team: one team per player."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, primary_key=True, related_name="membership")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")


class TeamMatch(models.Model):
    """Two teams meeting in a round (team_b empty: team_a's bye), at a block of tables side by side."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_matches")
    team_a = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    team_b = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+", null=True, blank=True)
    tables = models.JSONField(default=list, blank=True)  # the match's table numbers, in the order of its games

    class Meta:
        ordering = ["round", "id"]
        constraints = [models.CheckConstraint(condition=~Q(team_a=models.F("team_b")), name="match_two_teams")]

    @property
    def is_bye(self) -> bool:
        return self.team_b_id is None


class TeamSeat(models.Model):
    """One row per team per round, so the database itself refuses a team in two matches of a round."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="seats")
    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="seats")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "team"], name="team_once_per_round")]


class LineupStep(models.Model):
    """A captain's choice in the lineup process (`teams.lineup`), in the order made."""

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="steps")
    order = models.PositiveSmallIntegerField()
    side = models.CharField(max_length=1, choices=[("a", "a"), ("b", "b")])
    kind = models.CharField(max_length=6, choices=[(PLACE, "place"), (ANSWER, "answer")])
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "order"]
        constraints = [models.UniqueConstraint(fields=["match", "order"], name="lineup_step_order_unique"),
                       models.UniqueConstraint(fields=["match", "player"], name="lineup_player_chosen_once")]


class MatchGame(models.Model):
    """An individual game of a team match."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="team_game")
    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="games")
