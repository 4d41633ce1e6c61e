from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """Mail, phones and Discord hear of the tournament through its one hook (a round published, a report
        awaiting or disputed, the clock's last call, a finished event, a round's last result): the tournament
        imports nothing of notifications. The listener is imported on the first change, as the other apps'
        are."""
        from tournaments.signals import tournament_changed

        tournament_changed.connect(hear, dispatch_uid="notifications-hear-the-tournament")


def hear(sender, **change) -> None:
    from notifications.receivers import heard

    heard(**change)
