"""The score validator: one test per limit of DOMAIN.md, each failing if the limit were not enforced (each
season as shipped and as re-entered through the console's forms: tests/scoring/conftest.py)."""
import pytest

from scoring.report import CONCEDED, Report, SchemeScore, SideBreakdown, TurnScore
from scoring.validator import ERROR_CODES, validate_report

GG_POOL = ["claim-jump", "frame-for-murder", "accusation", "show-of-force", "search-the-ruins"]
M3E_POOL = ["breakthrough", "take-prisoner", "assassinate", "vendetta", "outflank"]
NAMES = {"a": "Emma", "b": "Josh"}


def problems(fmt, report, pool=()):
    found = validate_report(fmt, report, pool=pool, names=NAMES)
    assert all(p.code in ERROR_CODES for p in found), "every code is documented"
    return found


def codes(fmt, report, pool=()):
    return {(p.code, p.attr) for p in problems(fmt, report, pool)}


def side(strategy=0, *schemes, turns=()):
    return SideBreakdown(strategy=strategy, schemes=tuple(SchemeScore(*s) for s in schemes), turns=tuple(turns))


def game(vp_a, a_part, vp_b=0, b_part=None, turns=None):
    breakdown = {"a": a_part} if b_part is None else {"a": a_part, "b": b_part}
    return Report(vp_a=vp_a, vp_b=vp_b, turns=turns, breakdown=breakdown)


def test_a_full_valid_gg2017_report_passes(gg2017):
    report = game(10, side(4, ("claim-jump", 3), ("frame-for-murder", 3, "Lady Justice")),
                  6, side(3, ("accusation", 3), ("show-of-force", 0)), turns=5)
    assert problems(gg2017, report, GG_POOL) == []


def test_strategy_above_four_vp(gg2017):
    report = game(8, side(5, ("claim-jump", 3)), turns=7)
    assert ("strategy_above_limit", "breakdown.a.strategy") in codes(gg2017, report)


@pytest.mark.parametrize("season, cap, scheme", [("gg2017", 3, "claim-jump"), ("m3e", 2, "breakthrough")])
def test_a_scheme_above_its_cap(formats, season, cap, scheme):
    fmt = formats[season]
    assert codes(fmt, game(cap, side(0, (scheme, cap)))) == set()
    found = problems(fmt, game(cap + 1, side(0, (scheme, cap + 1))))
    assert [p.code for p in found] == ["scheme_above_limit"]
    assert "Emma" in found[0].detail and f"at most {cap}" in found[0].detail


def test_breakdown_must_add_up_to_the_reported_vp(gg2017):
    found = problems(gg2017, game(7, side(2, ("claim-jump", 2), ("accusation", 2))))
    assert [(p.code, p.attr) for p in found] == [("breakdown_mismatch", "breakdown.a")]
    assert "6 VP, not the 7" in found[0].detail


def test_a_scheme_must_be_in_the_rounds_pool(gg2017):
    found = problems(gg2017, game(2, side(0, ("tail-em", 2))), GG_POOL)
    assert [(p.code, p.attr) for p in found] == [("scheme_not_in_pool", "breakdown.a.schemes.0.scheme")]
    assert "Tail 'em" in found[0].detail


def test_an_unknown_scheme(gg2017):
    assert ("scheme_unknown", "breakdown.a.schemes.0.scheme") in codes(gg2017, game(1, side(0, ("nope", 1))))


def test_the_same_scheme_twice(gg2017):
    assert ("scheme_repeated", "breakdown.a.schemes.1.scheme") in codes(
        gg2017, game(4, side(0, ("claim-jump", 2), ("claim-jump", 2))))


def test_more_than_two_schemes(gg2017):
    assert ("too_many_schemes", "breakdown.a.schemes") in codes(
        gg2017, game(3, side(0, ("claim-jump", 1), ("accusation", 1), ("show-of-force", 1))))


def test_a_noted_model_scheme_scores_nothing_without_its_model(gg2017):
    assert ("noted_model_missing", "breakdown.a.schemes.0.noted_model") in codes(
        gg2017, game(2, side(0, ("frame-for-murder", 2))))
    assert codes(gg2017, game(2, side(0, ("frame-for-murder", 2, "Sonnia")))) == set()
    assert codes(gg2017, game(0, side(0, ("frame-for-murder", 0)))) == set(), "no VP, nothing to document"


def test_no_strategy_vp_in_turn_one_and_no_vp_at_all_in_m3e(gg2017, m3e):
    report = game(1, side(1, turns=[TurnScore(1, strategy=1)]))
    assert ("vp_in_first_turn", "breakdown.a.turns.0.strategy") in codes(gg2017, report)
    assert ("vp_in_first_turn", "vp_a") in codes(m3e, Report(vp_a=2, vp_b=0, turns=1))
    turn_one = game(1, side(0, ("breakthrough", 1), turns=[TurnScore(1, schemes={"breakthrough": 1})]))
    assert ("vp_in_first_turn", "breakdown.a.turns.0.schemes") in codes(m3e, turn_one)


def test_gg2017_schemes_score_in_the_turns_their_texts_say(m3e, gg2017):
    """m3e's "no VP in turn 1" is not gg2017's: Frame for Murder scores when the sucker dies, any turn."""
    framed = game(3, side(0, ("frame-for-murder", 3, "Sonnia"), turns=[TurnScore(1, schemes={"frame-for-murder": 3})]))
    assert codes(gg2017, framed) == set()
    assert codes(gg2017, Report(vp_a=3, vp_b=0, turns=1)) == set()  # a game cut short after turn 1
    set_up = game(2, side(0, ("set-up", 2, "Perdita"), turns=[TurnScore(1, schemes={"set-up": 2})]), turns=5)
    assert codes(gg2017, set_up) == set()
    # Claim Jump scores "at the end of every Turn after the first"; Covert Breakthrough at the end of the game.
    early = game(1, side(0, ("claim-jump", 1), turns=[TurnScore(1, schemes={"claim-jump": 1})]))
    assert codes(gg2017, early) == {("vp_in_first_turn", "breakdown.a.turns.0.schemes")}
    assert ("scheme_above_turns", "breakdown.a.schemes.0.vp") in codes(gg2017, game(1, side(0, ("claim-jump", 1)),
                                                                                     turns=1))
    covert = game(2, side(0, ("covert-breakthrough", 2), turns=[TurnScore(3, schemes={"covert-breakthrough": 2})]),
                  turns=5)
    assert codes(gg2017, covert) == {("scheme_before_game_end", "breakdown.a.turns.0.schemes")}
    ended = game(2, side(0, ("covert-breakthrough", 2), turns=[TurnScore(5, schemes={"covert-breakthrough": 2})]),
                 turns=5)
    assert codes(gg2017, ended) == set()


@pytest.mark.parametrize(("vp", "turns"), [(8, 3), (7, 3), (4, 2), (1, 1)])
def test_m3e_refuses_more_vp_than_the_turns_played_can_give(vp, turns, m3e):
    """No VP in turn 1 and 1 VP a turn for the strategy and each scheme: 3 turns give at most 6, 2 give 3."""
    assert codes(m3e, Report(vp_a=vp, vp_b=0, turns=turns)) & {("vp_above_turns", "vp_a"),
                                                               ("vp_in_first_turn", "vp_a")}


@pytest.mark.parametrize(("vp", "turns"), [(6, 3), (3, 2), (8, 5), (0, 1)])
def test_m3e_takes_what_the_turns_played_can_give(vp, turns, m3e):
    assert codes(m3e, Report(vp_a=vp, vp_b=0, turns=turns)) == set()


def test_m3e_one_scheme_gives_at_most_one_vp_a_turn_from_turn_2(m3e):
    two_in_two = game(2, side(0, ("breakthrough", 2), ("outflank", 0)), turns=2)
    assert codes(m3e, two_in_two) == {("scheme_above_turns", "breakdown.a.schemes.0.vp")}
    assert codes(m3e, game(2, side(0, ("breakthrough", 2), ("outflank", 0)), turns=3)) == set()


def test_at_most_one_strategy_vp_a_turn(gg2017):
    report = game(2, side(2, turns=[TurnScore(2, strategy=2)]))
    assert ("strategy_turn_limit", "breakdown.a.turns.0.strategy") in codes(gg2017, report)


def test_m3e_scheme_at_most_one_vp_a_turn_but_not_in_m2e(m3e, gg2017):
    twice = game(2, side(0, ("breakthrough", 2), turns=[TurnScore(5, schemes={"breakthrough": 2})]))
    assert ("scheme_turn_limit", "breakdown.a.turns.0.schemes") in codes(m3e, twice)
    m2e = game(2, side(0, ("claim-jump", 2), turns=[TurnScore(5, schemes={"claim-jump": 2})]))
    assert codes(gg2017, m2e) == set()


def test_turns_beyond_the_formats_length(m3e, gg2017):
    assert ("turns_out_of_range", "turns") in codes(m3e, Report(vp_a=1, vp_b=0, turns=6))
    assert ("turns_out_of_range", "turns") in codes(gg2017, Report(vp_a=1, vp_b=0, turns=8))
    assert codes(gg2017, Report(vp_a=1, vp_b=0, turns=7)) == set()
    report = game(1, side(1, turns=[TurnScore(4, strategy=1)]), turns=3)
    assert ("turn_out_of_range", "breakdown.a.turns.0.turn") in codes(gg2017, report)


def test_strategy_vp_above_turns_played_minus_one(gg2017):
    found = problems(gg2017, game(3, side(3), turns=3))
    assert [(p.code, p.attr) for p in found] == [("strategy_above_turns", "breakdown.a.strategy")]
    assert codes(gg2017, game(2, side(2), turns=3)) == set()


def test_per_turn_scoring_must_add_up_and_name_chosen_schemes(gg2017):
    report = game(3, side(1, ("claim-jump", 2), turns=[TurnScore(2, strategy=1, schemes={"claim-jump": 1}),
                                                       TurnScore(3, schemes={"accusation": 1})]))
    assert codes(gg2017, report) == {("scheme_not_chosen", "breakdown.a.turns.1.schemes"),
                                     ("turn_breakdown_mismatch", "breakdown.a.turns")}


def test_a_turn_listed_twice(gg2017):
    report = game(2, side(2, turns=[TurnScore(2, strategy=1), TurnScore(2, strategy=1)]))
    assert ("turn_repeated", "breakdown.a.turns.1.turn") in codes(gg2017, report)


def test_negative_figures_in_a_breakdown(gg2017):
    assert ("vp_negative", "breakdown.a.strategy") in codes(gg2017, game(0, side(-1, ("claim-jump", 1))))
    assert ("vp_negative", "breakdown.a.schemes.0.vp") in codes(gg2017, game(0, side(1, ("claim-jump", -1))))


def test_unusual_outcomes_take_no_breakdown_and_need_a_loser(gg2017):
    report = Report(outcome=CONCEDED, loser="a", breakdown={"a": side(1)})
    assert codes(gg2017, report) == {("breakdown_unexpected", "breakdown")}
    assert codes(gg2017, Report(outcome=CONCEDED, loser="a", vp_a=9, vp_b=0)) == set(), "awards replace VP"


def test_every_problem_of_both_players_is_reported_at_once(gg2017):
    report = game(11, side(5, ("claim-jump", 4)), 3, side(0, ("tail-em", 3)))
    assert {code for code, _ in codes(gg2017, report, GG_POOL)} == {
        "vp_above_game_limit", "strategy_above_limit", "scheme_above_limit", "scheme_not_in_pool",
        "breakdown_mismatch"}


def test_a_double_loss_names_no_loser_and_takes_no_breakdown(gg2017, m3e):
    from scoring.report import DOUBLE_LOSS
    from scoring.results import score_report

    assert codes(gg2017, Report(outcome=DOUBLE_LOSS)) == set()
    assert codes(gg2017, Report(outcome=DOUBLE_LOSS, loser="a")) == {("loser_not_single", "loser")}
    assert ("breakdown_unexpected", "breakdown") in codes(gg2017, Report(outcome=DOUBLE_LOSS,
                                                                         breakdown={"a": side(1)}))
    a, b = score_report(m3e, Report(outcome=DOUBLE_LOSS))
    assert a == b and (a.tp, a.diff, a.vp) == (0, -8, 0)
