"""People's pages (namespace "people"): profiles, ratings, series and statistics, and the console's people and
series pages (console-...)."""
from django.urls import path

from people import console, web

app_name = "people"

urlpatterns = [
    path("people/<int:person_id>/", web.profile_page, name="profile"),
    path("ratings/<str:edition>/", web.leaderboard_page, name="leaderboard"),
    path("stats/<str:edition>/", web.site_stats_page, name="site-stats"),
    path("stats/<str:edition>/<str:table>.csv", web.site_stats_page, name="site-stats-csv"),
    path("e/<slug:slug>/stats/", web.event_stats_page, name="event-stats"),
    path("e/<slug:slug>/stats/<str:table>.csv", web.event_stats_page, name="event-stats-csv"),
    path("series/<slug:slug>/stats/", web.series_stats_page, name="series-stats"),
    path("series/<slug:slug>/stats/<str:table>.csv", web.series_stats_page, name="series-stats-csv"),
    path("series/", web.series_list_page, name="series-list"),
    path("series/<slug:slug>/", web.series_page, name="series"),
    path("console/series/", console.series_list, name="console-series-list"),
    path("console/series/<slug:slug>/", console.series_edit, name="console-series"),
    path("console/e/<slug:slug>/people/", console.people_page, name="console-people"),
    path("console/e/<slug:slug>/people/suggest/", console.people_suggest, name="console-people-suggest"),
]
