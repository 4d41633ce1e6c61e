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
        # The private page offers the phone's notifications, the console's event page says when the event's
        # Discord channel refused the last post (tournaments.panels).
        from tournaments import panels

        panels.register_panel("private", private_panel)
        panels.register_panel("console-event", console_event_panel)


def hear(sender, **change) -> None:
    from notifications.receivers import heard

    heard(**change)


def private_panel(*, player, **page) -> dict:
    from django.urls import reverse

    from notifications.web import player_kinds, push_offer

    return push_offer(reverse("notifications:player-push", args=[player.key]), player_kinds())


def console_event_panel(*, event, **page) -> dict:
    from notifications.models import DiscordHook

    return {"discord_failure": DiscordHook.objects.filter(event=event).exclude(last_failure="").values_list(
        "last_failure", flat=True).first()}
