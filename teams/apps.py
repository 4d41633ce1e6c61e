from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "teams"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """A team event's teams and matches travel in the event's backup."""
        from teams import backup  # noqa: PLC0415 (models are ready only now)
        from teams.selectors import team_standings_csv  # noqa: PLC0415
        from tournaments import exports  # noqa: PLC0415
        from tournaments.api.routes import register  # noqa: PLC0415
        from tournaments.backup_format import register_section  # noqa: PLC0415

        register_section("teams", backup.export, backup.read)
        exports.WRITERS[exports.TEAM_STANDINGS] = team_standings_csv
        register("teams.api_urls")  # its API, under /api/ (read when the URLs load)
