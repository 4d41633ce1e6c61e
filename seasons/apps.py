from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    name = "seasons"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """Published pack versions become formats the rules module finds by key, beside the shipped files; the
        console's event page warns of a pack released less than a month before the event; an event's backup
        carries its pack and a restore settles it before anything reads the event's format."""
        from scoring.formats import FormatSource, register_source
        from seasons import backup, catalogue, errata
        from tournaments import panels
        from tournaments.backup_format import register_prelude

        register_source(FormatSource(find=catalogue.find, keys_of=catalogue.keys_of, offered=catalogue.offered))
        panels.register_panel("console-event", errata.console_event_panel)  # the errata rule's warning
        register_prelude(backup.SECTION, backup.export, backup.prepare)
