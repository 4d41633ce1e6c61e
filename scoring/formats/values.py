"""A format as values: factions, strategies, deployments, scheme charts and pools, VP limits, awards,
leaders, with the queries the rest of the rules module asks of them (a faction by key, a pool's
schemes). Read from a season's file by `scoring.formats.files`."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache

SUITS = ("rams", "crows", "masks", "tomes")


@lru_cache(maxsize=4096)  # a page asks for the same few dozen names' keys hundreds of times
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
    # Schemes (M4E): what the player secretly notes on choosing it ("enemy_model", "friendly_model",
    # "marker_type"; "model" for earlier editions' noted model), and the three schemes that may follow it.
    secret: str | None = None
    next: tuple[str, ...] = ()
    # Strategies (M4E): one extra VP once a game, or a turn whose VP count double.
    bonus_once: bool = False
    doubled_turn: int | None = None

    @cached_property
    def key(self) -> str:
        return key_of(self.name)

    def called(self, language: str | None) -> str:
        """Its name in `language` (French where it has one, else English)."""
        return self.name_fr if (language or "en").startswith("fr") and self.name_fr else self.name


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
    # M4E: schemes together give at most this many VP a game (rather than schemes_per_player x scheme), and
    # at most this many a turn (one scheme held at a time: its point and its additional one).
    schemes_total: int | None = None
    schemes_turn_total: int | None = None

    @property
    def schemes_most(self) -> int:
        """The most VP all of a player's schemes can give in a game."""
        return self.schemes_total if self.schemes_total is not None else self.schemes_per_player * self.scheme

    @property
    def first_scoring_turn(self) -> int:
        """The first turn in which any VP can be scored."""
        return min(self.strategy_first_turn, self.scheme_first_turn)


@dataclass(frozen=True)
class Leader:
    """A Master and one of their titles (M4E), as a faction's crews may be led."""

    name: str
    title: str

    @property
    def key(self) -> str:
        return key_of(f"{self.name} {self.title}")

    @property
    def label(self) -> str:
        return f"{self.name}, {self.title}"


def loose(text: str) -> str:
    """Text compared ignoring case, accents, spaces and punctuation ("Mecha Mee-Maw" = "Mecha-Meemaw")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if c.isalnum())


@dataclass(frozen=True)
class SchemeChart:
    """How flipped Fate cards map to schemes (by suit, by value, always, on doubles), or (M4E) the season's
    scheme cards, from which a table turns up its pool."""

    key: str
    name: str
    by_value: dict[int, Named] = field(default_factory=dict)
    by_suit: dict[str, Named] = field(default_factory=dict)
    always: Named | None = None
    doubles: Named | None = None
    deck: tuple[Named, ...] = ()

    @property
    def schemes(self) -> tuple[Named, ...]:
        return tuple(s for s in (self.always, self.doubles, *self.by_suit.values(), *self.by_value.values(),
                                 *self.deck) if s)


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
    # Whether a player who concedes a game stands down from the event (GG2017) or is paired on (GG Zero has
    # no such rule); an event may say otherwise (Event.conceder).
    conceder_leaves: bool
    # (fewest players, suggested rounds), ascending by players.
    suggested_rounds: tuple[tuple[int, int], ...]
    round_minutes: int
    # How a scheme pool is flipped: "two-cards" (M2E: suits, values, Always, Doubles), "five-values" (M3E) or
    # "three-cards" (M4E: three of the season's scheme cards, each followed by one of its next schemes).
    pool_rule: str
    # Quarter (1..4) -> (strategy, deployment) names for rounds 1, 2, ...
    rotation: dict[int, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    # The awards our sources do not give ("bye", "concession", "forfeit", or one side: "concession.loser"):
    # values we chose, shown as defaults wherever the awards are.
    award_defaults: tuple[str, ...] = ()
    sources: tuple[Source, ...] = ()
    # How an event sets its missions unless it says otherwise: "per_round" (every table plays the same) or
    # "per_table" (each table's own flips, M4E's core set-up).
    missions: str = "per_round"
    # M4E: minutes left when the organizer calls the last turn (None: the clock just warns).
    last_turn_call: int | None = None
    # How many different deployments an event should play at least (GG2017: 3); None: the season asks none.
    fewest_deployments: int | None = None
    # M4E: the Masters and titles each faction's crews may be led by, by faction key (empty: free text).
    leaders: dict[str, tuple[Leader, ...]] = field(default_factory=dict)

    def faction(self, key: str) -> Named | None:
        return _by_key(self.factions, key)

    def strategy(self, key: str) -> Named | None:
        return _by_key(self.strategies, key)

    def deployment(self, key: str) -> Named | None:
        return _by_key(self.deployments, key)

    @cached_property  # a format's values never change once read from its file
    def schemes(self) -> tuple[Named, ...]:
        """Every scheme of every chart of the format, once, in chart order."""
        seen: dict[str, Named] = {}
        for chart in self.scheme_charts:
            for scheme in chart.schemes:
                seen.setdefault(scheme.key, scheme)
        return tuple(seen.values())

    def scheme(self, key: str) -> Named | None:
        return _by_key(self.schemes, key)

    def mission_named(self, strategy: str, deployment: str, pool, language: str | None) -> dict:
        """A mission's names in `language`: {"strategy", "deployment", "schemes": [...]}; a key the format
        does not know comes out empty."""
        def called(named: Named | None) -> str:
            return named.called(language) if named else ""
        return {"strategy": called(self.strategy(strategy)), "deployment": called(self.deployment(deployment)),
                "schemes": [called(self.scheme(key)) for key in pool]}

    def mission_line(self, strategy: str, deployment: str, pool, language: str | None) -> str:
        """The same in one line: "Plant Explosives · Corner · Breakthrough, Assassinate, Frame Job"."""
        named = self.mission_named(strategy, deployment, pool, language)
        return " · ".join([named["strategy"], named["deployment"], ", ".join(named["schemes"])])

    @property
    def scheme_chains(self) -> bool:
        """M4E: a player holds one scheme at a time, each followed by one of its next schemes."""
        return self.pool_rule == "three-cards"

    def leader(self, faction: str, text: str) -> Leader | None:
        """The faction's leader that `text` names (loosely: "Name, Title", "Name (Title)", a key), or the
        Master's name alone when the faction has that Master under one title only (never a guess between two)."""
        wanted = loose(text)
        found = next((leader for leader in self.leaders.get(faction, ())
                      if wanted in (loose(leader.name + leader.title), loose(leader.title + leader.name))), None)
        if found is None and len(titled := self.titles(faction, text)) == 1:
            return titled[0]
        return found

    def titles(self, faction: str, text: str) -> tuple[Leader, ...]:
        """The faction's leaders whose Master `text` names alone, without a title (loosely), in list order."""
        wanted = loose(text)
        return tuple(leader for leader in self.leaders.get(faction, ()) if wanted and loose(leader.name) == wanted)

    def leader_elsewhere(self, faction: str, text: str) -> str | None:
        """The key of another faction whose leader `text` names, or whose Master it names alone (whatever
        their titles), if any; None when the faction has that Master itself."""
        if self.titles(faction, text):
            return None
        return next((other for other in self.leaders if other != faction
                     and (self.leader(other, text) or self.titles(other, text))), None)

    def scheme_first_turn(self, scheme: Named) -> int:
        return scheme.first_turn if scheme.first_turn is not None else self.vp.scheme_first_turn

    def strategy_most_after(self, turns: int, strategy: Named | None = None) -> int:
        """The most strategy VP a game of `turns` turns can give: per-turn cap from the first scoring turn,
        plus the card's once-a-game bonus or doubled turn (M4E). Without a strategy, the best of the format's."""
        if strategy is None:
            return max((self.strategy_most_after(turns, s) for s in self.strategies), default=0)
        scoring = max(0, turns - self.vp.strategy_first_turn + 1)
        extra = (self.vp.strategy_per_turn if strategy.doubled_turn and turns >= strategy.doubled_turn else 0) + (
            1 if strategy.bonus_once and scoring else 0)
        return min(self.vp.strategy, scoring * self.vp.strategy_per_turn + extra)

    def scheme_most_after(self, scheme: Named, turns: int) -> int:
        """The most VP `scheme` can give in a game of `turns` turns."""
        scoring = max(0, turns - self.scheme_first_turn(scheme) + 1)
        if self.vp.scheme_per_turn is None:
            return self.vp.scheme if scoring else 0
        return min(self.vp.scheme, scoring * self.vp.scheme_per_turn)

    def schemes_most_after(self, turns: int) -> int:
        """The most VP a player's schemes together can give in `turns` turns (the best schemes of the format)."""
        best = sorted((self.scheme_most_after(s, turns) for s in self.schemes), reverse=True)
        most = min(self.vp.schemes_most, sum(best[:self.vp.schemes_per_player]))
        if self.vp.schemes_turn_total is not None:
            scoring = max(0, turns - self.vp.scheme_first_turn + 1)
            most = min(most, scoring * self.vp.schemes_turn_total)
        return most

    def game_most_after(self, turns: int, strategy: Named | None = None) -> int:
        """The most VP one player can score in a game of `turns` turns."""
        return min(self.vp.game, self.strategy_most_after(turns, strategy) + self.schemes_most_after(turns))

    def chart(self, key: str) -> SchemeChart | None:
        return next((c for c in self.scheme_charts if c.key == key), None)

    def announced(self, awards: dict, conceder_leaves: bool | None = None) -> Format:
        """The format as an event announced it: the organizer may vary the awards (GG2017) and whether a
        conceding player leaves the event.

        `awards` holds plain data: {"bye": {tp, diff, vp}, "concession": {"winner": {...}, "loser": {...}},
        "forfeit": {...}}; what it leaves out follows the format, as does `conceder_leaves` when None."""
        def unusual(raw: dict) -> UnusualResult:
            return UnusualResult(winner=Award(**raw["winner"]), loser=Award(**raw["loser"]))

        return replace(self, bye=Award(**awards["bye"]) if "bye" in awards else self.bye,
                       concession=unusual(awards["concession"]) if "concession" in awards else self.concession,
                       forfeit=unusual(awards["forfeit"]) if "forfeit" in awards else self.forfeit,
                       conceder_leaves=self.conceder_leaves if conceder_leaves is None else conceder_leaves)

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
