"""Pages anyone may open (most of them cached, see gaininggrounds.http_cache), and a player's private
page, reached by its key alone."""
from django.urls import path

from tournaments.web import bracket, player_page, public

app_name = "public"

urlpatterns = [
    path("language/<str:code>/", public.switch_language, name="language"),
    path("e/<slug:slug>/", public.event_page, name="event"),
    path("e/<slug:slug>/rounds/<int:number>/", public.round_page, name="round"),
    path("e/<slug:slug>/standings/", public.standings_page, name="standings"),
    path("e/<slug:slug>/bracket/", bracket.bracket_page, name="bracket"),
    path("e/<slug:slug>/final/", public.final_page, name="final"),
    path("e/<slug:slug>/hall/", public.hall_page, name="hall"),
    path("e/<slug:slug>/players/<int:player_id>/", public.player_page, name="player"),
    path("p/<str:key>/", player_page.private_page, name="private"),
    path("p/<str:key>/manifest.webmanifest", player_page.private_manifest, name="private-manifest"),
]
