"""What the pages and the API read of the trackers: a round's live scores by table, in one query; what a
player may read of the versions of a tracked game; and of the tracker itself."""
from scoring.formats import get_format
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


def tracker_seen(game, player) -> dict:
    """A game's tracker as one of its players may read it, raw (the page and the API put it in words): the
    tracker (begun or not), the reader's side, each side's schemes as the reader may see them (the
    opponent's unrevealed ones left out), the keys of the schemes the reader may choose next (the table's
    pool; M4E: the first from the pool, then one of the last chosen's next, none twice) and the turn the
    reader may go back to (a "Start turn" tapped too soon, never before a turn with a line)."""
    tracker = Tracker.objects.filter(game=game).first() or Tracker(game=game)
    fmt, mine = get_format(game.round.event.format), game.side_of(player.id)
    seen = {side: sheet.schemes_seen(tracker.schemes, side, mine) for side in ("a", "b")}
    chosen = {s["scheme"] for s in seen[mine]}
    keys = list(game.mission()[2])
    if fmt.scheme_chains and seen[mine]:
        last = fmt.scheme(seen[mine][-1]["scheme"])
        keys = [named.key for named in (fmt.scheme(n) for n in (last.next if last else ())) if named]
    recorded = max((line["turn"] for line in tracker.lines), default=1)
    return {"tracker": tracker, "format": fmt, "mine": mine, "seen": seen,
            "choices": [key for key in keys if key not in chosen],
            "back": tracker.turn - 1 if tracker.turn > recorded else None}
