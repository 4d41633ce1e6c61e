from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.utils.translation import gettext

        from scoring.messages import install_translator

        # The rules module's sentences follow the request's language (LocaleMiddleware activates it).
        install_translator(gettext)
