"""The notifications app's API addresses, composed under the api namespace by gaininggrounds/urls.py: a
phone's web push and an event's Discord webhook."""
from django.urls import path

from notifications import api

EVENT = "events/<int:event_id>/"

urlpatterns = [
    path("push/key/", api.PushKey.as_view(), name="push-key"),
    path(f"{EVENT}push-subscriptions/", api.PushSubscriptions.as_view(), name="event-push-subscriptions"),
    path(f"{EVENT}push-subscriptions/<int:pk>/", api.PushSubscription.as_view(), name="event-push-subscription"),
    path(f"{EVENT}discord/", api.EventDiscord.as_view(), name="event-discord"),
    path(f"{EVENT}discord/test/", api.EventDiscordTest.as_view(), name="event-discord-test"),
]
