"""M4E Gaining Grounds Zero as a data file (scoring/formats/m4e-gg0.yaml): what DOMAIN-M4E says, and the
validator's M4E checks, each failing if its rule were not enforced; the season as shipped and as re-entered
through the console's forms (tests/scoring/conftest.py), the file's own refusals on the file alone."""
import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from scoring.formats import FORMAT_FILES, FormatFileError, format_from_data, key_of
from scoring.report import CONCEDED, DOUBLE_LOSS, FORFEITED, Report, SchemeScore, SideBreakdown, TurnScore
from scoring.results import score_report
from scoring.validator import ERROR_CODES, validate_report

POOL = ["assassinate", "breakthrough", "leave-your-mark"]
NAMES = {"a": "Emma", "b": "Josh"}


def codes(fmt, report, *, pool=POOL, strategy=""):
    found = validate_report(fmt, report, pool=pool, names=NAMES, strategy=strategy)
    assert all(p.code in ERROR_CODES for p in found), "every code is documented"
    return {(p.code, p.attr) for p in found}


def side(strategy=0, *schemes, turns=()):
    return SideBreakdown(strategy=strategy, schemes=tuple(SchemeScore(*s) for s in schemes), turns=tuple(turns))


def game(vp_a, a_part=None, vp_b=0, turns=4):
    return Report(vp_a=vp_a, vp_b=vp_b, turns=turns, breakdown={"a": a_part} if a_part else {})


# The format as data


def test_gg0_is_a_format_with_its_sources_and_the_eight_factions(gg0):
    assert gg0.edition == "M4E" and len(gg0.sources) >= 5
    assert {s.evidence for s in gg0.sources} >= {"confirmed", "inferred"}
    assert [f.key for f in gg0.factions] == ["arcanists", "bayou", "explorers-society", "guild", "neverborn",
                                             "outcasts", "resurrectionists", "ten-thunders"]
    assert {(s.key, s.suit) for s in gg0.deployments} == {
        ("standard", "rams"), ("corner", "crows"), ("flank", "tomes"), ("wedge", "masks")}
    assert {(s.key, s.suit) for s in gg0.strategies} == {
        ("informants", "rams"), ("recover-evidence", "crows"), ("plant-explosives", "tomes"),
        ("boundary-dispute", "masks")}


def test_the_fifteen_schemes_form_one_chain_graph(gg0):
    """Every scheme has three next schemes and three before it, and any scheme leads to every other."""
    schemes = {s.key: [key_of(n) for n in s.next] for s in gg0.schemes}
    assert len(schemes) == 15 and all(len(after) == 3 and key not in after for key, after in schemes.items())
    before = {key: sum(key in after for after in schemes.values()) for key in schemes}
    assert set(before.values()) == {3}
    for start in schemes:
        seen, todo = {start}, [start]
        while todo:
            for after in schemes[todo.pop()]:
                if after not in seen:
                    seen.add(after)
                    todo.append(after)
        assert seen == set(schemes), start


def test_secret_choices_are_a_model_or_a_marker_type(gg0):
    secrets = {s.key: s.secret for s in gg0.schemes if s.secret}
    assert secrets == {"assassinate": "enemy_model", "public-demonstration": "enemy_model",
                       "frame-job": "friendly_model", "grave-robbing": "marker_type", "reshape-the-land": "marker_type"}
    assert all(gg0.scheme(k).noted_model for k in secrets)


def test_limits_rounds_time_and_community_awards(gg0):
    assert (gg0.vp.strategy, gg0.vp.scheme, gg0.vp.schemes_most, gg0.vp.game) == (5, 2, 6, 11)
    assert (gg0.turns_max, gg0.vp.first_scoring_turn, gg0.last_turn_call) == (4, 1, 15)
    assert [gg0.rounds_for(n) for n in (4, 15, 16, 32, 33, 80)] == [3, 3, 4, 4, 5, 5]
    assert (gg0.bye.tp, gg0.bye.diff, gg0.bye.vp) == (3, 4, 6)
    assert (gg0.forfeit.winner.vp, gg0.forfeit.winner.diff, gg0.forfeit.loser.diff) == (11, 11, -11)
    assert gg0.concession == gg0.forfeit and set(gg0.award_defaults) == {
        "bye", "concession", "forfeit", "conceder"}
    assert gg0.conceder_leaves is False  # GG Zero has no rule taking a conceder out of the event
    assert gg0.missions == "per_table" and gg0.scheme_chains


def test_strategy_most_by_card_and_turns(gg0):
    informants, plant = gg0.strategy("informants"), gg0.strategy("plant-explosives")
    assert [gg0.strategy_most_after(t, informants) for t in (1, 2, 3, 4)] == [1, 2, 3, 5]
    assert [gg0.strategy_most_after(t, plant) for t in (1, 2, 3, 4)] == [2, 3, 4, 5]
    assert [gg0.game_most_after(t) for t in (1, 2, 3, 4)] == [4, 7, 10, 11]


def test_leaders_125_titles_matched_loosely_in_the_declared_faction(gg0, gg2017, m3e):
    assert sum(len(v) for v in gg0.leaders.values()) == 125 and len(gg0.leaders) == 8
    assert gg0.leader("guild", "lady justice (death touched)").label == "Lady Justice, Death-Touched"
    assert gg0.leader("guild", "Lady-Justice,  DEATH TOUCHED") is not None
    assert gg0.leader("guild", "Death-Touched Lady Justice") is not None
    assert gg0.leader("guild", "Lady Justice") is None, "a title is part of the leader"
    some_neverborn = gg0.leaders["neverborn"][0]
    assert gg0.leader("guild", some_neverborn.label) is None
    assert gg0.leader_elsewhere("guild", some_neverborn.label) == "neverborn"
    assert gg2017.leaders == {} and m3e.leaders == {}


@pytest.mark.parametrize(("change", "says"), [
    (lambda d: d["scheme_charts"][0]["deck"][0]["next"].__setitem__(0, "Dig Their Graves"),
     "followed by unknown scheme"),
    (lambda d: d["scheme_charts"][0]["deck"][1]["next"].__setitem__(0, "Breakthrough"), "follows itself"),
    (lambda d: d["scheme_charts"][0]["deck"][1]["next"].pop(), "three next schemes"),
    (lambda d: d["vp"].update(schemes_total=7), "VP limits"),
    (lambda d: d["leaders"].update({"kingdom-of-nod": [{"name": "A", "title": "B"}]}), "unknown faction"),
])
def test_a_gg0_file_that_contradicts_itself_is_refused(change, says):
    data = yaml.safe_load((FORMAT_FILES / "m4e-gg0.yaml").read_text(encoding="utf-8"))
    change(data)
    with pytest.raises(FormatFileError, match=says):
        format_from_data(data, origin="m4e-gg0.yaml")


# The validator on M4E reports


def test_a_full_valid_gg0_report_passes(gg0):
    """Informants 5 (turn 4 doubled); Breakthrough 2, then Assassinate (its next) 2 on a noted model, then
    Detonate Charges (Assassinate's next) 1; turn 1 scores."""
    a = side(5, ("breakthrough", 2), ("assassinate", 2, "Nellie Cochrane"), ("detonate-charges", 1), turns=(
        TurnScore(1, 1, {"breakthrough": 2}), TurnScore(2, 1, {"assassinate": 2}), TurnScore(3, 1, {}),
        TurnScore(4, 2, {"detonate-charges": 1})))
    assert codes(gg0, game(10, a), strategy="informants") == set()
    assert score_report(gg0, game(10, a, 4), pool=POOL, strategy="informants")[0].tp == 3


def test_vp_from_turn_one(gg0):
    a = side(1, ("breakthrough", 2), turns=(TurnScore(1, 1, {"breakthrough": 2}),))
    assert codes(gg0, game(3, a, turns=1), strategy="plant-explosives") == set()
    assert ("vp_above_turns", "vp_a") in codes(gg0, game(5, turns=1))


def test_the_first_scheme_comes_from_the_tables_pool(gg0):
    assert ("scheme_not_in_pool", "breakdown.a.schemes.0.scheme") in codes(gg0, game(1, side(0, ("ensnare", 1))))
    assert codes(gg0, game(1, side(0, ("ensnare", 1))), pool=["ensnare", "frame-job", "grave-robbing"]) == set()


def test_each_next_scheme_is_in_the_previous_ones_next_list(gg0):
    ok = side(0, ("breakthrough", 1), ("frame-job", 1, "Peacekeeper"))
    assert codes(gg0, game(2, ok)) == set()
    bad = side(0, ("breakthrough", 1), ("ensnare", 1))
    assert ("scheme_not_next", "breakdown.a.schemes.1.scheme") in codes(gg0, game(2, bad))


def test_a_scheme_is_revealed_once_but_an_abandoned_one_may_return(gg0):
    twice = side(0, ("assassinate", 1, "x"), ("scout-the-rooftops", 1), ("detonate-charges", 1),
                 ("runic-binding", 0))
    assert codes(gg0, game(3, twice)) == set()
    loop = side(0, ("breakthrough", 1), ("assassinate", 1, "x"), ("runic-binding", 0), ("ensnare", 0))
    assert codes(gg0, game(2, loop)) == set()
    again = side(0, ("breakthrough", 0), ("assassinate", 2, "x"), ("detonate-charges", 1))
    assert codes(gg0, game(3, again)) == set()
    four = side(0, ("assassinate", 1, "x"), ("runic-binding", 1), ("ensnare", 1), ("frame-job", 1, "y"))
    assert codes(gg0, game(4, four), pool=["assassinate"]) == set()


def test_revealed_twice_is_refused(gg0):
    """The graph has no cycle of three or fewer, so a scheme comes back only off its chain: both are said."""
    back = side(0, ("breakthrough", 1), ("assassinate", 1, "x"), ("breakthrough", 1))
    found = codes(gg0, game(3, back))
    assert {("scheme_repeated", "breakdown.a.schemes.2.scheme"),
            ("scheme_not_next", "breakdown.a.schemes.2.scheme")} <= found


def test_two_vp_per_scheme_and_six_together(gg0):
    assert ("scheme_above_limit", "breakdown.a.schemes.0.vp") in codes(gg0, game(3, side(0, ("breakthrough", 3))))
    seven = side(0, ("breakthrough", 2), ("assassinate", 2, "x"), ("detonate-charges", 2), ("grave-robbing", 1, "m"))
    assert ("schemes_above_limit", "breakdown.a.schemes") in codes(gg0, game(7, seven))
    six = side(0, ("breakthrough", 2), ("assassinate", 2, "x"), ("detonate-charges", 2), ("grave-robbing", 0))
    assert codes(gg0, game(6, six)) == set()


def test_secret_choices_must_be_noted_and_the_message_says_which(gg0):
    found = validate_report(gg0, game(1, side(0, ("leave-your-mark", 1)), turns=4), pool=POOL, names=NAMES)
    assert found == []
    part = side(0, ("breakthrough", 1), ("frame-job", 1))
    found = validate_report(gg0, game(2, part), pool=POOL, names=NAMES)
    assert [(p.code, p.attr) for p in found] == [("noted_model_missing", "breakdown.a.schemes.1.noted_model")]
    assert "friendly model" in found[0].detail
    marker = validate_report(gg0, game(1, side(0, ("reshape-the-land", 1))), pool=["reshape-the-land"], names=NAMES)
    assert "marker type" in marker[0].detail


def test_strategy_per_card_turn_limits(gg0):
    doubled = side(2, turns=(TurnScore(4, 2),))
    assert codes(gg0, game(2, doubled), strategy="boundary-dispute") == set()
    early = side(2, turns=(TurnScore(3, 2),))
    assert ("strategy_turn_limit", "breakdown.a.turns.0.strategy") in codes(gg0, game(2, early), strategy="informants")
    assert codes(gg0, game(2, early), strategy="recover-evidence") == set(), "the once-a-game bonus"
    twice = side(4, turns=(TurnScore(1, 2), TurnScore(2, 2)))
    assert ("strategy_bonus_repeated", "breakdown.a.turns") in codes(gg0, game(4, twice), strategy="plant-explosives")
    assert ("strategy_above_turns", "breakdown.a.strategy") in codes(gg0, game(4, side(4), turns=3),
                                                                     strategy="informants")
    assert codes(gg0, game(4, side(4), turns=3), strategy="plant-explosives") == set()
    assert ("strategy_unknown", "strategy") in codes(gg0, game(0), strategy="turf-war")


def test_schemes_at_most_two_a_turn_and_in_the_order_held(gg0):
    part = side(0, ("breakthrough", 1), ("assassinate", 2, "x"), turns=(
        TurnScore(1, 0, {"breakthrough": 1, "assassinate": 2}),))
    found = codes(gg0, game(3, part))
    assert ("schemes_turn_limit", "breakdown.a.turns.0.schemes") in found
    assert ("scheme_out_of_order", "breakdown.a.turns") in found
    later = side(0, ("breakthrough", 1), ("assassinate", 2, "x"), turns=(
        TurnScore(1, 0, {"assassinate": 2}), TurnScore(2, 0, {"breakthrough": 1})))
    assert ("scheme_out_of_order", "breakdown.a.turns") in codes(gg0, game(3, later))


def test_more_than_four_schemes_scored(gg0):
    five = side(0, ("breakthrough", 1), ("assassinate", 1, "x"), ("detonate-charges", 1), ("grave-robbing", 1, "m"),
                ("runic-binding", 1))
    assert ("too_many_schemes", "breakdown.a.schemes") in codes(gg0, game(5, five))


def test_unusual_results_take_the_community_awards(gg0):
    conceded = score_report(gg0, Report(outcome=CONCEDED, loser="b"))
    assert (conceded[0].tp, conceded[0].diff, conceded[0].vp, conceded[1].diff) == (3, 11, 11, -11)
    forfeit = score_report(gg0, Report(outcome=FORFEITED, loser="a"))
    assert forfeit[1].vp == 11 and forfeit[0].vp == 0
    both = score_report(gg0, Report(outcome=DOUBLE_LOSS))
    assert both[0] == both[1] and both[0].diff == -11


@given(st.data(), st.lists(st.integers(0, 2), min_size=4, max_size=4))
def test_a_chain_the_validator_accepts_follows_the_graph_and_the_caps(gg0, draw, vps):
    """Property: whatever chain is accepted starts in the pool, follows next lists, never reveals a
    scheme twice and stays within 2 a scheme and 6 together."""
    chain = draw.draw(st.lists(st.sampled_from([s.key for s in gg0.schemes]), min_size=1, max_size=4), "chain")
    schemes = [(key, vp, "noted") for key, vp in zip(chain, vps, strict=False)]
    total = sum(vp for _, vp, _ in schemes)
    report = Report(vp_a=min(total, 11), vp_b=0, turns=4, breakdown={"a": side(0, *schemes)})
    if validate_report(gg0, report, pool=POOL, names=NAMES):
        return
    assert chain[0] in POOL and total <= 6
    for before, after in zip(chain, chain[1:], strict=False):
        assert after in [key_of(n) for n in gg0.scheme(before).next]
    revealed = [key for key, vp, _ in schemes if vp]
    assert len(revealed) == len(set(revealed))


def test_the_nth_scheme_held_scores_from_turn_n(gg0):
    """One scheme at a time, the next picked at the end of a turn: a 1-turn game scores one scheme, a
    2-turn game two, and an abandoned scheme pushes the next one a turn later."""
    two = side(0, ("breakthrough", 1), ("assassinate", 1, "x"))
    assert ("scheme_above_turns", "breakdown.a.schemes.1.vp") in codes(gg0, game(2, two, turns=1))
    assert codes(gg0, game(2, two, turns=2)) == set()
    four = side(0, ("breakthrough", 1), ("assassinate", 1, "x"), ("runic-binding", 1), ("ensnare", 1))
    assert ("scheme_above_turns", "breakdown.a.schemes.2.vp") in codes(gg0, game(4, four, turns=2))
    abandoned = side(0, ("breakthrough", 0), ("assassinate", 2, "x"), turns=(TurnScore(1, 0, {"assassinate": 2}),))
    assert ("scheme_out_of_order", "breakdown.a.turns") in codes(gg0, game(2, abandoned))
    later = side(0, ("breakthrough", 0), ("assassinate", 2, "x"), turns=(TurnScore(2, 0, {"assassinate": 2}),))
    assert codes(gg0, game(2, later)) == set()
    after_reveal = side(0, ("breakthrough", 1), ("assassinate", 0, "x"), ("runic-binding", 1), turns=(
        TurnScore(3, 0, {"breakthrough": 1}), TurnScore(4, 0, {"runic-binding": 1})))
    found = validate_report(gg0, game(2, after_reveal), pool=POOL, names=NAMES)
    assert [p.code for p in found] == ["scheme_out_of_order"] and "Runic Binding" in found[0].detail
