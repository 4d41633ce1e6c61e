"""What phones and Discord hear of the tournament's changes (`notifications.apps.hear`), in the change's
transaction: the final standings when an event is finished, "all results in" when a round's last game
gets its result (asked only where push is offered and an organizer listens: a result costs no query
more otherwise)."""
from notifications import phones, push
from notifications.models import ALL_IN, DiscordHook, PushSubscription
from tournaments import signals
from tournaments.models import Game
from tournaments.selectors import event_standings

PODIUM = 3


def heard(*, signal, kind: str, event, **details) -> None:
    if kind == signals.EVENT_FINISHED and event.finished_at is not None and _listened(event):
        rows = [row for row in event_standings(event) if row.rank is not None]
        phones.event_finished(event, [row.entrant.name for row in rows[:PODIUM]])
    elif kind == signals.RESULT_CHANGED and push.offered():  # told as the result is saved: it counts as in
        game = details["game"]
        kinds = PushSubscription.objects.filter(event=event, user__isnull=False).values_list("kinds", flat=True)
        others_open = Game.objects.filter(round=game.round, result__isnull=True).exclude(pk=game.pk)
        if any(ALL_IN in chosen for chosen in kinds) and not others_open.exists():
            phones.all_results_in(game.round)


def _listened(event) -> bool:
    """Someone hears of the final standings: the event's Discord channel, or a player's phone."""
    return DiscordHook.objects.filter(event=event).exists() or (
        push.offered() and PushSubscription.objects.filter(event=event, player__isnull=False).exists())
