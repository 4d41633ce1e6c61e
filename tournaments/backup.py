"""A complete event as JSON: players, rounds, games (each with its time extension), results, players' pending
versions, the event's judges and the audit trail (restored by `tournaments.restore`), and the sections other
apps register (teams, the run-up, the trackers, the event's season pack; docs/console.md says what a backup
holds and leaves out, and why). Ids are replaced by references inside the file, so a backup restores as a new
event next to the others (or on another server); accounts are named by username, and a restore only asks
them (people's pending links).
Votes travel as tallies (who voted, how many votes each player got), never who voted for whom: a backup
is a file handed around, and the ballot is secret.

Hand-written rather than Django's dumpdata/loaddata: those keep primary keys, so a restore would
overwrite whatever now holds those ids instead of adding the event beside it.
"""
from __future__ import annotations

from collections import Counter

from django.contrib.auth import get_user_model

from audit.services import jsonable
from tournaments.backup_format import (
    ADJUSTMENT_FIELDS,
    AUDIT_FIELDS,
    EVENT_FIELDS,
    FORMAT,
    GAME_FIELDS,
    JUDGE_FIELDS,
    PLAYER_FIELDS,
    PRELUDES,
    RESULT_FIELDS,
    ROUND_FIELDS,
    SECTIONS,
    VERSION,
    VERSION_FIELDS,
)
from tournaments.models import Event, Game
from tournaments.restore import BackupError, import_event

__all__ = ["BackupError", "export_event", "import_event"]


def _fields(obj, names) -> dict:
    return {name: jsonable(getattr(obj, name)) for name in names}


def export_event(event: Event) -> dict:
    """Everything of the event, in a fixed number of queries."""
    username = {u.pk: u.get_username() for u in get_user_model().objects.filter(
        pk__in=[event.created_by_id, *event.organizers.values_list("pk", flat=True),
                *event.players.exclude(user=None).values_list("user_id", flat=True),
                *event.audit.exclude(by_user=None).values_list("by_user_id", flat=True),
                *[pk for pair in event.judges.values_list("user_id", "added_by_id") for pk in pair if pk]])}
    games = Game.objects.filter(round__event=event).select_related("result").prefetch_related("reports")
    games_by_round: dict[int, list] = {}
    for game in games.order_by("round__number", "id"):
        result = getattr(game, "result", None)
        games_by_round.setdefault(game.round_id, []).append({
            "ref": game.pk, "player_a": game.player_a_id, "player_b": game.player_b_id,
            **_fields(game, GAME_FIELDS),
            "result": {**_fields(result, RESULT_FIELDS),
                       "entered_by": username.get(result.entered_by_id)} if result else None,
            "versions": [_fields(v, VERSION_FIELDS) for v in game.reports.all()],
        })
    return {
        "format": FORMAT, "version": VERSION,
        "event": {**_fields(event, EVENT_FIELDS), "slug": event.slug, "created_by": username[event.created_by_id],
                  "organizers": sorted(username[pk] for pk in event.organizers.values_list("pk", flat=True))},
        "players": [{"ref": p.pk, **_fields(p, PLAYER_FIELDS), "user": username.get(p.user_id), "person": p.person_id}
                    for p in event.players.order_by("id")],
        "rounds": [{**_fields(r, ROUND_FIELDS), "games": games_by_round.get(r.pk, [])}
                   for r in event.round_set.order_by("number")],
        "staff": [{"username": username[j.user_id], **_fields(j, JUDGE_FIELDS),
                   "added_by": username.get(j.added_by_id)} for j in event.judges.order_by("id")],  # its judges
        "adjustments": [{**_fields(a, ADJUSTMENT_FIELDS), "player": a.player_id}
                        for a in event.adjustments.order_by("at", "id")],
        "awards": [{"kind": a.kind, "player": a.player_id} for a in event.chosen_awards.order_by("kind")],
        "votes": _tallies(event),
        "audit": [{**_fields(a, AUDIT_FIELDS), "player": a.player_id, "other_player": a.other_player_id,
                   "by_player": a.by_player_id, "by_user": username.get(a.by_user_id)}
                  for a in event.audit.order_by("at", "id")],
        **{name: export(event) for name, (export, _) in SECTIONS.items()},
        **{name: section for name, section in ((name, export(event)) for name, (export, _) in PRELUDES.items())
           if section is not None},  # the event's season pack, when it runs one
    }


def _tallies(event: Event) -> list[dict]:
    """Per award: who voted (sorted) and each choice's count, so nothing ties a voter to a choice. A list of
    {choice, votes}: references stay numbers (as an object's keys JSON would make them text)."""
    votes = list(event.award_votes.values_list("kind", "voter_id", "choice_id"))
    counts = Counter((kind, choice) for kind, _, choice in votes)
    return [{"kind": kind, "voters": sorted(voter for k, voter, _ in votes if k == kind),
             "tally": [{"choice": c, "votes": n} for (k, c), n in sorted(counts.items()) if k == kind]}
            for kind in sorted({kind for kind, _, _ in votes})]
