"""Issue 54, penalties: a judge gives a player a step of the ladder with a reason, its effect made by the
tournament's own record in the same transaction (a warning's line, a TP penalty, a forfeit, the
disqualification); a repeat of a reason is advised the next step, never given alone; the organizer sets the
ladder; who may do what; a refused penalty changes nothing."""
import pytest

from audit.models import AuditRecord
from judges import penalties
from judges.ladder import DISQUALIFICATION, GAME_LOSS, TP_PENALTY, WARNING
from judges.models import Penalty
from scoring.problems import Conflict, Invalid
from tournaments.models import EventJudge, TPAdjustment
from tournaments.standings import DISQUALIFIED


def test_a_repeat_is_advised_the_next_step_which_the_judge_then_gives(floor):
    player, judge = floor["games"][0].player_a, floor["judge"]
    first = penalties.penalty_suggestion(player=player, reason="slow_play")
    assert first.step == WARNING and first.earlier == 0
    penalties.penalty_give(player=player, by=judge, reason="slow_play", step=WARNING, note="turn 3 ran long")
    assert not TPAdjustment.objects.filter(player=player).exists()  # a warning moves no standings
    assert AuditRecord.objects.filter(player=player, action="player_warned", by="sam").exists()
    advised = penalties.penalty_suggestion(player=player, reason="slow_play")
    assert advised.step == TP_PENALTY and advised.earlier == 1 and advised.previous == WARNING
    assert "TP penalty" in penalties.suggestion_words(advised, "slow_play")
    assert Penalty.objects.filter(player=player).count() == 1  # advice alone gives nothing
    assert penalties.penalty_suggestion(player=player, reason="late").step == WARNING  # another reason: afresh
    given = penalties.penalty_give(player=player, by=judge, reason="slow_play", step=TP_PENALTY)
    assert given.tp == 1 and given.adjustment.tp == -1 and given.adjustment.player == player
    assert AuditRecord.objects.filter(player=player, action="penalty_given", by="sam").count() == 2


def test_the_organizers_ladder_sets_the_advice_and_a_tp_penaltys_size(floor):
    event, player = floor["event"], floor["games"][0].player_b
    penalties.ladder_set(event=event, by=floor["organizer"], steps=[WARNING, WARNING, TP_PENALTY], tp=2)
    penalties.penalty_give(player=player, by=floor["judge"], reason="late", step=WARNING)
    assert penalties.penalty_suggestion(player=player, reason="late").step == WARNING
    penalties.penalty_give(player=player, by=floor["judge"], reason="late", step=WARNING)
    advised = penalties.penalty_suggestion(player=player, reason="late")
    assert advised.step == TP_PENALTY
    assert penalties.penalty_give(player=player, by=floor["judge"], reason="late", step=TP_PENALTY).adjustment.tp == -2
    with pytest.raises(Conflict):
        penalties.ladder_set(event=event, by=floor["judge"], steps=[WARNING], tp=1)
    for steps, tp in (([], 1), ([TP_PENALTY, WARNING], 1), (["yellow card"], 1), ([WARNING], 0), ([WARNING], 9),
                      ("warning", 1), ([WARNING], "1")):
        with pytest.raises(Invalid):
            penalties.ladder_set(event=event, by=floor["organizer"], steps=steps, tp=tp)
    assert penalties.ladder_of(event) == ((WARNING, WARNING, TP_PENALTY), 2)


def test_a_game_loss_forfeits_the_current_game_against_the_player(floor):
    game = floor["games"][1]
    penalties.penalty_give(player=game.player_b, by=floor["judge"], reason="unsportsmanlike", step=GAME_LOSS)
    game.refresh_from_db()
    assert game.result.outcome == "forfeited" and game.result.loser == "b"
    before = Penalty.objects.count()
    with pytest.raises(Conflict) as refused:  # the game has a result now: the organizer corrects it
        penalties.penalty_give(player=game.player_a, by=floor["judge"], reason="late", step=GAME_LOSS)
    assert refused.value.problems[0].code == "game_has_result" and Penalty.objects.count() == before


def test_only_an_organizer_or_the_head_judge_disqualifies(floor):
    player, judge = floor["games"][0].player_a, floor["judge"]
    with pytest.raises(Conflict) as refused:
        penalties.penalty_give(player=player, by=judge, reason="unsportsmanlike", step=DISQUALIFICATION)
    assert refused.value.problems[0].code == "not_head" and not Penalty.objects.exists()
    EventJudge.objects.filter(user=judge).update(head=True)
    penalties.penalty_give(player=player, by=judge, reason="unsportsmanlike", step=DISQUALIFICATION)
    player.refresh_from_db()
    assert player.status == DISQUALIFIED
    with pytest.raises(Conflict):  # disqualified: nothing more, and nothing recorded
        penalties.penalty_give(player=player, by=judge, reason="late", step=TP_PENALTY)
    assert Penalty.objects.filter(player=player).count() == 1


def test_strangers_and_bad_input_change_nothing(floor):
    player = floor["games"][0].player_a
    with pytest.raises(Conflict):
        penalties.penalty_give(player=player, by=floor["stranger"], reason="late", step=WARNING)
    for reason, step, note in (("naughty", WARNING, ""), ("late", "yellow", ""), ("late", WARNING, "x" * 301),
                               ("late", WARNING, "a\x00b"), ("late", WARNING, 7)):
        with pytest.raises(Invalid):
            penalties.penalty_give(player=player, by=floor["judge"], reason=reason, step=step, note=note)
    assert not Penalty.objects.exists() and not AuditRecord.objects.filter(action="penalty_given").exists()
