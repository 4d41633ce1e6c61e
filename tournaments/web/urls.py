from django.urls import path

from tournaments.web import views

urlpatterns = [
    path("", views.home, name="home"),
    path("e/<slug:slug>/", views.event_page, name="event"),
    path("e/<slug:slug>/rounds/<int:number>/", views.round_page, name="round"),
    path("e/<slug:slug>/standings/", views.standings_page, name="standings"),
    path("e/<slug:slug>/players/<int:player_id>/", views.player_page, name="player"),
]
