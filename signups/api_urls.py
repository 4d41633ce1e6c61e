"""The sign-ups' API addresses (the announcement, sign-ups, the waitlist, payments, crew lists, an account's
own registration), served under /api/ in the "api" namespace by the site (gaininggrounds/urls.py)."""
from django.urls import path

from signups import api as signups
from signups import api_actions as actions
from signups.api_registration import EventRegistration

EVENT = "events/<int:event_id>/"

urlpatterns = [
    path(f"{EVENT}announcement/", signups.EventAnnouncement.as_view(), name="event-announcement"),
    path(f"{EVENT}cancel/", signups.EventCancel.as_view(), name="event-cancel"),
    path(f"{EVENT}sign-ups/", signups.EventSignUps.as_view(), name="event-signups"),
    path(f"{EVENT}sign-ups/<int:signup_id>/promote/", signups.SignUpPromote.as_view(), name="signup-promote"),
    path(f"{EVENT}sign-ups/<int:signup_id>/withdraw/", actions.SignUpWithdrawByOrganizer.as_view(),
         name="signup-withdraw-by-organizer"),
    path(f"{EVENT}withdraw/", actions.PlayerWithdraw.as_view(), name="event-withdraw"),
    path(f"{EVENT}waitlist/", signups.EventWaitlist.as_view(), name="event-waitlist"),
    path(f"{EVENT}payments/", signups.EventPayments.as_view(), name="event-payments"),
    path(f"{EVENT}crew-lists/", signups.EventCrewLists.as_view(), name="event-crew-lists"),
    path(f"{EVENT}players/<int:player_id>/payment/", signups.PlayerPayment.as_view(), name="player-payment"),
    path("sign-ups/confirm/", signups.SignUpConfirm.as_view(), name="signup-confirm"),
    path("sign-ups/<str:key>/", signups.SignUpDetail.as_view(), name="signup-detail"),
    path("sign-ups/<str:key>/crew-list/", actions.SignUpCrewList.as_view(), name="signup-crew-list"),
    path("sign-ups/<str:key>/withdraw/", signups.SignUpWithdraw.as_view(), name="signup-withdraw"),
    path(f"{EVENT}register/", EventRegistration.as_view(), name="event-register"),
]
