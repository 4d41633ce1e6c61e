"""Player awards beyond the standings: best painted and best sportsmanship, named by the organizer or
voted by the players from their private pages (one vote each, not for oneself, counted when the event
ends); the wooden spoon and the best in each faction come from the final standings."""
from __future__ import annotations

from collections import Counter

from audit.services import record
from scoring.messages import say
from scoring.problems import conflict, invalid
from tournaments import selectors
from tournaments.models import CHOSEN_AWARDS, AwardVote, ChosenAward, Event, Player
from tournaments.services.changes import event_change
from tournaments.standings import DISQUALIFIED


def awards_vote(*, player: Player, choices: dict[str, int | None]) -> None:
    """A player's ballot, one vote per award named in `choices` (None: that vote withdrawn), in one
    transaction: all saved or none."""
    with event_change(player.event):
        for kind, choice in choices.items():
            award_vote(player=player, kind=kind, choice=choice)


def awards_choose(*, event: Event, choices: dict[str, int | None], by) -> None:
    """The organizer's choice of each award named in `choices` (None: left to the votes), in one
    transaction: all saved or none."""
    with event_change(event) as event:
        for kind, player in choices.items():
            award_choose(event=event, kind=kind, player=player, by=by)


def voting_open(event: Event) -> bool:
    """Whether the players vote now: votes on, from round 1 until the event is finished."""
    return bool(event.player_votes) and event.finished_at is None and bool(selectors.latest_round_number(event))


def may_vote(player: Player) -> bool:
    return not player.is_ringer and player.status != DISQUALIFIED


def award_candidates(event: Event, voter: Player | None = None):
    """Whom an award may go to: the event's players but the Ringer and those who did not play (and, for a
    voter, not themselves), by name."""
    players = event.players.filter(is_ringer=False).exclude(pk__in=selectors.non_players(event))
    return (players.exclude(pk=voter.pk) if voter is not None else players).order_by("name")


def award_ballot(event: Event, player: Player) -> dict[str, int | None]:
    """The player's own votes by award (None: no vote yet)."""
    mine = dict(AwardVote.objects.filter(event=event, voter=player).values_list("kind", "choice_id"))
    return {kind: mine.get(kind) for kind in CHOSEN_AWARDS}


def award_tallies(event: Event) -> dict[str, dict]:
    """Each award's standing for its organizers: the player chosen (or None) and the votes cast, most first
    as (player id, name, votes)."""
    chosen = dict(event.chosen_awards.values_list("kind", "player_id"))
    votes: dict[str, Counter] = {kind: Counter() for kind in CHOSEN_AWARDS}
    for kind, choice, name in event.award_votes.values_list("kind", "choice_id", "choice__name"):
        votes.setdefault(kind, Counter())[(choice, name)] += 1
    return {kind: {"chosen": chosen.get(kind),
                   "votes": [(pk, name, n) for (pk, name), n in votes[kind].most_common()]}
            for kind in CHOSEN_AWARDS}


def award_vote(*, player: Player, kind: str, choice: int | None) -> None:
    """A player's vote (or, with no choice, its withdrawal), while the event runs."""
    if kind not in CHOSEN_AWARDS:
        raise invalid("unknown_award", say("No such award."), "kind")
    with event_change(player.event) as event:
        if not event.player_votes:
            raise conflict("votes_off", say("The organizer names this event's awards: there is no vote."))
        if not voting_open(event):
            raise conflict("votes_closed", say("Votes are open from round 1 until the event is finished."))
        if not may_vote(player):
            raise conflict("may_not_vote", say("The Ringer and a disqualified player do not vote."))
        if choice is None:
            AwardVote.objects.filter(event=event, kind=kind, voter=player).delete()
            return
        chosen = award_candidates(event, player).filter(pk=choice).first()
        if chosen is None:
            raise invalid("vote_not_allowed", say("Vote for another player of this event (not for yourself)."),
                          kind)
        AwardVote.objects.update_or_create(event=event, kind=kind, voter=player, defaults={"choice": chosen})
        record(event, player, "award_voted", player=player, after={"kind": kind})  # whom: secret until counted


def award_choose(*, event: Event, kind: str, player: int | None, by) -> None:
    """The organizer names an award's winner (or, with none, leaves it to the votes); recorded."""
    if kind not in CHOSEN_AWARDS:
        raise invalid("unknown_award", say("No such award."), "kind")
    with event_change(event) as event:
        if player is None:
            ChosenAward.objects.filter(event=event, kind=kind).delete()
            record(event, by, "award_given", after={"kind": kind, "player": None})
            return
        winner = event.players.filter(pk=player, is_ringer=False).first()
        if winner is None:
            raise invalid("unknown_player", say("Choose a player of this event."), kind)
        if winner.pk in selectors.non_players(event):
            raise invalid("did_not_play", say("{name} did not play: awards go to those who played.",
                                              name=winner.name), kind)
        ChosenAward.objects.update_or_create(event=event, kind=kind, defaults={"player": winner})
        record(event, by, "award_given", player=winner, after={"kind": kind})


def wooden_spoon(ranked: list, *, rank) -> list:
    """Everyone sharing the last place of the standings still in play; nobody when all share one place. Who
    did not play (no rank) is never last among those who did."""
    ranked = [row for row in ranked if rank(row) is not None]
    if not ranked or rank(ranked[0]) == rank(ranked[-1]):
        return []
    return [row for row in ranked if rank(row) == rank(ranked[-1])]


def award_winners(event: Event) -> dict[str, list[Player]]:
    """Each award's winners: the organizer's choice, else (votes on) the most voted players, ties shared."""
    winners: dict[str, list[Player]] = {}
    chosen = {a.kind: a.player for a in ChosenAward.objects.filter(event=event).select_related("player")}
    votes = Counter(AwardVote.objects.filter(event=event).values_list("kind", "choice")) if event.player_votes \
        else Counter()
    players = {p.pk: p for p in event.players.all()}
    for kind in CHOSEN_AWARDS:
        if kind in chosen:
            winners[kind] = [chosen[kind]]
            continue
        counts = {choice: n for (k, choice), n in votes.items() if k == kind}
        if counts:
            most = max(counts.values())
            winners[kind] = sorted((players[c] for c, n in counts.items() if n == most), key=lambda p: p.name)
    return winners
