"""What the seeds ask of an event beyond scoring: a missions plan announced in advance (strategies and
deployments public, pools private until their round), a per-player warning log in the audit trail
(GG2017: a single warning, then disqualification), Dead Man's Hand models (M3E) on the event page, and
backups that keep M4E's missions per table and leaders."""
from django.test import Client

from audit.models import AuditRecord
from scoring.formats import M4E_GG0
from tests.api.test_backup import comparable
from tests.api.test_m4e_event import m4e_event
from tests.factories import db_state, error_codes, new_event, rejected
from tournaments.backup import export_event, import_event
from tournaments.models import Event, Game

PLAN = {"1": {"strategy": "reckoning", "deployment": "corner"}, "2": {"strategy": "turf-war", "deployment": "flank"}}


def test_a_missions_plan_is_public_before_the_event_and_pairs_its_rounds(api, anon_api):
    status, event = api.post("/api/events/", {"name": "Planned", "date": "2022-05-07", "format": "m3e",
                                              "missions_plan": PLAN, "scheme_pools": {"1": [
                                                  "breakthrough", "take-prisoner", "assassinate", "vendetta",
                                                  "outflank"]}})
    assert status == 201, event
    seen = anon_api.get(f"/api/events/{event['id']}/")[1]
    assert seen["missions_plan"] == PLAN and seen["scheme_pools"] == {}, "strategies public, the pool private"
    page = Client().get(f"/e/{event['slug']}/").content.decode()
    assert "Missions, announced in advance" in page and "Reckoning" in page and "Flank" in page
    for i in range(4):
        api.post(f"/api/events/{event['id']}/players/", {"name": f"P{i}", "faction": "guild"})
    rnd = api.post(f"/api/events/{event['id']}/rounds/", {})[1]
    assert (rnd["strategy"], rnd["deployment"]) == ("reckoning", "corner")


def test_a_plan_with_unknown_or_repeated_strategies_is_refused(api):
    before = db_state()
    body = rejected(api, "post", "/api/events/", {"name": "Bad plan", "date": "2022-05-07", "format": "m3e",
                                                  "missions_plan": {"1": {"strategy": "nothing"},
                                                                    "2": {"deployment": "reckoning"}}}, 400)
    assert {("missions_plan.1.strategy", "unknown_strategy"),
            ("missions_plan.2.deployment", "unknown_deployment")} <= error_codes(body)
    twice = {"1": {"strategy": "reckoning"}, "2": {"strategy": "reckoning"}}
    body = rejected(api, "post", "/api/events/", {"name": "Twice", "date": "2022-05-07", "format": "m3e",
                                                  "missions_plan": twice}, 400)
    assert ("missions_plan", "strategy_used") in error_codes(body)
    body = rejected(api, "post", "/api/events/", {"name": "Per table", "date": "2026-05-07", "format": "m4e-gg0",
                                                  "missions_plan": {"1": {"strategy": "informants"}}}, 400)
    assert ("missions_plan", "missions_plan_per_round_only") in error_codes(body)
    assert rejected(api, "post", "/api/events/", {"name": "Round 0", "date": "2022-05-07", "format": "m3e",
                                                  "missions_plan": {"0": {"strategy": "reckoning"}}}, 400)
    assert db_state() == before


def test_dead_mans_hand_is_an_m3e_setting_shown_on_the_event_page(api):
    event = api.post("/api/events/", {"name": "Third", "date": "2022-05-07", "format": "m3e",
                                      "dead_mans_hand": True})[1]
    assert event["dead_mans_hand"] is True
    assert "Dead Man's Hand models allowed" in Client().get(f"/e/{event['slug']}/").content.decode()
    api.call("patch", f"/api/events/{event['id']}/", {"dead_mans_hand": False})
    assert "no Dead Man's Hand models" in Client().get(f"/e/{event['slug']}/").content.decode()
    old = api.post("/api/events/", {"name": "Second", "date": "2017-05-07", "format": "gg2017"})[1]
    assert "Dead Man" not in Client().get(f"/e/{old['slug']}/").content.decode()


def test_warnings_are_logged_with_their_reason_and_the_second_says_so(api):
    event, ids = new_event(api, players=2)
    url = f"/api/events/{event['id']}/players/{ids[0]}/warnings/"
    status, warnings = api.post(url, {"reason": "  slow play  "})
    assert status == 201 and [(w["warning"], w["reason"]) for w in warnings] == [(1, "slow play")]
    status, warnings = api.post(url, {"reason": "moved a model after time"})
    assert status == 201 and [w["warning"] for w in warnings] == [1, 2]
    assert api.get(url)[1] == warnings
    record = AuditRecord.objects.filter(action="player_warned").order_by("at", "id").last()
    assert record.player_id == ids[0] and record.after == {"reason": "moved a model after time", "warning": 2}
    for bad in ({"reason": ""}, {"reason": "x" * 201}, {"reason": "tab\u202eright"}, {}):
        rejected(api, "post", url, bad, 400)
    api.post(f"/api/events/{event['id']}/players/{ids[0]}/disqualify/", {})
    rejected(api, "post", url, {"reason": "again"}, 409)


def test_the_console_warns_and_shows_the_warnings(api, organizer):
    event, ids = new_event(api, players=2)
    client = Client()
    client.force_login(organizer[0])
    slug = event["slug"]
    answer = client.post(f"/console/e/{slug}/players/{ids[1]}/warn/", {"reason": "slow play"})
    assert answer.status_code == 302
    page = client.get(f"/console/e/{slug}/").content.decode()
    assert "Warn (1 warning)" in page and "slow play" in page and "a single warning, then disqualification" in page
    before = db_state()
    client.post(f"/console/e/{slug}/players/{ids[1]}/warn/", {"reason": ""})
    assert db_state() == before


def test_an_m4e_backup_keeps_missions_per_table_and_leaders(api):
    event = m4e_event(api, players=4)
    api.post(f"/api/events/{event['id']}/rounds/", {})
    game = Game.objects.select_related("player_a").filter(round__event_id=event["id"]).order_by("table")[0]
    leader = M4E_GG0.leaders[game.player_a.faction][0]
    assert api.post(f"/api/games/{game.pk}/result/", {"vp_a": 3, "vp_b": 1, "master_a": leader.label})[0] == 201
    original = Event.objects.get(pk=event["id"])
    data = export_event(original)
    assert data["event"]["missions"] == "per_table" and data["rounds"][0]["games"][0]["scheme_pool"]
    copy = import_event(data)
    assert comparable(export_event(copy)) == comparable(data)
    assert copy.round_set.get().games.get(table=game.table).result.leader_a == leader.key
    old = dict(data, event={k: v for k, v in data["event"].items() if k not in ("missions", "missions_plan",
                                                                                  "dead_mans_hand")})
    assert import_event(old).missions == "per_round", "a backup from before the setting takes the default"

