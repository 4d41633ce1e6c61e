"""Statistics of play, stored: each event's tallies rewritten when its games change, and the edition's
summed from them, by the same refresh as the ratings."""
from __future__ import annotations

from collections import Counter
from datetime import date

from django.db.models import Count, Q

from people.models import EditionTally, EventTally
from ratings.skill import outcome_of
from ratings.tallies import Key, Side, Tally, as_counts, from_counts, summed, tallies
from scoring.formats import formats_of
from scoring.report import PLAYED
from tournaments.models import Event, Player, Result

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
        score = outcome_of(tp_a, tp_b)
        strategy, deployment = (own_strategy, own_deployment) if own_strategy else (strategy, deployment)
        for faction, opponent, mine, leader, side in ((faction_a, faction_b, score, master_a or leader_a, "a"),
                                                       (faction_b, faction_a, 1 - score, master_b or leader_b, "b")):
            schemes = tuple((s["scheme"], int(s.get("vp", 0))) for s in (breakdown or {}).get(side, {}).get(
                "schemes", ()) if s.get("scheme"))
            sides.setdefault(event, []).append(Side(faction=faction, opponent=opponent, score=mine, leader=leader,
                                                    strategy=strategy, deployment=deployment, schemes=schemes))
    return sides


def tallies_refresh(edition: str, since: date) -> None:
    """Rewrite the tallies of the edition's events from `since` on, then the edition's sums (from every
    finished event's row, so an event deleted or reopened since leaves nothing behind)."""
    formats = formats_of(edition)
    events = list(Event.objects.filter(format__in=formats, date__gte=since).values_list("pk", flat=True))
    sides = played_sides(events)
    entries: dict[int, Counter] = {}
    for event, faction, players in (Player.objects.filter(event__in=events, is_ringer=False)
                                    .values_list("event", "faction").annotate(n=Count("id"))):
        entries.setdefault(event, Counter())[faction] = players
    EventTally.objects.filter(Q(edition=edition, event__date__gte=since) | Q(event__in=events)).delete()
    EventTally.objects.bulk_create(
        (EventTally(event_id=event, edition=edition, counts=as_counts(tallies(sides.get(event, []),
                                                                               entries.get(event))))
         for event in events), batch_size=BATCH)
    # The site's figures count finished events only, as ratings do; an event's own page counts as it goes.
    EditionTally.objects.update_or_create(edition=edition, defaults={"counts": summed(
        EventTally.objects.filter(edition=edition, event__finished_at__isnull=False).values_list("counts", flat=True))})


def event_tallies(event) -> dict[Key, Tally]:
    row = EventTally.objects.filter(event=event).values_list("counts", flat=True).first()
    return from_counts(row or {})


def edition_tallies(edition: str) -> dict[Key, Tally]:
    row = EditionTally.objects.filter(edition=edition).values_list("counts", flat=True).first()
    return from_counts(row or {})


def events_tallies(events: list[int]) -> dict[Key, Tally]:
    """Several events' tallies (a series'), summed."""
    return from_counts(summed(EventTally.objects.filter(event__in=events).values_list("counts", flat=True)))
