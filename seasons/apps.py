from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    name = "seasons"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """Published pack versions become formats the rules module finds by key, beside the shipped files."""
        from scoring.formats import FormatSource, register_source
        from seasons import catalogue

        register_source(FormatSource(find=catalogue.find, keys_of=catalogue.keys_of))
