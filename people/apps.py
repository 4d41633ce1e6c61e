from django.apps import AppConfig


class PeopleConfig(AppConfig):
    name = "people"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """People build on the tournament and hear of its changes through its one hook. Only the leaf
        module with the signal is imported at start: what hears it (people.receivers, which needs the
        tournament's services) is imported on the first change, so starting Django imports no service and
        tests/test_imports.py still imports each of them first, on its own."""
        from tournaments.api.routes import register
        from tournaments.signals import tournament_changed

        tournament_changed.connect(hear, dispatch_uid="people-hear-the-tournament")
        register("people.api_urls")  # its API, served under /api/ (read when the URLs load)


def hear(sender, **change) -> None:
    from people.receivers import heard

    heard(**change)
