"""The ladder's advice as invariants (judges.ladder.suggest), over any valid ladder and any history: it names
a step of the ladder, the first penalty of a reason gets the first rung, other reasons do not count, one more
penalty never softens the advice, the nth rung for the nth penalty, never below what was already given (bar
the top), and a bad ladder is named."""
from hypothesis import given
from hypothesis import strategies as st

from judges.ladder import DEFAULT_LADDER, GAME_LOSS, REASONS, STEPS, TP_PENALTY, WARNING, ladder_problems, suggest

ladders = st.lists(st.sampled_from(STEPS), min_size=1, max_size=8).map(lambda steps: sorted(steps, key=STEPS.index))
histories = st.lists(st.tuples(st.sampled_from(REASONS), st.sampled_from(STEPS)), max_size=12)
reasons = st.sampled_from(REASONS)


@given(ladders, histories, reasons)
def test_the_advice_is_a_step_of_the_ladder(ladder, history, reason):
    advice = suggest(ladder, history, reason)
    assert advice.step == ladder[advice.rung] and 0 <= advice.rung < len(ladder)
    assert advice.earlier == sum(1 for r, _ in history if r == reason)


@given(ladders, histories, reasons)
def test_only_the_same_reason_counts(ladder, history, reason):
    same = [(r, s) for r, s in history if r == reason]
    assert suggest(ladder, history, reason) == suggest(ladder, same, reason)
    assert suggest(ladder, [(r, s) for r, s in history if r != reason], reason).rung == 0


@given(ladders, histories, reasons, st.sampled_from(STEPS))
def test_one_more_penalty_never_softens_the_advice(ladder, history, reason, step):
    before = suggest(ladder, history, reason)
    after = suggest(ladder, [*history, (reason, step)], reason)
    assert after.rung >= before.rung
    assert after.rung == len(ladder) - 1 or after.rung >= before.earlier + 1


@given(ladders, histories, reasons)
def test_never_below_the_harshest_step_already_given(ladder, history, reason):
    advice = suggest(ladder, history, reason)
    given_steps = [s for r, s in history if r == reason]
    if given_steps and advice.rung < len(ladder) - 1:
        harshest = max(given_steps, key=STEPS.index)
        assert STEPS.index(advice.step) >= STEPS.index(harshest)


@given(ladders, reasons, st.integers(min_value=0, max_value=10))
def test_the_nth_penalty_gets_the_nth_rung_when_the_judge_followed_the_ladder(ladder, reason, n):
    history = []
    for _ in range(n):
        history.append((reason, suggest(ladder, history, reason).step))
    assert suggest(ladder, history, reason).rung == min(n, len(ladder) - 1)


def test_the_default_ladder_and_a_skipped_rung():
    assert [suggest(DEFAULT_LADDER, [("late", WARNING)] * n, "late").step for n in range(5)] == [
        WARNING, TP_PENALTY, GAME_LOSS, "disqualification", "disqualification"]
    assert suggest(DEFAULT_LADDER, [("late", GAME_LOSS)], "late").step == "disqualification"
    assert suggest((WARNING, WARNING, TP_PENALTY), [("late", WARNING)], "late").step == WARNING
    assert suggest((WARNING, GAME_LOSS), [("late", TP_PENALTY)], "late").step == GAME_LOSS  # not on the ladder


@given(st.lists(st.sampled_from([*STEPS, "yellow card"]), max_size=10))
def test_a_bad_ladder_is_named(steps):
    problems = ladder_problems(steps)
    fine = (1 <= len(steps) <= 8 and all(s in STEPS for s in steps)
            and [STEPS.index(s) for s in steps] == sorted(STEPS.index(s) for s in steps))
    assert (problems == []) == fine
