"""The calls' and rulings' part of the event backup (registered with `tournaments.backup_format.SECTIONS`):
each call (its game and caller by the file's references, kind, note, times) and each ruling (its game, its
call by its place in the file, text, rule, the judge's name). Accounts do not travel in a backup: a restored
call keeps when it was taken, not by whom; a ruling keeps its judge's name."""
from __future__ import annotations

from judges.models import JudgeCall, Ruling
from tournaments.backup_format import need, row_of, value_of

CALL_FIELDS = ("kind", "note", "created_at", "taken_at", "closed_at", "withdrawn_at")
RULING_FIELDS = ("text", "rule", "by_name", "created_at")


def export(event) -> dict | None:
    calls = list(JudgeCall.objects.filter(event=event).select_related("taken_by").order_by("created_at", "id"))
    rulings = list(Ruling.objects.filter(event=event).order_by("created_at", "id"))
    if not calls and not rulings:
        return None
    place = {call.pk: i for i, call in enumerate(calls)}
    return {
        "calls": [{"game": c.game_id, "player": c.player_id, "kind": c.kind, "note": c.note,
                   "created_at": c.created_at.isoformat(), "taken_at": _iso(c.taken_at),
                   "closed_at": _iso(c.closed_at), "withdrawn_at": _iso(c.withdrawn_at),
                   "taken_by": c.taken_by.get_username() if c.taken_by else None} for c in calls],
        "rulings": [{"game": r.game_id, "call": place.get(r.call_id), "text": r.text, "rule": r.rule,
                     "by_name": r.by_name, "created_at": r.created_at.isoformat()} for r in rulings]}


def _iso(value):
    return value.isoformat() if value else None


def read(section, event, players: dict, rounds: dict, games: dict):
    """The section checked as unsaved rows; returns what saves them."""
    value_of(section, "the section", dict)
    need(set(section) <= {"calls", "rulings"}, "the section", "calls and rulings only")
    calls, rulings = [], []
    for i, given in enumerate(value_of(section.get("calls", []), "calls", list)):
        where = f"calls[{i}]"
        value_of(given, where, dict)
        game, player = given.get("game"), given.get("player")
        need(type(game) is int and game in games, f"{where}.game", "a game of the file")
        need(type(player) is int and player in players, f"{where}.player", "a player of the file")
        need(players[player] in (games[game].player_a, games[game].player_b), f"{where}.player",
             "a player of that game")
        calls.append(row_of(JudgeCall, given, CALL_FIELDS, where, event=event, game=games[game],
                            player=players[player]))
    for i, given in enumerate(value_of(section.get("rulings", []), "rulings", list)):
        where = f"rulings[{i}]"
        value_of(given, where, dict)
        game, call = given.get("game"), given.get("call")
        need(type(game) is int and game in games, f"{where}.game", "a game of the file")
        need(call is None or (type(call) is int and 0 <= call < len(calls)), f"{where}.call",
             "the place of a call in the file, or null")
        need(call is None or calls[call].game is games[game], f"{where}.call", "a call of the same game")
        need(isinstance(given.get("text"), str) and given["text"].strip(), f"{where}.text", "the ruling's text")
        rulings.append((row_of(Ruling, given, RULING_FIELDS, where, event=event, game=games[game]), call))

    def write():
        for call in calls:
            call.save()
        for ruling, call in rulings:
            ruling.call = calls[call] if call is not None else None
            ruling.save()

    return write

