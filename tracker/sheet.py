"""The tracker's arithmetic, pure (no database): its lines and schemes as the report they add up to (what
the rules module judges after every line, and what the players report at the end), its totals, and what
each player may see of the other's schemes (in the tracker, and in a report made from it)."""
from __future__ import annotations

from scoring.report import PLAYED, Report, SchemeScore, SideBreakdown, TurnScore


def with_line(lines: list[dict], line: dict) -> list[dict]:
    """The lines with `line` in place of the side's figures for that turn, in turn order."""
    kept = [old for old in lines if (old["side"], old["turn"]) != (line["side"], line["turn"])]
    return sorted([*kept, line], key=lambda one: (one["turn"], one["side"]))


def line_of(lines: list[dict], side: str, turn: int) -> dict | None:
    return next((line for line in lines if (line["side"], line["turn"]) == (side, turn)), None)


def totals(lines: list[dict]) -> dict[str, int]:
    """Each side's VP so far: its strategy and scheme VP, every turn."""
    vp = {"a": 0, "b": 0}
    for line in lines:
        vp[line["side"]] += line["strategy"] + sum(line["schemes"].values())
    return vp


def side_breakdown(lines: list[dict], schemes: dict, side: str) -> SideBreakdown:
    own = [line for line in lines if line["side"] == side]
    chosen = schemes.get(side, [])
    return SideBreakdown(
        strategy=sum(line["strategy"] for line in own),
        schemes=tuple(SchemeScore(scheme=s["scheme"], vp=sum(line["schemes"].get(s["scheme"], 0) for line in own),
                                  noted_model=s.get("noted_model", "")) for s in chosen),
        turns=tuple(TurnScore(turn=line["turn"], strategy=line["strategy"],
                              schemes={k: v for k, v in line["schemes"].items() if v}) for line in own))


def report_of(lines: list[dict], schemes: dict, turns: int) -> Report:
    """The game as the tracker has it after `turns` turns: a played game, both sides' score sheets."""
    vp = totals(lines)
    return Report(outcome=PLAYED, vp_a=vp["a"], vp_b=vp["b"], turns=turns,
                  breakdown={side: side_breakdown(lines, schemes, side) for side in ("a", "b")})


def breakdown_seen(breakdown: dict, hidden_side: str, revealed) -> dict:
    """A stored score sheet without `hidden_side`'s schemes that scored nothing and are not among `revealed`
    (that side's, in the tracker): what the other player may read of a version before the game is
    confirmed. It asks only what that player sees anyway, so what it leaves out tells nothing."""
    part = breakdown.get(hidden_side)
    if not part:
        return breakdown
    kept = [s for s in part.get("schemes", ()) if s.get("vp") or s.get("scheme") in revealed]
    return {**breakdown, hidden_side: {**part, "schemes": kept}}


def schemes_seen(schemes: dict, side: str, reader: str) -> list[dict]:
    """A side's schemes as `reader` may see them: all of their own, only the revealed ones of the other's
    (a scheme chosen is secret until revealed)."""
    return [s for s in schemes.get(side, []) if side == reader or s.get("revealed")]
