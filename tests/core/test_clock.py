"""The round clock's announcements: every 30-minute step, 15 minutes left, time called."""
from tournaments.clock import latest_notice, notice_moments


def test_a_two_hour_round_announces_each_half_hour_the_last_quarter_and_the_end():
    assert notice_moments(120 * 60) == [90 * 60, 60 * 60, 30 * 60, 15 * 60, 0]


def test_a_resumed_clock_announces_only_what_is_still_ahead():
    assert notice_moments(20 * 60) == [15 * 60, 0]
    assert notice_moments(10 * 60) == [0]
    assert notice_moments(31 * 60) == [30 * 60, 15 * 60, 0]


def test_the_latest_notice_is_of_the_current_run_only():
    notices = [{"left": 1800, "run": "old"}, {"left": 900, "run": "old"}, {"left": 3600, "run": "new"}]
    assert latest_notice(notices, "new") == 3600
    assert latest_notice(notices, "old") == 900
    assert latest_notice(notices, None) is None
