"""A complete event as JSON, and back: players, rounds, games, results, players' pending versions
and the audit trail. Ids are replaced by references inside the file, so a backup restores as a new
event next to the others (or on another server); accounts are matched by username.

Hand-written rather than Django's dumpdata/loaddata: those keep primary keys, so a restore would
overwrite whatever now holds those ids instead of adding the event beside it.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils import timezone

from audit.models import AuditRecord
from audit.services import jsonable
from tournaments.models import (
    AwardVote,
    ChosenAward,
    Event,
    Game,
    Player,
    PlayerReport,
    Result,
    Round,
    Seat,
    TPAdjustment,
)
from tournaments.services.changes import announce, event_change
from tournaments.services.events import free_slug
from tournaments.signals import ENTRY_RESTORED, EVENT_RESTORED

FORMAT, VERSION = "gaininggrounds-event", 1

EVENT_FIELDS = ("name", "date", "format", "rounds", "rematch_window", "awards", "tiebreaks", "scheme_chart",
                "scheme_pools", "deck_seed", "fresh_tables", "unavailable_tables", "self_reporting",
                "registration_open", "encounter_size", "round_minutes", "missions", "missions_plan", "dead_mans_hand",
                "check_in_on_the_day", "finished_at", "player_votes", "late_arrivals", "conceder")
# Fields a backup made before they existed may lack: restored as the model's defaults.
LATER_EVENT_FIELDS = ("encounter_size", "round_minutes", "missions", "missions_plan", "dead_mans_hand",
                      "check_in_on_the_day", "finished_at", "player_votes", "late_arrivals", "conceder")
GAME_FIELDS = ("table", "flags", "strategy", "deployment", "scheme_pool")
LATER_FIELDS = ("strategy", "deployment", "scheme_pool", "leader_a", "leader_b", "mission", "absent", "place",
                "no_show")
PLAYER_FIELDS = ("name", "faction", "club", "checked_in", "absent", "status", "is_ringer", "pinned_table", "key",
                 "place")
ROUND_FIELDS = ("number", "strategy", "deployment", "scheme_pool", "seed", "flips", "report", "clock_started_at",
                "clock_left", "published_at")
RESULT_FIELDS = ("outcome", "loser", "turns", "breakdown", "vp_a", "tp_a", "diff_a", "vp_b", "tp_b", "diff_b",
                 "master_a", "master_b", "leader_a", "leader_b", "no_show")
VERSION_FIELDS = ("side", "outcome", "loser", "vp_a", "vp_b", "turns", "breakdown", "master_a", "master_b", "leader_a",
                  "leader_b", "mission")
AUDIT_FIELDS = ("at", "action", "by", "round_number", "table", "before", "after")
ADJUSTMENT_FIELDS = ("tp", "reason", "round_number", "by", "at")


def _fields(obj, names) -> dict:
    return {name: jsonable(getattr(obj, name)) for name in names}


def _given(data: dict, names, later=LATER_FIELDS) -> dict:
    """The fields of a backed-up row; one added after the backup was made takes the model's default."""
    return {name: data[name] for name in names if name in data or name not in later}


def export_event(event: Event) -> dict:
    """Everything of the event, in a fixed number of queries."""
    username = {u.pk: u.get_username() for u in get_user_model().objects.filter(
        pk__in=[event.created_by_id, *event.organizers.values_list("pk", flat=True),
                *event.players.exclude(user=None).values_list("user_id", flat=True),
                *event.audit.exclude(by_user=None).values_list("by_user_id", flat=True)])}
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
        "adjustments": [{**_fields(a, ADJUSTMENT_FIELDS), "player": a.player_id}
                        for a in event.adjustments.order_by("at", "id")],
        "awards": [{"kind": a.kind, "player": a.player_id} for a in event.chosen_awards.order_by("kind")],
        "votes": [{"kind": v.kind, "voter": v.voter_id, "choice": v.choice_id}
                  for v in event.award_votes.order_by("kind", "voter_id")],
        "audit": [{**_fields(a, AUDIT_FIELDS), "player": a.player_id, "other_player": a.other_player_id,
                   "by_player": a.by_player_id, "by_user": username.get(a.by_user_id)}
                  for a in event.audit.order_by("at", "id")],
    }


class BackupError(ValueError):
    """The file is not an event backup this version can read."""


def import_event(data: dict, *, organizer=None) -> Event:
    """Restore a backup as a new event, in one transaction. `organizer` stands in for a creator whose
    account is not on this server; a private key already in use here is replaced."""
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise BackupError(f"not a {FORMAT} backup of version {VERSION}")
    users = {u.get_username(): u for u in get_user_model().objects.filter(
        username__in=[data["event"]["created_by"], *data["event"]["organizers"],
                      *[p["user"] for p in data["players"] if p["user"]],
                      *[a["by_user"] for a in data["audit"] if a["by_user"]]])}
    creator = users.get(data["event"]["created_by"]) or organizer
    if creator is None:
        raise BackupError(f"no account {data['event']['created_by']!r} here: name an organizer to restore it")
    event = Event(**_given(data["event"], EVENT_FIELDS, LATER_EVENT_FIELDS), created_by=creator)
    with event_change(event, lock=False):
        event.slug = free_slug(data["event"]["name"])
        event.save()
        event.organizers.add(creator, *[users[u] for u in data["event"]["organizers"] if u in users])
        taken = set(Player.objects.filter(key__in=[p["key"] for p in data["players"]]).values_list("key", flat=True))
        players = {}
        for p in data["players"]:
            fields = {k: v for k, v in _given(p, PLAYER_FIELDS).items() if k != "key" or v not in taken}
            players[p["ref"]] = Player.objects.create(event=event, user=users.get(p["user"]), **fields)
            # people: who the entry is (the backup's person when they are on this server)
            announce(event, ENTRY_RESTORED, player=players[p["ref"]], user=users.get(p["user"]),
                     person=p.get("person"))
        for r in data["rounds"]:
            # A backup from before drafts existed: every round in it was published.
            rnd = Round.objects.create(event=event, **{"published_at": timezone.now(),
                                                       **_given(r, ROUND_FIELDS, later=("published_at",))})
            for g in r["games"]:
                game = Game.objects.create(round=rnd, **_given(g, GAME_FIELDS), player_a=players[g["player_a"]],
                                           player_b=players[g["player_b"]] if g["player_b"] else None)
                Seat.objects.bulk_create(Seat(round=rnd, game=game, player=players[ref])
                                         for ref in (g["player_a"], g["player_b"]) if ref)
                if g["result"]:
                    Result.objects.create(game=game, entered_by=users.get(g["result"]["entered_by"]),
                                          **_given(g["result"], RESULT_FIELDS))
                PlayerReport.objects.bulk_create(PlayerReport(game=game, **_given(v, VERSION_FIELDS))
                                                 for v in g["versions"])
        for a in data.get("adjustments", []):  # none in a backup made before bonus and penalty TP existed
            adjustment = TPAdjustment.objects.create(event=event, player=players[a["player"]],
                                                     **{k: a[k] for k in ADJUSTMENT_FIELDS if k != "at"})
            TPAdjustment.objects.filter(pk=adjustment.pk).update(at=a["at"])  # auto_now_add ignores a given time
        # None in a backup made before awards were chosen and voted for.
        ChosenAward.objects.bulk_create(ChosenAward(event=event, kind=a["kind"], player=players[a["player"]])
                                        for a in data.get("awards", []))
        AwardVote.objects.bulk_create(AwardVote(event=event, kind=v["kind"], voter=players[v["voter"]],
                                                choice=players[v["choice"]]) for v in data.get("votes", []))
        # A player removed before the backup has no entry to point to any more: their records keep the
        # name in `by`/`before` and lose the link.
        AuditRecord.objects.bulk_create(AuditRecord(
            event=event, **{k: a[k] for k in AUDIT_FIELDS}, player=players.get(a["player"]),
            other_player=players.get(a["other_player"]), by_player=players.get(a["by_player"]),
            by_user=users.get(a["by_user"])) for a in data["audit"])
        announce(event, EVENT_RESTORED)
    return event

