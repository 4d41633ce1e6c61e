"""Celery shells over the tournament's services: they take ids, are idempotent, acknowledge late and
have time limits; with no broker configured they run in-process (eager). Jobs and mail have their own
apps (`jobs.tasks`, `notifications.tasks`)."""
from celery import shared_task


@shared_task(acks_late=True, time_limit=30)
def clock_notice(round_id: int, run: str, left: int) -> None:
    """Announce a moment of the round clock (see `services.round_clock.clock_notice_say`)."""
    from tournaments import services

    services.clock_notice_say(round_id=round_id, run=run, left=left)


@shared_task(acks_late=True, time_limit=30)
def table_clock_notice(game_id: int, run: str, left: int, extra_minutes: int) -> None:
    """Announce a moment of one table's own clock, a judge's extension later than the round's (see
    `services.round_clock.table_notice_say`)."""
    from tournaments.services.round_clock import table_notice_say

    table_notice_say(game_id=game_id, run=run, left=left, extra_minutes=extra_minutes)
