"""Ranking series: the UK placement points, checked by hand, and best-of totals in a rolling window."""
from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from ratings.series import UK, Placing, PointsTable, placement_points, series_standings


def test_the_winner_scores_by_rounds_less_one_per_player_under_sixteen():
    assert placement_points(1, 16, 3) == 100
    assert placement_points(1, 20, 4) == 110
    assert placement_points(1, 30, 6) == 120  # five rounds or more
    assert placement_points(1, 12, 3) == 96
    assert placement_points(1, 8, 5) == 112


def test_places_scale_down_evenly_to_five_for_the_last():
    # 16 players, 3 rounds: 100 down to 5 in 15 steps of 95/15 = 6.33...
    assert [placement_points(p, 16, 3) for p in (1, 2, 3, 15, 16)] == [100, 94, 87, 11, 5]
    # 8 players, 4 rounds: the winner 110 - 8 = 102; second 5 + 97 * 6/7 = 88.14 -> 88.
    assert placement_points(2, 8, 4) == 88 and placement_points(8, 8, 4) == 5


def test_small_or_short_events_do_not_count():
    assert placement_points(1, 7, 5) is None
    assert placement_points(1, 20, 2) is None
    assert PointsTable(min_players=4).winner(3, 4) == 88


@given(players=st.integers(8, 200), rounds=st.integers(3, 8))
def test_points_never_rise_as_places_fall_and_stay_between_five_and_the_winners(players, rounds):
    points = [placement_points(place, players, rounds) for place in range(1, players + 1)]
    assert points == sorted(points, reverse=True)
    assert points[-1] == 5 and points[0] == UK.winner(rounds, players)


def test_the_best_five_in_the_rolling_year_count():
    on = date(2026, 11, 24)
    results = [Placing(1, n, date(2026, n, 1), points) for n, points in enumerate([50, 90, 10, 70, 60, 80, 20], 1)]
    results.append(Placing(1, 99, date(2025, 11, 1), 120))  # more than a year ago
    results.append(Placing(2, 50, date(2026, 6, 1), 100))
    rows = series_standings(results, on=on)
    assert [(r.person, r.total, r.events) for r in rows] == [(1, 90 + 80 + 70 + 60 + 50, 7), (2, 100, 1)]
    assert [p.points for p in rows[0].counted] == [90, 80, 70, 60, 50]
    everything = series_standings(results, on=on, window_days=None, best=1)
    assert [(r.person, r.total) for r in everything] == [(1, 120), (2, 100)]
