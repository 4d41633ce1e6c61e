from django.apps import AppConfig


class TrackerConfig(AppConfig):
    name = "tracker"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """The trackers' lines and objections travel in the event's backup; its module is imported when used,
        so that Django's start imports no service. A player reads a game's versions without the opponent's
        unrevealed schemes (tournaments.readers asks here)."""
        from tournaments.backup_format import register_section
        from tournaments.readers import register_versions_filter

        register_section("tracker", backup_export, backup_read)
        register_versions_filter(versions_seen)


def versions_seen(game, breakdowns, reader):
    from tracker.selectors import versions_seen

    return versions_seen(game, breakdowns, reader)


def backup_export(event):
    from tracker.backup import export

    return export(event)


def backup_read(*args):
    from tracker.backup import read

    return read(*args)
