"""The team events' API addresses, served under /api/ in the "api" namespace by the site
(gaininggrounds/urls.py)."""
from django.urls import path

from teams import api as teams

EVENT = "events/<int:event_id>/"

urlpatterns = [
    path(f"{EVENT}team-rules/", teams.EventTeamRules.as_view(), name="event-team-rules"),
    path(f"{EVENT}teams/", teams.EventTeams.as_view(), name="event-teams"),
    path(f"{EVENT}teams/<int:team_id>/members/", teams.TeamMembers.as_view(), name="team-members"),
    path(f"{EVENT}teams/<int:team_id>/captain/", teams.TeamCaptain.as_view(), name="team-captain"),
    path(f"{EVENT}teams/<int:team_id>/drop/", teams.TeamDrop.as_view(), name="team-drop"),
    path(f"{EVENT}team-rounds/", teams.TeamRounds.as_view(), name="event-team-rounds"),
    path(f"{EVENT}team-rounds/<int:number>/", teams.TeamRound.as_view(), name="event-team-round"),
    path(f"{EVENT}team-standings/", teams.TeamStandings.as_view(), name="event-team-standings"),
    path("team-matches/<int:pk>/lineup/", teams.TeamMatchLineup.as_view(), name="team-match-lineup"),
]
