from django.urls import path

from django.contrib.auth import views as auth_views

from tournaments.web import console, players, views

urlpatterns = [
    path("", views.home, name="home"),
    path("language/<str:code>/", views.switch_language, name="language"),
    path("e/<slug:slug>/", views.event_page, name="event"),
    path("e/<slug:slug>/rounds/<int:number>/", views.round_page, name="round"),
    path("e/<slug:slug>/standings/", views.standings_page, name="standings"),
    path("e/<slug:slug>/players/<int:player_id>/", views.player_page, name="player"),
    path("e/<slug:slug>/register/", players.register, name="event-register"),
    path("p/<str:key>/", players.private_page, name="private"),
    path("accounts/", players.my_events, name="my-events"),
    path("accounts/signup/", players.signup, name="signup"),
    path("accounts/password-reset/", auth_views.PasswordResetView.as_view(), name="password_reset"),
    path("accounts/password-reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path("accounts/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("accounts/reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("console/login/", auth_views.LoginView.as_view(template_name="console/login.html"), name="login"),
    path("console/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("console/", console.events, name="console"),
    path("console/e/<slug:slug>/", console.event, name="console-event"),
    path("console/e/<slug:slug>/import/", console.import_players, name="console-import"),
    path("console/e/<slug:slug>/rounds/", console.pair_round, name="console-pair"),
    path("console/e/<slug:slug>/rounds/<int:number>/", console.round_console, name="console-round"),
    path("console/e/<slug:slug>/rounds/<int:number>/redo/", console.redo_round, name="console-redo"),
    path("console/e/<slug:slug>/rounds/<int:number>/clock/<str:action>/", console.round_clock,
         name="console-clock"),
    path("console/e/<slug:slug>/rounds/<int:number>/print/", console.print_round, name="console-print"),
    path("console/e/<slug:slug>/rounds/<int:number>/swap/", console.swap_seats, name="console-swap"),
    path("console/e/<slug:slug>/export/<str:what>/", console.export_file, name="console-export"),
    path("console/jobs/<uuid:job_id>/", console.job_page, name="console-job"),
    path("console/jobs/<uuid:job_id>/download/", console.job_download, name="console-job-download"),
    path("console/e/<slug:slug>/settings/", console.settings_page, name="console-settings"),
    path("console/e/<slug:slug>/audit/", console.audit_page, name="console-audit"),
    path("console/e/<slug:slug>/players/<int:player_id>/<str:action>/", console.player_action,
         name="console-player"),
]
