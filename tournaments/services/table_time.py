"""A table's time extension: a judge (or an organizer) gives one table extra minutes, typically the minutes a
judge's call took; that table's clock, last-turn call and time-up come that much later, and no other table's
clock moves (tournaments.clock.table_left). The caller checks the rights (tournaments.access.is_staff)."""
from __future__ import annotations

from django.db import transaction

from audit.models import AuditRecord
from audit.services import ACTIONS, actor_fields, record
from scoring.messages import say
from scoring.problems import conflict, invalid
from tournaments import selectors
from tournaments.models import Game
from tournaments.services.changes import SHARED, event_change
from tournaments.services.events import refuse_if_finished
from tournaments.services.round_clock import table_notices_schedule

STEP_MINUTES = (1, 60)  # at a time
MOST_MINUTES = 120  # in all, for one table


def table_time_extend(*, game: Game, minutes, by) -> Game:
    """Give the table `minutes` more (1 to 60 at a time, at most 120 in all), while its round is being
    played: published, the latest, the game without a result. One audit line, before and after."""
    low, high = STEP_MINUTES
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not low <= minutes <= high:
        raise invalid("minutes_out_of_range", say("Give from {low} to {high} minutes at a time.", low=low, high=high),
                      "minutes")
    with event_change(game.round.event, lock=SHARED) as event:
        game = _playing(game)
        if game.extra_minutes + minutes > MOST_MINUTES:
            raise invalid("too_much_time", say(
                "Table {table} already has {minutes} extra minutes: at most {most} in all.",
                table=game.table, minutes=game.extra_minutes, most=MOST_MINUTES), "minutes")
        before = game.extra_minutes
        game.extra_minutes = before + minutes
        game.save(update_fields=["extra_minutes"])
        _audit(event, by, "table_time_extended", game=game, before={"extra_minutes": before},
               after={"extra_minutes": game.extra_minutes, "minutes": minutes})
        transaction.on_commit(lambda: table_notices_schedule(game))  # its last call and time up, later
    return game


def table_time_reset(*, game: Game, by) -> Game:
    """Take a table's extension back to none (given by mistake); nothing recorded when it had none."""
    with event_change(game.round.event, lock=SHARED) as event:
        game = _playing(game)
        if game.extra_minutes:
            before, game.extra_minutes = game.extra_minutes, 0
            game.save(update_fields=["extra_minutes"])
            _audit(event, by, "table_time_reset", game=game, before={"extra_minutes": before},
                   after={"extra_minutes": 0})
    return game  # its queued notices name the old extension: ignored when their moment comes


def _audit(event, by, action: str, *, game: Game, before: dict, after: dict) -> None:
    """The audit line; until the trail lists the table's time (audit.services.ACTIONS, which its console words
    follow), the same line written as record() writes it."""
    if action in ACTIONS:
        record(event, by, action, game=game, before=before, after=after)
    else:
        AuditRecord.objects.create(event=event, action=action, round_number=game.round.number, table=game.table,
                                   player_id=game.player_a_id, other_player_id=game.player_b_id, before=before,
                                   after=after, **actor_fields(by))


def _playing(game: Game) -> Game:
    """The game, locked, if its table is still playing; else the conflict that says why not."""
    game = Game.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=game.pk)
    rnd = game.round
    refuse_if_finished(rnd.event)  # read under the event's lock (the caller's copy may be older)
    if rnd.is_draft:
        raise conflict("round_not_published", say(
            "Round {number} is not published yet: publish it before giving a table time.", number=rnd.number))
    if rnd.number != selectors.latest_round_number(rnd.event):
        raise conflict("round_over", say("Round {number} is over: only the current round's tables get time.",
                                         number=rnd.number))
    if game.is_bye:
        raise conflict("table_is_bye", say("A bye has no table and no clock."))
    if Game.objects.filter(pk=game.pk, result__isnull=False).exists():
        raise conflict("game_over", say("Table {table} has its result: its game is over.", table=game.table))
    return game
