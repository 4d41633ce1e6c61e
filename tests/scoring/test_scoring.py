"""The rules module against the numbers in DOMAIN.md (GG2017 'Scoring', 'Unusual results', VP limits), each
season as shipped and as re-entered through the console's forms (tests/scoring/conftest.py)."""
import pytest

from scoring.formats import key_of
from scoring.problems import Invalid
from scoring.report import CONCEDED, FORFEITED, PLAYED, Report
from scoring.results import SideScore, score_bye, score_played, score_report


def codes(error: Invalid) -> set[tuple[str, str]]:
    return {(p.code, p.attr) for p in error.problems}


def test_gg2017_example_emma_beats_josh_six_to_four():
    josh, emma = score_played(4, 6)
    assert emma == SideScore(vp=6, tp=3, diff=2)
    assert josh == SideScore(vp=4, tp=0, diff=-2)


def test_equal_vp_is_a_draw_worth_one_tp_and_no_differential():
    assert score_played(5, 5) == (SideScore(5, 1, 0), SideScore(5, 1, 0))


@pytest.mark.parametrize("season, award", [("gg2017", SideScore(10, 3, 5)), ("m3e", SideScore(6, 3, 4))])
def test_bye_award(formats, season, award):
    assert score_bye(formats[season]) == award


@pytest.mark.parametrize("outcome", [CONCEDED, FORFEITED])
@pytest.mark.parametrize("season, most", [("gg2017", 10), ("m3e", 8)])
@pytest.mark.parametrize("loser", ["a", "b"])
def test_concession_and_forfeit_give_the_opponent_the_maximum(formats, outcome, season, most, loser):
    a, b = score_report(formats[season], Report(outcome=outcome, vp_a=7, vp_b=2, loser=loser))
    winner_side, loser_side = (b, a) if loser == "a" else (a, b)
    assert winner_side == SideScore(vp=most, tp=3, diff=most)
    assert loser_side == SideScore(vp=0, tp=0, diff=-most)


def test_played_report_is_scored_from_vp(gg2017):
    assert score_report(gg2017, Report(vp_a=10, vp_b=0)) == (SideScore(10, 3, 10), SideScore(0, 0, -10))


@pytest.mark.parametrize("season, cap", [("gg2017", 10), ("m3e", 8)])
def test_vp_above_the_game_maximum_is_rejected(formats, season, cap):
    fmt = formats[season]
    score_report(fmt, Report(vp_a=cap, vp_b=cap))  # the maximum itself is fine
    with pytest.raises(Invalid) as err:
        score_report(fmt, Report(vp_a=cap + 1, vp_b=0))
    assert codes(err.value) == {("vp_above_game_limit", "vp_a")}


def test_every_problem_is_reported_at_once(gg2017):
    with pytest.raises(Invalid) as err:
        score_report(gg2017, Report(outcome=PLAYED, vp_a=-1, vp_b=None, loser="a"))
    assert codes(err.value) == {("vp_negative", "vp_a"), ("vp_required", "vp_b"), ("loser_unexpected", "loser")}


@pytest.mark.parametrize("outcome", [CONCEDED, FORFEITED])
def test_unusual_result_must_name_the_loser(outcome, gg2017):
    with pytest.raises(Invalid) as err:
        score_report(gg2017, Report(outcome=outcome))
    assert codes(err.value) == {("loser_required", "loser")}


def test_announced_awards_replace_the_formats(gg2017):
    rules = gg2017.announced({"bye": {"tp": 3, "diff": 3, "vp": 8},
                              "forfeit": {"winner": {"tp": 3, "diff": 6, "vp": 6},
                                          "loser": {"tp": 0, "diff": -6, "vp": 0}}})
    assert score_bye(rules) == SideScore(vp=8, tp=3, diff=3)
    assert score_report(rules, Report(outcome=FORFEITED, loser="a"))[1] == SideScore(vp=6, tp=3, diff=6)
    assert score_report(rules, Report(outcome=CONCEDED, loser="a"))[1] == SideScore(vp=10, tp=3, diff=10)
    assert gg2017.bye.vp == 10, "the format itself is unchanged"


def test_vp_limits_per_format(gg2017, m3e):
    assert (gg2017.vp.strategy, gg2017.vp.scheme, gg2017.vp.game) == (4, 3, 10)
    assert (m3e.vp.strategy, m3e.vp.scheme, m3e.vp.game) == (4, 2, 8)
    assert (m3e.turns_min, m3e.turns_max) == (5, 5)


@pytest.mark.parametrize("name, key", [("Tail 'em", "tail-em"), ("Accusation!", "accusation"),
                                       ("Explorer's Society", "explorers-society"), ("Ten Thunders", "ten-thunders"),
                                       ("Squatter's Rights", "squatters-rights"), ("A Quick Murder", "a-quick-murder")])
def test_keys_are_the_english_name_lowercased_and_hyphenated(name, key):
    assert key_of(name) == key


def test_factions_per_edition(gg2017, m3e):
    assert [f.key for f in gg2017.factions] == ["guild", "arcanists", "resurrectionists", "neverborn", "outcasts",
                                                "ten-thunders", "gremlins"]
    assert [f.key for f in m3e.factions] == ["guild", "arcanists", "resurrectionists", "neverborn", "outcasts",
                                             "ten-thunders", "bayou", "explorers-society"]
    assert m3e.faction("dead-mans-hand") is None and m3e.faction("gremlins") is None


@pytest.mark.parametrize("players, rounds", [(4, 3), (15, 3), (16, 4), (32, 4), (33, 5), (120, 5)])
def test_suggested_rounds_by_attendance(players, rounds, formats):
    for fmt in formats.values():
        assert fmt.rounds_for(players) == rounds


def test_gg2017_rotation_follows_the_quarter(gg2017):
    strategy, deployment = gg2017.rotation_for(1, 1)
    assert (strategy.name, deployment.name) == ("Headhunter", "Close")
    strategy, deployment = gg2017.rotation_for(4, 5)
    assert (strategy.name, deployment.name) == ("Collect the Bounty", "Close")
    assert gg2017.rotation_for(2, 6) is None


def test_each_rotation_uses_no_strategy_twice_and_at_least_three_deployments(gg2017):
    for plan in gg2017.rotation.values():
        assert len({s for s, _ in plan}) == len(plan)
        assert len({d for _, d in plan}) >= 3


def test_scheme_charts_cover_every_value_and_suit(gg2017, m3e):
    gg_chart = gg2017.scheme_charts[0]
    assert gg_chart.always.name == "Claim Jump" and gg_chart.doubles.name == "Eliminate the Leadership"
    assert gg_chart.by_value[10].name == "Tail 'em" and gg_chart.by_suit["rams"].name == "Frame for Murder"
    assert [c.key for c in gg2017.scheme_charts] == ["gg2017", "m2e-core"]
    assert gg2017.chart("m2e-core").by_value[13].name == "Power Ritual"
    assert len(m3e.schemes) == 13 and m3e.scheme("harness-the-ley-line").name_fr == "Maîtrisez la ligne de force"


def test_schemes_that_need_a_noted_model(gg2017, m3e):
    noted = {s.key for s in gg2017.scheme_charts[0].schemes if s.noted_model}
    assert noted == {"frame-for-murder", "undercover-entourage", "set-up", "a-quick-murder"}
    assert {s.key for s in m3e.schemes if s.noted_model} == {"take-prisoner", "deliver-a-message", "claim-jump",
                                                              "vendetta"}


def test_m3e_strategies_and_deployments_by_suit_with_french_names(m3e):
    assert {(s.key, s.suit) for s in m3e.strategies} == {("turf-war", "rams"), ("plant-explosives", "tomes"),
                                                         ("corrupted-idols", "masks"), ("reckoning", "crows")}
    assert {(d.key, d.suit) for d in m3e.deployments} == {("standard", "rams"), ("flank", "tomes"),
                                                          ("wedge", "masks"), ("corner", "crows")}
    assert m3e.strategy("reckoning").name_fr == "Règlement de Compte"


def test_per_turn_limits(gg2017, m3e):
    assert (gg2017.vp.strategy_per_turn, gg2017.vp.scheme_per_turn) == (1, None)
    assert (gg2017.vp.strategy_first_turn, gg2017.vp.scheme_first_turn, gg2017.vp.first_scoring_turn) == (2, 1, 1)
    assert (m3e.vp.strategy_per_turn, m3e.vp.scheme_per_turn) == (1, 1)
    assert (m3e.vp.strategy_first_turn, m3e.vp.scheme_first_turn, m3e.vp.first_scoring_turn) == (2, 2, 2)
    after_first = {s.key for s in gg2017.scheme_charts[0].schemes if s.first_turn == 2}
    assert after_first == {"claim-jump", "accusation", "leave-your-mark", "show-of-force", "hunting-party", "tail-em",
                           "inspection", "last-stand"}
    assert {s.key for s in gg2017.schemes if s.at_game_end} == {"covert-breakthrough", "undercover-entourage",
                                                                "hidden-trap", "search-the-ruins"}
    assert (gg2017.turns_min, gg2017.turns_max) == (5, 7)


def test_round_time_is_120_minutes(gg2017, m3e):
    assert gg2017.round_minutes == m3e.round_minutes == 120
