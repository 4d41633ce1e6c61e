"""The event's backup carries its calls and rulings, read back against the restored games; a wrong section
restores nothing."""
import json

import pytest

from judges import services
from judges.models import JudgeCall, Ruling
from tournaments.backup import export_event
from tournaments.backup_format import BackupError
from tournaments.models import Event
from tournaments.restore import import_event


def test_calls_and_rulings_come_back(floor):
    game, judge = floor["games"][0], floor["judge"]
    call = services.call_open(game=game, player=game.player_b, kind="rules", note="Reach")
    services.call_take(call=call, by=judge)
    services.call_close(call=call, by=judge, text="Reach is measured base to base.", rule="Measuring")
    services.call_withdraw(call=services.call_open(game=game, player=game.player_a, kind="time"),
                           player=game.player_a)
    data = json.loads(json.dumps(export_event(floor["event"])))
    copy = import_event(data)
    calls = list(JudgeCall.objects.filter(event=copy).order_by("created_at"))
    assert [(c.kind, c.note, c.player.name, c.game.table) for c in calls] == [
        ("rules", "Reach", game.player_b.name, game.table), ("time", "", game.player_a.name, game.table)]
    assert calls[0].taken_at is not None and calls[1].withdrawn_at is not None
    ruling = Ruling.objects.get(event=copy)
    assert (ruling.text, ruling.rule, ruling.by_name, ruling.call) == (
        "Reach is measured base to base.", "Measuring", "sam", calls[0])


def test_a_wrong_section_restores_nothing(floor):
    game = floor["games"][0]
    services.call_open(game=game, player=game.player_a, kind="rules")
    data = json.loads(json.dumps(export_event(floor["event"])))
    data["judges"]["calls"][0]["player"] = floor["games"][1].player_a_id
    before = Event.objects.count()
    with pytest.raises(BackupError):
        import_event(data)
    assert Event.objects.count() == before
