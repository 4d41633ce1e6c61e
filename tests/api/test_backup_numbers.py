"""Every number in a backup is range-checked before anything is written: a number no column holds (in any
section: the tournament's rows, the teams, the run-up, the trackers) is a BackupError naming where it is,
never a traceback, and leaves no row; one that fits restores an event the app reads."""
import copy
import json
import random

import pytest
from django.core.management import CommandError, call_command
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from teams import rounds
from teams import selectors as team_selectors
from teams.models import TeamMatch
from tests.api.backup_events import every_row, whole_event
from tests.api.test_backup_checks import backup  # noqa: F401 (the individual event's file, a fixture)
from tests.factories import make_user
from tests.profiles import examples
from tests.teams.test_team_event import captains_choose, team_event
from tournaments import selectors
from tournaments.backup import BackupError, export_event, import_event

BEYOND = (10 ** 30, -(10 ** 30), 2 ** 63, -(2 ** 63) - 1)  # beyond any column, any database
EDGES = (*BEYOND, 2 ** 63 - 1, 2 ** 31, 2 ** 15, 40_000, 10_001, -1, -32_769, 0)


def numbers(value, path=()):
    """The place of every whole number in a JSON value (true and false are no numbers here)."""
    if isinstance(value, int) and not isinstance(value, bool):
        yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from numbers(item, (*path, key))


def changed(data, path, value):
    data = copy.deepcopy(data)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return data


def value_at(data, path):
    for key in path:
        data = data[key]
    return data


@pytest.fixture
def team_backup(db):
    """A team event's file: three teams, round 1 paired with a team bye, the captains' lineups chosen."""
    organizer = make_user("numbers")[0]
    event, _ = team_event(organizer, teams=3)
    rnd = rounds.team_round_generate(event=event, by=organizer, publish=True)
    rng = random.Random(3)
    for match in TeamMatch.objects.filter(round=rnd, team_b__isnull=False).select_related("team_a", "team_b",
                                                                                          "round"):
        captains_choose(match, rng, organizer)
    event.refresh_from_db()
    data = json.loads(json.dumps(export_event(event)))
    assert data["teams"]["matches"][0]["steps"] and data["teams"]["matches"][0]["tables"]
    return data


@pytest.fixture
def whole_backup(db):
    """A whole event's file: the run-up, a team event's round, a tracker with lines and an objection."""
    return whole_event()[1]


def test_the_command_refuses_a_lineup_step_of_a_huge_order(team_backup, tmp_path):
    """The reproduction: `order` 10**30 ended in an OverflowError traceback."""
    team_backup["teams"]["matches"][0]["steps"][0]["order"] = 10 ** 30
    file = tmp_path / "huge.json"
    file.write_text(json.dumps(team_backup))
    before = every_row()
    with pytest.raises(CommandError, match=rf"^Cannot restore {file}: teams\.matches\[0\]\.steps\[0\]\.order: a "
                                           r"number beyond"):
        call_command("import_event", str(file))
    assert every_row() == before


@pytest.mark.parametrize("which", ["backup", "team_backup", "whole_backup"])
def test_every_number_beyond_any_column_is_refused_where_it_is(request, which):
    """Each number of the file in turn, made 10**30: refused, naming that place; nothing written."""
    data = request.getfixturevalue(which)
    places = [path for path in numbers(data) if path != ("version",)]  # the version says how to read the rest
    assert len(places) > 40
    before = every_row()
    for path in places:
        with pytest.raises(BackupError, match="beyond what any database stores"):
            import_event(changed(data, path, 10 ** 30))
    assert every_row() == before


@pytest.mark.parametrize("path, value, match", [
    (("teams", "matches", 0, "steps", 0, "order"), 40_000, r"teams: matches\[0\]\.steps\[0\]\.order: a whole "
                                                           r"number from 0 to 32767"),
    (("teams", "matches", 0, "steps", 1, "order"), -1, r"steps\[1\]\.order: a whole number from 0 to 32767"),
    (("teams", "matches", 0, "tables", 0), 0, r"teams: matches\[0\]\.tables\[0\]: a whole number from 1"),
    (("event", "rounds"), 31, r"event\.rounds: a whole number from 1 to 30"),
    (("event", "encounter_size"), 101, r"event\.encounter_size: a whole number from 10 to 100"),
    (("event", "encounter_size"), 40_000, r"event\.encounter_size: a whole number from 0 to 32767"),
    (("rounds", 0, "number"), 40_000, r"rounds\[0\]\.number: a whole number from 0 to 32767"),
    (("rounds", 0, "games", 0, "table"), 2 ** 31, r"games\[0\]\.table: a whole number from 0 to 32767"),
])
def test_a_number_beyond_its_column_or_the_apps_range_is_refused_on_any_database(team_backup, path, value, match):
    """SQLite stores any 64-bit number in a small column, PostgreSQL refuses it mid-write: both refuse it
    first, saying the range."""
    before = every_row()
    with pytest.raises(BackupError, match=match):
        import_event(changed(team_backup, path, value))
    assert every_row() == before


def test_the_awards_and_tables_the_app_reads_later_are_in_its_ranges(backup):  # noqa: F811
    """A bye's award becomes a result's figures at the next pairing: out of range, it would fail there."""
    for change, match in ((lambda e: e.update(awards={**e["awards"], "bye": {"tp": 40_000, "diff": 0, "vp": 0}}),
                           r"event\.awards tp: a whole number from 0 to 10"),
                          (lambda e: e.update(unavailable_tables=[2 ** 20]), r"unavailable_tables\[\]: a whole"),
                          (lambda e: e.update(rematch_window=0), r"event\.rematch_window: a whole number from 1")):
        data = copy.deepcopy(backup)
        change(data["event"])
        before = every_row()
        with pytest.raises(BackupError, match=match):
            import_event(data)
        assert every_row() == before


def restores_or_refuses(data):
    """A restore gives an event the app reads (its file, its standings), or a BackupError and no row."""
    before = every_row()
    try:
        restored = import_event(data)
    except BackupError:
        assert every_row() == before
        return None
    assert export_event(restored)["players"]
    selectors.event_standings(restored)
    team_selectors.event_team_standings(restored)
    return restored


@settings(max_examples=examples(120), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_numbers_made_huge_or_negative_restore_or_are_refused_cleanly(backup, team_backup, whole_backup,  # noqa: F811
                                                                       data):
    """One to three numbers anywhere in a real file (an individual event's, a team event's, a whole event's
    with its run-up and trackers) made huge, negative or at a column's edge: a restore or a clean refusal,
    never a traceback; a number no column holds is always refused."""
    mutated = copy.deepcopy(data.draw(st.sampled_from([backup, team_backup, whole_backup])))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(list(numbers(mutated))))
        mutated = changed(mutated, path, data.draw(st.sampled_from(EDGES) | st.integers(-(2 ** 70), 2 ** 70)))
    restored = restores_or_refuses(mutated)
    event("restored" if restored else "refused")
    beyond = [path for path in numbers(mutated) if not -(2 ** 63) <= value_at(mutated, path) < 2 ** 63]
    assert restored is None or not beyond, beyond
