"""Hypothesis: whatever result stands, a correction through the API that names one field changes that field
(and what it decides: TP and Differential follow the VP, a concession takes the awards and has no score
sheet) and leaves every other field of the result as it was."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.formats import M4E_GG0
from tests.profiles import examples
from tests.web.test_correction_keeps import MISSION, RESULT_FIELDS, SHEET_A, World
from tournaments.models import Game, Result

DECIDED = {"vp_a", "vp_b", "tp_a", "tp_b", "diff_a", "diff_b"}

BASES = st.fixed_dictionaries({
    "vp_a": st.integers(0, 7), "vp_b": st.integers(0, 7), "turns": st.sampled_from([None, 3, 4]),
    "sheet": st.booleans(), "leader_a": st.integers(0, 3), "leader_b": st.integers(0, 3),
    "deployment": st.sampled_from(["standard", "corner", "flank", "wedge"])})
CHANGES = st.one_of(
    st.tuples(st.just("vp_b"), st.integers(0, 7)),
    st.tuples(st.just("turns"), st.sampled_from([None, 3, 4])),
    st.tuples(st.just("master_a"), st.integers(0, 3)),
    st.tuples(st.just("outcome"), st.sampled_from([("conceded", "a"), ("forfeited", "b"), ("double_loss", None)])),
    st.tuples(st.just("deployment"), st.sampled_from(["standard", "corner", "flank", "wedge"])),
)


def stands(world: World) -> dict:
    game = Game.objects.get(pk=world.game.pk)
    result = Result.objects.get(game=game)
    return {**{f: getattr(result, f) for f in RESULT_FIELDS}, "deployment": game.deployment,
            "strategy": game.strategy, "scheme_pool": game.scheme_pool}


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(base=BASES, change=CHANGES)
def test_a_correction_naming_one_field_keeps_every_other(client, db, base, change):
    if not hasattr(client, "world"):  # one event for every example: each sets its whole result first
        client.world = World(client)
    world = client.world
    leaders = world.leaders
    vp_a = 4 if base["sheet"] else base["vp_a"]
    body = {"outcome": "played", "vp_a": vp_a, "vp_b": base["vp_b"], "turns": base["turns"],
            "breakdown": {"a": SHEET_A} if base["sheet"] else {},
            "mission": {**MISSION, "deployment": base["deployment"]},
            "master_a": leaders[0][base["leader_a"]].label, "master_b": leaders[1][base["leader_b"]].label}
    status, answer = world.api.post(f"/api/games/{world.game.pk}/result/", body)
    assert status in (200, 201), answer
    before = stands(world)
    field, value = change
    sent = {"vp_b": {"vp_b": value}, "turns": {"turns": value},
            "master_a": {"master_a": leaders[0][value].label if field == "master_a" else ""},
            "outcome": {"outcome": value[0], "loser": value[1]} if field == "outcome" else {},
            "deployment": {"mission": {**MISSION, "deployment": value}}}[field]
    status, answer = world.api.call("PATCH", f"/api/games/{world.game.pk}/result/", sent)
    assert status == 200, answer
    after = stands(world)
    changed = {k for k in after if after[k] != before[k]}
    allowed = {"vp_b": DECIDED, "turns": {"turns"}, "master_a": {"master_a", "leader_a"},
               "outcome": DECIDED | {"outcome", "loser", "breakdown"}, "deployment": {"deployment"}}[field]
    assert changed <= allowed, (field, value, {k: (before[k], after[k]) for k in changed})
    if field == "vp_b":
        assert after["vp_b"] == value and after["vp_a"] == before["vp_a"]
    elif field == "master_a":
        assert after["leader_a"] == leaders[0][value].key
    elif field == "outcome":
        assert (after["outcome"], after["loser"] or None, after["breakdown"]) == (value[0], value[1], {})
    else:
        assert after[field] == value
    assert M4E_GG0.strategy(after["strategy"]) is not None
