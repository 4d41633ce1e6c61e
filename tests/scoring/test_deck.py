"""The Fate Deck and flipped pools: 52 + 2 cards, nothing flipped twice, the seed rebuilds everything."""
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
from scoring.formats import GG2017, M3E, M4E_GG0
from scoring.missions import table_mission

GG_CHART, M3E_CHART = GG2017.scheme_charts[0], M3E.scheme_charts[0]
seeds = st.text(min_size=1, max_size=12)


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
def test_pools_over_an_event_never_flip_a_card_twice_and_the_seed_rebuilds_them(seed, rounds):
    def event_pools():
        dealer, pools, flipped = Dealer.for_event(seed), [], 0
        for _ in range(rounds):
            round_dealer = Dealer.for_event(seed, already_flipped=flipped)
            pools.append([s.key for s in two_card_pool(GG_CHART, round_dealer)])
            flipped += len(round_dealer.flips)
            dealer.flips += round_dealer.flips
        return pools, [f.card.code for f in dealer.flips]

    pools, cards = event_pools()
    assert len(cards) == len(set(cards)), "no card flipped twice: the deck is not reshuffled between rounds"
    assert event_pools() == (pools, cards)


@given(seeds)
def test_two_card_pool_has_always_plus_suits_and_values(seed):
    dealer = Dealer.for_event(seed)
    pool = two_card_pool(GG_CHART, dealer)
    a, b = [f.card for f in dealer.flips if f.kept]
    assert all(f.card.is_joker for f in dealer.flips if not f.kept), "only Jokers are flipped again"
    assert pool[0].name == "Claim Jump" and len(pool) == 5 and len({s.key for s in pool}) == 5
    expected = {GG_CHART.by_suit[a.suit].key, GG_CHART.by_suit[b.suit].key,
                GG_CHART.by_value[a.value].key, GG_CHART.by_value[b.value].key}
    if a.suit == b.suit or a.value == b.value:
        expected.add(GG_CHART.doubles.key)
    assert {s.key for s in pool[1:]} == expected


def scripted(*codes):
    return Dealer(iter(Card(c) for c in codes))


def test_same_suit_gives_the_suit_scheme_once_and_the_doubles_scheme():
    pool = two_card_pool(GG_CHART, scripted("3R", "9R"))
    assert [s.name for s in pool] == ["Claim Jump", "Frame for Murder", "Eliminate the Leadership", "Show of Force",
                                      "Mark for Death"]


def test_same_value_gives_the_value_scheme_once_and_the_doubles_scheme():
    pool = two_card_pool(GG_CHART, scripted("BJ", "10M", "RJ", "10T"))
    assert [s.name for s in pool] == ["Claim Jump", "Accusation!", "Leave Your Mark", "Tail 'em",
                                      "Eliminate the Leadership"]


def test_m3e_pool_is_five_different_values_jokers_and_repeats_flipped_again():
    dealer = scripted("4R", "RJ", "4C", "1T", "13M", "BJ", "8R", "2C")
    pool = five_value_pool(M3E_CHART, dealer)
    assert [s.name for s in pool] == ["Search the Ruins", "Detonate Charges", "Vendetta", "Power Ritual",
                                      "Breakthrough"]
    assert [f.kept for f in dealer.flips] == [True, False, False, True, True, False, True, True]


@given(seeds)
def test_m3e_pools_always_hold_five_different_schemes(seed):
    assert len({s.key for s in five_value_pool(M3E_CHART, Dealer.for_event(seed))}) == 5


def test_m3e_strategy_from_suit_skipping_used_ones_while_others_remain():
    assert flip_strategy(M3E, scripted("5R")).key == "turf-war"
    dealer = scripted("5R", "RJ", "2C")
    assert flip_strategy(M3E, dealer, used=["turf-war"]).key == "reckoning"
    everything = [s.key for s in M3E.strategies]
    assert flip_strategy(M3E, scripted("5T"), used=everything).key == "plant-explosives"
    assert flip_deployment(M3E, scripted("BJ", "7M")).key == "wedge"


def test_m3e_table_mission_from_attacker_and_defender_cards():
    """Core set-up at one table: the Attacker's suit picks the strategy (a Joker is flipped again), the
    Defender's the deployment, the next cards the pool."""
    setup = table_mission(M3E, M3E_CHART, scripted("BJ", "9C", "2T", "12M", "12R", "3T", "RJ", "6C", "7C", "11R"))
    assert (setup.strategy.key, setup.deployment.key) == ("reckoning", "flank")
    assert [s.key for s in setup.scheme_pool] == ["claim-jump", "harness-the-ley-line", "hold-up-their-forces",
                                                  "take-prisoner", "deliver-a-message"]


@given(seeds, st.integers(0, 200))
def test_m4e_pools_are_three_different_scheme_cards_the_seed_rebuilds(seed, flipped):
    chart = M4E_GG0.scheme_charts[0]
    pool = three_card_pool(chart, Dealer.for_event(seed, already_flipped=flipped))
    assert len({s.key for s in pool}) == 3 and set(pool) <= set(chart.deck)
    assert pool == three_card_pool(chart, Dealer.for_event(seed, already_flipped=flipped))


def test_m4e_tables_draw_different_missions_from_one_deck():
    dealer = Dealer.for_event("spring-open")
    missions = [table_mission(M4E_GG0, M4E_GG0.scheme_charts[0], dealer) for _ in range(12)]
    assert len({tuple(s.key for s in m.scheme_pool) for m in missions}) > 6
    assert len({m.strategy.key for m in missions}) > 1 and all(m.deployment.suit for m in missions)
