"""Pure pairing tools: the report's flags, table numbers, methods, clubs kept apart."""
import random

from tournaments.pairing import FOLD, RANDOM, Contender, pair_round
from tournaments.pairing.report import History, game_flags
from tournaments.pairing.tables import assign_tables

HISTORY = History(tp={1: 6, 2: 6, 3: 3, 4: 3}, met={frozenset((1, 3)): 1, frozenset((2, 4)): 3},
                  club={1: "Bristol", 2: "bristol", 3: "", 4: ""}, tables={1: {1}, 3: {2}}, had_bye={4},
                  ringer=99)


def flags(a, b, table, round_number=4):
    return game_flags(a, b, table, history=HISTORY, round_number=round_number, rematch_window=3)


def test_flags_name_what_an_organizer_should_see():
    assert flags(1, 3, 1) == ["rematch", "float", "repeat_table"]  # met in round 1, allowed from round 4
    assert flags(2, 4, 5) == ["rematch_within_window", "float"]
    assert flags(1, 2, 3) == ["same_club"]
    assert flags(3, None, None) == ["bye"]
    assert flags(4, None, None) == ["bye", "second_bye"]
    assert flags(3, 99, 7) == ["ringer"]
    assert flags(4, 99, 7) == ["ringer", "second_bye"]


def test_tables_follow_the_standings_and_skip_unavailable_ones():
    games = [(1, 2), (3, 4), (5, 6)]
    assert assign_tables(games) == [1, 2, 3]
    assert assign_tables(games, unavailable={2}) == [1, 3, 4]


def test_a_pinned_player_keeps_their_table():
    games = [(1, 2), (3, 4), (5, 6)]
    assert assign_tables(games, pinned={6: 1}) == [2, 3, 1]
    assert assign_tables(games, pinned={1: 5, 6: 5}) == [5, 1, 2], "the better-placed game wins a contested pin"


def test_fresh_tables_avoid_a_repeated_table_where_a_nearby_one_allows():
    games = [(1, 2), (3, 4), (5, 6), (7, 8)]
    played = {1: {1}, 3: {2}, 5: {3}, 7: {4}}
    tables = assign_tables(games, played=played, fresh=True)
    assert sorted(tables) == [1, 2, 3, 4]
    assert all(t not in played[g[0]] for g, t in zip(games, tables))
    assert assign_tables(games, played=played) == [1, 2, 3, 4], "without the option, standings order"


def test_random_method_ignores_scores_but_keeps_the_rules():
    contenders = [Contender(i, tp=3 * (i % 4)) for i in range(20)]
    met = {frozenset((i, i + 1)): 3 for i in range(19)}
    pairing = pair_round(contenders, round_number=4, seed=5, met=met, method=RANDOM)
    pairs = [frozenset((g.player_a, g.player_b)) for g in pairing.games]
    assert not any(p in met for p in pairs)
    assert pairing.objective[0] > 0, "scores were not what paired them"


def test_fold_pairs_top_half_against_bottom_half_of_each_group():
    contenders = [Contender(i, tp=3, diff=10 - i) for i in range(6)] + [Contender(10 + i, tp=0, diff=-i)
                                                                         for i in range(4)]
    pairing = pair_round(contenders, round_number=2, seed=1, method=FOLD)
    pairs = {frozenset((g.player_a, g.player_b)) for g in pairing.games}
    assert pairs == {frozenset(p) for p in [(0, 3), (1, 4), (2, 5), (10, 12), (11, 13)]}


def test_round_one_keeps_clubs_apart_when_it_can():
    rng = random.Random(1)
    clubs = ["Bristol"] * 5 + ["Lyon"] * 4 + ["Oslo"] * 3 + [""] * 4
    contenders = [Contender(i, club=c) for i, c in enumerate(clubs)]
    for seed in range(10):
        pairing = pair_round(contenders, round_number=1, seed=seed, avoid_same_club=True)
        for g in pairing.games:
            a, b = clubs[g.player_a], clubs[g.player_b]
            assert not (a and a == b)
    big = [Contender(i, club="Bristol" if i < 7 else "") for i in range(10)]
    pairing = pair_round(big, round_number=1, seed=rng.random(), avoid_same_club=True)
    same = sum(1 for g in pairing.games if g.player_a < 7 and g.player_b < 7)
    assert same == 2, "7 of 10 from one club: two clubmate games are unavoidable, and only two"
