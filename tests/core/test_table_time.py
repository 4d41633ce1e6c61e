"""Issue 54, time: a table's extension moves that table's clock and notices, never another's; the service gives
1 to 60 minutes at a time, at most 120 in all, only while the table plays, one audit line each."""
import importlib
from datetime import timedelta

import pytest
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from audit.models import AuditRecord
from scoring.problems import Conflict, Invalid
from tests.factories import event_made, make_user, results_entered, round_paired
from tournaments import services
from tournaments.clock import LAST_CALL, TIME_CALLED, table_ends, table_left, table_notice
from tournaments.models import Game, Round
from tournaments.web.presenters import clock_context

seconds = st.integers(min_value=0, max_value=4 * 3600)
minutes = st.integers(min_value=0, max_value=120)


@given(clock_left=seconds, elapsed=seconds, extras=st.lists(minutes, min_size=2, max_size=8), table=st.data())
def test_an_extension_never_moves_another_table(clock_left, elapsed, extras, table):
    """Each table's clock depends on its own minutes alone: giving one table time leaves the others as they were."""
    before = [table_left(clock_left, elapsed, extra) for extra in extras]
    chosen = table.draw(st.integers(min_value=0, max_value=len(extras) - 1))
    extras[chosen] += table.draw(st.integers(min_value=1, max_value=60))
    after = [table_left(clock_left, elapsed, extra) for extra in extras]
    assert [b for n, b in enumerate(before) if n != chosen] == [a for n, a in enumerate(after) if n != chosen]
    assert after[chosen] >= before[chosen]


@given(clock_left=seconds, elapsed=seconds, extra=minutes)
def test_a_table_ends_its_minutes_after_the_round(clock_left, elapsed, extra):
    round_left = table_left(clock_left, elapsed, 0)
    assert round_left == max(0, clock_left - elapsed)
    mine = table_left(clock_left, elapsed, extra)
    assert mine >= round_left and mine - round_left <= extra * 60
    if elapsed <= clock_left:  # the round still runs: the table is exactly its minutes behind
        assert mine == round_left + extra * 60
    assert table_ends(1_000_000, extra) == 1_000_000 + extra * 60 and table_ends(None, extra) is None
    assert table_left(None, elapsed, extra) is None


@given(clock_left=seconds, extra=minutes)
def test_a_paused_clock_shows_the_round_plus_the_minutes(clock_left, extra):
    assert table_left(clock_left, 0, extra) == clock_left + extra * 60


@given(notice=st.sampled_from([5400, 3600, 1800, LAST_CALL, TIME_CALLED]), left=seconds, extra=minutes)
def test_a_table_hears_the_clock_when_its_own_clock_gets_there(notice, left, extra):
    heard = table_notice(notice, left, extra)
    if extra == 0:
        assert heard == notice
    elif heard is not None:
        assert left <= heard <= max(notice + extra * 60, LAST_CALL)  # reached by the table, not ahead of the round
    if heard == TIME_CALLED:
        assert left == 0 or extra == 0
    assert table_notice(None, left, extra) is None


def test_the_round_calls_time_while_an_extended_table_plays_on():
    assert table_notice(TIME_CALLED, 4 * 60, 4) == LAST_CALL  # the table is in its last turn, 4 minutes left
    assert table_notice(TIME_CALLED, 0, 4) == TIME_CALLED
    assert table_notice(LAST_CALL, LAST_CALL + 240, 4) is None  # its own last call is 4 minutes later
    assert table_notice(LAST_CALL, LAST_CALL, 4) == LAST_CALL


@pytest.fixture
def playing(db):
    organizer = make_user("org")[0]
    event = event_made(organizer, players=5)
    rnd = round_paired(event, organizer)
    games = sorted(rnd.games.select_related("round__event"), key=lambda g: (g.is_bye, g.table or 0))
    return organizer, event, rnd, games  # the tables, then the bye


def test_extend_adds_minutes_and_writes_the_trail(playing):
    organizer, event, rnd, games = playing
    game = services.table_time_extend(game=games[0], minutes=4, by=organizer)
    game = services.table_time_extend(game=game, minutes=3, by=organizer)
    assert Game.objects.get(pk=game.pk).extra_minutes == 7
    assert Game.objects.get(pk=games[1].pk).extra_minutes == 0
    lines = list(AuditRecord.objects.filter(event=event, action="table_time_extended").order_by("id"))
    assert [(r.before, r.after, r.table, r.by) for r in lines] == [
        ({"extra_minutes": 0}, {"extra_minutes": 4, "minutes": 4}, game.table, "org"),
        ({"extra_minutes": 4}, {"extra_minutes": 7, "minutes": 3}, game.table, "org")]
    services.table_time_reset(game=game, by=organizer)
    services.table_time_reset(game=game, by=organizer)  # nothing to take back: no second line
    assert Game.objects.get(pk=game.pk).extra_minutes == 0
    assert list(AuditRecord.objects.filter(action="table_time_reset").values_list("before", "after")) == [
        ({"extra_minutes": 7}, {"extra_minutes": 0})]


@pytest.mark.parametrize("minutes", [0, -1, 61, "4", 2.5, None, True])
def test_minutes_out_of_range_are_refused(playing, minutes):
    organizer, _event, _rnd, games = playing
    with pytest.raises(Invalid) as refused:
        services.table_time_extend(game=games[0], minutes=minutes, by=organizer)
    assert refused.value.problems[0].code == "minutes_out_of_range"
    assert Game.objects.get(pk=games[0].pk).extra_minutes == 0


def test_at_most_two_hours_in_all(playing):
    organizer, _event, _rnd, games = playing
    services.table_time_extend(game=games[0], minutes=60, by=organizer)
    services.table_time_extend(game=games[0], minutes=55, by=organizer)
    with pytest.raises(Invalid) as refused:
        services.table_time_extend(game=games[0], minutes=6, by=organizer)
    assert refused.value.problems[0].code == "too_much_time"
    assert Game.objects.get(pk=games[0].pk).extra_minutes == 115
    assert AuditRecord.objects.filter(action="table_time_extended").count() == 2


def _code(call) -> str:
    with pytest.raises(Conflict) as refused:
        call()
    return refused.value.problems[0].code


def test_only_a_table_still_playing_gets_time(playing):
    organizer, event, rnd, games = playing
    bye = next(g for g in games if g.is_bye)
    played = next(g for g in games if not g.is_bye)
    assert _code(lambda: services.table_time_extend(game=bye, minutes=4, by=organizer)) == "table_is_bye"
    results_entered(rnd, organizer)
    assert _code(lambda: services.table_time_extend(game=played, minutes=4, by=organizer)) == "game_over"
    draft = round_paired(event, organizer, publish=False)
    table = draft.games.exclude(player_b=None).select_related("round__event").first()
    assert _code(lambda: services.table_time_extend(game=table, minutes=4, by=organizer)) == "round_not_published"
    services.round_publish(event=event, number=draft.number, by=organizer)
    old = Game.objects.select_related("round__event").get(pk=played.pk)
    assert _code(lambda: services.table_time_reset(game=old, by=organizer)) in {"round_over", "game_over"}
    results_entered(draft, organizer)
    services.event_finish(event=event, by=organizer)
    assert _code(lambda: services.table_time_extend(game=table, minutes=4, by=organizer)) == "event_finished"
    assert not AuditRecord.objects.filter(action__startswith="table_time").exists()


def test_the_clock_of_a_table_is_the_rounds_plus_its_minutes(playing):
    organizer, _event, rnd, games = playing
    tables = [g for g in games if not g.is_bye]
    services.round_clock(rnd=rnd, action="start")
    services.table_time_extend(game=tables[0], minutes=4, by=organizer)
    rnd.refresh_from_db()
    mine, other = (Game.objects.select_related("round__event").get(pk=g.pk) for g in tables[:2])
    round_view = clock_context(rnd)
    extended, unmoved = clock_context(rnd, mine.extra_minutes), clock_context(rnd, other.extra_minutes)
    assert unmoved == round_view
    assert extended["clock_ends"] == round_view["clock_ends"] + 240
    assert round_view["clock_left"] <= extended["clock_left"] - 240 <= round_view["clock_left"] + 1
    assert extended["extra_minutes"] == 4 and round_view["extra_minutes"] == 0
    services.round_clock(rnd=rnd, action="pause")
    rnd.refresh_from_db()
    assert clock_context(rnd, 4)["clock_left"] == rnd.clock_left + 240
    rnd.clock_started_at, rnd.clock_left = timezone.now() - timedelta(hours=3), 120 * 60  # the round is long over
    assert clock_context(rnd, 4)["clock_left"] == 0 and clock_context(rnd)["clock_left"] == 0


def test_the_line_is_the_same_once_the_trail_lists_the_action(playing, monkeypatch):
    """Written as audit.services.record writes it, whether or not its list names the table's time yet."""
    from audit.services import ACTIONS

    organizer, _event, _rnd, games = playing
    services.table_time_extend(game=games[0], minutes=4, by=organizer)
    monkeypatch.setitem(ACTIONS, "table_time_extended", "A table was given extra time.")
    services.table_time_extend(game=games[1], minutes=4, by=organizer)
    fields = ("round_number", "player_id", "other_player_id", "by", "by_user_id", "before", "after")
    first, second = (AuditRecord.objects.filter(action="table_time_extended", table=g.table).values(*fields).get()
                     for g in games[:2])
    assert first["by"] == second["by"] == "org" and first["by_user_id"] == organizer.pk
    assert (first["player_id"], first["other_player_id"]) == (games[0].player_a_id, games[0].player_b_id)
    assert first["round_number"] == second["round_number"] == 1 and first["after"] == second["after"]


def test_a_tables_last_call_and_time_up_are_queued_its_minutes_later(playing, monkeypatch,
                                                                     django_capture_on_commit_callbacks):
    clock_service = importlib.import_module("tournaments.services.round_clock")  # the module, not the function

    organizer, _event, rnd, games = playing
    queued = []
    monkeypatch.setattr(clock_service, "runs_later", lambda: True)
    monkeypatch.setattr(clock_service, "queue", lambda name, *args, eta: queued.append((name, args, eta)))
    with django_capture_on_commit_callbacks(execute=True):
        services.table_time_extend(game=games[0], minutes=4, by=organizer)  # the clock is stopped: nothing yet
    assert queued == []
    with django_capture_on_commit_callbacks(execute=True):
        services.round_clock(rnd=rnd, action="start")
    rnd.refresh_from_db()
    rounds = {args[2]: eta for name, args, eta in queued if name == "tournaments.tasks.clock_notice"}
    tables = {args[2]: (args, eta) for name, args, eta in queued if name == "tournaments.tasks.table_clock_notice"}
    assert set(tables) == {LAST_CALL, TIME_CALLED}  # the 30-minute steps are the round's alone
    for left, (args, eta) in tables.items():
        assert args == (games[0].pk, rnd.clock_started_at.isoformat(), left, 4)
        assert (eta - rounds[left]).total_seconds() == 240
    queued.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.table_time_extend(game=games[1], minutes=2, by=organizer)  # while it runs: queued at once
    assert {(args[0], args[3]) for _name, args, _eta in queued} == {(games[1].pk, 2)}


def test_a_tables_notice_is_said_once_to_its_table_and_only_for_its_extension(playing, monkeypatch):
    from tournaments import signals
    from tournaments.clock import latest_notice
    from tournaments.services.round_clock import table_notice_say

    organizer, event, rnd, games = playing
    told = []

    def heard(sender, kind, event, **details):
        told.append((kind, details.get("game"), details["left"])) if kind == signals.CLOCK_CALLED else None

    signals.tournament_changed.connect(heard)
    try:
        services.round_clock(rnd=rnd, action="start")
        services.table_time_extend(game=games[0], minutes=4, by=organizer)
        run = Round.objects.get(pk=rnd.pk).clock_started_at.isoformat()
        assert not table_notice_say(game_id=games[0].pk, run=run, left=0, extra_minutes=3)  # an older extension
        assert not table_notice_say(game_id=games[0].pk, run="another run", left=0, extra_minutes=4)
        assert table_notice_say(game_id=games[0].pk, run=run, left=0, extra_minutes=4)
        assert not table_notice_say(game_id=games[0].pk, run=run, left=0, extra_minutes=4)  # said once
        assert [(kind, game.pk, left) for kind, game, left in told] == [(signals.CLOCK_CALLED, games[0].pk, 0)]
        rnd.refresh_from_db()
        assert latest_notice(rnd.clock_notices, run) is None  # the round itself has not called time
        assert not table_notice_say(game_id=999999, run=run, left=0, extra_minutes=4)
    finally:
        signals.tournament_changed.disconnect(heard)
