"""What the pages read of the trackers: a round's live scores by table, in one query; and what a player may
read of the versions of a tracked game."""
from scoring.report import other_side
from tracker import sheet
from tracker.models import Tracker


def live_scores(rnd) -> dict[int, tuple[int, int, int]]:
    """{table: (VP a, VP b, turn)} for the round's games whose players keep their score here (a line
    recorded); a game with its result is no longer live."""
    return {table: (vp_a, vp_b, turn) for table, vp_a, vp_b, turn in Tracker.objects.filter(
        game__round=rnd, game__result__isnull=True).exclude(lines=[]).values_list(
        "game__table", "vp_a", "vp_b", "turn")}


def versions_seen(game, breakdowns: list[dict], reader: str | None) -> list[dict]:
    """The players' versions' score sheets (stored breakdowns) as the player on side `reader` may read them
    before the game is confirmed; `reader` None (an organizer): whole. Once the game is tracked (a line
    recorded, which both players see), the opponent's schemes that scored nothing stay out unless revealed
    there: a report made from the tracker holds their secret choices, shown to their owner only. The rule
    asks nothing the reader cannot see, so a scheme typed in their own report is left out alike, chosen or
    not. Read only when a version has something to leave out."""
    if reader not in ("a", "b"):
        return breakdowns
    hidden = other_side(reader)
    if not any(not s.get("vp") for b in breakdowns for s in ((b or {}).get(hidden) or {}).get("schemes", ())):
        return breakdowns
    tracked = list(Tracker.objects.filter(game=game).exclude(lines=[]).values_list("schemes", flat=True)[:1])
    if not tracked:
        return breakdowns
    revealed = {s["scheme"] for s in tracked[0].get(hidden, []) if s.get("revealed")}
    return [sheet.breakdown_seen(b or {}, hidden, revealed) for b in breakdowns]
