"""The judges' part of the event backup (registered with `tournaments.backup_format.SECTIONS`): each call
(its game and caller by the file's references, kind, note, times), each ruling (its game, its call by its
place in the file, text, rule, the judge's name), each penalty (its player and game by the file's
references, round, reason, step, TP, note, the judge's name, when) and the event's own penalty ladder.
Accounts do not travel in a backup: a restored call keeps when it was taken, not by whom; a ruling and a
penalty keep their judge's name. A penalty's effect is the tournament's own record, restored by its own
part of the file (a TP penalty's adjustment among the adjustments): the restored penalty is linked to it
again when it is there. A file made before penalties restores without them."""
from __future__ import annotations

from judges.ladder import REASONS, STEPS, TP_PENALTY, TP_RANGE, ladder_problems
from judges.models import JudgeCall, Penalty, PenaltyLadder, Ruling
from tournaments.backup_format import in_range, need, row_of, value_of
from tournaments.models import TPAdjustment

CALL_FIELDS = ("kind", "note", "created_at", "taken_at", "closed_at", "withdrawn_at")
RULING_FIELDS = ("text", "rule", "by_name", "created_at")
PENALTY_FIELDS = ("round_number", "reason", "step", "tp", "note", "by_name", "created_at")
PARTS = {"calls", "rulings", "penalties", "ladder"}


def export(event) -> dict | None:
    calls = list(JudgeCall.objects.filter(event=event).select_related("taken_by").order_by("created_at", "id"))
    rulings = list(Ruling.objects.filter(event=event).order_by("created_at", "id"))
    given = list(Penalty.objects.filter(event=event).order_by("created_at", "id"))
    ladder = PenaltyLadder.objects.filter(event=event).first()
    if not calls and not rulings and not given and ladder is None:
        return None
    place = {call.pk: i for i, call in enumerate(calls)}
    return {
        **({"ladder": {"steps": list(ladder.steps), "tp": ladder.tp}} if ladder else {}),
        "penalties": [{"player": p.player_id, "game": p.game_id, "round_number": p.round_number,
                       "reason": p.reason, "step": p.step, "tp": p.tp, "note": p.note, "by_name": p.by_name,
                       "created_at": p.created_at.isoformat()} for p in given],
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
    need(set(section) <= PARTS, "the section", "calls, rulings, penalties and the ladder only")
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

    given = _penalties(section.get("penalties", []), event, players, rounds, games)
    ladder = _ladder(section["ladder"], event) if "ladder" in section else None

    def write():
        for call in calls:
            call.save()
        for ruling, call in rulings:
            ruling.call = calls[call] if call is not None else None
            ruling.save()
        linked = set()
        for penalty in given:
            penalty.adjustment = _adjustment(penalty, linked)
            penalty.save()
        if ladder is not None:
            ladder.save()

    return write


def _penalties(section, event, players: dict, rounds: dict, games: dict) -> list[Penalty]:
    given = []
    for i, data in enumerate(value_of(section, "penalties", list)):
        where = f"penalties[{i}]"
        value_of(data, where, dict)
        player, game = data.get("player"), data.get("game")
        need(type(player) is int and player in players, f"{where}.player", "a player of the file")
        need(game is None or (type(game) is int and game in games), f"{where}.game", "a game of the file, or null")
        need(game is None or players[player] in (games[game].player_a, games[game].player_b), f"{where}.game",
             "a game of that player")
        penalty = row_of(Penalty, data, PENALTY_FIELDS, where, event=event, player=players[player],
                         game=games[game] if game is not None else None)
        need(penalty.round_number is None or penalty.round_number in rounds, f"{where}.round_number",
             "a round of the file, or null")
        need(penalty.reason in REASONS, f"{where}.reason", "one of " + ", ".join(REASONS))
        need(penalty.step in STEPS, f"{where}.step", "one of " + ", ".join(STEPS))
        if penalty.step == TP_PENALTY:
            in_range(penalty.tp, *TP_RANGE, f"{where}.tp")
        else:
            need(penalty.tp == 0, f"{where}.tp", "0 but for a TP penalty")
        given.append(penalty)
    return given


def _ladder(section, event) -> PenaltyLadder:
    value_of(section, "ladder", dict)
    need(set(section) == {"steps", "tp"}, "ladder", "its steps and tp, nothing else")
    steps = value_of(section["steps"], "ladder.steps", list)
    need(all(isinstance(step, str) for step in steps), "ladder.steps", "a list of steps")
    problems = ladder_problems(steps)
    need(not problems, "ladder.steps", " ".join(problems))
    return PenaltyLadder(event=event, steps=list(steps), tp=in_range(section["tp"], *TP_RANGE, "ladder.tp"))


def _adjustment(penalty: Penalty, linked: set) -> TPAdjustment | None:
    """The restored TP adjustment a TP penalty made (the same player, TP taken and round), once each."""
    if penalty.step != TP_PENALTY:
        return None
    found = (TPAdjustment.objects.filter(event=penalty.event, player=penalty.player, tp=-penalty.tp,
                                         round_number=penalty.round_number)
             .exclude(pk__in=linked).order_by("at", "id").first())
    if found is not None:
        linked.add(found.pk)
    return found

