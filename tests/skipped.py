"""Loaded by `make test` (`-p tests.skipped`): the ids of the tests a run skipped, written to the file
GG_SKIPPED_FILE names, so that `make test` runs them again on this machine's PostgreSQL and Redis when both
answer (the row-lock races and the proxy tests skip on SQLite). Written by the controller alone: with
pytest-xdist each worker's reports reach it."""
from __future__ import annotations

import os
from pathlib import Path

_skipped: list[str] = []


def pytest_runtest_logreport(report) -> None:
    if report.skipped and report.when in ("setup", "call") and report.nodeid not in _skipped:
        _skipped.append(report.nodeid)


def pytest_sessionfinish(session) -> None:
    target = os.environ.get("GG_SKIPPED_FILE")
    if target and not hasattr(session.config, "workerinput"):
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        Path(target).write_text("".join(f"{nodeid}\n" for nodeid in _skipped))
