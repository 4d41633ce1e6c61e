"""What mail, phones and Discord hear of the tournament's changes (`notifications.apps.hear`), all in the
change's transaction, as the tournament once called them itself: each writes its messages as rows that
commit or roll back with the change, and hands them to the workers only after the commit
(transaction.on_commit), so a request never waits for mail and a change rolled back tells nobody.

- a round published: each seated player's table and opponent (mail, phone), the tables on Discord;
- a report awaiting the opponent: the opponent is asked to confirm or dispute (mail, phone);
- a report disputed: the reporter and the organizers (mail, phone);
- the clock's last call and time called: the round's players (phone);
- an event finished: the final standings (phones, Discord);
- a round's last result: "all results in" (asked only where push is offered and an organizer listens: a
  result costs no query more otherwise);
- a player's call for a judge (told once the call is committed): the phones of the event's staff who allowed
  judge calls.

Other kinds are not ours: they are ignored."""
from notifications import phones, push, services
from notifications.models import ALL_IN, DiscordHook, PushSubscription
from tournaments import signals
from tournaments.models import Game
from tournaments.selectors import event_standings

PODIUM = 3


def heard(*, signal, kind: str, event, **details) -> None:
    if kind == signals.ROUND_PUBLISHED:
        services.round_published(details["round"], details["games"])
    elif kind == signals.REPORT_AWAITS:
        services.report_awaits(details["game"], details["player"], details["version_stamp"])
    elif kind == signals.REPORT_DISPUTED:
        services.report_disputed(details["game"], details["player"], details["version_stamp"])
    elif kind == signals.CLOCK_CALLED:
        phones.clock_called(details["round"], details["left"], details["run"], details["last_call"],
                            game=details.get("game"))
    elif kind == signals.EVENT_FINISHED and event.finished_at is not None and _listened(event):
        rows = [row for row in event_standings(event) if row.rank is not None]
        phones.event_finished(event, [row.entrant.name for row in rows[:PODIUM]])
    elif kind == signals.RESULT_CHANGED and push.offered():  # told as the result is saved: it counts as in
        game = details["game"]
        kinds = PushSubscription.objects.filter(event=event, user__isnull=False).values_list("kinds", flat=True)
        others_open = Game.objects.filter(round=game.round, result__isnull=True).exclude(pk=game.pk)
        if any(ALL_IN in chosen for chosen in kinds) and not others_open.exists():
            phones.all_results_in(game.round)
    elif kind == signals.JUDGE_CALLED and push.offered():
        phones.judge_called(details["game"], details["call"], details["about"], details.get("note", ""))


def _listened(event) -> bool:
    """Someone hears of the final standings: the event's Discord channel, or a player's phone."""
    return DiscordHook.objects.filter(event=event).exists() or (
        push.offered() and PushSubscription.objects.filter(event=event, player__isnull=False).exists())
