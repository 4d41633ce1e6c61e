"""The top cut's pure rules: seeding, who goes through (the draw rule included), and final places."""
import random

from hypothesis import given
from hypothesis import strategies as st

from scoring.report import CONCEDED, DOUBLE_LOSS, FORFEITED, PLAYED
from tournaments.bracket import (
    CUT_SIZES,
    DIFF_THEN_VP,
    REPLAY,
    CutResult,
    bracket,
    cut_order,
    next_stage,
    result_problem,
    slot_order,
    stages,
    with_cut,
)
from tournaments.standings import Entrant, Standing, Totals


def test_a_top_8_meets_as_a_standard_bracket():
    assert slot_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert slot_order(4) == [1, 4, 2, 3]
    assert [stages(n) for n in CUT_SIZES] == [2, 3, 4]


@given(st.sampled_from(CUT_SIZES))
def test_when_the_better_seed_always_wins_each_stage_keeps_the_best_seeds_and_1_meets_2_in_the_final(size):
    seeds = list(range(100, 100 + size))  # player ids; seed n is seeds[n - 1]
    results, played = [], bracket(seeds, [], DIFF_THEN_VP, {})
    assert [(g.a, g.b) for g in played[0]] == [(seeds[a - 1], seeds[b - 1]) for a, b in
                                               zip(slot_order(size)[::2], slot_order(size)[1::2])]
    for stage in range(stages(size)):
        games = next_stage(bracket(seeds, results, DIFF_THEN_VP, {}))
        assert sorted(p for g in games for p in (g.a, g.b)) == seeds[:size >> stage], "only the best seeds left"
        assert all(g.a < g.b for g in games), "the better seed sits on side a"
        results += [CutResult(g.a, g.b, 5, 2) for g in games]
    final = bracket(seeds, results, DIFF_THEN_VP, {})
    assert next_stage(final) is None and (final[-1][0].a, final[-1][0].b, final[-1][0].winner) == (100, 101, 100)


def knockout(seeds, beats):
    """An independent single-elimination: the bracket by halves, recursively; returns (winner, places)."""
    def play(block):
        if len(block) == 1:
            return block[0], []
        half = len(block) // 2
        left, out_left = play(block[:half])
        right, out_right = play(block[half:])
        won = left if beats(left, right) else right
        lost = right if won == left else left
        return won, out_left + out_right + [(lost, len(block))]
    order = [seeds[s - 1] for s in slot_order(len(seeds))]
    champion, out = play(order)
    rank = {p: i for i, p in enumerate(seeds)}
    return [champion] + [p for p, _ in sorted(out, key=lambda item: (-item[1], rank[item[0]]))]


@given(st.sampled_from(CUT_SIZES), st.randoms(use_true_random=False))
def test_any_results_give_the_places_an_independent_knockout_gives(size, rng):
    seeds = rng.sample(range(1, 500), size)
    coin = {}

    def beats(x, y):
        return coin.setdefault(frozenset((x, y)), rng.choice((x, y))) == x

    results = []
    while (games := next_stage(bracket(seeds, results, REPLAY, {}))) is not None:
        for g in games:
            won = beats(g.a, g.b)
            kind = rng.choice((PLAYED, CONCEDED, FORFEITED))
            if kind == PLAYED:
                vp = rng.randint(1, 9)
                results.append(CutResult(g.a, g.b, vp if won else vp - 1, vp - 1 if won else vp))
            else:
                results.append(CutResult(g.a, g.b, 0, 0, kind, "b" if won else "a"))
    assert [p for p, _ in cut_order(seeds, bracket(seeds, results, REPLAY, {}))] == knockout(seeds, beats)


def test_a_drawn_game_goes_to_the_better_swiss_differential_then_vp_then_seed():
    seeds = [1, 2, 3, 4]
    drawn = [CutResult(1, 4, 3, 3), CutResult(2, 3, 4, 4)]
    first = bracket(seeds, drawn, DIFF_THEN_VP, {1: (2, 20), 4: (5, 10), 2: (3, 15), 3: (3, 18)})[0]
    assert [(g.winner, g.drawn) for g in first] == [(4, True), (3, True)], "Diff first, then VP"
    even = bracket(seeds, drawn, DIFF_THEN_VP, {1: (2, 20), 4: (2, 20)})[0]
    assert even[0].winner == 1, "then the better seed"
    assert [g.winner for g in bracket(seeds, drawn, REPLAY, {})[0]] == [None, None], "replayed: nobody yet"


def test_the_cut_refuses_a_double_loss_and_where_it_replays_a_draw():
    assert result_problem(DOUBLE_LOSS, 0, 0, DIFF_THEN_VP).code == "cut_needs_a_winner"
    assert result_problem(PLAYED, 3, 3, REPLAY).code == "cut_draw_replayed"
    assert result_problem(PLAYED, 3, 3, DIFF_THEN_VP) is None
    assert result_problem(PLAYED, 4, 3, REPLAY) is None
    assert result_problem(CONCEDED, 0, 3, REPLAY) is None


def row(pid, rank, tp=0):
    return Standing(rank=rank, entrant=Entrant(pid, f"P{pid}"), totals=Totals(tp=tp))


def test_final_standings_place_the_cut_by_how_far_they_went_then_everyone_else_by_swiss():
    swiss = [row(1, 1), row(2, 2), row(3, 3), row(9, 4), row(4, 5), row(5, 6), row(6, 6), row(7, None)]
    seeds = [1, 2, 3, 4]  # 9 dropped before the cut: 4 took the last seat
    results = [CutResult(1, 4, 2, 5), CutResult(2, 3, 5, 1), CutResult(2, 4, 6, 2)]
    placed = with_cut(swiss, seeds, bracket(seeds, results, REPLAY, {}))
    assert [(r.entrant.id, r.rank, r.cut) for r in placed] == [
        (2, 1, 1), (4, 2, 2), (1, 3, 4), (3, 4, 4),  # the winner, the finalist, then the semifinals by seed
        (9, 5, None), (5, 6, None), (6, 6, None),  # the rest in Swiss order, sharing as they did
        (7, None, None)]  # who did not play stays apart


def test_during_the_cut_those_still_in_come_first_by_seed():
    seeds = list(range(1, 9))
    quarterfinals = [CutResult(1, 8, 5, 1), CutResult(4, 5, 0, 3), CutResult(2, 7, 2, 2, CONCEDED, "b"),
                     CutResult(3, 6, 3, 1)]
    order = cut_order(seeds, bracket(seeds, quarterfinals, REPLAY, {}))
    assert order == [(1, 4), (2, 4), (3, 4), (5, 4), (4, 8), (6, 8), (7, 8), (8, 8)]
    semifinal = CutResult(1, 5, 1, 4)  # seed 5 beats seed 1; seeds 2 and 3 still play theirs
    order = cut_order(seeds, bracket(seeds, [*quarterfinals, semifinal], REPLAY, {}))
    assert order[:4] == [(5, 2), (2, 4), (3, 4), (1, 4)], "still playing before out in the same stage"


@given(st.randoms(use_true_random=False))
def test_the_cut_order_is_every_seed_once(rng):
    size = rng.choice(CUT_SIZES)
    seeds = rng.sample(range(1, 100), size)
    results = []
    for _ in range(rng.randint(0, stages(size))):
        games = next_stage(bracket(seeds, results, DIFF_THEN_VP, {}))
        results += [CutResult(g.a, g.b, *random.Random(g.a).sample(range(8), 2)) for g in games]
    assert sorted(p for p, _ in cut_order(seeds, bracket(seeds, results, DIFF_THEN_VP, {}))) == sorted(seeds)
