"""Every write of the penalties, behind the judge desk and the API alike: a judge of the event gives a
player a penalty (a step of the ladder, a reason, a note), its effect made by the tournament's own service
in the same transaction (a warning's line, a TP penalty's adjustment, a forfeit of the player's current game,
the disqualification); the organizer sets the event's ladder. The ladder only advises
(judges.ladder.suggest): the judge always names the step. A refused write changes nothing."""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from audit.services import record
from judges.ladder import (
    DEFAULT_LADDER,
    DEFAULT_TP,
    DISQUALIFICATION,
    GAME_LOSS,
    REASONS,
    STEPS,
    TP_PENALTY,
    TP_RANGE,
    WARNING,
    Suggestion,
    ladder_problems,
    suggest,
)
from judges.models import NOTE_LENGTH, Penalty, PenaltyLadder
from judges.services import clean_text
from scoring.messages import say
from scoring.problems import Invalid, Problem, conflict, invalid
from scoring.report import FORFEITED, Report
from tournaments import access, selectors, services
from tournaments.models import Player

REASON_WORDS = {"slow_play": "slow play", "list_error": "list or faction error",
                "unsportsmanlike": "unsportsmanlike conduct", "rules_error": "rules error", "late": "late"}
STEP_WORDS = {WARNING: "warning", TP_PENALTY: "TP penalty", GAME_LOSS: "game loss",
              DISQUALIFICATION: "disqualification"}


def ladder_of(event) -> tuple[tuple[str, ...], int]:
    """The event's steps, mildest first, and a TP penalty's size (the defaults until the organizer sets them)."""
    own = PenaltyLadder.objects.filter(event=event).first()
    return (tuple(own.steps), own.tp) if own else (DEFAULT_LADDER, DEFAULT_TP)


def ladder_set(*, event, by, steps, tp: int) -> PenaltyLadder:
    """The organizer's ladder for the event (advice for later penalties; given ones stay as they were)."""
    if not access.is_organizer(by, event):
        raise conflict("not_organizer", say("Only an organizer of this event may change its penalty ladder."))
    problems = []
    if not isinstance(steps, (list, tuple)) or not all(isinstance(s, str) for s in steps):
        problems.append(Problem("bad_steps", say("List the steps, mildest first."), "steps"))
    else:
        problems += [Problem("bad_steps", say(text), "steps") for text in ladder_problems(steps)]
    low, high = TP_RANGE
    if type(tp) is not int or not low <= tp <= high:
        problems.append(Problem("bad_tp", say("A TP penalty takes from {low} to {high} TP.", low=low, high=high),
                                "tp"))
    if problems:
        raise Invalid(*problems)
    with transaction.atomic():
        before = ladder_of(event)
        ladder, _ = PenaltyLadder.objects.update_or_create(event=event, defaults={"steps": list(steps), "tp": tp})
        record(event, by, "penalty_ladder_changed", before={"steps": list(before[0]), "tp": before[1]},
               after={"steps": list(steps), "tp": tp, "step_words": [STEP_WORDS[s] for s in steps]})
    return ladder


def player_penalties(player) -> list[Penalty]:
    return list(Penalty.objects.filter(player=player).order_by("created_at", "id"))


def penalty_suggestion(*, player, reason: str) -> Suggestion:
    """What the ladder advises for the player's next penalty for `reason`."""
    _refuse_reason(reason)
    steps, _ = ladder_of(player.event)
    earlier = [(p.reason, p.step) for p in player_penalties(player)]
    return suggest(steps, earlier, reason)


def suggestion_words(suggestion: Suggestion, reason: str) -> str:
    """"Second penalty for slow play (a warning before): the ladder says TP penalty." in the active language."""
    step = say(STEP_WORDS[suggestion.step])
    if not suggestion.earlier:
        return say("First penalty for {reason}: the ladder says {step}.", reason=say(REASON_WORDS[reason]),
                   step=step)
    return say("Penalty number {n} for {reason} (the harshest so far: {previous}): the ladder says {step}.",
               n=suggestion.earlier + 1, reason=say(REASON_WORDS[reason]),
               previous=say(STEP_WORDS[suggestion.previous]), step=step)


def penalty_give(*, player: Player, by, reason: str, step: str, note: str = "") -> Penalty:
    """A judge's penalty and its effect, in one transaction: all of it lands or nothing does."""
    event = player.event
    if not access.is_staff(by, event):
        raise conflict("not_staff", say("Only an organizer or a judge of this event may give a penalty."))
    _refuse_reason(reason)
    if step not in STEPS:
        raise invalid("bad_step", say("Name the step: a warning, a TP penalty, a game loss or a disqualification."),
                      "step")
    note = clean_text(note, NOTE_LENGTH, "note")
    if event.finished_at is not None:
        raise conflict("event_finished", say("This event is finished: no more penalties."))
    if step == DISQUALIFICATION and not access.is_head(by, event):
        raise conflict("not_head", say("Only an organizer or the head judge may disqualify a player."))
    words = say("Penalty: {reason}", reason=say(REASON_WORDS[reason]))
    with transaction.atomic():
        player = Player.objects.select_for_update().select_related("event").get(pk=player.pk)
        current, game = selectors.current_game(event, player)
        penalty = Penalty(event=event, player=player, game=game, round_number=current.number if current else None,
                          reason=reason, step=step, note=note, by=by, by_name=by.get_username(),
                          created_at=timezone.now())
        if step == WARNING:
            services.player_warn(player=player, by=by, reason=f"{words}{': ' + note if note else ''}"[:200])
        elif step == TP_PENALTY:
            penalty.tp = ladder_of(event)[1]
            penalty.adjustment = services.tp_adjust(player=player, by=by, tp=-penalty.tp, reason=words)
        elif step == GAME_LOSS:
            _game_loss(player, by, game)
        else:
            services.player_disqualify(player=player, by=by)
        penalty.save()
        record(event, by, "penalty_given", round_number=penalty.round_number, player=player,
               after={"reason": reason, "step": step, "tp": penalty.tp, "note": note,  # the words: msgids the
                      "reason_words": REASON_WORDS[reason], "step_words": STEP_WORDS[step]})  # trail translates
    return penalty


def _game_loss(player, by, game) -> None:
    """The player's game of the current round, still without a result, is forfeited against them."""
    if game is None or game.is_bye:
        raise conflict("no_game", say("{player_name} has no game in the current round to lose.",
                                      player_name=player.name))
    if hasattr(game, "result"):
        raise conflict("game_has_result", say(
            "This game has a result already: an organizer corrects it on the results board."))
    services.result_record(game=game, by=by, report=Report(outcome=FORFEITED, loser=game.side_of(player.id)))


def _refuse_reason(reason: str) -> None:
    if reason not in REASONS:
        raise invalid("bad_reason", say("Name the reason: slow play, a list or faction error, unsportsmanlike "
                                        "conduct, a rules error or being late."), "reason")
