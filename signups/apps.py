from django.apps import AppConfig


class SignupsConfig(AppConfig):
    name = "signups"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """Sign-ups build on the tournament and hear of its changes through its one hook (an entry removed
        frees a place for the waitlist). The listener is imported on the first change, as people's is."""
        from tournaments.signals import tournament_changed

        tournament_changed.connect(hear, dispatch_uid="signups-hear-the-tournament")


def hear(sender, **change) -> None:
    from signups.receivers import heard

    heard(**change)
