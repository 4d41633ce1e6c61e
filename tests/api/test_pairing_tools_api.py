"""The organizer's pairing tools through the API: flags, methods, tables, swaps and pairing jobs."""
import os
import subprocess
import sys
import time

import pytest
from django.db import connection

from jobs.models import Job
from scoring.problems import Conflict
from tests.factories import (
    db_state,
    error_codes,
    event_made,
    new_event,
    play_round,
    rejected,
    results_entered,
    round_paired,
)
from tournaments import services


def test_games_carry_flags_and_the_round_its_objective(api):
    event, ids = new_event(api, players=5, rounds=3)
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 4})
    assert rnd["report"]["method"] == "swiss" and rnd["report"]["objective"] == {"tp": 0, "diff": 0, "vp": 0}
    bye = next(g for g in rnd["games"] if g["bye"])
    assert bye["flags"] == ["bye"]
    for game in rnd["games"]:
        if not game["bye"]:
            api.post(f"/api/games/{game['id']}/result/", {"vp_a": 6, "vp_b": 4})
    status, second = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 4})
    assert any("float" in g["flags"] for g in second["games"] if not g["bye"])


def test_round_one_with_clubs_apart_and_other_methods(api):
    status, event = api.post("/api/events/", {"name": "Clubs", "date": "2017-05-01", "format": "gg2017"})
    for i in range(8):
        api.post(f"/api/events/{event['id']}/players/", {"name": f"P{i}", "faction": "guild",
                                                         "club": "Bristol" if i < 4 else "Lyon"})
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"avoid_same_club": True})
    assert status == 201 and not any("same_club" in g["flags"] for g in rnd["games"])
    assert rnd["report"]["method"] == "swiss"
    api.call("DELETE", f"/api/events/{event['id']}/rounds/1/")
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"method": "fold"})
    assert status == 201 and rnd["report"]["method"] == "fold"
    body = rejected(api, "POST", f"/api/events/{event['id']}/rounds/", {"method": "monrad"}, 400)
    assert error_codes(body) == {("method", "invalid_choice")}


def test_tables_skip_unavailable_ones_and_honour_a_pinned_player(api):
    event, ids = new_event(api, players=6, unavailable_tables=[1])
    status, player = api.call("PATCH", f"/api/events/{event['id']}/players/{ids[5]}/", {"pinned_table": 9})
    assert status == 200 and player["pinned_table"] == 9
    status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {})
    tables = {g["table"] for g in rnd["games"]}
    assert 1 not in tables and 9 in tables
    pinned_game = next(g for g in rnd["games"] if ids[5] in (g["player_a"], g["player_b"]))
    assert pinned_game["table"] == 9


def test_fresh_tables_avoid_repeats_across_rounds(api):
    event, ids = new_event(api, players=8, rounds=3, fresh_tables=True)
    seen = {}
    for _ in range(3):
        rnd = play_round(api, event)
        for g in rnd["games"]:
            for p in (g["player_a"], g["player_b"]):
                assert g["table"] not in seen.get(p, set()) or "repeat_table" in g["flags"]
                seen.setdefault(p, set()).add(g["table"])


def test_swap_moves_two_players_and_a_rule_breaking_swap_needs_force(api):
    event, ids = new_event(api, players=4, rounds=3)
    eid = event["id"]
    first = play_round(api, event)
    status, second = api.post(f"/api/events/{eid}/rounds/", {})
    g1, g2 = second["games"]
    # Put g1's A against g2's A: fine unless they met in round 1.
    status, swapped = api.post(f"/api/events/{eid}/rounds/2/swap/", {"player_1": g1["player_b"],
                                                                     "player_2": g2["player_a"]})
    met = {frozenset((g["player_a"], g["player_b"])) for g in first["games"]}
    if status == 409:
        assert swapped["errors"][0]["code"] == "swap_needs_force"
        status, swapped = api.post(f"/api/events/{eid}/rounds/2/swap/", {
            "player_1": g1["player_b"], "player_2": g2["player_a"], "force": True})
        assert swapped["report"]["adjustments"][-1]["forced"] is True
    assert status == 200
    new_pairs = {frozenset((g["player_a"], g["player_b"])) for g in swapped["games"]}
    assert frozenset((g1["player_a"], g2["player_a"])) in new_pairs
    for g in swapped["games"]:
        if frozenset((g["player_a"], g["player_b"])) in met:
            assert "rematch_within_window" in g["flags"]
    # Back to a legal pairing needs no force.
    status, back = api.post(f"/api/events/{eid}/rounds/2/swap/", {"player_1": g1["player_b"],
                                                                  "player_2": g2["player_a"]})
    assert status == 200 and back["report"]["adjustments"][-1]["forced"] is False
    api.post(f"/api/games/{back['games'][0]['id']}/result/", {"vp_a": 1, "vp_b": 1})
    body = rejected(api, "POST", f"/api/events/{eid}/rounds/2/swap/",
                    {"player_1": g1["player_b"], "player_2": g2["player_a"]}, 409)
    assert body["errors"][0]["code"] == "round_has_results"


def test_a_swap_that_gives_a_second_bye_needs_force(api):
    event, ids = new_event(api, players=3, rounds=3)
    eid = event["id"]
    first = play_round(api, event)
    had_bye = next(g["player_a"] for g in first["games"] if g["bye"])
    status, second = api.post(f"/api/events/{eid}/rounds/", {})
    bye = next(g for g in second["games"] if g["bye"])
    body = rejected(api, "POST", f"/api/events/{eid}/rounds/2/swap/",
                    {"player_1": bye["player_a"], "player_2": had_bye}, 409)
    assert "second_bye" in body["errors"][0]["detail"]
    body = rejected(api, "POST", f"/api/events/{eid}/rounds/2/swap/", {"player_1": had_bye, "player_2": 99999}, 400)
    assert error_codes(body) == {("player_2", "player_not_in_round")}


@pytest.mark.django_db(transaction=True)  # the job runs on a connection of its own
def test_a_large_field_is_paired_by_a_job(api, settings, eager_celery, jobs_in_threads):
    settings.PAIRING_JOB_THRESHOLD = 6
    event, ids = new_event(api, players=6)
    status, job = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 3})
    assert status == 202 and job["status"] == "pending"
    jobs_in_threads()
    status, job = api.get(f"/api/jobs/{job['id']}/")
    assert status == 200 and job["status"] == "done" and job["progress"] == 100
    assert job["round"].endswith(f"/api/events/{event['id']}/rounds/1/")
    assert len(api.get(f"/api/events/{event['id']}/rounds/1/")[1]["games"]) == 3
    body = rejected(api, "POST", f"/api/events/{event['id']}/rounds/", {}, 409)
    assert body["errors"][0]["code"] == "results_missing"


def finished(api, job: dict, seconds: float = 60) -> dict:
    """Poll the one progress endpoint until the job is done or failed."""
    for _ in range(int(seconds * 2)):
        status, job = api.get(f"/api/jobs/{job['id']}/")
        if job["status"] in (Job.DONE, Job.FAILED):
            break
        time.sleep(0.5)
    return job


@pytest.mark.skipif(not os.environ.get("REDIS_URL") or not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                    reason="a real Celery worker needs Redis and a shared PostgreSQL database")
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_on_redis_runs_the_pairing_and_export_jobs(api, settings):
    settings.PAIRING_JOB_THRESHOLD = 6
    event, ids = new_event(api, players=6)
    db = connection.settings_dict
    env = {**os.environ, "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"}
    worker = subprocess.Popen([sys.executable, "-m", "celery", "-A", "gaininggrounds", "worker", "--pool=solo",
                               "--loglevel=WARNING", "--without-gossip", "--without-mingle"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        status, job = api.post(f"/api/events/{event['id']}/rounds/", {})
        assert status == 202
        job = finished(api, job)
        assert job["status"] == Job.DONE, job
        # An export job goes through the same worker and the same progress endpoint.
        settings.EXPORT_JOB_THRESHOLD = 6
        status, job = api.post(f"/api/events/{event['id']}/exports/", {"what": "results"})
        assert status == 202
        job = finished(api, job)
        assert job["status"] == Job.DONE and job["download"], job
        assert api.client.get(job["download"], headers=api.headers).content.decode().count("\n") == 4
    finally:
        worker.terminate()
        worker.wait(20)


def test_an_unpairable_round_is_a_409_naming_the_rule_and_the_table_settings_asked_with_it_are_undone(api):
    """docs/pairing.md: a round no legal pairing allows is refused whole. The table settings sent with the
    request change the event before pairing, inside the same transaction: they are rolled back too."""
    event, _ids = new_event(api, players=2)
    play_round(api, event)  # the two have met: round 2 would be a rematch inside the window
    answer = rejected(api, "POST", f"/api/events/{event['id']}/rounds/",
                      {"seed": 1, "unavailable_tables": [1, 2], "fresh_tables": True}, 409)
    assert error_codes(answer) == {(None, "no_legal_pairing")}
    assert "rematch" in answer["errors"][0]["detail"]
    status, unchanged = api.get(f"/api/events/{event['id']}/")
    assert (unchanged["unavailable_tables"], unchanged["fresh_tables"]) == ([], False)


def test_the_service_alone_undoes_the_table_settings_of_an_unpairable_round(organizer):
    """The same refusal without the API's request transaction around it: the service's own transaction
    takes the settings back."""
    user = organizer[0]
    event = event_made(user, players=2)
    results_entered(round_paired(event, user), user)
    before = db_state()
    with pytest.raises(Conflict):
        services.round_generate(event=event, by=user, seed="1", unavailable_tables=[1, 2], fresh_tables=True)
    assert db_state() == before
