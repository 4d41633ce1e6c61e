"""The tracker app's API addresses, composed under the api namespace by gaininggrounds/urls.py."""
from django.urls import path

from tracker import api

GAME = "games/<int:pk>/tracker/"

urlpatterns = [
    path(GAME, api.TrackerRead.as_view(), name="game-tracker"),
    path(f"{GAME}lines/", api.TrackerLine.as_view(), name="game-tracker-lines"),
    path(f"{GAME}turn/", api.TrackerTurn.as_view(), name="game-tracker-turn"),
    path(f"{GAME}objections/", api.TrackerObjection.as_view(), name="game-tracker-objections"),
    path(f"{GAME}schemes/", api.TrackerScheme.as_view(), name="game-tracker-schemes"),
    path(f"{GAME}reveal/", api.TrackerReveal.as_view(), name="game-tracker-reveal"),
    path(f"{GAME}manifest/", api.TrackerManifest.as_view(), name="game-tracker-manifest"),
    path(f"{GAME}report/", api.TrackerReport.as_view(), name="game-tracker-report"),
]
