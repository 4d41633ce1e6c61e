"""Tournament formats as declarative data, checked once when the module loads.

A new season is a new `Format` value in `FORMATS`, not new code. Names are ours
to show; keys are derived from the English name so clients can rely on them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

SUITS = ("rams", "crows", "masks", "tomes")


def key_of(name: str) -> str:
    """"Tail 'em" -> "tail-em", "Explorer's Society" -> "explorers-society"."""
    without_apostrophes = re.sub(r"['’]", "", name.lower())
    return re.sub(r"[^a-z0-9]+", "-", without_apostrophes).strip("-")


@dataclass(frozen=True)
class Named:
    name: str
    suit: str | None = None
    name_fr: str | None = None

    @property
    def key(self) -> str:
        return key_of(self.name)


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


@dataclass(frozen=True)
class SchemeChart:
    """How flipped Fate cards map to schemes: by suit, by value, always, on doubles."""

    key: str
    name: str
    by_value: dict[int, str]
    by_suit: dict[str, str] = field(default_factory=dict)
    always: str | None = None
    doubles: str | None = None

    def scheme_names(self) -> list[str]:
        names = [self.always, self.doubles, *self.by_suit.values(), *self.by_value.values()]
        return [n for n in names if n]


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
    # Quarter (1..4) -> (strategy, deployment) names for rounds 1, 2, ...
    rotation: dict[int, tuple[tuple[str, str], ...]] = field(default_factory=dict)

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
            for name in chart.scheme_names():
                seen.setdefault(key_of(name), Named(name))
        return tuple(seen.values())

    def scheme(self, key: str) -> Named | None:
        return _by_key(self.schemes, key)

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


M2E_FACTIONS = _named("Guild", "Arcanists", "Resurrectionists", "Neverborn", "Outcasts", "Ten Thunders", "Gremlins")
M3E_FACTIONS = _named("Guild", "Arcanists", "Resurrectionists", "Neverborn", "Outcasts", "Ten Thunders", "Bayou",
                      "Explorer's Society")

GG2017_CHART = SchemeChart(
    key="gg2017", name="Gaining Grounds 2017",
    always="Claim Jump", doubles="Eliminate the Leadership",
    by_suit={"masks": "Accusation!", "crows": "Dig Their Graves", "tomes": "Leave Your Mark",
             "rams": "Frame for Murder"},
    by_value={1: "Covert Breakthrough", 2: "Undercover Entourage", 3: "Show of Force", 4: "Hunting Party",
              5: "Hidden Trap", 6: "Recover Evidence", 7: "Set Up", 8: "Search the Ruins", 9: "Mark for Death",
              10: "Tail 'em", 11: "Inspection", 12: "A Quick Murder", 13: "Last Stand"},
)
M2E_CORE_CHART = SchemeChart(
    key="m2e-core", name="M2E core",
    always="A Line in the Sand", doubles="Distract",
    by_suit={"rams": "Bodyguard", "crows": "Assassinate", "tomes": "Protect Territory", "masks": "Breakthrough"},
    by_value={1: "Cursed Object", 2: "Outflank", 3: "Plant Evidence", 4: "Entourage", 5: "Vendetta",
              6: "Plant Explosives", 7: "Make Them Suffer", 8: "Deliver a Message", 9: "Take Prisoner",
              10: "Spring the Trap", 11: "Murder Protege", 12: "Frame for Murder", 13: "Power Ritual"},
)
M3E_CHART = SchemeChart(
    key="m3e", name="M3E core",
    by_value={1: "Detonate Charges", 2: "Breakthrough", 3: "Harness the Ley Line", 4: "Search the Ruins",
              5: "Dig Their Graves", 6: "Hold Up Their Forces", 7: "Take Prisoner", 8: "Power Ritual",
              9: "Outflank", 10: "Assassinate", 11: "Deliver a Message", 12: "Claim Jump", 13: "Vendetta"},
)

GG_SUGGESTED_ROUNDS = ((0, 3), (16, 4), (33, 5))

GG2017 = Format(
    key="gg2017", name="Gaining Grounds 2017", edition="M2E",
    factions=M2E_FACTIONS,
    strategies=_named("Extraction", "Interference", "Headhunter", "Guard the Stash", "Collect the Bounty",
                      "Turf War", "Reckoning", "Reconnoiter", "Squatter's Rights", "Stake a Claim"),
    deployments=_named("Standard", "Corner", "Flank", "Close"),
    scheme_charts=(GG2017_CHART, M2E_CORE_CHART),
    vp=VPLimits(strategy=4, scheme=3, game=10),
    turns_min=5, turns_max=7,
    bye=Award(tp=3, diff=5, vp=10),
    concession=UnusualResult(winner=Award(3, 10, 10), loser=Award(0, -10, 0)),
    forfeit=UnusualResult(winner=Award(3, 10, 10), loser=Award(0, -10, 0)),
    suggested_rounds=GG_SUGGESTED_ROUNDS,
    round_minutes=120,
    rotation={
        1: (("Headhunter", "Close"), ("Stake a Claim", "Standard"), ("Squatter's Rights", "Corner"),
            ("Interference", "Standard"), ("Collect the Bounty", "Flank")),
        2: (("Extraction", "Standard"), ("Guard the Stash", "Flank"), ("Reconnoiter", "Close"),
            ("Reckoning", "Standard"), ("Turf War", "Corner")),
        3: (("Turf War", "Standard"), ("Headhunter", "Flank"), ("Interference", "Close"),
            ("Extraction", "Corner"), ("Stake a Claim", "Close")),
        4: (("Guard the Stash", "Standard"), ("Reckoning", "Corner"), ("Squatter's Rights", "Flank"),
            ("Reconnoiter", "Standard"), ("Collect the Bounty", "Close")),
    },
)

M3E = Format(
    key="m3e", name="Malifaux Third Edition", edition="M3E",
    factions=M3E_FACTIONS,
    strategies=(Named("Turf War", "rams"), Named("Plant Explosives", "tomes"),
                Named("Corrupted Idols", "masks", "Idoles Corrompues"), Named("Reckoning", "crows")),
    deployments=(Named("Standard", "rams"), Named("Flank", "tomes"), Named("Wedge", "masks"),
                 Named("Corner", "crows")),
    scheme_charts=(M3E_CHART,),
    vp=VPLimits(strategy=4, scheme=2, game=8),
    turns_min=5, turns_max=5,
    # M3E awards are community defaults (DOMAIN.md): the official text was not available.
    bye=Award(tp=3, diff=4, vp=6),
    concession=UnusualResult(winner=Award(3, 8, 8), loser=Award(0, -8, 0)),
    forfeit=UnusualResult(winner=Award(3, 8, 8), loser=Award(0, -8, 0)),
    suggested_rounds=GG_SUGGESTED_ROUNDS,
    round_minutes=120,
)


def _check(fmt: Format) -> Format:
    """Refuse a format whose data contradicts itself, at import time rather than mid-event."""
    for label, items in (("faction", fmt.factions), ("strategy", fmt.strategies),
                         ("deployment", fmt.deployments)):
        keys = [i.key for i in items]
        assert len(keys) == len(set(keys)), f"{fmt.key}: duplicate {label} key"
        assert all(i.suit in (None, *SUITS) for i in items), f"{fmt.key}: unknown suit in {label}"
    for chart in fmt.scheme_charts:
        assert set(chart.by_suit) <= set(SUITS), f"{fmt.key}/{chart.key}: unknown suit"
        assert set(chart.by_value) == set(range(1, 14)), f"{fmt.key}/{chart.key}: values 1-13 needed"
    for plan in fmt.rotation.values():
        for strategy, deployment in plan:
            assert fmt.strategy(key_of(strategy)), f"{fmt.key}: rotation names unknown strategy {strategy}"
            assert fmt.deployment(key_of(deployment)), f"{fmt.key}: rotation names unknown deployment {deployment}"
    assert fmt.vp.strategy + fmt.vp.schemes_per_player * fmt.vp.scheme == fmt.vp.game, f"{fmt.key}: VP limits"
    assert fmt.turns_min <= fmt.turns_max
    return fmt


FORMATS: dict[str, Format] = {f.key: _check(f) for f in (GG2017, M3E)}


def get_format(key: str) -> Format:
    return FORMATS[key]
