"""Every operation of the OpenAPI schema reads as an action: a summary ("Enter or correct a game's result") and a
description (who may call it, what it does), so the Swagger page is a list of things to do, not bare paths; and
every answer an operation can give is listed, with what a client needs to handle it."""
import re
from pathlib import Path

import pytest

from tests.api import (
    rows_judges,
    rows_judges_calls,
    rows_phones,
    rows_seasons,
    rows_signups_teams,
    rows_time,
    rows_tournaments,
    rows_tracker,
)

ROOT = Path(__file__).resolve().parents[2]



def test_the_schema_has_operations(operations):
    assert len(operations) > 40 and "POST /api/games/{id}/result/" in operations


@pytest.mark.parametrize("field", ["summary", "description"])
def test_every_operation_has_a_summary_and_a_description(operations, field):
    missing = sorted(name for name, operation in operations.items() if not str(operation.get(field) or "").strip())
    assert not missing, f"Operations without a {field}: " + ", ".join(missing)


def test_no_two_operations_share_a_summary(operations):
    by_summary: dict[str, list[str]] = {}
    for name, operation in operations.items():
        summary = str(operation.get("summary") or "").strip()
        if summary:
            by_summary.setdefault(summary.casefold(), []).append(name)
    shared = {summary: sorted(names) for summary, names in sorted(by_summary.items()) if len(names) > 1}
    assert not shared, f"Operations sharing a summary: {shared}"


# Answers a view gives by itself, which drf-standardized-errors cannot infer from permission and throttle
# classes: status -> a word its description must name (the 409's code, when to try again, why refused).
GAME_ANSWERS = {"403": "two players", "404": "draft", "409": "`event_finished`"}
ANSWERS = {
    "POST /api/auth/token/": {"429": "Retry-After"},
    "GET /api/jobs/{id}/": {"403": "organizer", "404": "job"},
    "POST /api/events/{event_id}/exports/": {"409": "`jobs_busy`"},
    "POST /api/events/{event_id}/rounds/": {"409": "`jobs_busy`"},
    "POST /api/events/{event_id}/players/": {"409": "`event_finished`"},
    "POST /api/events/{event_id}/register/": {"409": "`event_finished`"},
    "DELETE /api/events/{event_id}/players/{player_id}/": {"409": "`event_finished`"},
    "POST /api/events/{event_id}/players/{player_id}/drop/": {"409": "`event_finished`"},
    "POST /api/events/{event_id}/players/{player_id}/reinstate/": {"409": "`event_finished`"},
    **{f"POST /api/games/{{id}}/{action}/": GAME_ANSWERS for action in ("report", "confirm", "dispute")},
    **rows_tracker.ANSWERS, **rows_phones.ANSWERS, **rows_signups_teams.ANSWERS, **rows_tournaments.ANSWERS,
    **rows_judges.ANSWERS, **rows_judges_calls.ANSWERS, **rows_time.ANSWERS, **rows_seasons.ANSWERS,
}


@pytest.mark.parametrize("name", sorted(ANSWERS))
def test_an_operation_lists_the_answers_its_view_gives_by_itself(operations, name):
    responses = operations[name]["responses"]
    missing = sorted(set(ANSWERS[name]) - set(responses))
    assert not missing, f"{name} does not list its {', '.join(missing)}"
    for status, named in ANSWERS[name].items():
        assert named in responses[status]["description"], f"{name}: its {status} does not say {named}"


def test_a_refused_sign_in_says_when_to_try_again(operations):
    for name in ("POST /api/auth/token/", "POST /api/games/{id}/report/"):
        assert "Retry-After" in operations[name]["responses"]["429"]["headers"], name


def test_every_409_has_the_error_shape_and_names_codes_the_code_raises(operations):
    """So a listed code is one a client can meet: each is raised somewhere as conflict("code", ...)."""
    raised = {code for folder in ("tournaments", "jobs", "scoring", "people", "signups", "teams", "tracker", "judges",
                                              "notifications", "seasons")
              for path in (ROOT / folder).rglob("*.py")
              for code in re.findall(r'conflict\(\s*"(\w+)"', path.read_text(encoding="utf-8"))}
    for name, operation in operations.items():
        answer = operation["responses"].get("409")
        if answer is None:
            continue
        assert answer["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorResponse409"), name
        listed = set(re.findall(r"`(\w+)`", answer["description"].rsplit(":", 1)[-1]))  # after "says why:"
        assert listed and listed <= raised, f"{name}: no conflict raises {sorted(listed - raised)}"
