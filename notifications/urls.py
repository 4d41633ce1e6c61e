"""Push subscriptions, the organizer's phones and Discord page, and a judge's phone page for the players'
calls (namespace "notifications")."""
from django.urls import path

from notifications import console, web

app_name = "notifications"

urlpatterns = [
    path("p/<str:key>/push/", web.player_push, name="player-push"),
    path("console/e/<slug:slug>/phones/", console.phones_page, name="console-phones"),
    path("console/e/<slug:slug>/phones/push/", web.staff_push, name="console-push"),
    path("console/e/<slug:slug>/phones/calls/", console.staff_phone_page, name="console-staff-phone"),
]
