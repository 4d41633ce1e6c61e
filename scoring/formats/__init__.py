"""Tournament formats as declarative data, checked once when the module loads.

A new season is a new `Format` value in `FORMATS`, not new code. Names are ours
to show; keys are derived from the English name so clients can rely on them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

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


# French names as the M3E core rules print them.
_FACTION_FR = {"Guild": "Guilde", "Arcanists": "Arcanistes", "Resurrectionists": "Résurrectionnistes",
               "Outcasts": "Parias", "Ten Thunders": "Dix-Tonnerres"}


def _factions(*names: str) -> tuple[Named, ...]:
    return tuple(Named(n, name_fr=_FACTION_FR.get(n)) for n in names)


M2E_FACTIONS = _factions("Guild", "Arcanists", "Resurrectionists", "Neverborn", "Outcasts", "Ten Thunders", "Gremlins")
M3E_FACTIONS = _factions("Guild", "Arcanists", "Resurrectionists", "Neverborn", "Outcasts", "Ten Thunders", "Bayou",
                         "Explorer's Society")

def _scheme(name: str, name_fr: str | None = None, noted: bool = False, first_turn: int | None = None,
            at_game_end: bool = False) -> Named:
    return Named(name, name_fr=name_fr, noted_model=noted, first_turn=first_turn, at_game_end=at_game_end)


AFTER_FIRST = {"first_turn": 2}  # its text scores "at the end of every Turn after the first"
AT_GAME_END = {"at_game_end": True}  # its text scores "at the end of the game"


def _by_value(*schemes: Named) -> dict[int, Named]:
    return dict(enumerate(schemes, start=1))


# Each scheme's timing as the GG2017 document words it; the others score on an event, in any turn
# (Frame for Murder even has a bonus "on or before Turn 3"). Last Stand scores after the turn it is
# revealed, so from turn 2.
GG2017_CHART = SchemeChart(
    key="gg2017", name="Gaining Grounds 2017",
    always=_scheme("Claim Jump", **AFTER_FIRST), doubles=_scheme("Eliminate the Leadership"),
    by_suit={"masks": _scheme("Accusation!", **AFTER_FIRST), "crows": _scheme("Dig Their Graves"),
             "tomes": _scheme("Leave Your Mark", **AFTER_FIRST), "rams": _scheme("Frame for Murder", noted=True)},
    by_value=_by_value(
        _scheme("Covert Breakthrough", **AT_GAME_END), _scheme("Undercover Entourage", noted=True, **AT_GAME_END),
        _scheme("Show of Force", **AFTER_FIRST), _scheme("Hunting Party", **AFTER_FIRST),
        _scheme("Hidden Trap", **AT_GAME_END), _scheme("Recover Evidence"), _scheme("Set Up", noted=True),
        _scheme("Search the Ruins", **AT_GAME_END), _scheme("Mark for Death"), _scheme("Tail 'em", **AFTER_FIRST),
        _scheme("Inspection", **AFTER_FIRST), _scheme("A Quick Murder", noted=True),
        _scheme("Last Stand", **AFTER_FIRST)),
)
# The M2E core scheme texts are not in our seeds; the noted-model flags follow the M2E rulebook, and no
# timing is assumed for them (GG2017's default: any turn).
M2E_CORE_CHART = SchemeChart(
    key="m2e-core", name="M2E core",
    always=_scheme("A Line in the Sand"), doubles=_scheme("Distract"),
    by_suit={"rams": _scheme("Bodyguard", noted=True), "crows": _scheme("Assassinate"),
             "tomes": _scheme("Protect Territory"), "masks": _scheme("Breakthrough")},
    by_value=_by_value(
        _scheme("Cursed Object"), _scheme("Outflank"), _scheme("Plant Evidence"), _scheme("Entourage", noted=True),
        _scheme("Vendetta", noted=True), _scheme("Plant Explosives"), _scheme("Make Them Suffer"),
        _scheme("Deliver a Message"), _scheme("Take Prisoner", noted=True), _scheme("Spring the Trap"),
        _scheme("Murder Protege"), _scheme("Frame for Murder", noted=True), _scheme("Power Ritual")),
)
M3E_CHART = SchemeChart(
    key="m3e", name="M3E core",
    by_value=_by_value(
        _scheme("Detonate Charges", "Déclenchez les explosifs"), _scheme("Breakthrough", "Percée"),
        _scheme("Harness the Ley Line", "Maîtrisez la ligne de force"),
        _scheme("Search the Ruins", "Fouillez les ruines"),
        _scheme("Dig Their Graves", "Creusez leur tombe"), _scheme("Hold Up Their Forces", "Retenez-les"),
        _scheme("Take Prisoner", "Faites un prisonnier", noted=True), _scheme("Power Ritual", "Le Rituel"),
        _scheme("Outflank", "Débordement"), _scheme("Assassinate", "Assassinat"),
        _scheme("Deliver a Message", "Faites passer le message", noted=True),
        _scheme("Claim Jump", "Vol de concession", noted=True), _scheme("Vendetta", "Vendetta", noted=True)),
)

GG_SUGGESTED_ROUNDS = ((0, 3), (16, 4), (33, 5))

GG2017 = Format(
    key="gg2017", name="Gaining Grounds 2017", edition="M2E",
    factions=M2E_FACTIONS,
    strategies=_named("Extraction", "Interference", "Headhunter", "Guard the Stash", "Collect the Bounty",
                      "Turf War", "Reckoning", "Reconnoiter", "Squatter's Rights", "Stake a Claim"),
    deployments=_named("Standard", "Corner", "Flank", "Close"),
    scheme_charts=(GG2017_CHART, M2E_CORE_CHART),
    vp=VPLimits(strategy=4, scheme=3, game=10, strategy_first_turn=2, scheme_first_turn=1),
    turns_min=5, turns_max=7,
    bye=Award(tp=3, diff=5, vp=10),
    concession=UnusualResult(winner=Award(3, 10, 10), loser=Award(0, -10, 0)),
    forfeit=UnusualResult(winner=Award(3, 10, 10), loser=Award(0, -10, 0)),
    # GG2017 gives the concession's winner and both forfeit sides, not what the conceder gets.
    award_defaults=("concession.loser",),
    suggested_rounds=GG_SUGGESTED_ROUNDS,
    round_minutes=120,
    pool_rule="two-cards",
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
    strategies=(Named("Turf War", "rams", "Guerre de Territoires"),
                Named("Plant Explosives", "tomes", "Dissimulation d'Explosifs"),
                Named("Corrupted Idols", "masks", "Idoles Corrompues"),
                Named("Reckoning", "crows", "Règlement de Compte")),
    deployments=(Named("Standard", "rams", "Standard"), Named("Flank", "tomes", "Flanc"),
                 Named("Wedge", "masks", "Coin"), Named("Corner", "crows", "Angles de table")),
    scheme_charts=(M3E_CHART,),
    vp=VPLimits(strategy=4, scheme=2, game=8, scheme_per_turn=1, strategy_first_turn=2, scheme_first_turn=2),
    turns_min=5, turns_max=5,
    # M3E awards are community defaults (DOMAIN.md): the official text was not available.
    bye=Award(tp=3, diff=4, vp=6),
    concession=UnusualResult(winner=Award(3, 8, 8), loser=Award(0, -8, 0)),
    forfeit=UnusualResult(winner=Award(3, 8, 8), loser=Award(0, -8, 0)),
    award_defaults=("bye", "concession", "forfeit"),
    suggested_rounds=GG_SUGGESTED_ROUNDS,
    round_minutes=120,
    pool_rule="five-values",
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
        assert len({s.key for s in chart.schemes}) == len(chart.schemes), f"{fmt.key}/{chart.key}: a scheme twice"
    for a in fmt.schemes:  # one scheme, one meaning, whichever chart names it
        for chart in fmt.scheme_charts:
            b = next((s for s in chart.schemes if s.key == a.key), None)
            assert b is None or b == a, f"{fmt.key}: {a.name} differs between charts"
    for plan in fmt.rotation.values():
        for strategy, deployment in plan:
            assert fmt.strategy(key_of(strategy)), f"{fmt.key}: rotation names unknown strategy {strategy}"
            assert fmt.deployment(key_of(deployment)), f"{fmt.key}: rotation names unknown deployment {deployment}"
    assert fmt.vp.strategy + fmt.vp.schemes_per_player * fmt.vp.scheme == fmt.vp.game, f"{fmt.key}: VP limits"
    assert fmt.turns_min <= fmt.turns_max
    awards = {"bye", *(f"{a}{side}" for a in ("concession", "forfeit") for side in ("", ".winner", ".loser"))}
    assert set(fmt.award_defaults) <= awards, f"{fmt.key}: unknown award in award_defaults"
    assert fmt.pool_rule in ("two-cards", "five-values"), f"{fmt.key}: unknown pool rule"
    if fmt.pool_rule == "two-cards":
        assert all(c.always and c.doubles and set(c.by_suit) == set(SUITS) for c in fmt.scheme_charts)
    return fmt


FORMATS: dict[str, Format] = {f.key: _check(f) for f in (GG2017, M3E)}


def get_format(key: str) -> Format:
    return FORMATS[key]
