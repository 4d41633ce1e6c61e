"""The captains' lineup process, pure: any legal order of choices ends in every player facing exactly one
opponent of the other team; choices out of turn are refused; a captain never sees the other's open choice."""
from hypothesis import given
from hypothesis import strategies as st

from teams.lineup import ANSWER, PLACE, Step, lineup, problem, visible

A, B = [1, 2, 3], [11, 12, 13]


def test_three_a_side_one_cycle_then_the_last_two_meet():
    steps = [Step("a", PLACE, 1)]
    assert lineup(A, B, steps).waiting == {"a": None, "b": PLACE}
    assert visible(steps, "b") == [], "b does not see a's placement before placing"
    steps.append(Step("b", PLACE, 12))
    state = lineup(A, B, steps)
    assert state.placed == {"a": 1, "b": 12} and state.waiting == {"a": ANSWER, "b": ANSWER}
    assert visible(steps, "b") == steps, "both placed: both shown"
    steps.append(Step("b", ANSWER, 13))
    assert visible(steps, "a") == steps[:2], "b's answer hidden until a answers too"
    steps.append(Step("a", ANSWER, 3))
    state = lineup(A, B, steps)
    assert state.done and sorted(state.games) == [(1, 13), (2, 11), (3, 12)]


def test_steps_out_of_turn_or_with_a_used_player_are_refused():
    steps = [Step("a", PLACE, 1)]
    assert problem(A, B, steps, Step("a", PLACE, 2)).code == "lineup_not_your_turn"
    assert problem(A, B, steps, Step("b", ANSWER, 11)).code == "lineup_not_your_turn"
    assert problem(A, B, steps, Step("b", PLACE, 1)).code == "lineup_player_unavailable", "not b's player"
    steps.append(Step("b", PLACE, 11))
    assert problem(A, B, steps, Step("a", ANSWER, 1)).code == "lineup_player_unavailable", "already placed"
    assert problem(A, B, steps, Step("a", ANSWER, 2)) is None


def test_two_a_side_need_only_the_placements():
    steps = [Step("b", PLACE, 11), Step("a", PLACE, 2)]
    state = lineup([1, 2], [11, 12], steps)
    assert state.done and sorted(state.games) == [(1, 11), (2, 12)]


@given(st.integers(1, 6), st.randoms(use_true_random=False))
def test_any_legal_choices_give_every_player_one_opponent_of_the_other_team(n, rng):
    team_a, team_b = list(range(1, n + 1)), list(range(101, 101 + n))
    steps: list[Step] = []
    while not (state := lineup(team_a, team_b, steps)).done:
        side = rng.choice([s for s, owed in state.waiting.items() if owed])
        own = team_a if side == "a" else team_b
        free = [p for p in own if problem(team_a, team_b, steps, Step(side, state.waiting[side], p)) is None]
        assert free, "a side that owes a choice always has one"
        steps.append(Step(side, state.waiting[side], rng.choice(free)))
        assert len(steps) <= 2 * n, "the process ends"
    assert sorted(a for a, _ in state.games) == team_a and sorted(b for _, b in state.games) == team_b
    assert problem(team_a, team_b, steps, Step("a", PLACE, 1)).code == "lineup_complete"
