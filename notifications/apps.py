from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """Phones and Discord hear of a finished event and of a round's last result through the
        tournament's one hook; the listener is imported on the first change, as the other apps' are."""
        from tournaments.signals import tournament_changed

        tournament_changed.connect(hear, dispatch_uid="notifications-hear-the-tournament")


def hear(sender, **change) -> None:
    from notifications.receivers import heard

    heard(**change)
