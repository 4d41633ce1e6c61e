"""People's public pages (namespace "people")."""
from django.urls import path

from people import web

app_name = "people"

urlpatterns = [
    path("people/<int:person_id>/", web.profile_page, name="profile"),
    path("ratings/<str:edition>/", web.leaderboard_page, name="leaderboard"),
    path("series/", web.series_list_page, name="series-list"),
    path("series/<slug:slug>/", web.series_page, name="series"),
]
