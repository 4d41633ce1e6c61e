"""What the pages read of the trackers: a round's live scores by table, in one query."""
from tracker.models import Tracker


def live_scores(rnd) -> dict[int, tuple[int, int, int]]:
    """{table: (VP a, VP b, turn)} for the round's games whose players keep their score here (a line
    recorded); a game with its result is no longer live."""
    return {table: (vp_a, vp_b, turn) for table, vp_a, vp_b, turn in Tracker.objects.filter(
        game__round=rnd, game__result__isnull=True).exclude(lines=[]).values_list(
        "game__table", "vp_a", "vp_b", "turn")}
