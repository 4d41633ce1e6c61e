"""When the round clock speaks: a warning at every 30-minute step, one at 15 minutes left, and time
called at the end (pure; services.round_clock queues their announcements)."""

STEP, LAST_CALL, TIME_CALLED = 30 * 60, 15 * 60, 0


def notice_moments(seconds_left: int, last_call: int = LAST_CALL) -> list[int]:
    """The seconds-left values still ahead of a clock with `seconds_left` to run, latest first; `last_call`
    is when the last warning (M4E: the last turn) is called."""
    moments = set(range(STEP, seconds_left, STEP)) | {last_call, TIME_CALLED}
    return sorted((m for m in moments if m < seconds_left), reverse=True)


def latest_notice(notices: list[dict], run: str | None) -> int | None:
    """The last announcement of the clock's current run (seconds left when it was made)."""
    said = [n["left"] for n in notices if n.get("run") == run]
    return min(said) if said else None
