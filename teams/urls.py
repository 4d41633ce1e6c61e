"""A team event's pages (namespace "teams"): public team standings and team pages, the console's Teams."""
from django.urls import path

from teams import console, web

app_name = "teams"

urlpatterns = [
    path("e/<slug:slug>/teams/", web.team_standings_page, name="standings"),
    path("e/<slug:slug>/teams/<int:team_id>/", web.team_page, name="team"),
    path("console/e/<slug:slug>/teams/", console.teams_page, name="console"),
    path("console/e/<slug:slug>/teams/rounds/<int:number>/", console.matches_page, name="console-matches"),
]
