"""Statistics of play, stored: each event's tallies rewritten when its games change, and the edition's
summed from them (one GROUP BY), by the same refresh as the ratings."""
from __future__ import annotations

from collections import Counter
from datetime import date

from django.db.models import Count, Sum

from people.models import EditionTally, EventTally
from ratings.tallies import Side, Tally, tallies
from scoring.formats import FORMATS
from scoring.validator import PLAYED
from tournaments.models import Event, Player, Result

COUNTS = ("games", "wins", "draws", "losses", "scored", "vp")
BATCH = 2000


def played_sides(events: list[int]) -> dict[int, list[Side]]:
    """The sides of every played game of these events (not against the Ringer), by event."""
    rows = Result.objects.filter(
        outcome=PLAYED, game__round__event__in=events, game__round__published_at__isnull=False,
        game__player_a__is_ringer=False, game__player_b__is_ringer=False,
    ).values_list("game__round__event_id", "tp_a", "tp_b", "game__player_a__faction", "game__player_b__faction",
                  "master_a", "leader_a", "master_b", "leader_b", "game__strategy", "game__deployment",
                  "game__round__strategy", "game__round__deployment", "breakdown")
    sides: dict[int, list[Side]] = {}
    for (event, tp_a, tp_b, faction_a, faction_b, master_a, leader_a, master_b, leader_b, own_strategy,
         own_deployment, strategy, deployment, breakdown) in rows.iterator(chunk_size=BATCH):
        score = 1.0 if tp_a > tp_b else 0.5 if tp_a == tp_b else 0.0
        strategy, deployment = (own_strategy, own_deployment) if own_strategy else (strategy, deployment)
        for faction, opponent, mine, leader, side in ((faction_a, faction_b, score, master_a or leader_a, "a"),
                                                       (faction_b, faction_a, 1 - score, master_b or leader_b, "b")):
            schemes = tuple((s["scheme"], int(s.get("vp", 0))) for s in (breakdown or {}).get(side, {}).get(
                "schemes", ()) if s.get("scheme"))
            sides.setdefault(event, []).append(Side(faction=faction, opponent=opponent, score=mine, leader=leader,
                                                    strategy=strategy, deployment=deployment, schemes=schemes))
    return sides


def tallies_refresh(edition: str, since: date) -> None:
    """Rewrite the tallies of the edition's events from `since` on, then the edition's sums."""
    formats = [f.key for f in FORMATS.values() if f.edition == edition]
    events = list(Event.objects.filter(format__in=formats, date__gte=since).values_list("pk", flat=True))
    sides = played_sides(events)
    entries: dict[int, Counter] = {}
    for event, faction, players in (Player.objects.filter(event__in=events, is_ringer=False)
                                    .values_list("event", "faction").annotate(n=Count("id"))):
        entries.setdefault(event, Counter())[faction] = players
    EventTally.objects.filter(edition=edition, event__date__gte=since).delete()
    EventTally.objects.filter(event__in=events).delete()  # an event moved to another edition's format
    EventTally.objects.bulk_create(
        (EventTally(event_id=event, edition=edition, kind=kind, key=key[:80], other=other[:80], **_counts(tally))
         for event in events
         for (kind, key, other), tally in tallies(sides.get(event, []), entries.get(event)).items()),
        batch_size=BATCH)
    EditionTally.objects.filter(edition=edition).delete()
    EditionTally.objects.bulk_create(
        (EditionTally(edition=edition, kind=kind, key=key, other=other, **counts)
         for (kind, key, other), counts in _sums(EventTally.objects.filter(edition=edition))), batch_size=BATCH)


def _counts(tally: Tally) -> dict:
    return {name: getattr(tally, name) for name in COUNTS}


def _sums(rows):
    """Tally rows summed by the database per (kind, key, other)."""
    summed = (rows.values("kind", "key", "other").annotate(**{f"sum_{name}": Sum(name) for name in COUNTS})
              .order_by())
    for row in summed:
        yield (row["kind"], row["key"], row["other"]), {name: row[f"sum_{name}"] for name in COUNTS}


def event_tallies(event) -> dict[tuple[str, str, str], Tally]:
    return _read(EventTally.objects.filter(event=event))


def edition_tallies(edition: str) -> dict[tuple[str, str, str], Tally]:
    return _read(EditionTally.objects.filter(edition=edition))


def events_tallies(events: list[int]) -> dict[tuple[str, str, str], Tally]:
    """Several events' tallies (a series'), summed by the database."""
    return {key: Tally(**counts) for key, counts in _sums(EventTally.objects.filter(event__in=events))}


def _read(rows) -> dict[tuple[str, str, str], Tally]:
    return {(r["kind"], r["key"], r["other"]): Tally(**{name: r[name] for name in COUNTS})
            for r in rows.values("kind", "key", "other", *COUNTS)}
