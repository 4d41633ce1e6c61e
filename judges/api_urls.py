"""The judges app's API addresses, composed under the api namespace by gaininggrounds/urls.py."""
from django.urls import path

from judges import api, api_penalties

urlpatterns = [
    path("games/<int:pk>/judge-calls/", api.GameCalls.as_view(), name="game-judge-calls"),
    path("games/<int:pk>/rulings/", api.GameRulings.as_view(), name="game-rulings"),
    path("judge-calls/<int:pk>/", api.CallWithdraw.as_view(), name="judge-call"),
    path("judge-calls/<int:pk>/take/", api.CallTake.as_view(), name="judge-call-take"),
    path("judge-calls/<int:pk>/close/", api.CallClose.as_view(), name="judge-call-close"),
    path("events/<int:event_id>/judge-calls/", api.EventCalls.as_view(), name="event-judge-calls"),
    path("events/<int:event_id>/rulings/", api.EventRulings.as_view(), name="event-rulings"),
    path("events/<int:event_id>/penalties/", api_penalties.EventPenalties.as_view(), name="event-penalties"),
    path("events/<int:event_id>/penalties/suggestion/", api_penalties.PenaltySuggestion.as_view(),
         name="event-penalty-suggestion"),
    path("events/<int:event_id>/penalty-ladder/", api_penalties.EventPenaltyLadder.as_view(),
         name="event-penalty-ladder"),
]
