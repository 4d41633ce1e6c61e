"""The Fate Deck and the scheme pools, strategies and deployments flipped from it.

GG2017: an event flips its pools from one deck that is never reshuffled or
refilled between rounds; we store the deck's seed and every card flipped, so a
pool can be audited and the same seed rebuilds it. When a long event uses the
whole deck, the next deck (shuffled from the same seed) is opened.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from .formats import SUITS, Format, Named, SchemeChart

SUIT_CODES = {"rams": "R", "crows": "C", "masks": "M", "tomes": "T"}
RED_JOKER, BLACK_JOKER = "RJ", "BJ"
SCHEME_POOL, STRATEGY, DEPLOYMENT = "scheme_pool", "strategy", "deployment"


@dataclass(frozen=True)
class Card:
    code: str  # "7R" (7 of Rams), "13T", "RJ", "BJ"

    @property
    def is_joker(self) -> bool:
        return self.code in (RED_JOKER, BLACK_JOKER)

    @property
    def value(self) -> int | None:
        return None if self.is_joker else int(self.code[:-1])

    @property
    def suit(self) -> str | None:
        if self.is_joker:
            return None
        return next(s for s, c in SUIT_CODES.items() if c == self.code[-1])

    @property
    def name(self) -> str:
        if self.is_joker:
            return "Red Joker" if self.code == RED_JOKER else "Black Joker"
        return f"{self.value} of {self.suit.title()}"


def full_deck() -> list[Card]:
    """The 54 cards: values 1-13 in each of the four suits, and the two Jokers."""
    return [Card(f"{v}{SUIT_CODES[s]}") for s in SUITS for v in range(1, 14)] + [Card(RED_JOKER), Card(BLACK_JOKER)]


def fate_decks(seed: str) -> Iterator[Card]:
    """The event's cards in flip order: the first deck shuffled from the seed, then the next, and so on."""
    deck_number = 1
    while True:
        deck = full_deck()
        random.Random(f"{seed}/deck-{deck_number}").shuffle(deck)
        yield from deck
        deck_number += 1


@dataclass(frozen=True)
class Flip:
    card: Card
    purpose: str  # scheme_pool, strategy or deployment
    kept: bool  # False for a Joker or a duplicate that was flipped again


@dataclass
class Dealer:
    """Flips cards in order and keeps the record of every one, kept or flipped again."""

    cards: Iterator[Card]
    flips: list[Flip] = field(default_factory=list)
    seed: str = ""  # the event's: also shuffles M4E's scheme cards, which are not Fate cards
    already_flipped: int = 0
    # Where the next pool is dealt ("round-2", "round-2/table-5"): M4E's scheme cards are shuffled anew for
    # each, so a round whose strategy was announced (no Fate card flipped) still gets a pool of its own.
    label: str = ""

    @classmethod
    def for_event(cls, seed: str, already_flipped: int = 0, label: str = "") -> Dealer:
        cards = fate_decks(seed)
        for _ in range(already_flipped):
            next(cards)
        return cls(cards, seed=seed, already_flipped=already_flipped, label=label)

    def flip(self, purpose: str, keep=lambda card: not card.is_joker) -> Card:
        """Flip until `keep` accepts a card (Jokers are flipped again by default)."""
        while True:
            card = next(self.cards)
            kept = keep(card)
            self.flips.append(Flip(card, purpose, kept))
            if kept:
                return card


def two_card_pool(chart: SchemeChart, dealer: Dealer) -> list[Named]:
    """M2E: the Always scheme, the two cards' suit schemes and value schemes; a shared suit or value
    gives that scheme once plus the Doubles scheme."""
    first, second = dealer.flip(SCHEME_POOL), dealer.flip(SCHEME_POOL)
    pool = [chart.always]
    for a, b, slots in ((first.suit, second.suit, chart.by_suit), (first.value, second.value, chart.by_value)):
        pool += [slots[a], chart.doubles] if a == b else [slots[a], slots[b]]
    return pool


def five_value_pool(chart: SchemeChart, dealer: Dealer) -> list[Named]:
    """M3E: five cards of five different values; Jokers and repeated values are flipped again."""
    values: list[int] = []
    while len(values) < 5:
        card = dealer.flip(SCHEME_POOL, keep=lambda c: not c.is_joker and c.value not in values)
        values.append(card.value)
    return [chart.by_value[v] for v in values]


def three_card_pool(chart: SchemeChart, dealer: Dealer) -> list[Named]:
    """M4E: the season's scheme cards shuffled and three turned up. They are not Fate cards, so they are
    shuffled from the event's seed, where the pool is dealt and the Fate Deck's position: the same seed
    gives the same pools, and no two deals share a shuffle."""
    position = dealer.already_flipped + len(dealer.flips)
    return random.Random(f"{dealer.seed}/scheme-cards/{dealer.label}/{position}").sample(list(chart.deck), 3)


def flip_scheme_pool(fmt: Format, chart: SchemeChart, dealer: Dealer) -> list[Named]:
    pool_rule = {"two-cards": two_card_pool, "five-values": five_value_pool, "three-cards": three_card_pool}
    return pool_rule[fmt.pool_rule](chart, dealer)


def by_suit(items: Iterable[Named], suit: str) -> Named:
    return next(i for i in items if i.suit == suit)


def flip_strategy(fmt: Format, dealer: Dealer, used: Iterable[str] = ()) -> Named:
    """M3E: the suit picks the strategy; one already used this event is flipped again while another is left."""
    used = set(used)
    fresh = {s.suit for s in fmt.strategies if s.key not in used}
    card = dealer.flip(STRATEGY, keep=lambda c: not c.is_joker and (c.suit in fresh or not fresh))
    return by_suit(fmt.strategies, card.suit)


def flip_deployment(fmt: Format, dealer: Dealer) -> Named:
    return by_suit(fmt.deployments, dealer.flip(DEPLOYMENT).suit)
