from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.contrib.auth.signals import user_login_failed
        from django.utils.translation import gettext

        from scoring.messages import install_translator
        from tournaments.access import count_failed_signin

        # The rules module's sentences follow the request's language (LocaleMiddleware activates it).
        install_translator(gettext)
        user_login_failed.connect(count_failed_signin, dispatch_uid="gg-failed-signin")
