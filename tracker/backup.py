"""The live tracker's part of the event backup (registered with `tournaments.backup_format.SECTIONS`): each
game's turn, lines (objections included), schemes and Manifest requirements, read back against the restored
games, each line in the ranges the tracker takes, and refused whole when it does not fit them.

A scheme its owner has not revealed stays out of the file while the game has no result: a backup is a file
handed around, and an organizer who also plays would read an opponent's secret in it. Only such a scheme is
lost (a line that scored a scheme revealed it); its owner chooses it again on the restored event."""
from __future__ import annotations

from scoring.formats import get_format
from tournaments.backup_format import in_range, need, row_of, value_of
from tracker import sheet
from tracker.models import Tracker
from tracker.services import MOST_VP, NOTE_LENGTH

FIELDS = ("turn", "vp_a", "vp_b", "lines", "schemes", "manifest", "updated_at")
LINE_KEYS = {"side", "turn", "strategy", "schemes", "by", "objection"}
SCHEME_KEYS = {"scheme", "noted_model", "revealed"}
TEXT = 60  # a scheme's key (as an event's scheme pools hold them) and a noted model


def export(event) -> list[dict] | None:
    trackers = list(Tracker.objects.filter(game__round__event=event).select_related("game__result")
                    .order_by("game__round__number", "game_id"))
    if not trackers:
        return None
    return [{"game": t.game_id, "turn": t.turn, "vp_a": t.vp_a, "vp_b": t.vp_b, "lines": t.lines,
             "schemes": t.schemes if hasattr(t.game, "result") else {
                 side: [s for s in chosen if s.get("revealed")] for side, chosen in t.schemes.items()},
             "manifest": t.manifest, "updated_at": t.updated_at.isoformat()} for t in trackers]


def read(section: list, event, players: dict, rounds: dict, games: dict):
    """The section checked as unsaved rows; returns what saves them."""
    value_of(section, "the section", list)
    turns_max, rows, seen = get_format(event.format).turns_max, [], set()
    for i, given in enumerate(section):
        where = f"[{i}]"
        value_of(given, where, dict)
        ref = given.get("game")
        need(type(ref) is int and ref in games and ref not in seen, f"{where}.game", "a game of the file, once")
        seen.add(ref)
        need(games[ref].player_b is not None, f"{where}.game", "a bye keeps no score")
        tracker = row_of(Tracker, given, FIELDS, where, game=games[ref])
        in_range(tracker.turn, 1, turns_max, f"{where}.turn")
        schemes = _schemes(tracker.schemes, f"{where}.schemes")
        _lines(tracker.lines, tracker.turn, schemes, f"{where}.lines")
        need(set(tracker.manifest) <= {"a", "b"}, f"{where}.manifest", "sides a and b")
        for side, met in tracker.manifest.items():
            in_range(met, 0, 2, f"{where}.manifest.{side}")
        need((tracker.vp_a, tracker.vp_b) == tuple(sheet.totals(tracker.lines).values()), where,
             "vp_a and vp_b are not what its lines add up to")
        rows.append((tracker, tracker.updated_at))

    def write():
        made = Tracker.objects.bulk_create(tracker for tracker, _ in rows)
        for tracker, (_, updated_at) in zip(made, rows):
            tracker.updated_at = updated_at  # auto_now gave the time of the restore
        Tracker.objects.bulk_update(made, ["updated_at"])

    return write


def _schemes(schemes: dict, where: str) -> dict[str, set[str]]:
    """Each side's chosen schemes, as the tracker keeps them; their keys by side."""
    need(set(schemes) <= {"a", "b"}, where, "sides a and b")
    keys = {"a": set(), "b": set()}
    for side, chosen in schemes.items():
        value_of(chosen, f"{where}.{side}", list)
        for j, s in enumerate(chosen):
            at = f"{where}.{side}[{j}]"
            need(isinstance(s, dict) and set(s) == SCHEME_KEYS, at, f"an object of {', '.join(sorted(SCHEME_KEYS))}")
            need(isinstance(s["scheme"], str) and 0 < len(s["scheme"]) <= TEXT and s["scheme"] not in keys[side],
                 f"{at}.scheme", f"a scheme's key of at most {TEXT} characters, once a side")
            need(isinstance(s["noted_model"], str) and len(s["noted_model"]) <= TEXT, f"{at}.noted_model",
                 f"text of at most {TEXT} characters")
            value_of(s["revealed"], f"{at}.revealed", bool)
            keys[side].add(s["scheme"])
    return keys


def _lines(lines: list, turn: int, schemes: dict[str, set[str]], where: str) -> None:
    """One line a side and turn played so far, its VP in the tracker's ranges, scoring only schemes chosen."""
    sides_turns = set()
    for j, line in enumerate(lines):
        at = f"{where}[{j}]"
        need(isinstance(line, dict) and set(line) == LINE_KEYS, at, f"an object of {', '.join(sorted(LINE_KEYS))}")
        need(line["side"] in ("a", "b") and line["by"] in ("a", "b"), at, "side and by are a or b")
        in_range(line["turn"], 1, turn, f"{at}.turn")
        need((line["side"], line["turn"]) not in sides_turns, at, "one line a side and turn")
        sides_turns.add((line["side"], line["turn"]))
        in_range(line["strategy"], 0, MOST_VP, f"{at}.strategy")
        value_of(line["schemes"], f"{at}.schemes", dict)
        for key, vp in line["schemes"].items():
            need(key in schemes[line["side"]], f"{at}.schemes", f"{key!r} is no scheme that side chose")
            in_range(vp, 0, MOST_VP, f"{at}.schemes.{key}")
        need(isinstance(line["objection"], str) and len(line["objection"]) <= NOTE_LENGTH, f"{at}.objection",
             f"text of at most {NOTE_LENGTH} characters")
