"""Every write to a game's live tracker, by one of its two players: a turn's figures for their own side, an
objection to the other's line, their own schemes (chosen in secret, then revealed), the turn being played,
the Avatar's Manifest requirements (M2E), and at the end the report made from it. Each write locks the
game, is judged whole by the rules module (the report the tracker adds up to, after the turns so far) and
is refused whole; the event's version moves on after the commit, so the public pages show the score."""
from __future__ import annotations

from contextlib import contextmanager

from scoring.formats import get_format
from scoring.messages import say
from scoring.missions import AT_TABLE
from scoring.problems import Conflict, conflict, invalid
from tournaments import selectors, services
from tournaments.services.changes import SHARED, event_change
from tournaments.services.results import locked_game, result_scores
from tracker import sheet
from tracker.models import Tracker

MOST_VP = 20  # no turn gives more to one side: a bound for typing slips before the rules module speaks
NOTE_LENGTH = 200
NO_NOTE = "?"  # an objection without a word why


def tracker_line(*, game, player, side: str, turn: int, strategy: int, schemes: dict[str, int]) -> Tracker:
    """The player's own side's figures for one turn (the opponent's lines are theirs: the player objects to
    one instead); recording it again clears an objection. A scheme scores only once its owner chose it, and
    scoring it reveals it. Nothing the player may write depends on the opponent's secret choices."""
    if side not in ("a", "b") or not _small(strategy) or not all(_small(vp) for vp in schemes.values()):
        raise invalid("vp_out_of_range", say("VP in a turn are whole numbers from 0 to {most}.", most=MOST_VP), "vp")
    with _tracking(game, player) as (tracker, mine):
        if side != mine:
            raise conflict("not_your_side", say(
                "You record your own side's turns; if your opponent's line is wrong, object to it."))
        if not 1 <= turn <= tracker.turn:
            raise invalid("turn_not_played", say("Turn {turn} is not played yet: the game is in turn {now}.",
                                                 turn=turn, now=tracker.turn), "turn")
        held = {s["scheme"]: s for s in tracker.schemes.get(side, [])}
        for key, vp in schemes.items():
            if key not in held:
                raise invalid("scheme_not_chosen", say("You have not chosen that scheme."), "schemes")
            if vp:
                held[key]["revealed"] = True
        tracker.lines = sheet.with_line(tracker.lines, {"side": side, "turn": turn, "strategy": strategy,
                                                        "schemes": {k: v for k, v in schemes.items() if v},
                                                        "by": mine, "objection": ""})
    return tracker


def tracker_object(*, game, player, side: str, turn: int, note: str) -> Tracker:
    """The player disputes a line the other recorded; it stands marked until recorded again."""
    with _tracking(game, player) as (tracker, mine):
        line = sheet.line_of(tracker.lines, side, turn)
        if line is None or line["by"] == mine:
            raise conflict("not_their_line", say("You can object only to a line your opponent recorded."))
        line["objection"] = (note or "").strip()[:NOTE_LENGTH] or NO_NOTE
    return tracker


def tracker_scheme(*, game, player, scheme: str, noted_model: str = "") -> Tracker:
    """The player chooses a scheme (hidden from the opponent until revealed), with what they noted."""
    with _tracking(game, player) as (tracker, mine):
        own = tracker.schemes.setdefault(mine, [])
        if any(s["scheme"] == scheme for s in own):
            raise conflict("scheme_chosen", say("You already chose that scheme."))
        own.append({"scheme": scheme, "noted_model": (noted_model or "").strip()[:60], "revealed": False})
    return tracker


def tracker_reveal(*, game, player, scheme: str) -> Tracker:
    with _tracking(game, player) as (tracker, mine):
        chosen = next((s for s in tracker.schemes.get(mine, []) if s["scheme"] == scheme), None)
        if chosen is None:
            raise conflict("scheme_not_chosen", say("You have not chosen that scheme."))
        chosen["revealed"] = True
    return tracker


def tracker_turn(*, game, player, turn: int) -> Tracker:
    """The turn being played (the next one, or back to one before, never before a line recorded)."""
    with _tracking(game, player) as (tracker, _):
        last = get_format(game.round.event.format).turns_max
        recorded = max((line["turn"] for line in tracker.lines), default=1)
        if not recorded <= turn <= last:
            raise invalid("turn_out_of_range", say("The turn is from {first} to {last}.", first=recorded,
                                                   last=last), "turn")
        tracker.turn = turn
    return tracker


def tracker_manifest(*, game, player, met: int) -> Tracker:
    """M2E: how many of the player's Avatar's two Manifest requirements are met."""
    if get_format(game.round.event.format).edition != "M2E":
        raise conflict("no_avatars", say("Avatars and the Manifest Clock belong to M2E games."))
    if met not in (0, 1, 2):
        raise invalid("requirements_out_of_range", say("An Avatar has two requirements: 0, 1 or 2 are met."), "met")
    with _tracking(game, player) as (tracker, mine):
        tracker.manifest = {**tracker.manifest, mine: met}
    return tracker


def tracker_report(*, game, player) -> str:
    """The tracker becomes the player's report, for the opponent to confirm as any report; refused while
    a line stands objected. Read under the game's lock, so a line or an objection sent at the same moment
    comes before or after, never between."""
    with event_change(game.round.event, lock=SHARED):
        game = locked_game(game)
        if game.side_of(player.id) is None:
            raise conflict("not_your_game", say("Only the two players of a game can keep its score."))
        refuse_if_closed(game)
        tracker = Tracker.objects.select_for_update().filter(game=game).first()
        if tracker is None or not tracker.lines:
            raise conflict("nothing_tracked", say("Nothing is recorded yet: record each turn, then report."))
        if any(line["objection"] for line in tracker.lines):
            raise conflict("objection_open", say(
                "A line is objected to: record it again as you both agree, then report."))
        return services.report_submit(game=game, player=player,
                                      report=sheet.report_of(tracker.lines, tracker.schemes, tracker.turn))


def closed(game, *, current: bool = False) -> Conflict | None:
    """Why the game's tracker is closed, or None while its players keep its score there: a game with two
    players, no result, in the event's current round (its latest published one: an earlier game is
    reported, not tracked), the event not finished, and where tables flip their own mission, once the
    table's is known. The page shows the tracker only while it is open; every write checks it. `current`:
    the caller found the game to be of the current round already (the private page shows only that one),
    so that is not read again."""
    event = game.round.event
    if game.is_bye:
        return conflict("not_your_game", say("Only the two players of a game can keep its score."))
    if getattr(game, "result", None) is not None:
        return conflict("result_confirmed", say(
            "This game's result is confirmed; only an organizer can correct it now."))
    if event.finished_at is not None:
        return conflict("event_finished", say("This event is finished: its games are no longer tracked."))
    if game.round.is_draft:
        return conflict("round_not_published", say("Round {number} is not published yet.", number=game.round.number))
    if not current and game.round.number != selectors.latest_round_number(event):
        return conflict("round_over", say(
            "Round {number} is over: the tracker keeps the current round's game; report this one instead.",
            number=game.round.number))
    if event.missions == AT_TABLE and not game.strategy:
        return conflict("mission_unknown", say(
            "Each table of this event flips its own mission: the tracker opens once your table's is known."))
    return None


def refuse_if_closed(game) -> None:
    if (why := closed(game)) is not None:
        raise why


def _small(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MOST_VP


@contextmanager
def _tracking(game, player):
    """The game locked (the two players write at once), its tracker read or begun; after the block the
    tracker is judged by the rules module as the writer may see it (the opponent's unrevealed schemes left
    out, so no refusal tells of them) and saved, or the change is refused."""
    with event_change(game.round.event, lock=SHARED):
        game = locked_game(game)
        mine = game.side_of(player.id)
        if mine is None:
            raise conflict("not_your_game", say("Only the two players of a game can keep its score."))
        refuse_if_closed(game)
        tracker = Tracker.objects.select_for_update().filter(game=game).first() or Tracker(game=game)
        yield tracker, mine
        seen = {side: sheet.schemes_seen(tracker.schemes, side, mine) for side in ("a", "b")}
        result_scores(game, sheet.report_of(tracker.lines, seen, tracker.turn))  # raises: refused
        vp = sheet.totals(tracker.lines)
        tracker.vp_a, tracker.vp_b = vp["a"], vp["b"]
        tracker.save()
