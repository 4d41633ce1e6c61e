"""A backup carries the whole event: besides the tournament's rows and the teams, the announcement, every
sign-up (waitlist order, paid status, crew lists), and the trackers' lines and objections. Restored beside
the original, the copy is the same event (compared field by field, references by name) and plays on; a
section that does not fit the restored rows refuses the whole file. What a backup leaves out, and why:
docs/console.md."""
import copy
import json
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from signups import announcements
from signups import services as signups
from signups.models import REGISTERED, UNCONFIRMED, WAITLISTED, Announcement, SignUp
from signups.selectors import waitlist
from tests.api.backup_events import DEADLINE, PEOPLE, every_row, whole_event
from tests.api.test_backup import comparable
from tests.api.test_backup_checks import paths, restores_or_refuses_whole
from tests.profiles import examples
from tests.signups.helpers import open_event, signed_up
from tournaments.backup import BackupError, export_event, import_event
from tournaments.models import Event, Game
from tracker import services as tracker
from tracker.models import Tracker


@pytest.fixture
def whole(db):
    return whole_event()


def by_name(event):
    names = dict(event.players.values_list("pk", "name"))
    return names


def run_up(event):
    """The announcement and the sign-ups as the organizer reads them, entries by name (keys aside)."""
    names = by_name(event)
    announcement = Announcement.objects.filter(event=event).values().first()
    announcement.pop("event_id")
    rows = [{**{k: v for k, v in s.items() if k not in ("id", "event_id", "key", "player_id", "user_id")},
             "player": names.get(s["player_id"])} for s in SignUp.objects.filter(event=event).order_by("pk").values()]
    return announcement, rows


def teams(event):
    names = by_name(event)
    return [{**t, "ref": None, "captain": names[t["captain"]], "members": sorted(names[m] for m in t["members"])}
            for t in export_event(event)["teams"]["teams"]]


def trackers(event):
    names = by_name(event)
    return [(names[t.game.player_a_id], names[t.game.player_b_id],
             {k: v for k, v in t.__dict__.items() if k not in ("_state", "id", "game_id")})
            for t in Tracker.objects.filter(game__round__event=event).select_related("game")]


def test_the_whole_event_comes_back_and_plays_on(whole):
    event, data, tracked = whole
    copy_ = import_event(copy.deepcopy(data))
    assert comparable(export_event(copy_)).keys() == comparable(export_event(event)).keys()
    plain = [{k: v for k, v in comparable(export_event(e)).items() if k not in ("teams", "signups", "tracker")}
             for e in (copy_, event)]
    assert plain[0] == plain[1]
    assert [p.email for p in copy_.players.order_by("name")] == [p.email for p in event.players.order_by("name")]
    # The run-up: every field of the announcement and of each sign-up, waitlist order, paid, crew lists.
    (announcement, signed), (original_announcement, original) = run_up(copy_), run_up(event)
    assert announcement == original_announcement and announcement["cap"] == 4
    unconfirmed = [s for s in original if s["state"] == UNCONFIRMED]
    assert len(unconfirmed) == 1 and unconfirmed[0]["confirm_digest"]
    for s in unconfirmed:  # its mailed link confirms the original's sign-up, never the copy's too
        s["confirm_digest"], s["confirm_expires"] = "", None
    assert signed == original
    assert [s.name for s in waitlist(copy_)] == ["Eve Ey", "Fay Fox"]
    assert {(s["player"], s["paid"], s["paid_note"]) for s in signed if s["paid"] != "unpaid"} == {
        ("Ann Arbor", "paid", "cash"), ("Bob Banks", "free", "")}
    assert sum(bool(s["crew_list"]) for s in signed if s["state"] in (REGISTERED, WAITLISTED)) == 6
    # The trackers: lines and the objection as they were; the scheme not yet revealed is left out.
    (copied,), (kept,) = trackers(copy_), trackers(event)
    assert copied[:2] == kept[:2] and copied[2]["lines"] == kept[2]["lines"]
    assert any(line["objection"] == "You scored 1" for line in copied[2]["lines"])
    assert {k: v for k, v in copied[2].items() if k != "schemes"} == {k: v for k, v in kept[2].items()
                                                                       if k != "schemes"}
    assert copied[2]["schemes"] == {"a": kept[2]["schemes"]["a"], "b": []}
    assert kept[2]["schemes"]["b"][0]["noted_model"] == "secret" and "secret" not in json.dumps(data)
    # The teams, members and captains by name (the team test checks their matches and lineups).
    assert teams(copy_) == teams(event) and len(teams(event)) == 2
    # It plays on: the tracker takes the line again, which clears the objection.
    game = Game.objects.select_related("round__event", "player_a", "player_b").get(
        round__event=copy_, player_a__name=tracked.player_a.name)
    tracker.tracker_line(game=game, player=game.player_a, side="a", turn=2, strategy=1, schemes={pool_key(game): 1})
    assert not any(line["objection"] for line in Tracker.objects.get(game=game).lines)


def pool_key(game):
    return game.mission()[2][0]


def section_change(path, value):
    def change(data):
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = value
    return change


@pytest.mark.parametrize("change, match", [
    (section_change(("signups",), []), r"^signups: the section: an object is expected"),
    (section_change(("signups", "announcement", "cap"), 1), r"^signups: announcement\.cap: A number of places"),
    (section_change(("signups", "announcement", "time_zone"), "Mars/Olympus"), r"announcement\.time_zone: Not a"),
    (section_change(("signups", "announcement", "starts_at"), "25:00"), r"announcement\.starts_at: "),
    (section_change(("signups", "announcement", "deadline"), "2031-03-01T18:00:00"), r"deadline: a date and time"),
    (section_change(("signups", "announcement", "ends_at"), "09:00:00"), r"announcement\.ends_at: The end comes"),
    (section_change(("signups", "signups", 0, "player"), 999_999), r"^signups: signups\[0\]\.player: no player"),
    (section_change(("signups", "signups", 0, "position"), 3), r"signups\[0\]\.position: a waitlisted sign-up has"),
    (section_change(("signups", "signups", 4, "position"), None), r"signups\[4\]\.position: a waitlisted sign-up"),
    (section_change(("signups", "signups", 4, "position"), 2 ** 31), r"signups\[4\]\.position: a whole number from"),
    (section_change(("signups", "signups", 0, "paid"), "maybe"), r"signups\[0\]\.paid: Value 'maybe' is not"),
    (section_change(("signups", "signups", 0, "crew_list"), "x" * 5001), r"signups\[0\]\.crew_list: A crew list"),
    (section_change(("signups", "signups", 0, "email"), "not an address"), r"signups\[0\]\.email: Enter a valid"),
    (section_change(("signups", "signups", 0, "faction"), "pirates"), r"signups\[0\]\.faction: "),
    (section_change(("signups", "signups", 0, "language"), "xx"), r"signups\[0\]\.language: a language of"),
    (section_change(("tracker",), {}), r"^tracker: the section: a list is expected"),
    (section_change(("tracker", 0, "game"), 999_999), r"^tracker: \[0\]\.game: a game of the file"),
    (section_change(("tracker", 0, "turn"), 40), r"^tracker: \[0\]\.turn: a whole number from 1 to 7"),
    (section_change(("tracker", 0, "vp_a"), 9), r"^tracker: \[0\]: vp_a and vp_b are not what its lines add"),
    (section_change(("tracker", 0, "lines", 0, "strategy"), 21), r"lines\[0\]\.strategy: a whole number from 0 to"),
    (section_change(("tracker", 0, "lines", 0, "turn"), 3), r"lines\[0\]\.turn: a whole number from 1 to 2"),
    (section_change(("tracker", 0, "lines", 0, "objection"), "x" * 201), r"lines\[0\]\.objection: text of at"),
    (section_change(("tracker", 0, "lines", 0, "side"), "c"), r"lines\[0\]: side and by are a or b"),
    (section_change(("tracker", 0, "lines", 1, "schemes"), {"made-up": 1}), r"'made-up' is no scheme that side"),
    (section_change(("tracker", 0, "manifest"), {"a": 3}), r"manifest\.a: a whole number from 0 to 2"),
    (section_change(("tracker", 0, "schemes"), {"a": [{"scheme": "x"}]}), r"schemes\.a\[0\]: an object of"),
])
def test_a_section_that_does_not_fit_refuses_the_whole_file(whole, change, match):
    _, data, _ = whole
    change(data)
    before = every_row()
    with pytest.raises(BackupError, match=match):
        import_event(data)
    assert every_row() == before


def test_a_file_of_version_2_without_the_run_up_still_restores(whole):
    event, data, _ = whole
    for name in ("signups", "tracker"):
        data.pop(name)
    data["version"] = 2
    for player in data["players"]:
        player.pop("email")
    restored = import_event(data)
    assert not SignUp.objects.filter(event=restored).exists() and restored.players.count() == 4
    assert set(restored.players.values_list("email", flat=True)) == {""}


def test_before_the_day_the_copys_waitlist_moves_up_in_its_order(db):
    """An event announced with a cap of 2 and four sign-ups, before any round: its file has no teams or
    trackers; in the copy, a place freed goes to the first waitlisted, as in the original it would."""
    event, organizer = open_event(cap=2)
    announcements.announcement_update(event=event, by=organizer, venue="The Hall",
                                      deadline=DEADLINE - timedelta(days=1))
    for name, faction in PEOPLE[:4]:
        signed_up(event, name, faction=faction)
    signups.waitlist_reorder(event=event, order=[s.pk for s in reversed(waitlist(event))], by=organizer)
    data = json.loads(json.dumps(export_event(Event.objects.get(pk=event.pk))))
    assert data["tracker"] is None and data["teams"] is None and data["signups"]["signups"]
    restored = import_event(data)
    assert Announcement.objects.get(event=restored).venue == "The Hall"
    assert [s.name for s in waitlist(restored)] == [s.name for s in waitlist(event)] == ["Dee Dunn", "Cid Cole"]
    signups.signup_withdraw(signup=SignUp.objects.get(event=restored, name="Ann Arbor"))
    assert SignUp.objects.get(event=restored, name="Dee Dunn").state == REGISTERED
    assert SignUp.objects.get(event=event, name="Dee Dunn").state == WAITLISTED


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_whole_event_file_mutated_anywhere_restores_or_is_refused_and_changes_nothing(whole, data):
    """One to three changes anywhere in the whole event's file (the run-up and the trackers included): a key
    deleted, a value of another kind, a huge text or number. A restore, or a BackupError and no row."""
    restores_or_refuses_whole(data, whole[1], lambda mutated: [p for p in paths(mutated) if p[:1] in (
        ("signups",), ("tracker",))] or list(paths(mutated))[1:], every_row)
