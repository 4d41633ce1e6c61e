"""Tournament formats as data: one file per season in this folder (`gg2017.yaml`, `m3e.yaml`, ...),
checked against `schema.json` and then for consistency when the module loads, so a new season is a
new file and its tests, not new code. Names are ours to show; keys are derived from the English name
so clients can rely on them.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import yaml  # PyYAML, pinned: the season files are YAML so organizers' comments can stay in them
from jsonschema import Draft202012Validator

SUITS = ("rams", "crows", "masks", "tomes")


def key_of(name: str) -> str:
    """"Tail 'em" -> "tail-em", "Explorer's Society" -> "explorers-society"."""
    without_apostrophes = re.sub(r"['’]", "", name.lower())
    return re.sub(r"[^a-z0-9]+", "-", without_apostrophes).strip("-")


@dataclass(frozen=True)
class Named:
    """A strategy, deployment, faction or scheme: English name (its key), French name, suit."""

    name: str
    suit: str | None = None
    name_fr: str | None = None
    # Schemes only: the player must note a model when choosing it, or it scores nothing.
    noted_model: bool = False
    # Schemes only: the first turn it can score, where its text says (None: the format's default), and
    # whether it scores only at the end of the game.
    first_turn: int | None = None
    at_game_end: bool = False

    @property
    def key(self) -> str:
        return key_of(self.name)


@dataclass(frozen=True)
class Source:
    """Where a format's facts come from, and how sure we are (a seed document, or a secondary source)."""

    title: str
    where: str
    evidence: str


@dataclass(frozen=True)
class Award:
    """Tournament Points, Differential and Victory Points given without a played game."""

    tp: int
    diff: int
    vp: int


@dataclass(frozen=True)
class UnusualResult:
    """What each side gets when a game is conceded or forfeited."""

    winner: Award
    loser: Award


@dataclass(frozen=True)
class VPLimits:
    strategy: int
    scheme: int
    game: int
    schemes_per_player: int = 2
    strategy_per_turn: int = 1
    scheme_per_turn: int | None = None  # None: no per-turn limit for a scheme
    # The first turn that scores: M3E scores nothing in turn 1; GG2017's strategies score "after the first"
    # turn while its schemes follow their own texts (Named.first_turn), by default from turn 1.
    strategy_first_turn: int = 2
    scheme_first_turn: int = 2

    @property
    def first_scoring_turn(self) -> int:
        """The first turn in which any VP can be scored."""
        return min(self.strategy_first_turn, self.scheme_first_turn)


@dataclass(frozen=True)
class SchemeChart:
    """How flipped Fate cards map to schemes: by suit, by value, always, on doubles."""

    key: str
    name: str
    by_value: dict[int, Named]
    by_suit: dict[str, Named] = field(default_factory=dict)
    always: Named | None = None
    doubles: Named | None = None

    @property
    def schemes(self) -> tuple[Named, ...]:
        return tuple(s for s in (self.always, self.doubles, *self.by_suit.values(), *self.by_value.values()) if s)


@dataclass(frozen=True)
class Format:
    key: str
    name: str
    edition: str
    factions: tuple[Named, ...]
    strategies: tuple[Named, ...]
    deployments: tuple[Named, ...]
    scheme_charts: tuple[SchemeChart, ...]
    vp: VPLimits
    turns_min: int
    turns_max: int
    bye: Award
    concession: UnusualResult
    forfeit: UnusualResult
    # (fewest players, suggested rounds), ascending by players.
    suggested_rounds: tuple[tuple[int, int], ...]
    round_minutes: int
    # How a scheme pool is flipped: "two-cards" (M2E: suits, values, Always, Doubles) or "five-values" (M3E).
    pool_rule: str
    # Quarter (1..4) -> (strategy, deployment) names for rounds 1, 2, ...
    rotation: dict[int, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    # The awards our sources do not give ("bye", "concession", "forfeit", or one side: "concession.loser"):
    # values we chose, shown as defaults wherever the awards are.
    award_defaults: tuple[str, ...] = ()
    sources: tuple[Source, ...] = ()

    def faction(self, key: str) -> Named | None:
        return _by_key(self.factions, key)

    def strategy(self, key: str) -> Named | None:
        return _by_key(self.strategies, key)

    def deployment(self, key: str) -> Named | None:
        return _by_key(self.deployments, key)

    @property
    def schemes(self) -> tuple[Named, ...]:
        """Every scheme of every chart of the format, once, in chart order."""
        seen: dict[str, Named] = {}
        for chart in self.scheme_charts:
            for scheme in chart.schemes:
                seen.setdefault(scheme.key, scheme)
        return tuple(seen.values())

    def scheme(self, key: str) -> Named | None:
        return _by_key(self.schemes, key)

    def scheme_first_turn(self, scheme: Named) -> int:
        return scheme.first_turn if scheme.first_turn is not None else self.vp.scheme_first_turn

    def strategy_most_after(self, turns: int) -> int:
        """The most strategy VP a game of `turns` turns can give: per-turn cap from the first scoring turn."""
        scoring = max(0, turns - self.vp.strategy_first_turn + 1)
        return min(self.vp.strategy, scoring * self.vp.strategy_per_turn)

    def scheme_most_after(self, scheme: Named, turns: int) -> int:
        """The most VP `scheme` can give in a game of `turns` turns."""
        scoring = max(0, turns - self.scheme_first_turn(scheme) + 1)
        if self.vp.scheme_per_turn is None:
            return self.vp.scheme if scoring else 0
        return min(self.vp.scheme, scoring * self.vp.scheme_per_turn)

    def game_most_after(self, turns: int) -> int:
        """The most VP one player can score in a game of `turns` turns (the best schemes of the format)."""
        best = sorted((self.scheme_most_after(s, turns) for s in self.schemes), reverse=True)
        return min(self.vp.game, self.strategy_most_after(turns) + sum(best[:self.vp.schemes_per_player]))

    def chart(self, key: str) -> SchemeChart | None:
        return next((c for c in self.scheme_charts if c.key == key), None)

    def announced(self, awards: dict) -> Format:
        """The format as an event announced it: the organizer may vary the awards (GG2017).

        `awards` holds plain data: {"bye": {tp, diff, vp}, "concession": {"winner": {...}, "loser": {...}},
        "forfeit": {...}}; what it leaves out follows the format."""
        def unusual(raw: dict) -> UnusualResult:
            return UnusualResult(winner=Award(**raw["winner"]), loser=Award(**raw["loser"]))

        return replace(self, bye=Award(**awards["bye"]) if "bye" in awards else self.bye,
                       concession=unusual(awards["concession"]) if "concession" in awards else self.concession,
                       forfeit=unusual(awards["forfeit"]) if "forfeit" in awards else self.forfeit)

    def rounds_for(self, players: int) -> int:
        """The suggested number of rounds for an attendance (GG2017: 3 / 4 / 5)."""
        rounds = self.suggested_rounds[0][1]
        for fewest, suggested in self.suggested_rounds:
            if players >= fewest:
                rounds = suggested
        return rounds

    def rotation_for(self, quarter: int, round_number: int) -> tuple[Named, Named] | None:
        """The suggested (strategy, deployment) of a round, or None past the rotation's end."""
        plan = self.rotation.get(quarter, ())
        if not 1 <= round_number <= len(plan):
            return None
        strategy, deployment = plan[round_number - 1]
        return self.strategy(key_of(strategy)), self.deployment(key_of(deployment))


def _by_key(items: tuple[Named, ...], key: str) -> Named | None:
    return next((item for item in items if item.key == key), None)


def _named(*names: str) -> tuple[Named, ...]:
    return tuple(Named(n) for n in names)


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
    _need(fmt.vp.strategy + fmt.vp.schemes_per_player * fmt.vp.scheme == fmt.vp.game, f"{fmt.key}: VP limits")
    _need(fmt.turns_min <= fmt.turns_max, f"{fmt.key}: turns min above max")
    if fmt.pool_rule == "two-cards":
        _need(all(c.always and c.doubles and set(c.by_suit) == set(SUITS) for c in fmt.scheme_charts),
              f"{fmt.key}: a two-cards pool needs Always, Doubles and the four suits in every chart")
    return fmt


FORMAT_FILES = Path(__file__).parent
_SCHEMA = Draft202012Validator(json.loads((FORMAT_FILES / "schema.json").read_text(encoding="utf-8")))


def _named(raw: str | dict) -> Named:
    return Named(raw) if isinstance(raw, str) else Named(**raw)


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
        key=c["key"], name=c["name"], by_value={n: _named(s) for n, s in enumerate(c["by_value"], start=1)},
        by_suit={suit: _named(s) for suit, s in c.get("by_suit", {}).items()},
        always=_named(c["always"]) if "always" in c else None,
        doubles=_named(c["doubles"]) if "doubles" in c else None) for c in data["scheme_charts"])
    return _check(Format(
        key=data["key"], name=data["name"], edition=data["edition"],
        factions=tuple(map(_named, data["factions"])), strategies=tuple(map(_named, data["strategies"])),
        deployments=tuple(map(_named, data["deployments"])), scheme_charts=charts, vp=VPLimits(**data["vp"]),
        turns_min=data["turns"]["min"], turns_max=data["turns"]["max"], bye=_award(data["awards"]["bye"]),
        concession=_unusual(data["awards"]["concession"]), forfeit=_unusual(data["awards"]["forfeit"]),
        suggested_rounds=tuple((r["from_players"], r["rounds"]) for r in data["suggested_rounds"]),
        round_minutes=data["round_minutes"], pool_rule=data["pool_rule"],
        rotation={int(q): tuple((s, d) for s, d in plan) for q, plan in data.get("rotation", {}).items()},
        award_defaults=tuple(data["award_defaults"]), sources=tuple(Source(**s) for s in data["sources"])))


def load_format(path: Path) -> Format:
    """One season file: YAML, checked against schema.json, then for consistency."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise FormatFileError(f"{path.name}: not readable YAML ({error})") from None
    fmt = format_from_data(data, origin=path.name)
    _need(path.stem == fmt.key, f"{path.name}: its key is {fmt.key!r}; name the file {fmt.key}.yaml")
    return fmt


FORMATS: dict[str, Format] = {f.key: f for f in map(load_format, sorted(FORMAT_FILES.glob("*.yaml")))}
GG2017, M3E = FORMATS["gg2017"], FORMATS["m3e"]


def get_format(key: str) -> Format:
    return FORMATS[key]
