"""Team standings, pure: match points from the games won, or the members' TP; ties by TP, Diff, VP."""
from hypothesis import given
from hypothesis import strategies as st

from teams.standings import MATCH_POINTS, TOTAL_TP, GameScore, Match, match_points, tables_for, team_standings


def game(vp_a, vp_b):
    tp = (3, 0) if vp_a > vp_b else (0, 3) if vp_b > vp_a else (1, 1)
    return GameScore(tp[0], vp_a - vp_b, vp_a, tp[1], vp_b - vp_a, vp_b)


def test_the_team_that_wins_more_games_wins_the_match():
    assert match_points(Match(1, 1, 2, (game(5, 3), game(2, 6), game(4, 4)), 3)) == (1, 1)
    assert match_points(Match(1, 1, 2, (game(5, 3), game(2, 6), game(7, 4)), 3)) == (3, 0)
    assert match_points(Match(1, 1, 2, (game(5, 3), game(2, 6)), 3)) is None, "a game still to report"
    assert match_points(Match(1, 1, None, (game(10, 0),) * 3, 3)) == (3, 0), "a bye is a match won"


def test_ties_on_points_go_to_the_members_tp_then_diff_then_vp():
    teams = {1: "Ash", 2: "Birch", 3: "Cedar", 4: "Dogwood"}
    matches = [Match(1, 1, 2, (game(6, 4), game(5, 4), game(0, 9)), 3),  # Ash 2 games to 1: 6 TP, diff -7
               Match(1, 3, 4, (game(3, 2), game(3, 2), game(1, 2)), 3)]  # Cedar 2-1: 6 TP, diff +1
    rows = team_standings(teams, matches, MATCH_POINTS)
    assert [(r.name, r.rank, r.totals.points) for r in rows] == [
        ("Cedar", 1, 3), ("Ash", 2, 3), ("Birch", 3, 0), ("Dogwood", 4, 0)], "Diff breaks Cedar and Ash"
    assert [r.name for r in team_standings(teams, matches, TOTAL_TP)] == ["Cedar", "Ash", "Birch", "Dogwood"]


scores = st.tuples(st.integers(0, 10), st.integers(0, 10))


@given(st.integers(2, 7), st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.lists(scores, min_size=3,
                                                                                          max_size=3)),
                                   max_size=12), st.sampled_from([MATCH_POINTS, TOTAL_TP]))
def test_standings_match_an_independent_count(n, drawn, rule):
    teams = {t: f"T{t}" for t in range(n)}
    matches = [Match(1, a % n, b % n, tuple(game(*s) for s in games), 3) for a, b, games in drawn if a % n != b % n]
    own = {t: [0, 0, 0, 0] for t in teams}  # points, tp, diff, vp
    for m in matches:
        won = [sum((x > y) for x, y in ((g.vp_a, g.vp_b) if side == 0 else (g.vp_b, g.vp_a) for g in m.scores))
               for side in (0, 1)]
        for side, team in enumerate((m.team_a, m.team_b)):
            mine = [(g.tp_a, g.diff_a, g.vp_a) if side == 0 else (g.tp_b, g.diff_b, g.vp_b) for g in m.scores]
            for i in range(3):
                own[team][i + 1] += sum(x[i] for x in mine)
            if rule == MATCH_POINTS:
                own[team][0] += 3 if won[side] > won[1 - side] else 1 if won[side] == won[1 - side] else 0
    if rule == TOTAL_TP:
        for t in own.values():
            t[0] = t[1]
    expected = sorted(teams, key=lambda t: ([-v for v in own[t]], teams[t]))
    rows = team_standings(teams, matches, rule)
    assert [r.team for r in rows] == expected
    for before, after in zip(rows, rows[1:]):
        assert (after.rank == before.rank) == (own[after.team] == own[before.team])


def test_a_match_sits_at_its_own_block_of_tables():
    assert tables_for(0, 3) == [1, 2, 3] and tables_for(2, 3) == [7, 8, 9]
    assert tables_for(1, 3, unavailable=[2, 5]) == [6, 7, 8]
