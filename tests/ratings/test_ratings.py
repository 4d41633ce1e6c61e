"""The rating module: a pure function of the games, the same whatever order they come in, recomputed from
scratch or from a date on with the same numbers, moved by a correction only from the corrected game on; and
Longshanks' formula on a hand-computed example."""
import random
from dataclasses import replace
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.longshanks import damping, rpi
from ratings.skill import DRAW, LOSS, WIN, RatedGame, Rating, history, rate, rate_from
from tests.profiles import examples

DAY = date(2026, 1, 3)


@st.composite
def seasons(draw):
    """A few events' worth of games among a small community: dates, rounds, two different people, results."""
    people = draw(st.integers(2, 9))
    games = []
    for _ in range(draw(st.integers(1, 40))):
        a, b = draw(st.lists(st.integers(1, people), min_size=2, max_size=2, unique=True))
        games.append(RatedGame(date=DAY + timedelta(days=7 * draw(st.integers(0, 5))), round=draw(st.integers(1, 3)),
                               a=a, b=b, outcome=draw(st.sampled_from([WIN, DRAW, LOSS]))))
    return games


@settings(max_examples=examples(60), deadline=None)
@given(seasons(), st.randoms(use_true_random=False))
def test_the_order_games_and_same_date_events_are_listed_in_does_not_matter(games, rng):
    shuffled = list(games)
    rng.shuffle(shuffled)
    assert rate(shuffled) == rate(games)


@settings(max_examples=examples(60), deadline=None)
@given(seasons(), st.integers(0, 6))
def test_an_update_from_a_date_on_equals_recomputing_from_scratch(games, weeks):
    day = DAY + timedelta(days=7 * weeks)
    before = rate(g for g in games if g.date < day)
    assert rate_from(day, games, before) == rate(games)


@settings(max_examples=examples(60), deadline=None)
@given(seasons(), st.data())
def test_a_correction_moves_only_the_ratings_from_its_period_on(games, data):
    index = data.draw(st.integers(0, len(games) - 1))
    corrected = list(games)
    corrected[index] = replace(games[index], outcome=WIN if games[index].outcome != WIN else LOSS)
    moved = games[index].period
    before = [(period, rated) for period, rated in history(games) if period < moved]
    assert before == [(period, rated) for period, rated in history(corrected) if period < moved]


@settings(max_examples=examples(40), deadline=None)
@given(seasons())
def test_each_person_counts_their_games_and_nobody_without_one_is_rated(games):
    ratings = rate(games)
    played = {}
    for game in games:
        for person in (game.a, game.b):
            played[person] = played.get(person, 0) + 1
    assert {p: r.games for p, r in ratings.items()} == played


def test_a_win_moves_the_winner_up_and_a_draw_between_equals_moves_neither():
    won = rate([RatedGame(DAY, 1, 1, 2, WIN)])
    assert won[1].mu > Rating().mu > won[2].mu and won[1].sigma < Rating().sigma
    drawn = rate([RatedGame(DAY, 1, 1, 2, DRAW)])
    assert drawn[1].mu == pytest.approx(Rating().mu) and drawn[1].mu == drawn[2].mu


def test_the_same_games_give_the_same_numbers_every_time():
    rng = random.Random(5)
    games = [RatedGame(DAY + timedelta(days=rng.randrange(30)), rng.randrange(1, 4), a, b, rng.choice([WIN, LOSS]))
             for a, b in (rng.sample(range(40), 2) for _ in range(300))]
    assert rate(games) == rate(list(reversed(games)))


def test_longshanks_rpi_on_a_hand_computed_example():
    # Ann beat Ben, Ben beat Cid, Ann drew Cid. R: Ann 0.75, Ben 0.5, Cid 0.25. OR (opponents' R): Ann 0.375,
    # Ben 0.5, Cid 0.625. OOR (opponents' OR): Ann 0.5625, Ben 0.5, Cid 0.4375.
    # RPI = R/4 + OR/2 + OOR/4: Ann 0.515625, Ben 0.5, Cid 0.484375.
    games = [RatedGame(DAY, 1, 1, 2, WIN), RatedGame(DAY, 2, 2, 3, WIN), RatedGame(DAY, 3, 1, 3, DRAW)]
    assert rpi(games, threshold=2) == {1: 0.515625, 2: 0.5, 3: 0.484375}
    # With a threshold of 4 games, two games divide by Q = 1 + e^((10/4)(4/2 - 2)) = 2.
    assert rpi(games, threshold=4) == {1: 0.2578125, 2: 0.25, 3: 0.2421875}
    assert damping(4, 4) == 1.0 and damping(0, 4) == pytest.approx(1 + 2.718281828459045 ** 5)


def rpi_by_the_definition(games, threshold):
    """Longshanks' formula word for word, person by person (the module computes it with arrays)."""
    scores, opponents = {}, {}
    for game in games:
        for me, them, score in ((game.a, game.b, game.outcome), (game.b, game.a, 1 - game.outcome)):
            scores.setdefault(me, []).append(score)
            opponents.setdefault(me, []).append(them)
    r = {p: sum(s) / len(s) for p, s in scores.items()}
    o_r = {p: sum(r[o] for o in them) / len(them) for p, them in opponents.items()}
    o_o_r = {p: sum(o_r[o] for o in them) / len(them) for p, them in opponents.items()}
    return {p: (r[p] / 4 + o_r[p] / 2 + o_o_r[p] / 4) / damping(len(scores[p]), threshold) for p in scores}


@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.sampled_from([WIN, DRAW, LOSS])), max_size=40),
       st.integers(1, 12))
def test_longshanks_rpi_follows_its_definition(pairs, threshold):
    games = [RatedGame(date(2026, 1, 1), 1, a, b, outcome) for a, b, outcome in pairs if a != b]
    expected = rpi_by_the_definition(games, threshold)
    got = rpi(games, threshold=threshold)
    assert got.keys() == expected.keys()
    assert all(abs(got[p] - expected[p]) < 1e-12 for p in got)
