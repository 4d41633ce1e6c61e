"""What import_event refuses: a file it cannot read ends in BackupError naming where it is wrong (the
command prints it, never a traceback) and changes nothing; a private key too short to be safe is
replaced, not kept."""
import copy
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.test_backup import comparable
from tests.factories import db_state
from tests.profiles import examples
from tournaments.backup import BackupError, export_event, import_event
from tournaments.models import Event, Player
from tournaments.signals import EVENT_RESTORED


@pytest.fixture
def backup(api, running):
    """The running event as its file holds it: a confirmed result, a pending report, a bonus, the
    organizer's award, the players' votes, a replaced key; parsed back from JSON text."""
    gid, reporter = running.side(0, "a")
    reporter.post(f"/api/games/{gid}/report/", {"vp_a": 7, "vp_b": 4, "master_a": "Perdita"})
    running.side(0, "b")[1].post(f"/api/games/{gid}/confirm/")
    gid2, reporter2 = running.side(1, "a")
    reporter2.post(f"/api/games/{gid2}/report/", {"vp_a": 2, "vp_b": 2})
    api.call("patch", f"/api/events/{running.id}/", {"player_votes": True})
    event = Event.objects.get(pk=running.id)
    ann, bob, cid = (Player.objects.get(event=event, name=n) for n in ("Ann", "Bob", "Cid"))
    api.post(f"/api/events/{running.id}/players/{ann.pk}/adjustments/", {"tp": 2, "reason": "best painted"})
    Client().post(f"/p/{ann.key}/", {"action": "vote", "best_painted": bob.pk})
    Client().post(f"/p/{cid.key}/", {"action": "vote", "best_painted": bob.pk, "best_sportsmanship": ann.pk})
    console = Client()
    console.force_login(event.created_by)
    console.post(f"/console/e/{event.slug}/awards/", {"best_sportsmanship": cid.pk})
    running.organizer.post(f"/api/events/{running.id}/players/{bob.pk}/rotate-key/")
    data = json.loads(json.dumps(export_event(event)))
    assert data["votes"] and data["awards"] and data["adjustments"] and data["rounds"][0]["games"][1]["versions"]
    return data


def refused(data, match):
    """import_event refuses `data` with a message matching `match`, and the database is as it was."""
    before = db_state()
    with pytest.raises(BackupError, match=match):
        import_event(data)
    assert db_state() == before


def player(data, name):
    return next(p for p in data["players"] if p["name"] == name)


def test_a_key_shorter_than_the_apps_or_not_in_its_characters_is_replaced(backup):
    """A one-character key is guessable, one a character short of the app's (32) weaker than the app
    promises, one with a slash no link: each such entry gets a fresh key. A key of the app's length not
    in use here is kept, once: a second entry with it gets a fresh one."""
    keys = {"Ann": "a", "Bob": "b" * 31, "Cid": "c" * 31 + "/", "Dee": "d" * 32}
    for name, key in keys.items():
        player(backup, name)["key"] = key
    restored = dict(import_event(copy.deepcopy(backup)).players.values_list("name", "key"))
    assert [name for name in keys if restored[name] == keys[name]] == ["Dee"]
    assert all(len(key) == 32 for key in restored.values())
    player(backup, "Ann")["key"] = player(backup, "Bob")["key"] = "e" * 40
    restored = dict(import_event(backup).players.values_list("name", "key"))
    assert restored["Ann"] == "e" * 40 and restored["Bob"] != "e" * 40
    assert restored["Dee"] != "d" * 32, "in use by the first copy"


LONG = "x" * 100_000


def nested(depth):
    """A list `depth` levels deep: a file may nest deeper than Python then writes back."""
    value = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("change, match", [
    (lambda d: player(d, "Ann").update(name=LONG), r"players\[\d\]\.name: Ensure this value has at most 100 "),
    (lambda d: player(d, "Ann").update(club="c" * 101), r"players\[\d\]\.club: Ensure this value has at most 100"),
    (lambda d: d["event"].update(name=LONG), r"event\.name: Ensure this value has at most 120"),
    (lambda d: d["rounds"][0]["games"][0]["result"].update(master_a=LONG), r"games\[0\]\.result\.master_a: Ensure"),
    (lambda d: d["audit"][0].update(by=LONG), r"audit\[0\]\.by: Ensure this value has at most 160"),
    (lambda d: d["adjustments"][0].update(reason=LONG), r"adjustments\[0\]\.reason: Ensure"),
    (lambda d: player(d, "Ann").update(name="Ann\u202eevil"), r"players\[\d\]\.name: .*invisible or control"),
    (lambda d: player(d, "Ann").update(name="  "), r"players\[\d\]\.name: The name is missing"),
    (lambda d: player(d, "Ann").update(name="BOB"), r"players\[1\]\.name: another player is named 'Bob'"),
    (lambda d: player(d, "Ann").update(faction="pirates"), r"players\[\d\]\.faction: \"pirates\" is not a faction"),
    (lambda d: d["event"].update(format="chess"), r"event\.format: 'chess' is no format known here"),
    (lambda d: d["event"].update(date="2017-02-30"), r"event\.date: .*invalid date"),
    (lambda d: d["event"].update(date=20170506), r"event\.date: text is expected"),
    (lambda d: d["audit"][0].update(at="2017-05-06T10:00:00"), r"audit\[0\]\.at: .*time zone"),
    (lambda d: d["event"].update(finished_at=""), r"event\.finished_at: a date and time with its time zone"),
    (lambda d: d["event"].update(tiebreaks=["tp", "luck"]), r"event\.tiebreaks: tiebreaks among"),
    (lambda d: d["event"].update(awards={"bye": [3]}), r"event\.awards: whole numbers"),
    (lambda d: d.update(players="Ann, Bob"), r"^players: a list is expected"),
    (lambda d: d["players"].append("Eve"), r"players\[4\]: an object is expected"),
    (lambda d: d.pop("rounds"), r"^rounds: a list is expected"),
    (lambda d: d["event"].pop("date"), r"^event: 'date' is missing"),
    (lambda d: d.update(version=True), r"not a gaininggrounds-event backup"),
    (lambda d: d["rounds"][0]["games"][0].update(player_a=999999), r"games\[0\]\.player_a: no player 999999"),
    (lambda d: d["rounds"][0]["games"][0].update(player_b="Bob"), r"games\[0\]\.player_b: a reference is expected"),
    (lambda d: d["rounds"][0]["games"][1].update(player_a=d["rounds"][0]["games"][0]["player_a"]),
     r"games\[1\]: player \d+ is seated twice"),
    (lambda d: d["rounds"][0]["games"][0]["result"].update(vp_b=None), r"result: a bye's result has no side b"),
    (lambda d: d["rounds"][0]["games"][0]["result"].update(vp_a=-3), r"result\.vp_a: a whole number from 0 to 32767"),
    (lambda d: d["rounds"][0].update(games={}), r"rounds\[0\]\.games: a list is expected"),
    (lambda d: d["rounds"][0]["games"][1]["versions"][0].update(side="c"),
     r"^rounds\[0\]\.games\[1\]\.versions\[0\]\.side: Value 'c' is not a valid choice"),
    (lambda d: d["rounds"].append(copy.deepcopy(d["rounds"][0])), r"rounds\[1\]\.number: round numbers"),
    (lambda d: d["awards"][0].update(kind="best_hat"), r"awards\[0\]\.kind: Value 'best_hat' is not a valid"),
    (lambda d: d["votes"][0]["tally"][0].update(votes=5), r"votes\[0\]\.tally: 5 votes from 2 voters"),
    (lambda d: d["votes"][0].update(voters=[d["votes"][0]["voters"][0]] * 2), r"votes\[0\]\.voters: a voter is"),
    (lambda d: d["votes"][1].update(tally=[{"choice": d["votes"][1]["voters"][0], "votes": 1}]),
     r"votes\[1\]: every vote goes to player \d+, a voter: nobody votes for themselves"),
    (lambda d: d["votes"][0].pop("tally"), r"votes\[0\]\.tally: a list is expected"),
    (lambda d: player(d, "Ann").update(person="Ann"), r"players\[\d\]\.person: a reference is expected"),
    (lambda d: d["audit"][0].update(before={"a": {"b": "\x00"}}), r"^file: text with a NUL character"),
    (lambda d: d["audit"][0].update(before=nested(995)), r"^file: holds what no database stores \(maximum recursion"),
    (lambda d: d["event"].update(rematch_window=float("nan")), r"^file: holds what no .*not JSON compliant"),
    (lambda d: d["rounds"][0]["games"][0]["result"].update(entered_by=7), r"result\.entered_by: text \(or null\) is"),
    (lambda d: d["event"].update(organizers="organizer"), r"event\.organizers: a list is expected"),
])
def test_a_malformed_file_is_refused_naming_what_is_wrong(backup, change, match):
    change(backup)
    refused(backup, match)


def test_what_the_database_refuses_while_writing_is_a_backup_error_and_leaves_no_row(backup, monkeypatch):
    """The last guard: a refusal no check foresaw (here once every row is written) rolls it all back."""
    def refuse(event, kind, **details):
        if kind == EVENT_RESTORED:
            raise IntegrityError("UNIQUE constraint failed: tournaments_player.key")
    monkeypatch.setattr("tournaments.restore.announce", refuse)
    refused(backup, r"^refused while writing: UNIQUE constraint failed")


def test_a_version_1_vote_for_oneself_or_twice_is_refused(backup):
    backup["version"] = 1
    ann = player(backup, "Ann")["ref"]
    backup["votes"] = [{"kind": "best_painted", "voter": ann, "choice": ann}]
    refused(backup, r"votes\[0\]: player \d+ votes for themselves")
    bob = player(backup, "Bob")["ref"]
    backup["votes"] = [{"kind": "best_painted", "voter": ann, "choice": bob}] * 2
    refused(backup, r"votes\[1\]: player \d+ votes twice for best_painted")


@pytest.mark.parametrize("content, match", [
    (b'{"format": "gaininggrounds-event", "version": 2, "event": []}', "event: an object is expected"),
    (b"[1, 2]", "not a gaininggrounds-event backup"),
    (b"not json", "not JSON"),
    (b'{"name": "Caf\xe9"}', "not UTF-8 text"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
])
def test_the_command_says_why_it_cannot_restore_a_file(tmp_path, db, content, match):
    file = tmp_path / "bad.json"
    file.write_bytes(content)
    with pytest.raises(CommandError, match=f"^Cannot restore {file}: .*{match}"):
        call_command("import_event", str(file))
    with pytest.raises(CommandError, match=f"^Cannot restore {tmp_path / 'none.json'}: "):
        call_command("import_event", str(tmp_path / "none.json"))
    assert not Event.objects.exists()


def test_the_command_restores_a_good_file(backup, tmp_path):
    file = tmp_path / "good.json"
    file.write_text(json.dumps(backup))
    out = StringIO()
    call_command("import_event", str(file), stdout=out)
    assert Event.objects.get(pk=int(out.getvalue())).players.count() == 4


def paths(value, path=()):
    """Every place in a JSON value, as the keys and indexes that lead there."""
    yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from paths(item, (*path, key))


ODD_VALUES = st.sampled_from([None, "", LONG, 0, -1, 2 ** 70, True, 1.5, [], {}, [None], {"x": 1}, "2017-02-30",
                              "2017-05-06T18:00:00+00:00", "played", "bye", "a", "best_painted", "guild"]) | st.text(
    max_size=5) | st.integers(-5, 40)


@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                             HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_backup_restores_or_is_refused_and_changes_nothing(backup, data):
    """Whatever one to three changes do to a good file (a key deleted, a value of another kind, a huge
    text), a restore gives an event or a BackupError, and a refused one leaves no row behind."""
    restores_or_refuses_whole(data, backup, lambda mutated: list(paths(mutated))[1:], db_state)


def restores_or_refuses_whole(data, backup, places, rows) -> None:
    """One to three changes at `places(file)` (a key deleted, or an odd value written there), then a restore:
    an event that exports again, or a BackupError with `rows()` as before."""
    mutated = copy.deepcopy(backup)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(places(mutated)))
        parent = mutated
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(ODD_VALUES)
    before = rows()
    try:
        restored = import_event(mutated)
    except BackupError:
        assert rows() == before
    else:
        assert export_event(restored)["players"]


def test_the_checks_refuse_nothing_the_app_makes(db):
    """The demo's events (M4E leaders, a Ringer, finished events with places, a paired round) restore
    as they were: the checks hold the app's own files to nothing they break."""
    call_command("load_demo", stdout=StringIO())
    for event in Event.objects.all():
        restored = import_event(json.loads(json.dumps(export_event(event))))
        assert comparable(export_event(restored)) == comparable(export_event(event))
