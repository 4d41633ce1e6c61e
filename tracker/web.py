"""The live tracker on a player's private page: the score turn by turn for both sides (each player records
their own side's lines and may object to the other's), the player's own schemes (secret until revealed),
the turn, the Avatar's Manifest cost (M2E) and the report it becomes. Its forms post to the private page
(action "track-..."), which calls `answer` and shows the problem in the tracker when one is refused."""
from __future__ import annotations

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from gaininggrounds.params import whole_number
from scoring.avatars import ManifestCost, manifest_cost
from scoring.problems import DomainError
from scoring.report import other_side
from tracker import selectors, services, sheet
from tracker.services import MOST_VP, NO_NOTE

MANIFEST_WORDS = {
    ManifestCost.CANNOT: gettext_lazy("cannot Manifest yet"),
    ManifestCost.AP_2: gettext_lazy("Manifest costs 2 AP"),
    ManifestCost.AP_1: gettext_lazy("Manifest costs 1 AP"),
    ManifestCost.CHOOSE_1_OR_0: gettext_lazy("Manifest costs 1 AP or 0 AP, your choice"),
    ManifestCost.AUTOMATIC: gettext_lazy("Manifest is automatic at the start of the Master's activation, "
                                         "unless you sacrifice a Soulstone"),
}


def offered(event, game) -> bool:
    """Whether the page shows the game's tracker, the player's current game (the private page picks the
    latest round's): while it is open (tracker.services.closed says when)."""
    return game is not None and services.closed(game, current=True) is None


def tracker_view(event, game, player, problem: str = "") -> dict | None:
    """What the tracker shows this player: every turn for both sides (the reader first), the schemes they
    may see, what they may choose next, and the forms' starting figures."""
    if not offered(event, game):
        return None
    state = selectors.tracker_seen(game, player)
    tracker, fmt, mine = state["tracker"], state["format"], state["mine"]
    theirs = other_side(mine)
    names = {mine: player.name, theirs: (game.player_b if mine == "a" else game.player_a).name}
    totals = sheet.totals(tracker.lines)
    turns = []
    for turn in range(1, tracker.turn + 1):
        cells = []
        for side in (mine, theirs):
            line = sheet.line_of(tracker.lines, side, turn)
            cells.append(line and {"side": side, "vp": line["strategy"] + sum(line["schemes"].values()),
                                   "words": _line_words(fmt, line), "objection": line["objection"],
                                   "can_object": line["by"] != mine and not line["objection"]})
        turns.append({"turn": turn, "cells": cells})
    seen = state["seen"]
    view = {
        "started": bool(tracker.lines), "turn": tracker.turn, "last_turn": fmt.turns_max, "turns": turns,
        "mine": mine, "theirs": theirs, "my_name": names[mine], "their_name": names[theirs],
        "score": (totals[mine], totals[theirs]), "problem": problem, "most": MOST_VP,
        "my_schemes": [{**s, "name": scheme_name(fmt, s["scheme"])} for s in seen[mine]],
        "their_schemes": [{**s, "name": scheme_name(fmt, s["scheme"])} for s in seen[theirs]],
        "choices": [(key, scheme_name(fmt, key)) for key in state["choices"]],
        "objected": any(line["objection"] for line in tracker.lines),
        "back": state["back"],  # a "Start turn" tapped too soon, never before a turn with a line
    }
    # The reader's side only: the opponent records theirs (and the reader objects to a wrong one). First
    # each line of an earlier turn the opponent objects to, recorded again there, then the turn being played.
    objected = [line["turn"] for line in tracker.lines
                if line["side"] == mine and line["objection"] and line["turn"] != tracker.turn]
    view["forms"] = [_line_form(names[mine], view["my_schemes"], sheet.line_of(tracker.lines, mine, turn) or {},
                                turn) for turn in [*objected, tracker.turn]]
    if fmt.edition == "M2E":
        met = tracker.manifest.get(mine, 0)
        view["manifest"] = {"met": met, "cost": MANIFEST_WORDS[manifest_cost(tracker.turn, met)]}
    return view


def answer(request, game, player) -> str:
    """Carry out a tracker form; "" when done, else the problem in the reader's words."""
    post, action = request.POST, request.POST.get("action", "")
    try:
        if action == "track-line":
            side = post.get("side", "")
            vp = {key.removeprefix("scheme:"): whole_number(value.strip() or "0", MOST_VP)
                  for key, value in post.items() if key.startswith("scheme:")}
            strategy = whole_number(post.get("strategy", "").strip() or "0", MOST_VP)  # None: refused there
            services.tracker_line(game=game, player=player, side=side, turn=whole_number(post.get("turn")) or 0,
                                  strategy=strategy, schemes=vp)
        elif action == "track-object":
            services.tracker_object(game=game, player=player, side=post.get("side", ""),
                                    turn=whole_number(post.get("turn")) or 0, note=post.get("note", ""))
        elif action == "track-scheme":
            services.tracker_scheme(game=game, player=player, scheme=post.get("scheme", ""),
                                    noted_model=post.get("noted_model", ""))
        elif action == "track-reveal":
            services.tracker_reveal(game=game, player=player, scheme=post.get("scheme", ""))
        elif action == "track-turn":
            services.tracker_turn(game=game, player=player, turn=whole_number(post.get("turn")) or 0)
        elif action == "track-manifest":
            met = whole_number(post.get("met"), 2)
            services.tracker_manifest(game=game, player=player, met=-1 if met is None else met)
        elif action == "track-report":
            services.tracker_report(game=game, player=player)
        else:
            return _("Unknown tracker action.")
    except DomainError as error:
        return " ".join(problem.detail for problem in error.problems)
    return ""


def _line_form(name: str, schemes: list[dict], line: dict, turn: int) -> dict:
    """The reader's form for a turn, filled with what is recorded for it, and the opponent's objection."""
    scored, objection = line.get("schemes", {}), line.get("objection", "")
    return {"name": name, "turn": turn, "strategy": line.get("strategy", ""), "objected": bool(objection),
            "note": "" if objection == NO_NOTE else objection,
            "list": [{"scheme": s["scheme"], "name": s["name"], "vp": scored.get(s["scheme"], "")} for s in schemes]}


def scheme_name(fmt, key: str) -> str:
    named = fmt.scheme(key)
    return named.called(get_language()) if named else key


def _line_words(fmt, line: dict) -> str:
    parts = [_("strategy %(vp)s") % {"vp": line["strategy"]}]
    parts += [f"{scheme_name(fmt, key)} {vp}" for key, vp in line["schemes"].items()]
    return " · ".join(parts)
