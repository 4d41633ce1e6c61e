from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "teams"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """A team event's teams and matches travel in the event's backup; the tournament's pages show them
        as panels (a member's team and a captain's lineup on the private page, the matches on the round page
        and the hall), and a team event's round is paired by team (tournaments.panels). Pages and services
        are imported when used, so that Django's start imports no service. On the console, a team round's
        preview and board show its matches and what each owes, and count the tables still waiting for a
        lineup (tournaments.readers), so the next round is offered only once every match is seated and reported."""
        from teams import backup  # noqa: PLC0415 (models are ready only now)
        from teams.selectors import team_standings_csv  # noqa: PLC0415
        from tournaments import exports, panels, readers  # noqa: PLC0415
        from tournaments.backup_format import register_section  # noqa: PLC0415

        register_section("teams", backup.export, backup.read)
        exports.WRITERS[exports.TEAM_STANDINGS] = team_standings_csv
        panels.register_panel("private", private_panel)
        panels.register_action("private", panels.Action(answer=private_answer, names=("lineup", "team-member")))
        panels.register_panel("round", matches_panel)
        panels.register_panel("hall", matches_panel)
        panels.register_panel("console-round", console_round_panel)
        readers.register_tables_owed(tables_owed)
        panels.register_pairer(lambda event: bool(event.team_size), pair)


def private_panel(*, event, player, **page) -> dict:
    from teams.web import member_panel

    return {"team": member_panel(event, player) if event.team_size else None}


def private_answer(request, player, game):
    """A captain's lineup choice or new teammate, from their private page; the page opens at the team."""
    from teams.web import lineup_answer, member_answer
    from tournaments.panels import Answer

    (lineup_answer if request.POST["action"] == "lineup" else member_answer)(request, player)
    return Answer(anchor="team")


def matches_panel(*, event, round, **page) -> dict:
    from teams.web import match_rows

    return {"matches": match_rows(event, round.number) if event.team_size else []}


def console_round_panel(**page) -> dict:
    from teams.board import round_panel

    return round_panel(**page)


def tables_owed(rnd) -> int:
    from teams.board import tables_owed as owed

    return owed(rnd)


def pair(**how):
    from teams.rounds import team_round_generate

    return team_round_generate(**how)
