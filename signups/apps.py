from django.apps import AppConfig


class SignupsConfig(AppConfig):
    name = "signups"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """Sign-ups build on the tournament and hear of its changes through its one hook (an entry removed
        frees a place for the waitlist). The listener is imported on the first change, as people's is. The
        announcement and the sign-ups travel in the event's backup (its module too is imported when used)."""
        from tournaments.api.routes import register
        from tournaments.backup_format import register_section
        from tournaments.signals import tournament_changed

        tournament_changed.connect(hear, dispatch_uid="signups-hear-the-tournament")
        register_section("signups", backup_export, backup_read)
        register("signups.api_urls")  # an account's own registration, under /api/


def hear(sender, **change) -> None:
    from signups.receivers import heard

    heard(**change)


def backup_export(event):
    from signups.backup import export

    return export(event)


def backup_read(*args):
    from signups.backup import read

    return read(*args)
