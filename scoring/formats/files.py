"""Reading a season's file: YAML, checked (`checks.format_problems`: against `schema.json`, then for
consistency: one key per thing, rotations and chains naming known cards, pools that can be drawn, limits that
add up), then turned into a `Format`, so a file that cannot be a format is refused when the rules module
loads, not mid-event."""
from __future__ import annotations

from pathlib import Path

import yaml  # PyYAML, pinned: the season files are YAML so organizers' comments can stay in them

from .checks import format_problems, named
from .values import Award, Format, Leader, SchemeChart, Source, UnusualResult, VPLimits


class FormatFileError(ValueError):
    """A season file that cannot be a format: refused when the rules module loads, not mid-event."""


FORMAT_FILES = Path(__file__).parent


def _award(raw: dict) -> Award:
    return Award(**raw)


def _unusual(raw: dict) -> UnusualResult:
    return UnusualResult(winner=_award(raw["winner"]), loser=_award(raw["loser"]))


def format_from_data(data: dict, *, origin: str = "format") -> Format:
    """A season's data (as its file holds it) as a checked `Format`; `FormatFileError` says what is wrong."""
    problems = format_problems(data)
    if problems:
        raise FormatFileError(f"{origin}: " + "; ".join(map(str, problems[:5])))
    charts = tuple(SchemeChart(
        key=c["key"], name=c["name"], by_value={n: named(s) for n, s in enumerate(c.get("by_value", ()), start=1)},
        by_suit={suit: named(s) for suit, s in c.get("by_suit", {}).items()},
        always=named(c["always"]) if "always" in c else None,
        doubles=named(c["doubles"]) if "doubles" in c else None,
        deck=tuple(map(named, c.get("deck", ())))) for c in data["scheme_charts"])
    return Format(
        key=data["key"], name=data["name"], edition=data["edition"],
        factions=tuple(map(named, data["factions"])), strategies=tuple(map(named, data["strategies"])),
        deployments=tuple(map(named, data["deployments"])), scheme_charts=charts, vp=VPLimits(**data["vp"]),
        turns_min=data["turns"]["min"], turns_max=data["turns"]["max"], bye=_award(data["awards"]["bye"]),
        concession=_unusual(data["awards"]["concession"]), forfeit=_unusual(data["awards"]["forfeit"]),
        conceder_leaves=data["conceder"] == "leaves",
        suggested_rounds=tuple((r["from_players"], r["rounds"]) for r in data["suggested_rounds"]),
        round_minutes=data["round_minutes"], pool_rule=data["pool_rule"],
        rotation={int(q): tuple((s, d) for s, d in plan) for q, plan in data.get("rotation", {}).items()},
        award_defaults=tuple(data["award_defaults"]), sources=tuple(Source(**s) for s in data["sources"]),
        missions=data.get("missions", "per_round"), last_turn_call=data.get("last_turn_call"),
        fewest_deployments=data.get("fewest_deployments"),
        leaders={faction: tuple(Leader(**x) for x in leaders) for faction, leaders in data.get("leaders", {}).items()})


def load_format(path: Path) -> Format:
    """One season file: YAML, checked against schema.json, then for consistency."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise FormatFileError(f"{path.name}: not readable YAML ({error})") from None
    fmt = format_from_data(data, origin=path.name)
    if path.stem != fmt.key:
        raise FormatFileError(f"{path.name}: its key is {fmt.key!r}; name the file {fmt.key}.yaml")
    return fmt
