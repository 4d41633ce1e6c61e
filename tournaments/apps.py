from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.conf import settings
        from django.contrib.auth.signals import user_login_failed
        from django.core.exceptions import ImproperlyConfigured
        from django.utils.translation import gettext

        from scoring.messages import install_translator
        from tournaments.access import count_failed_signin, parse_rate
        from tournaments.pairing.matching import SolverMissing, check_solver

        # The rules module's sentences follow the request's language (LocaleMiddleware activates it).
        install_translator(gettext)
        user_login_failed.connect(count_failed_signin, dispatch_uid="gg-failed-signin")
        for scope, rate in settings.RATE_LIMITS.items():  # a mistyped THROTTLE_* stops the start, not requests
            try:
                parse_rate(rate)
            except ValueError as error:
                raise ImproperlyConfigured(f"RATE_LIMITS[{scope!r}]: {error}") from None
        try:  # likewise an unbuilt pairing solver (`make native`)
            check_solver()
        except SolverMissing as error:
            raise ImproperlyConfigured(str(error)) from None
