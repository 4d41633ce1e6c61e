from django.apps import AppConfig


class JudgesConfig(AppConfig):
    name = "judges"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """The calls and rulings travel in the event's backup; the player's private page shows the call
        button, the call's state and the table's rulings (its "judge-..." actions answered here) and the
        player's own penalties; the judge desk shows the queue of open calls and the penalties' short form;
        the public standings say which players a judge's penalty moved (tournaments.panels)."""
        from tournaments import panels
        from tournaments.backup_format import register_section

        register_section("judges", backup_export, backup_read)
        panels.register_panel("private", private_panel)
        panels.register_action("private", panels.Action(answer=private_answer, prefix="judge-", on_game=True))
        panels.register_panel("judge-desk", desk_panel)
        panels.register_panel("private", private_penalties_panel)
        panels.register_panel("judge-desk", desk_penalties_panel)
        panels.register_panel("standings", standings_panel)


def backup_export(event):
    from judges.backup import export

    return export(event)


def backup_read(*args):
    from judges.backup import read

    return read(*args)


def private_panel(*, request, event, player, current, **page) -> dict:
    from judges.web import private_context

    return private_context(request, event, player, current)


def private_answer(request, player, game):
    from judges.web import private_answer

    return private_answer(request, player, game)


def desk_panel(*, request, event, **page) -> dict:
    from judges.web import desk_section

    return desk_section(request, event)


def private_penalties_panel(*, request, player, **page) -> dict:
    from judges.web_penalties import private_context

    return private_context(request, player)


def desk_penalties_panel(*, request, event, **page) -> dict:
    from judges.web_penalties import desk_section

    return desk_section(request, event)


def standings_panel(*, event, rows=(), **page) -> dict:
    from judges.web_penalties import standings_notes

    return standings_notes(event, rows)
