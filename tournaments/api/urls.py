from django.urls import path, re_path
from rest_framework.authtoken.views import obtain_auth_token

from tournaments.api import views

urlpatterns = [
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("formats/", views.FormatList.as_view(), name="format-list"),
    path("formats/<slug:key>/", views.FormatDetail.as_view(), name="format-detail"),
    path("events/", views.EventList.as_view(), name="event-list"),
    path("events/<int:event_id>/", views.EventDetail.as_view(), name="event-detail"),
    path("events/<int:event_id>/players/", views.EventPlayers.as_view(), name="event-players"),
    path("events/<int:event_id>/organizers/", views.EventOrganizers.as_view(), name="event-organizers"),
    *[path(f"events/<int:event_id>/players/<int:player_id>/{action}/", views.PlayerAction.as_view(action=action),
           name=f"player-{action}") for action in views.PlayerAction.ACTIONS],
    path("events/<int:event_id>/register/", views.EventRegistration.as_view(), name="event-register"),
    path("events/<int:event_id>/audit/", views.EventAudit.as_view(), name="event-audit"),
    path("events/<int:event_id>/rounds/", views.EventRounds.as_view(), name="event-rounds"),
    path("events/<int:event_id>/rounds/<int:number>/", views.RoundDetail.as_view(), name="round-detail"),
    path("events/<int:event_id>/rounds/<int:number>/swap/", views.RoundSwap.as_view(), name="round-swap"),
    path("events/<int:event_id>/players/<int:player_id>/", views.PlayerDetail.as_view(), name="player-detail"),
    path("events/<int:event_id>/exports/", views.EventExports.as_view(), name="event-exports"),
    path("jobs/<uuid:pk>/", views.JobDetail.as_view(), name="job-detail"),
    path("jobs/<uuid:pk>/download/", views.JobDownload.as_view(), name="job-download"),
    path("events/<int:event_id>/standings/", views.Standings.as_view(), name="event-standings"),
    path("games/<int:pk>/", views.GameDetail.as_view(), name="game-detail"),
    path("games/<int:pk>/result/", views.GameResult.as_view(), name="game-result"),
    path("games/<int:pk>/report/", views.GamePlayerAnswer.as_view(action="report"), name="game-report"),
    path("games/<int:pk>/confirm/", views.GameConfirm.as_view(action="confirm"), name="game-confirm"),
    path("games/<int:pk>/dispute/", views.GamePlayerAnswer.as_view(action="dispute"), name="game-dispute"),
    re_path(r"^.*$", views.api_not_found),
]
