"""The one rate limiter (tournaments.access.attempt_hold): counters per slice of the window in the shared
cache, each try counted atomically before the work; reports and wrong keys count there too."""
import pytest
from django.core.cache import cache

from tournaments import access


@pytest.fixture
def rates(settings):
    settings.RATE_LIMITS = {"probe": "3/minute"}
    cache.clear()
    return settings


def test_the_limit_holds_in_any_window_and_says_how_long_to_wait(rates, monkeypatch):
    """A minute in twelve slices of 5 s: the first try (1000 s) leaves the window with its slice, at 1065."""
    now = [1000.0]
    monkeypatch.setattr(access.time, "time", lambda: now[0])
    for step in (0, 10, 20):
        now[0] = 1000.0 + step
        assert access.attempt_wait(("probe", "x")) is None
    now[0] = 1030.0
    assert access.attempt_wait(("probe", "x")) == pytest.approx(35.0)
    assert access.attempt_wait(("probe", "y")) is None  # another ident has its own counters
    now[0] = 1065.5
    assert access.attempt_wait(("probe", "x")) is None  # the refused try counted nothing
    assert access.attempt_wait(("probe", "x")) == pytest.approx(9.5)  # now the slice of 1010 must leave


def test_a_lowered_limit_waits_for_enough_to_leave(rates, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(access.time, "time", lambda: now[0])
    rates.RATE_LIMITS = {"probe": "5/minute"}
    for step in range(5):
        now[0] = 1000.0 + 10 * step
        assert access.attempt_wait(("probe", "x")) is None
    rates.RATE_LIMITS = {"probe": "2/minute"}
    now[0] = 1045.0
    assert access.attempt_wait(("probe", "x")) == pytest.approx(50.0)  # until the slice of 1030 leaves (1095)


def test_reports_count_per_player_and_per_address_and_a_refusal_counts_neither(rates):
    rates.RATE_LIMITS = {"report_player": "2/minute", "report_address": "3/minute"}
    meta = {"REMOTE_ADDR": "10.0.0.9"}
    ann, bob = access.Player(pk=1), access.Player(pk=2)
    assert access.report_wait(meta, player=ann) is None and access.report_wait(meta, player=ann) is None
    assert access.report_wait(meta, player=ann) is not None  # Ann's two are spent; the address counted 2
    assert access.report_wait(meta, player=bob) is None  # the address's third
    assert access.report_wait(meta, player=bob) is not None  # the address is spent, whoever reports


def test_wrong_keys_count_per_address(rates):
    rates.RATE_LIMITS = {"bad_key": "2/minute"}
    here, there = {"REMOTE_ADDR": "10.0.0.1"}, {"REMOTE_ADDR": "10.0.0.2"}
    assert access.bad_key_wait(here) is None and access.bad_key_wait(here) is None
    assert access.bad_key_wait(here) is not None and access.bad_key_wait(there) is None


def test_a_rate_in_unknown_units_is_refused_with_what_to_write():
    assert access.parse_rate("20/minute") == (20, 60) and access.parse_rate("5/s") == (5, 1)
    with pytest.raises(ValueError, match="per second, minute, hour or day"):
        access.parse_rate("10/week")


def test_the_client_address_trusts_only_the_configured_proxies(settings):
    meta = {"REMOTE_ADDR": "10.0.0.1", "HTTP_X_FORWARDED_FOR": "6.6.6.6, 1.2.3.4"}
    settings.TRUSTED_PROXIES = 0
    assert access.client_address(meta) == "10.0.0.1"
    settings.TRUSTED_PROXIES = 1
    assert access.client_address(meta) == "1.2.3.4"
    settings.TRUSTED_PROXIES = 5
    assert access.client_address(meta) == "6.6.6.6"
