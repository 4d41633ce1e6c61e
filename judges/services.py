"""Every write of the calls and rulings, behind the private page, the judge desk and the API alike: a player
calls a judge to their table (one open call per game, at most CALLS_PER_ROUND a round: a flood from one link
stops there) or withdraws their call; a judge of the event takes it ("on the way") and closes it with a
ruling, or records a ruling at a table on their own. Each write checks its rules inside one transaction,
under the game's lock, and writes its audit line under the actor's name; a refused write changes nothing."""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from audit.models import AuditRecord
from audit.services import ACTIONS, actor_fields, record
from judges.models import KINDS, NOTE_LENGTH, RULE_LENGTH, TEXT_LENGTH, JudgeCall, Ruling
from scoring.messages import say
from scoring.problems import conflict, invalid
from tournaments import access, selectors, signals
from tournaments.models import Game
from tournaments.services import changes

CALLS_PER_ROUND = 3  # per player: past it, the judges are called across the hall
KIND_KEYS = tuple(key for key, _ in KINDS)


def call_open(*, game: Game, player, kind: str, note: str = "") -> JudgeCall:
    """The player calls a judge to their table: their game of the event's current round, published, no
    event finished; refused while a call of the table is open or when the player has called too often."""
    if kind not in KIND_KEYS:
        raise invalid("bad_kind", say("Say what the call is about: a rules question, time, a dispute or other."),
                      "kind")
    note = clean_text(note, NOTE_LENGTH, "note")
    with transaction.atomic():
        game = _locked(game)
        event = game.round.event
        if game.side_of(player.id) is None or game.is_bye:
            raise conflict("not_your_game", say("Only the two players of a table can call a judge to it."))
        if event.finished_at is not None:
            raise conflict("event_finished", say("This event is finished: no judge is on the floor any more."))
        if game.round.is_draft or game.round.number != selectors.latest_round_number(event):
            raise conflict("round_over", say("Judges are called to a game of the current round."))
        if JudgeCall.objects.filter(game=game, closed_at=None, withdrawn_at=None).exists():
            raise conflict("call_open", say(
                "A judge is already called to this table: wait for them, or withdraw that call."))
        if JudgeCall.objects.filter(player=player, game__round=game.round).count() >= CALLS_PER_ROUND:
            raise conflict("too_many_calls", say(
                "You have called a judge {n} times this round: raise your hand or find one at the desk.",
                n=CALLS_PER_ROUND))
        call = JudgeCall.objects.create(event=event, game=game, player=player, kind=kind, note=note,
                                        created_at=timezone.now())
        _audit(event, player, "judge_called", game, {"call": call.pk, "kind": kind, "note": note})
        # The staff's phones hear of it once it is committed; a push that cannot be queued never refuses the call.
        transaction.on_commit(lambda: changes.announce(event, signals.JUDGE_CALLED, game=game, player=player,
                                                       call=call.pk, about=kind, note=note), robust=True)
    return call


def call_withdraw(*, call: JudgeCall, player) -> JudgeCall:
    """The player who called takes their call back, while it is open."""
    with transaction.atomic():
        call = _locked_call(call)
        if call.player_id != player.id:
            raise conflict("not_your_call", say("Only the player who called can withdraw the call."))
        _refuse_closed(call)
        call.withdrawn_at = timezone.now()
        call.save(update_fields=["withdrawn_at"])
        _audit(call.event, player, "judge_call_withdrawn", call.game, {"call": call.pk})
    return call


def call_take(*, call: JudgeCall, by) -> JudgeCall:
    """A judge (or organizer) of the event is on the way; taking a call another took moves it to them."""
    _refuse_not_staff(call.event, by)
    with transaction.atomic():
        call = _locked_call(call)
        _refuse_closed(call)
        call.taken_by, call.taken_at = by, call.taken_at or timezone.now()
        call.save(update_fields=["taken_by", "taken_at"])
        _audit(call.event, by, "judge_call_taken", call.game, {"call": call.pk})
    return call


def call_close(*, call: JudgeCall, by, text: str, rule: str = "") -> Ruling:
    """The judge closes the call with their ruling (a call closed untaken counts as taken then)."""
    _refuse_not_staff(call.event, by)
    text, rule = clean_text(text, TEXT_LENGTH, "text", needed=True), clean_text(rule, RULE_LENGTH, "rule")
    with transaction.atomic():
        call = _locked_call(call)
        _refuse_closed(call)
        now = timezone.now()
        if call.taken_at is None:
            call.taken_by, call.taken_at = by, now
            _audit(call.event, by, "judge_call_taken", call.game, {"call": call.pk})
        call.closed_at = now
        call.save(update_fields=["taken_by", "taken_at", "closed_at"])
        return _ruling(call.game, by, text, rule, call=call)


def ruling_record(*, game: Game, by, text: str, rule: str = "") -> Ruling:
    """A ruling at a table without a call (a judge passing by)."""
    event = game.round.event
    _refuse_not_staff(event, by)
    text, rule = clean_text(text, TEXT_LENGTH, "text", needed=True), clean_text(rule, RULE_LENGTH, "rule")
    with transaction.atomic():
        return _ruling(_locked(game), by, text, rule)


def _ruling(game, by, text, rule, *, call=None) -> Ruling:
    ruling = Ruling.objects.create(event=game.round.event, game=game, call=call, text=text, rule=rule, by=by,
                                   by_name=by.get_username(), created_at=timezone.now())
    _audit(game.round.event, by, "ruling_recorded", game, {"call": call.pk if call else None, "text": text,
                                                           "rule": rule})
    return ruling


def clean_text(value, most: int, attr: str, *, needed: bool = False) -> str:
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise invalid("not_text", say("Write it as text."), attr)
    value = value.strip()
    if "\x00" in value:  # no database keeps it in text
        raise invalid("not_text", say("Write it as text."), attr)
    if needed and not value:
        raise invalid("empty", say("Write the ruling."), attr)
    if len(value) > most:
        raise invalid("too_long", say("At most {n} characters.", n=most), attr)
    return value


def _locked(game: Game) -> Game:
    locked = (Game.objects.select_for_update(of=("self",)).select_related("round__event")
              .filter(pk=game.pk).order_by("pk").first())
    if locked is None:
        raise conflict("game_removed", say("This game's round was removed meanwhile; reload the round."))
    return locked


def _locked_call(call: JudgeCall) -> JudgeCall:
    return JudgeCall.objects.select_for_update(of=("self",)).select_related("event", "game__round").get(pk=call.pk)


def _refuse_closed(call: JudgeCall) -> None:
    if call.withdrawn_at is not None:
        raise conflict("call_withdrawn", say("This call was withdrawn."))
    if call.closed_at is not None:
        raise conflict("call_closed", say("This call is closed already."))


def _refuse_not_staff(event, user) -> None:
    if not access.is_staff(user, event):
        raise conflict("not_staff", say("Only an organizer or a judge of this event may answer calls."))


def _audit(event, by, action: str, game, after: dict) -> None:
    """The audit line; until the trail lists the judges' actions (audit.services.ACTIONS, which its console
    words follow), the same line written as record() writes it."""
    if action in ACTIONS:
        record(event, by, action, game=game, after=after)
        return
    AuditRecord.objects.create(event=event, action=action, round_number=game.round.number, table=game.table,
                               player_id=game.player_a_id, other_player_id=game.player_b_id, after=after,
                               **actor_fields(by))
