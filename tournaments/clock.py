"""When the round clock speaks: a warning at every 30-minute step, one at 15 minutes left, and time
called at the end (pure; services.round_clock queues their announcements)."""

STEP, LAST_CALL, TIME_CALLED = 30 * 60, 15 * 60, 0


def notice_moments(seconds_left: int, last_call: int = LAST_CALL) -> list[int]:
    """The seconds-left values still ahead of a clock with `seconds_left` to run, latest first; `last_call`
    is when the last warning (M4E: the last turn) is called."""
    moments = set(range(STEP, seconds_left, STEP)) | {last_call, TIME_CALLED}
    return sorted((m for m in moments if m < seconds_left), reverse=True)


def latest_notice(notices: list[dict], run: str | None) -> int | None:
    """The last announcement of the clock's current run (seconds left when it was made); the round's own, not
    a table's later one (a judge's extension: those name their `table`)."""
    said = [n["left"] for n in notices if n.get("run") == run and "table" not in n]
    return min(said) if said else None


def table_left(clock_left: int | None, elapsed: int, extra_minutes: int) -> int | None:
    """What one table's clock shows: the round's `clock_left` at its last start, less the `elapsed`
    seconds since (0 while paused), plus the table's own extension; never below zero, None before the
    round clock starts. Another table's extension never enters it."""
    if clock_left is None:
        return None
    return max(0, clock_left + extra_minutes * 60 - max(0, elapsed))


def table_ends(round_ends: int | None, extra_minutes: int) -> int | None:
    """When a table's running clock ends (epoch seconds): the round's end plus the table's minutes."""
    return None if round_ends is None else round_ends + extra_minutes * 60


def table_notice(round_notice: int | None, left: int | None, extra_minutes: int, last_call: int = LAST_CALL
                 ) -> int | None:
    """The clock's latest announcement as one table hears it: the round's own without an extension; with
    one, the latest moment the table's clock (`left` seconds) has itself reached, never a moment above
    what the round has said plus the extension but its last call (nothing before the round's first
    announcement)."""
    if not extra_minutes or round_notice is None or left is None:
        return round_notice
    ceiling = max(round_notice + extra_minutes * 60, last_call)
    moments = set(range(STEP, ceiling + 1, STEP)) | {last_call, TIME_CALLED}
    reached = [m for m in moments if left <= m <= ceiling]
    return min(reached) if reached else None


def table_moments(round_moments: list[int], last_call: int = LAST_CALL) -> list[int]:
    """What a table with extra time hears on its own, later than the round: its last call and time up, each
    only where the round's run says it too (so a listener that does not tell tables apart hears it once)."""
    return [m for m in round_moments if m in (last_call, TIME_CALLED)]
