"""http_cache.memo: what many personal pages of one event read alike, worked out once per change."""
from gaininggrounds import http_cache


def test_a_memo_is_computed_once_per_version_and_again_after_a_change(db):
    calls = []

    def compute():
        calls.append(1)
        return len(calls)

    scope = http_cache.scope_key("event", "event_id", 999_999)
    assert http_cache.memo(scope, "standings:999999", compute) == 1
    assert http_cache.memo(scope, "standings:999999", compute) == 1  # the same version: from the cache
    http_cache.bump(scope)
    assert http_cache.memo(scope, "standings:999999", compute) == 2  # a write moved it on: computed afresh


def test_without_the_cache_a_memo_is_simply_computed(db, monkeypatch):
    monkeypatch.setattr(http_cache, "versions", lambda *scopes, **kw: None)  # the cache unreachable
    calls = []
    for _ in range(2):
        http_cache.memo("s", "n", lambda: calls.append(1))
    assert len(calls) == 2
