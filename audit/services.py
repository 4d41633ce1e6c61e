"""The audit trail: who changed what in an event, when, and from what to what.

Each write in `tournaments.services` records itself here inside its own
transaction, so a change and its record land or roll back together. Recording
has no other effect (the write path, not the trail, moves cached pages on).
"""
from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from audit.models import AuditRecord
from tournaments.models import Event, Game, Player, PlayerReport, Result

# Every action the trail knows, for the API schema and the console's labels.
ACTIONS = {
    "settings_changed": "The event's settings changed.",
    "organizer_added": "A co-organizer was added.",
    "player_registered": "A player was registered (by an organizer or by their own account).",
    "player_updated": "A player's entry was corrected.",
    "player_removed": "A mistaken registration was removed.",
    "player_checked_in": "A player was checked in.",
    "player_checked_out": "A check-in was undone: the player is expected again.",
    "player_marked_absent": "A player was marked absent: not paired until checked in.",
    "players_checked_in": "Everyone expected was checked in at once.",
    "player_dropped": "A player was dropped.",
    "player_disqualified": "A player was disqualified.",
    "player_reinstated": "A dropped player (or, explicitly, a disqualified one) was reinstated: paired again from "
                         "the next round.",
    "player_warned": "A player was warned, with the reason (GG2017: a single warning, then disqualification).",
    "tp_adjusted": "Bonus or penalty Tournament Points were given, with the reason.",
    "tp_adjustment_removed": "A bonus or penalty given by mistake was taken back.",
    "award_voted": "A player voted for an award (whom stays secret until the votes are counted).",
    "award_given": "The organizer named an award's winner (or left it to the players' votes).",
    "key_rotated": "A player's private link was replaced; the old one stopped working.",
    "round_paired": "A round was paired (published at once, or a draft for the organizers to preview).",
    "round_published": "A draft round was published: players see their tables.",
    "late_player_seated": "A player who arrived late was seated in the draft round (at the bye or the Ringer's "
                          "seat).",
    "player_no_show": "A player did not come to their table: their game forfeited, and marked absent.",
    "event_finished": "The event was finished: standings final, the clock stopped.",
    "event_reopened": "A finished event was reopened.",
    "round_removed": "The latest round was removed (redo).",
    "seats_swapped": "Two players' seats were exchanged (forced when it broke a pairing rule).",
    "result_entered": "An organizer entered or corrected a result; it counts at once.",
    "result_reported": "A player reported a result; it awaits the opponent's confirmation.",
    "report_corrected": "A player corrected their own report before confirmation.",
    "result_confirmed": "The opponent confirmed a reported result; it counts.",
    "result_disputed": "The opponent disputed a reported result with their own figures.",
    "announcement_changed": "The event's announcement changed (venue, times, price, cap, deadline, lists, mails).",
    "event_cancelled": "The event was cancelled before it started; everyone signed up was told.",
    "event_uncancelled": "A cancellation was taken back.",
    "payment_marked": "An entry was marked unpaid, paid, refunded or free (with a note).",
    "waitlist_reordered": "The organizer put the waitlist in a new order.",
    "signup_withdrawn": "A sign-up was withdrawn (registered, waitlisted or unconfirmed), by its holder or an "
                        "organizer.",
    "team_created": "A team of a team event was created.",
    "team_member_added": "A player joined a team.",
    "team_captain_set": "A team's captain was named.",
    "team_dropped": "A team left the event, its members dropped with it.",
    "team_round_paired": "A team event's round was paired: its team matches.",
    "lineup_step": "A captain placed or answered a player in a team match's lineup.",
    "lineup_set": "The organizer set who plays whom in a team match.",
    "judge_added": "An organizer named an account judge (or head judge) of the event, allowed or not to correct "
                   "results.",
    "judge_changed": "An organizer changed a judge's rights (head judge, may correct results).",
    "judge_removed": "An organizer removed a judge from the event.",
    "table_time_extended": "A judge or organizer gave a table extra minutes: its clock, last-turn call and time-up "
                           "come that much later.",
    "table_time_reset": "A table's time extension was taken back.",
    "judge_called": "A player called a judge to their table.",
    "judge_call_withdrawn": "A player withdrew their judge call.",
    "judge_call_taken": "A judge (or organizer) took a call: on the way to the table.",
    "ruling_recorded": "A judge recorded a ruling at a table (closing a call, or on their own).",
    "penalty_given": "A judge (or organizer) gave a player a penalty: a step of the ladder with its reason; its "
                     "effect (warning, TP penalty, forfeit, disqualification) has its own line.",
    "penalty_ladder_changed": "An organizer changed the event's penalty ladder (its steps, a TP penalty's size).",
}

Actor = AbstractBaseUser | Player | None


def actor_fields(by: Actor) -> dict:
    """Who acted, as the record keeps it: a user, or a player through their link or linked account."""
    if isinstance(by, Player):
        return {"by": f"{by.name} (player)", "by_player": by, "by_user": by.user if by.user_id else None}
    if by is not None and by.is_authenticated:
        return {"by": by.get_username(), "by_user": by}
    return {"by": "system"}


def record(event: Event, by: Actor, action: str, *, game: Game | None = None, round_number: int | None = None,
           player: Player | int | None = None, other_player: Player | int | None = None,
           before=None, after=None) -> AuditRecord:
    if action not in ACTIONS:
        raise ValueError(f"unknown audit action {action}")
    if game is not None:
        round_number = game.round.number
        player = player or game.player_a_id
        other_player = other_player or game.player_b_id
    return AuditRecord.objects.create(
        event=event, action=action, round_number=round_number, table=game.table if game else None,
        player_id=getattr(player, "pk", player), other_player_id=getattr(other_player, "pk", other_player),
        before=before, after=after, **actor_fields(by))


def jsonable(value):
    """A field's value as the trail (and a backup) keeps it: dates as ISO text."""
    return value.isoformat() if hasattr(value, "isoformat") else value


RESULT_FIELDS = ("outcome", "vp_a", "vp_b", "turns", "master_a", "master_b")


def result_snapshot(result: Result | None) -> dict | None:
    if result is None:
        return None
    return {**{f: getattr(result, f) for f in RESULT_FIELDS}, "loser": result.loser or None,
            "tp_a": result.tp_a, "tp_b": result.tp_b}


def version_snapshot(version: PlayerReport | None) -> dict | None:
    if version is None:
        return None
    return {**{f: getattr(version, f) for f in RESULT_FIELDS}, "loser": version.loser or None,
            "side": version.side}
