from django.apps import AppConfig


class SignupsConfig(AppConfig):
    name = "signups"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """Sign-ups build on the tournament and hear of its changes through its one hook (an entry removed
        frees a place for the waitlist). The listener is imported on the first change, as people's is. The
        announcement and the sign-ups travel in the event's backup (its module too is imported when used).
        The event page shows the run-up and the crew lists, the private page the player's sign-up
        (tournaments.panels)."""
        from tournaments import panels
        from tournaments.backup_format import register_section
        from tournaments.signals import tournament_changed

        tournament_changed.connect(hear, dispatch_uid="signups-hear-the-tournament")
        register_section("signups", backup_export, backup_read)
        panels.register_panel("event", event_panel)
        panels.register_panel("private", private_panel)


def hear(sender, **change) -> None:
    from signups.receivers import heard

    heard(**change)


def backup_export(event):
    from signups.backup import export

    return export(event)


def backup_read(*args):
    from signups.backup import read

    return read(*args)


def event_panel(*, event, started, **page) -> dict:
    """The run-up (the announcement, the places, signing up) and each player's crew list, where the
    organizer shows them (`crew_lists`: by player id, placed in the players' rows)."""
    from signups.presenters import public_lists, run_up

    return {"crew_lists": public_lists(event), "run_up": run_up(event, started=started)}


def private_panel(*, player, before_the_day, **page) -> dict:
    """Before the event starts, the player reaches their sign-up (its crew list) from their page."""
    from signups.models import SignUp

    return {"signup": SignUp.objects.filter(player=player).first() if before_the_day else None}
