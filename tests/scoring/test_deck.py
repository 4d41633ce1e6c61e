"""The Fate Deck and flipped pools: 52 + 2 cards, nothing flipped twice, the seed rebuilds everything (each
season's charts as shipped and as re-entered through the console's forms: tests/scoring/conftest.py)."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.deck import (
    Card,
    Dealer,
    fate_decks,
    five_value_pool,
    flip_deployment,
    flip_strategy,
    full_deck,
    three_card_pool,
    two_card_pool,
)
from scoring.missions import table_mission

seeds = st.text(min_size=1, max_size=12)


@pytest.fixture(scope="module")
def gg_chart(gg2017):
    return gg2017.scheme_charts[0]


@pytest.fixture(scope="module")
def m3e_chart(m3e):
    return m3e.scheme_charts[0]


def test_the_deck_has_thirteen_values_in_four_suits_and_two_jokers():
    deck = full_deck()
    assert len(deck) == 54 and len(set(deck)) == 54
    assert sum(c.is_joker for c in deck) == 2
    assert {c.suit for c in deck if not c.is_joker} == {"rams", "crows", "masks", "tomes"}
    assert sorted({c.value for c in deck if not c.is_joker}) == list(range(1, 14))
    assert Card("13T").name == "13 of Tomes" and Card("RJ").name == "Red Joker"


@given(seeds)
def test_one_deck_is_flipped_whole_before_the_next(seed):
    cards = fate_decks(seed)
    first = [next(cards).code for _ in range(54)]
    second = [next(cards).code for _ in range(54)]
    assert sorted(first) == sorted(second) == sorted(c.code for c in full_deck())
    assert first != second, "the next deck is shuffled anew"


@given(seeds, st.integers(1, 6))
def test_pools_over_an_event_never_flip_a_card_twice_and_the_seed_rebuilds_them(gg_chart, seed, rounds):
    def event_pools():
        dealer, pools, flipped = Dealer.for_event(seed), [], 0
        for _ in range(rounds):
            round_dealer = Dealer.for_event(seed, already_flipped=flipped)
            pools.append([s.key for s in two_card_pool(gg_chart, round_dealer)])
            flipped += len(round_dealer.flips)
            dealer.flips += round_dealer.flips
        return pools, [f.card.code for f in dealer.flips]

    pools, cards = event_pools()
    assert len(cards) == len(set(cards)), "no card flipped twice: the deck is not reshuffled between rounds"
    assert event_pools() == (pools, cards)


@given(seeds)
def test_two_card_pool_has_always_plus_suits_and_values(gg_chart, seed):
    dealer = Dealer.for_event(seed)
    pool = two_card_pool(gg_chart, dealer)
    a, b = [f.card for f in dealer.flips if f.kept]
    assert all(f.card.is_joker for f in dealer.flips if not f.kept), "only Jokers are flipped again"
    assert pool[0].name == "Claim Jump" and len(pool) == 5 and len({s.key for s in pool}) == 5
    expected = {gg_chart.by_suit[a.suit].key, gg_chart.by_suit[b.suit].key,
                gg_chart.by_value[a.value].key, gg_chart.by_value[b.value].key}
    if a.suit == b.suit or a.value == b.value:
        expected.add(gg_chart.doubles.key)
    assert {s.key for s in pool[1:]} == expected


def scripted(*codes):
    return Dealer(iter(Card(c) for c in codes))


def test_same_suit_gives_the_suit_scheme_once_and_the_doubles_scheme(gg_chart):
    pool = two_card_pool(gg_chart, scripted("3R", "9R"))
    assert [s.name for s in pool] == ["Claim Jump", "Frame for Murder", "Eliminate the Leadership", "Show of Force",
                                      "Mark for Death"]


def test_same_value_gives_the_value_scheme_once_and_the_doubles_scheme(gg_chart):
    pool = two_card_pool(gg_chart, scripted("BJ", "10M", "RJ", "10T"))
    assert [s.name for s in pool] == ["Claim Jump", "Accusation!", "Leave Your Mark", "Tail 'em",
                                      "Eliminate the Leadership"]


def test_m3e_pool_is_five_different_values_jokers_and_repeats_flipped_again(m3e_chart):
    dealer = scripted("4R", "RJ", "4C", "1T", "13M", "BJ", "8R", "2C")
    pool = five_value_pool(m3e_chart, dealer)
    assert [s.name for s in pool] == ["Search the Ruins", "Detonate Charges", "Vendetta", "Power Ritual",
                                      "Breakthrough"]
    assert [f.kept for f in dealer.flips] == [True, False, False, True, True, False, True, True]


@given(seeds)
def test_m3e_pools_always_hold_five_different_schemes(m3e_chart, seed):
    assert len({s.key for s in five_value_pool(m3e_chart, Dealer.for_event(seed))}) == 5


def test_m3e_strategy_from_suit_skipping_used_ones_while_others_remain(m3e):
    assert flip_strategy(m3e, scripted("5R")).key == "turf-war"
    dealer = scripted("5R", "RJ", "2C")
    assert flip_strategy(m3e, dealer, used=["turf-war"]).key == "reckoning"
    everything = [s.key for s in m3e.strategies]
    assert flip_strategy(m3e, scripted("5T"), used=everything).key == "plant-explosives"
    assert flip_deployment(m3e, scripted("BJ", "7M")).key == "wedge"


def test_m3e_table_mission_from_attacker_and_defender_cards(m3e, m3e_chart):
    """Core set-up at one table: the Attacker's suit picks the strategy (a Joker is flipped again), the
    Defender's the deployment, the next cards the pool."""
    setup = table_mission(m3e, m3e_chart, scripted("BJ", "9C", "2T", "12M", "12R", "3T", "RJ", "6C", "7C", "11R"))
    assert (setup.strategy.key, setup.deployment.key) == ("reckoning", "flank")
    assert [s.key for s in setup.scheme_pool] == ["claim-jump", "harness-the-ley-line", "hold-up-their-forces",
                                                  "take-prisoner", "deliver-a-message"]


@given(seeds, st.integers(0, 200))
def test_m4e_pools_are_three_different_scheme_cards_the_seed_rebuilds(gg0, seed, flipped):
    chart = gg0.scheme_charts[0]
    pool = three_card_pool(chart, Dealer.for_event(seed, already_flipped=flipped))
    assert len({s.key for s in pool}) == 3 and set(pool) <= set(chart.deck)
    assert pool == three_card_pool(chart, Dealer.for_event(seed, already_flipped=flipped))


def test_m4e_tables_draw_different_missions_from_one_deck(gg0):
    dealer = Dealer.for_event("spring-open")
    missions = [table_mission(gg0, gg0.scheme_charts[0], dealer) for _ in range(12)]
    assert len({tuple(s.key for s in m.scheme_pool) for m in missions}) > 6
    assert len({m.strategy.key for m in missions}) > 1 and all(m.deployment.suit for m in missions)
