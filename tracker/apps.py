from django.apps import AppConfig


class TrackerConfig(AppConfig):
    name = "tracker"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """The trackers' lines and objections travel in the event's backup; its module is imported when used,
        so that Django's start imports no service. A player reads a game's versions without the opponent's
        unrevealed schemes (tournaments.readers asks here), and the round's pages show the live scores. The
        tracker is a panel of the player's private page, whose "track-..." actions it answers
        (tournaments.panels)."""
        from tournaments import panels, readers
        from tournaments.backup_format import register_section

        register_section("tracker", backup_export, backup_read)
        readers.register_versions_filter(versions_seen)
        readers.register_live_scores(live_scores)
        panels.register_panel("private", private_panel)
        panels.register_action("private", panels.Action(answer=private_answer, prefix="track-", on_game=True))


def versions_seen(game, breakdowns, reader):
    from tracker.selectors import versions_seen

    return versions_seen(game, breakdowns, reader)


def backup_export(event):
    from tracker.backup import export

    return export(event)


def backup_read(*args):
    from tracker.backup import read

    return read(*args)


def live_scores(rnd) -> dict:
    from tracker.selectors import live_scores

    return live_scores(rnd)


def private_panel(*, request, event, player, current, tracked="", **page) -> dict:
    """The tracker of the player's current game; a problem it refused is said above the page once the
    tracker is no longer shown (the result came in meanwhile)."""
    from django.contrib import messages

    from tracker.web import tracker_view

    shown = tracker_view(event, current, player, tracked)
    if not shown and tracked:
        messages.error(request, tracked)
    return {"tracker": shown}


def private_answer(request, player, game):
    """A tracker form of the private page: its problem, or the page again at the tracker (after the
    game's report, where the game stands)."""
    from tournaments.panels import Answer
    from tracker.web import answer

    problem = answer(request, game, player)
    if problem:
        return Answer(problem=problem)
    return Answer(reported=True) if request.POST.get("action") == "track-report" else Answer(anchor="tracker")
