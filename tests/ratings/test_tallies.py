"""Statistics of play: draws are half a win, mirrors apart, intervals right, sums exact."""
from hypothesis import given
from hypothesis import strategies as st

from ratings.tallies import (
    FACTION,
    LEADER,
    MATCHUP,
    MIRROR,
    SCHEME,
    Side,
    Tally,
    as_counts,
    from_counts,
    summed,
    tallies,
    wilson,
)


def game(faction_a, faction_b, score_a, **extra):
    return [Side(faction_a, faction_b, score_a, **extra), Side(faction_b, faction_a, 1 - score_a)]


def test_a_draw_is_half_a_win_and_a_mirror_stays_out_of_the_faction_rate():
    counted = tallies(game("guild", "neverborn", 1) + game("guild", "neverborn", 0.5) + game("guild", "guild", 1))
    guild = counted[(FACTION, "guild", "")]
    assert (guild.games, guild.wins, guild.draws, guild.losses) == (2, 1, 1, 0)
    assert guild.win_rate == 0.75
    assert counted[(MIRROR, "guild", "")].games == 2 and counted[(MIRROR, "guild", "")].win_rate == 0.5
    assert counted[(MATCHUP, "neverborn", "guild")].win_rate == 0.25


def test_schemes_count_chosen_scored_and_vp():
    counted = tallies([Side("guild", "arcanists", 1, leader="perdita", schemes=(("breakthrough", 2), ("leave", 0)))])
    assert counted[(LEADER, "perdita", "guild")].wins == 1
    breakthrough, leave = counted[(SCHEME, "breakthrough", "")], counted[(SCHEME, "leave", "")]
    assert (breakthrough.games, breakthrough.scored, breakthrough.vp) == (1, 1, 2)
    assert (leave.games, leave.scored, leave.vp) == (1, 0, 0)


def test_wilson_interval_by_hand():
    # 8 wins in 10: p 0.8, z 1.96: centre (0.8 + 0.19208) / 1.38415 = 0.71669, margin 0.22842 -> 0.4902..0.9433
    low, high = wilson(8, 10)
    assert abs(low - 0.4902) < 1e-3 and abs(high - 0.9433) < 1e-3
    assert wilson(0, 0) is None and wilson(0, 5)[0] == 0.0 and wilson(5, 5)[1] == 1.0


sides = st.lists(st.builds(Side, st.sampled_from(["a", "b", "c"]), st.sampled_from(["a", "b", "c"]),
                           st.sampled_from([0, 0.5, 1]), st.sampled_from(["", "x", "y"])), max_size=40)


@given(st.lists(sides, max_size=5))
def test_the_sum_of_the_parts_tallies_equals_the_tally_of_the_whole(parts):
    whole = tallies([s for part in parts for s in part])
    assert from_counts(summed(as_counts(tallies(part)) for part in parts)) == whole
    assert from_counts(as_counts(whole)) == whole


@given(st.integers(0, 50), st.integers(0, 50), st.integers(0, 50))
def test_the_interval_holds_the_win_rate(wins, draws, losses):
    tally = Tally(games=wins + draws + losses, wins=wins, draws=draws, losses=losses)
    if tally.games:
        low, high = tally.interval()
        assert 0 <= low <= tally.win_rate <= high <= 1
