from django.apps import AppConfig


class PeopleConfig(AppConfig):
    name = "people"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """People build on the tournament and hear of its changes through its one hook."""
        from people.receivers import tournament_changed as heard
        from tournaments.services.changes import tournament_changed

        tournament_changed.connect(heard, dispatch_uid="people-hear-the-tournament")
