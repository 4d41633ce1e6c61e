"""The events to come and signing up for one (namespace "signups"): the home page is their calendar."""
from django.urls import path

from signups import console, web

app_name = "signups"

urlpatterns = [
    path("", web.home, name="home"),
    path("e/<slug:slug>/sign-up/", web.signup_page, name="sign-up"),
    path("e/<slug:slug>/calendar.ics", web.event_ics, name="ics"),
    path("events.ics", web.upcoming_ics, name="upcoming-ics"),
    path("sign-ups/confirm/<str:token>/", web.confirm_page, name="confirm"),
    path("sign-ups/<str:key>/", web.status_page, name="signup"),
    path("sign-ups/<str:key>/withdraw/", web.withdraw, name="withdraw"),
    path("sign-ups/<str:key>/crew-list/", web.crew_list, name="crew-list"),
    path("p/<str:key>/withdraw/", web.player_withdraw, name="player-withdraw"),
    path("console/e/<slug:slug>/announcement/", console.announcement_page, name="console-announcement"),
    path("console/e/<slug:slug>/announcement/cancel/", console.cancel, name="console-cancel"),
    path("console/e/<slug:slug>/announcement/open/", console.open_signups, name="console-open"),
    path("console/e/<slug:slug>/sign-ups/", console.signups_page, name="console-signups"),
    path("console/e/<slug:slug>/sign-ups/paid/<int:player_id>/", console.paid, name="console-paid"),
    path("console/e/<slug:slug>/sign-ups/<int:signup_id>/promote/", console.promote, name="console-promote"),
    path("console/e/<slug:slug>/sign-ups/<int:signup_id>/move/", console.move, name="console-move"),
    path("console/e/<slug:slug>/sign-ups/<int:signup_id>/withdraw/", console.withdraw, name="console-withdraw"),
    path("console/e/<slug:slug>/sign-ups/payments/", console.payments_csv, name="console-payments"),
    path("console/e/<slug:slug>/sign-ups.csv", console.signups_csv, name="console-signups-csv"),
]
