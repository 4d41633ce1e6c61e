"""The one rate limiter (tournaments.access.rate_consume): a sliding log in the shared cache."""
import pytest
from django.core.cache import cache

from tournaments import access


@pytest.fixture
def rates(settings):
    settings.RATE_LIMITS = {"probe": "3/minute"}
    cache.clear()
    return settings


def test_the_limit_holds_in_any_window_and_says_how_long_to_wait(rates, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(access.time, "time", lambda: now[0])
    for step in (0, 10, 20):
        now[0] = 1000.0 + step
        assert access.rate_consume("probe", "x") is None
    now[0] = 1030.0
    assert access.rate_consume("probe", "x") == pytest.approx(30.0)  # the first leaves at 1060
    assert access.rate_consume("probe", "y") is None  # another ident has its own log
    now[0] = 1060.5
    assert access.rate_consume("probe", "x") is None
    assert access.rate_consume("probe", "x") == pytest.approx(9.5)  # now the one of 1010 must leave


def test_a_lowered_limit_waits_for_enough_to_leave(rates, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(access.time, "time", lambda: now[0])
    rates.RATE_LIMITS = {"probe": "5/minute"}
    for step in range(5):
        now[0] = 1000.0 + 10 * step
        assert access.rate_consume("probe", "x") is None
    rates.RATE_LIMITS = {"probe": "2/minute"}
    now[0] = 1045.0
    assert access.rate_consume("probe", "x") == pytest.approx(45.0)  # until the one of 1030 leaves


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
