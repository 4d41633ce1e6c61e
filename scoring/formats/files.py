"""Reading a season's file: YAML, checked against `schema.json`, turned into a `Format`, then checked
for consistency (one key per thing, rotations and chains naming known cards, limits that add up), so a
file that cannot be a format is refused when the rules module loads, not mid-event."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import yaml  # PyYAML, pinned: the season files are YAML so organizers' comments can stay in them
from jsonschema import Draft202012Validator

from .values import SUITS, Award, Format, Leader, Named, SchemeChart, Source, UnusualResult, VPLimits, key_of, loose


class FormatFileError(ValueError):
    """A season file that cannot be a format: refused when the rules module loads, not mid-event."""


def _need(condition: bool, problem: str) -> None:
    if not condition:
        raise FormatFileError(problem)


def _check(fmt: Format) -> Format:
    """Refuse a format whose data contradicts itself."""
    for label, items in (("faction", fmt.factions), ("strategy", fmt.strategies),
                         ("deployment", fmt.deployments)):
        keys = [i.key for i in items]
        _need(len(keys) == len(set(keys)), f"{fmt.key}: duplicate {label} key")
    for chart in fmt.scheme_charts:
        _need(len({s.key for s in chart.schemes}) == len(chart.schemes), f"{fmt.key}/{chart.key}: a scheme twice")
    _need(len({c.key for c in fmt.scheme_charts}) == len(fmt.scheme_charts), f"{fmt.key}: two charts, one key")
    for a in fmt.schemes:  # one scheme, one meaning, whichever chart names it
        for chart in fmt.scheme_charts:
            b = next((s for s in chart.schemes if s.key == a.key), None)
            _need(b is None or b == a, f"{fmt.key}: {a.name} differs between charts")
    for plan in fmt.rotation.values():
        for strategy, deployment in plan:
            _need(fmt.strategy(key_of(strategy)) is not None, f"{fmt.key}: rotation names unknown strategy {strategy}")
            _need(fmt.deployment(key_of(deployment)) is not None,
                  f"{fmt.key}: rotation names unknown deployment {deployment}")
    _need(fmt.vp.strategy + fmt.vp.schemes_most == fmt.vp.game, f"{fmt.key}: VP limits")
    for scheme in fmt.schemes:
        unknown = [n for n in scheme.next if fmt.scheme(key_of(n)) is None]
        _need(not unknown, f"{fmt.key}: {scheme.name} is followed by unknown scheme(s) {', '.join(unknown)}")
        _need(key_of(scheme.name) not in map(key_of, scheme.next), f"{fmt.key}: {scheme.name} follows itself")
    if fmt.scheme_chains:
        _need(all(c.deck and not c.by_value for c in fmt.scheme_charts) and all(len(s.next) == 3 for s in fmt.schemes),
              f"{fmt.key}: a three-cards pool needs scheme cards (deck), each with three next schemes")
    else:
        _need(all(len(c.by_value) == 13 and not c.deck for c in fmt.scheme_charts),
              f"{fmt.key}: a flipped pool needs a chart of the 13 values")
    for faction, leaders in fmt.leaders.items():
        _need(fmt.faction(faction) is not None, f"{fmt.key}: leaders of unknown faction {faction}")
        _need(len({loose(x.name + x.title) for x in leaders}) == len(leaders), f"{fmt.key}: a {faction} leader twice")
    _need(fmt.turns_min <= fmt.turns_max, f"{fmt.key}: turns min above max")
    if fmt.pool_rule == "two-cards":
        _need(all(c.always and c.doubles and set(c.by_suit) == set(SUITS) for c in fmt.scheme_charts),
              f"{fmt.key}: a two-cards pool needs Always, Doubles and the four suits in every chart")
    return fmt


FORMAT_FILES = Path(__file__).parent
_SCHEMA = Draft202012Validator(json.loads((FORMAT_FILES / "schema.json").read_text(encoding="utf-8")))


def _named(raw: str | dict) -> Named:
    if isinstance(raw, str):
        return Named(raw)
    named = Named(**{**raw, "next": tuple(raw.get("next", ()))})
    return replace(named, noted_model=True) if named.secret else named


def _award(raw: dict) -> Award:
    return Award(**raw)


def _unusual(raw: dict) -> UnusualResult:
    return UnusualResult(winner=_award(raw["winner"]), loser=_award(raw["loser"]))


def format_from_data(data: dict, *, origin: str = "format") -> Format:
    """A season's data (as its file holds it) as a checked `Format`; `FormatFileError` says what is wrong."""
    problems = sorted(_SCHEMA.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])
    if problems:
        raise FormatFileError(f"{origin}: " + "; ".join(
            f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in problems[:5]))
    charts = tuple(SchemeChart(
        key=c["key"], name=c["name"], by_value={n: _named(s) for n, s in enumerate(c.get("by_value", ()), start=1)},
        by_suit={suit: _named(s) for suit, s in c.get("by_suit", {}).items()},
        always=_named(c["always"]) if "always" in c else None,
        doubles=_named(c["doubles"]) if "doubles" in c else None,
        deck=tuple(map(_named, c.get("deck", ())))) for c in data["scheme_charts"])
    return _check(Format(
        key=data["key"], name=data["name"], edition=data["edition"],
        factions=tuple(map(_named, data["factions"])), strategies=tuple(map(_named, data["strategies"])),
        deployments=tuple(map(_named, data["deployments"])), scheme_charts=charts, vp=VPLimits(**data["vp"]),
        turns_min=data["turns"]["min"], turns_max=data["turns"]["max"], bye=_award(data["awards"]["bye"]),
        concession=_unusual(data["awards"]["concession"]), forfeit=_unusual(data["awards"]["forfeit"]),
        conceder_leaves=data["conceder"] == "leaves",
        suggested_rounds=tuple((r["from_players"], r["rounds"]) for r in data["suggested_rounds"]),
        round_minutes=data["round_minutes"], pool_rule=data["pool_rule"],
        rotation={int(q): tuple((s, d) for s, d in plan) for q, plan in data.get("rotation", {}).items()},
        award_defaults=tuple(data["award_defaults"]), sources=tuple(Source(**s) for s in data["sources"]),
        missions=data.get("missions", "per_round"), last_turn_call=data.get("last_turn_call"),
        leaders={faction: tuple(Leader(**x) for x in leaders) for faction, leaders in data.get("leaders", {}).items()}))


def load_format(path: Path) -> Format:
    """One season file: YAML, checked against schema.json, then for consistency."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise FormatFileError(f"{path.name}: not readable YAML ({error})") from None
    fmt = format_from_data(data, origin=path.name)
    _need(path.stem == fmt.key, f"{path.name}: its key is {fmt.key!r}; name the file {fmt.key}.yaml")
    return fmt
