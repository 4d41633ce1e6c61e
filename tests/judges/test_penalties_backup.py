"""The event's backup carries its penalties and its own penalty ladder: restored with their player, game,
round, reason, step, note and judge's name, a TP penalty linked again to the adjustment the tournament's part
of the file restores; a wrong penalty or ladder is refused, saying where, and restores nothing."""
import json

import pytest

from judges import penalties, services
from judges.ladder import GAME_LOSS, TP_PENALTY, WARNING
from judges.models import Penalty, PenaltyLadder
from tournaments.backup import export_event
from tournaments.backup_format import BackupError
from tournaments.models import Event, TPAdjustment
from tournaments.restore import import_event


@pytest.fixture
def penalized(floor):
    """Round 1: the table 1 player A warned, then given a TP penalty of 2 (the organizer's ladder); the
    table 2 player B given a game loss."""
    event, judge = floor["event"], floor["judge"]
    penalties.ladder_set(event=event, by=floor["organizer"], steps=[WARNING, TP_PENALTY, GAME_LOSS], tp=2)
    slow, rude = floor["games"][0].player_a, floor["games"][1].player_b
    penalties.penalty_give(player=slow, by=judge, reason="slow_play", step=WARNING, note="Turn 3 ran long")
    penalties.penalty_give(player=slow, by=judge, reason="slow_play", step=TP_PENALTY)
    penalties.penalty_give(player=rude, by=judge, reason="unsportsmanlike", step=GAME_LOSS, note="Threw dice")
    return floor


def backup(event) -> dict:
    return json.loads(json.dumps(export_event(event)))


def test_penalties_and_the_ladder_come_back(penalized):
    event = penalized["event"]
    data = backup(event)
    assert data["judges"]["ladder"] == {"steps": [WARNING, TP_PENALTY, GAME_LOSS], "tp": 2}
    copy = import_event(data)
    restored = list(Penalty.objects.filter(event=copy).select_related("player", "game", "adjustment")
                    .order_by("created_at", "id"))
    original = list(Penalty.objects.filter(event=event).select_related("player", "game").order_by("created_at", "id"))
    assert [(p.player.name, p.game.table, p.round_number, p.reason, p.step, p.tp, p.note, p.by_name, p.created_at)
            for p in restored] == [
        (p.player.name, p.game.table, p.round_number, p.reason, p.step, p.tp, p.note, "sam", p.created_at)
        for p in original]
    assert all(p.game.round.event_id == copy.pk and p.by is None for p in restored)
    warning, tp_penalty, game_loss = restored
    assert tp_penalty.adjustment is not None and tp_penalty.adjustment.event_id == copy.pk
    assert (tp_penalty.adjustment.player, tp_penalty.adjustment.tp) == (tp_penalty.player, -2)
    assert warning.adjustment is None and game_loss.adjustment is None
    assert penalties.ladder_of(copy) == ((WARNING, TP_PENALTY, GAME_LOSS), 2)
    # The restored event advises as the original did.
    advised = penalties.penalty_suggestion(player=tp_penalty.player, reason="slow_play")
    assert advised.step == GAME_LOSS and advised.earlier == 2


def test_a_tp_penalty_whose_adjustment_was_taken_back_comes_back_unlinked(penalized):
    event = penalized["event"]
    TPAdjustment.objects.filter(event=event).delete()  # taken back by the organizer: the penalty stays
    copy = import_event(backup(event))
    assert Penalty.objects.filter(event=copy, step=TP_PENALTY, adjustment=None).count() == 1


def test_a_backup_made_before_penalties_restores_with_the_default_ladder(floor):
    game = floor["games"][0]
    services.call_open(game=game, player=game.player_a, kind="rules")
    data = backup(floor["event"])
    assert data["judges"].pop("penalties") == [] and "ladder" not in data["judges"]  # as a file made before
    copy = import_event(data)
    assert not PenaltyLadder.objects.filter(event=copy).exists() and not Penalty.objects.filter(event=copy).exists()


@pytest.mark.parametrize("spoil,where", [
    (lambda s: s["penalties"][0].update(reason="cheating"), r"penalties\[0\]\.reason: one of"),
    (lambda s: s["penalties"][0].update(step="yellow_card"), r"penalties\[0\]\.step: one of"),
    (lambda s: s["penalties"][0].update(player=999999), r"penalties\[0\]\.player: a player of the file"),
    (lambda s: s["penalties"][0].update(player="1"), r"penalties\[0\]\.player: a player of the file"),
    (lambda s: s["penalties"][0].update(round_number=7), r"penalties\[0\]\.round_number: a round of the file"),
    (lambda s: s["penalties"][0].update(note="x" * 301), r"penalties\[0\]\.note: "),
    (lambda s: s["penalties"][0].update(tp=3), r"penalties\[0\]\.tp: 0 but for a TP penalty"),
    (lambda s: s["penalties"][1].update(tp=9), r"penalties\[1\]\.tp: a whole number from 1 to 5"),
    (lambda s: s["penalties"][0].update(created_at="yesterday"), r"penalties\[0\]\.created_at"),
    (lambda s: s["penalties"][0].pop("reason"), r"penalties\[0\]: 'reason' is missing"),
    (lambda s: s["penalties"].append([]), r"penalties\[3\]: an object is expected"),
    (lambda s: s.update(penalties={}), r"penalties: a list is expected"),
    (lambda s: s.update(ladder=[WARNING]), r"ladder: an object is expected"),
    (lambda s: s["ladder"].update(steps=[TP_PENALTY, WARNING]), r"ladder\.steps: Steps go from the mildest"),
    (lambda s: s["ladder"].update(steps=[]), r"ladder\.steps: A ladder has at least one step"),
    (lambda s: s["ladder"].update(steps=[{"step": WARNING}]), r"ladder\.steps: a list of steps"),
    (lambda s: s["ladder"].update(tp=0), r"ladder\.tp: a whole number from 1 to 5"),
    (lambda s: s["ladder"].update(colour="red"), r"ladder: its steps and tp, nothing else"),
    (lambda s: s.update(cards=[]), r"the section: calls, rulings, penalties and the ladder only"),
])
def test_a_wrong_penalty_or_ladder_is_refused_saying_where_and_restores_nothing(penalized, spoil, where):
    data = backup(penalized["event"])
    spoil(data["judges"])
    events, given = Event.objects.count(), Penalty.objects.count()
    with pytest.raises(BackupError, match=rf"^judges: {where}"):
        import_event(data)
    assert (Event.objects.count(), Penalty.objects.count()) == (events, given)


def test_a_penalty_named_with_another_players_game_is_refused(penalized):
    data = backup(penalized["event"])
    other = penalized["games"][1]
    data["judges"]["penalties"][0]["game"] = other.pk
    with pytest.raises(BackupError, match=r"penalties\[0\]\.game: a game of that player"):
        import_event(data)
