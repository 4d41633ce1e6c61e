"""Signing in and out, accounts, password reset, and entering an event with one's account."""
from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from people import accounts

app_name = "accounts"

urlpatterns = [
    path("accounts/", accounts.my_events, name="my-events"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/profile/", accounts.my_profile, name="profile"),
    path("accounts/profile/links/<int:link_id>/", accounts.link_answer, name="link-answer"),
    path("accounts/verify/", accounts.verify_send, name="verify-send"),
    path("accounts/email/", accounts.email_change, name="email"),
    path("accounts/verify/<str:token>/", accounts.verify, name="verify"),
    path("accounts/password-reset/", accounts.PasswordReset.as_view(
        success_url=reverse_lazy("accounts:password_reset_done")), name="password_reset"),
    path("accounts/password-reset/sent/", auth_views.PasswordResetDoneView.as_view(
        template_name="accounts/password_reset_done.html"), name="password_reset_done"),
    path("accounts/reset/<uidb64>/<token>/", accounts.PasswordResetConfirm.as_view(
        success_url=reverse_lazy("accounts:password_reset_complete")), name="password_reset_confirm"),
    path("accounts/reset/done/", auth_views.PasswordResetCompleteView.as_view(
        template_name="accounts/password_reset_complete.html"), name="password_reset_complete"),
    path("console/login/", accounts.SignIn.as_view(), name="login"),
    path("console/logout/", auth_views.LogoutView.as_view(), name="logout"),
]
