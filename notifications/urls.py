"""Push subscriptions and the organizer's phones and Discord page (namespace "notifications")."""
from django.urls import path

from notifications import console, web

app_name = "notifications"

urlpatterns = [
    path("p/<str:key>/push/", web.player_push, name="player-push"),
    path("console/e/<slug:slug>/phones/", console.phones_page, name="console-phones"),
    path("console/e/<slug:slug>/phones/push/", web.organizer_push, name="console-push"),
]
