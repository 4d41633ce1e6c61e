"""Handing a message to the notification queue (mail, a push, a Discord post): with the broker down the
row stays pending for Celery beat's next round, never an error for the change that wrote it."""
import logging

from gaininggrounds.celery import queue

log = logging.getLogger(__name__)


def hand_over(task_name: str, row_id: int) -> None:
    try:
        queue(task_name, row_id)
    except Exception:  # noqa: BLE001 - broker unreachable: the row waits for beat
        log.warning("broker unreachable: %s(%s) left pending", task_name, row_id, exc_info=True)
