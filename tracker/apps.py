from django.apps import AppConfig


class TrackerConfig(AppConfig):
    name = "tracker"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """The trackers' lines and objections travel in the event's backup; its module is imported when used,
        so that Django's start imports no service."""
        from tournaments.backup_format import register_section

        register_section("tracker", backup_export, backup_read)


def backup_export(event):
    from tracker.backup import export

    return export(event)


def backup_read(*args):
    from tracker.backup import read

    return read(*args)
