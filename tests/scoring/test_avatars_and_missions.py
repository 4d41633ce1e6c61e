"""The Manifest Clock and the round's mission (rotation, strategies not repeated, deployments), each season as
shipped and as re-entered through the console's forms (tests/scoring/conftest.py)."""
import pytest

from scoring.avatars import ManifestCost, avatar_hiring_cost, manifest_cost
from scoring.deck import Card, Dealer
from scoring.missions import MissionHistory, plan_mission
from scoring.problems import Invalid

C = ManifestCost


@pytest.mark.parametrize("met, by_turn", [
    (0, [C.CANNOT] * 7),
    (1, [C.CANNOT, C.CANNOT, C.AP_2, C.AP_1, C.CHOOSE_1_OR_0, C.AUTOMATIC, C.AUTOMATIC]),
    (2, [C.CANNOT, C.AP_2, C.AP_1, C.CHOOSE_1_OR_0, C.AUTOMATIC, C.AUTOMATIC, C.AUTOMATIC]),
])
def test_manifest_clock(met, by_turn):
    assert [manifest_cost(turn, met) for turn in range(1, 8)] == by_turn


def test_manifest_clock_worked_example_turn_four_one_requirement_costs_one_ap():
    assert manifest_cost(4, 1) == C.AP_1


def test_avatar_costs_two_soulstones_per_master():
    assert avatar_hiring_cost(1) == 2 and avatar_hiring_cost(3) == 6
    with pytest.raises(ValueError):
        manifest_cost(0, 1)


def deck(*codes):
    return Dealer(iter(Card(c) for c in codes))


def plan(fmt, *, number=1, quarter=1, strategies=(), deployments=(), planned=5, dealer=None, **chosen):
    return plan_mission(fmt, fmt.scheme_charts[0], dealer or Dealer.for_event("s"), number=number, quarter=quarter,
                        history=MissionHistory(strategies, deployments), planned_rounds=planned, **chosen)


def test_gg2017_default_mission_follows_the_quarter_rotation(gg2017):
    mission = plan(gg2017, number=2, quarter=3)
    assert (mission.strategy.name, mission.deployment.name) == ("Headhunter", "Flank")
    assert len(mission.scheme_pool) == 5


def test_a_strategy_already_played_is_refused(gg2017):
    with pytest.raises(Invalid) as err:
        plan(gg2017, number=2, strategies=["headhunter"], strategy="headhunter")
    assert err.value.problems[0].code == "strategy_used" and "Headhunter" in err.value.problems[0].detail


def test_rotation_skips_a_strategy_the_organizer_already_used(gg2017):
    mission = plan(gg2017, number=2, quarter=1, strategies=["stake-a-claim"])
    assert mission.strategy.key != "stake-a-claim"


def test_fewer_than_three_deployments_is_a_warning(gg2017):
    last = plan(gg2017, number=3, planned=3, deployments=["standard", "standard"], deployment="standard")
    assert [w.code for w in last.warnings] == ["few_deployments"]
    assert plan(gg2017, number=3, planned=3, deployments=["standard", "flank"], deployment="close").warnings == []
    assert plan(gg2017, number=1, planned=3, deployment="standard").warnings == [], "two rounds left to vary it"


def test_a_fixed_pool_must_be_five_different_schemes_of_the_chart(gg2017):
    with pytest.raises(Invalid) as err:
        plan(gg2017, scheme_pool=["claim-jump", "claim-jump", "cursed-object"])
    assert {p.code for p in err.value.problems} == {"scheme_unknown", "scheme_repeated", "pool_size"}
    pool = ["claim-jump", "tail-em", "set-up", "inspection", "last-stand"]
    assert [s.key for s in plan(gg2017, scheme_pool=pool).scheme_pool] == pool


def test_m3e_flips_strategy_and_deployment_by_suit_then_the_pool(m3e):
    dealer = deck("5R", "RJ", "2C", "9M", "1T", "2T", "3T", "4T", "5T")
    mission = plan(m3e, strategies=["turf-war"], dealer=dealer)
    assert (mission.strategy.key, mission.deployment.key) == ("reckoning", "wedge")
    assert [f.purpose for f in dealer.flips] == ["strategy"] * 3 + ["deployment"] + ["scheme_pool"] * 5


def test_m3e_repeats_a_strategy_only_once_all_four_were_played(m3e):
    everything = [s.key for s in m3e.strategies]
    assert plan(m3e, number=5, strategies=everything, strategy="reckoning").strategy.key == "reckoning"
