"""People's API addresses (profiles, links, merges, ratings, series), served under /api/ in the "api"
namespace by the site (gaininggrounds/urls.py)."""
from django.urls import path

from people import api as people
from people import api_links as links
from people import api_profile as profile
from people import api_statistics as statistics

EVENT = "events/<int:event_id>/"

urlpatterns = [
    path(f"{EVENT}stats/", statistics.EventStatistics.as_view(), name="event-stats"),
    path("series/<slug:slug>/stats/", statistics.SeriesStatistics.as_view(), name="series-stats"),
    path("stats/<str:edition>/", statistics.EditionStatistics.as_view(), name="edition-stats"),
    path("people/", people.PeopleSearch.as_view(), name="people"),
    path("people/me/", profile.MyProfile.as_view(), name="my-profile"),
    path("people/links/", links.PendingLinks.as_view(), name="person-links"),
    path("people/links/<int:link_id>/confirm/", links.LinkAnswer.as_view(action="confirm"), name="link-confirm"),
    path("people/links/<int:link_id>/decline/", links.LinkAnswer.as_view(action="decline"), name="link-decline"),
    path("people/<int:person_id>/", people.PersonDetail.as_view(), name="person-detail"),
    path("people/<int:person_id>/merge/", people.PersonMerge.as_view(), name="person-merge"),
    path("people/merges/<int:merge_id>/undo/", people.MergeUndo.as_view(), name="merge-undo"),
    path("ratings/<str:edition>/", people.Leaderboard.as_view(), name="leaderboard"),
    path("series/", people.SeriesList.as_view(), name="series-list"),
    path("series/<slug:slug>/", people.SeriesDetail.as_view(), name="series-detail"),
]
