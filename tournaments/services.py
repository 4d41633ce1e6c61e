"""Every write to an event: keyword-only arguments, one transaction each, domain errors out.

A rejected call raises before anything is saved, or inside the transaction so
that it rolls back whole.
"""
from __future__ import annotations

import secrets

from django.db import IntegrityError, transaction
from django.utils.text import slugify

from scoring.formats import Format, get_format
from scoring.problems import Invalid, Problem, conflict, invalid
from scoring.results import BYE, CONCEDED, FORFEITED, score_bye, score_report
from tournaments import selectors
from tournaments.models import Event, Game, Player, Result, Round, Seat
from tournaments.pairing import Contender, pair_round
from tournaments.standings import ACTIVE, DISQUALIFIED, DROPPED, Totals, totals_by_player


def event_create(*, user, name: str, date, format: str, rounds: int | None = None,
                 rematch_window: int = 3) -> Event:
    get_format(format)  # the serializer already checked the key; this fails loudly if a caller did not
    with transaction.atomic():
        event = Event.objects.create(name=name, slug=_free_slug(name), date=date, format=format, rounds=rounds,
                                     rematch_window=rematch_window, created_by=user)
        event.organizers.add(user)
    return event


def _free_slug(name: str) -> str:
    base = slugify(name)[:120] or "event"
    taken = set(Event.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, n = base, 1
    while slug in taken:
        n += 1
        slug = f"{base}-{n}"
    return slug


def player_register(*, event: Event, name: str, faction: str, club: str = "", is_ringer: bool = False,
                    checked_in: bool = True) -> Player:
    fmt = get_format(event.format)
    problems = []
    if fmt.faction(faction) is None:
        problems.append(Problem("unknown_faction", f"\"{faction}\" is not a faction of {fmt.name}; choose one of "
                                f"{', '.join(f.key for f in fmt.factions)}.", "faction"))
    if event.players.filter(name=name).exists():
        problems.append(Problem("duplicate_name", f"A player named \"{name}\" is already registered.", "name"))
    if is_ringer and event.players.filter(is_ringer=True).exists():
        problems.append(Problem("ringer_exists", "This event already has a Ringer; it can have only one.",
                                "is_ringer"))
    if problems:
        raise Invalid(*problems)
    with transaction.atomic():
        return Player.objects.create(event=event, name=name, faction=faction, club=club, is_ringer=is_ringer,
                                     checked_in=checked_in)


def player_check_in(*, player: Player) -> Player:
    _refuse_if_disqualified(player)
    player.checked_in = True
    player.save(update_fields=["checked_in"])
    return player


def player_drop(*, player: Player) -> Player:
    """A dropped player keeps the games played and is no longer paired."""
    _refuse_if_disqualified(player)
    player.status = DROPPED
    player.save(update_fields=["status"])
    return player


def player_disqualify(*, player: Player, user) -> Player:
    """No further part, not ranked; an unreported game of the current round is forfeited against them."""
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        player.status = DISQUALIFIED
        player.save(update_fields=["status"])
        current = player.event.round_set.order_by("-number").first()
        if current:
            game = current.games.filter(result__isnull=True, seats__player=player).first()
            if game:
                loser = game.side_of(player.id)
                _save_result(game=game, user=user, outcome=FORFEITED, loser=loser,
                             scores=score_report(get_format(player.event.format), outcome=FORFEITED, loser=loser))
    return player


def _refuse_if_disqualified(player: Player) -> None:
    if player.status == DISQUALIFIED:
        raise conflict("player_disqualified", f"{player.name} is disqualified and takes no further part.")


def round_generate(*, event: Event, seed: str | int | None = None, strategy: str = "", deployment: str = "",
                   scheme_pool: list[str] | None = None) -> Round:
    """Pair the next round and save it whole, with the bye's award as its result."""
    fmt = get_format(event.format)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        number = selectors.latest_round_number(event) + 1
        _refuse_round_now(event, number)
        players = list(event.players.filter(status=ACTIVE, checked_in=True))
        ringer = next((p for p in players if p.is_ringer), None)
        field = [p for p in players if not p.is_ringer]
        if len(field) < 2:
            raise conflict("not_enough_players", f"Only {len(field)} checked-in active player(s): a round needs two.")
        strategy, deployment = _round_mission(fmt, event, number, strategy, deployment)
        scheme_pool = _checked_scheme_pool(fmt, scheme_pool or [])
        seed = str(seed) if seed is not None and str(seed) != "" else secrets.token_hex(8)
        history = selectors.pairing_history(event)
        totals = totals_by_player(selectors.side_results(event))
        no_games = Totals()
        contenders = [Contender(id=p.id, tp=t.tp, diff=t.diff, vp=t.vp, had_bye=p.id in history.had_bye)
                      for p in field for t in [totals.get(p.id, no_games)]]
        pairing = pair_round(contenders, round_number=number, seed=seed, met=history.met,
                             rematch_window=event.rematch_window, ringer=ringer.id if ringer else None)
        if event.rounds is None:
            event.rounds = fmt.rounds_for(len(field))
            event.save(update_fields=["rounds"])
        rnd = Round.objects.create(event=event, number=number, strategy=strategy, deployment=deployment,
                                   scheme_pool=scheme_pool, seed=seed)
        games = Game.objects.bulk_create(
            Game(round=rnd, table=g.table, player_a_id=g.player_a, player_b_id=g.player_b) for g in pairing.games)
        Seat.objects.bulk_create(Seat(round=rnd, player_id=pid, game=game)
                                 for game in games for pid in (game.player_a_id, game.player_b_id) if pid)
        bye = score_bye(fmt)
        Result.objects.bulk_create(Result(game=game, outcome=BYE, vp_a=bye.vp, tp_a=bye.tp, diff_a=bye.diff)
                                   for game in games if game.is_bye)
    return rnd


def _refuse_round_now(event: Event, number: int) -> None:
    if event.rounds is not None and number > event.rounds:
        raise conflict("rounds_complete", f"All {event.rounds} planned rounds have been played.")
    if number > 1:
        missing = list(Game.objects.filter(round__event=event, round__number=number - 1, result__isnull=True)
                       .order_by("table").values_list("table", flat=True))
        if missing:
            raise conflict("results_missing", f"Round {number - 1} still has games without a result "
                           f"(table{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))}).")


def _round_mission(fmt: Format, event: Event, number: int, strategy: str, deployment: str) -> tuple[str, str]:
    """The organizer's strategy and deployment, else the format's rotation for the event's quarter."""
    problems = []
    if strategy and fmt.strategy(strategy) is None:
        problems.append(Problem("unknown_strategy", f"\"{strategy}\" is not a strategy of {fmt.name}.", "strategy"))
    if deployment and fmt.deployment(deployment) is None:
        problems.append(Problem("unknown_deployment", f"\"{deployment}\" is not a deployment of {fmt.name}.",
                                "deployment"))
    if problems:
        raise Invalid(*problems)
    suggested = fmt.rotation_for((event.date.month - 1) // 3 + 1, number)
    if suggested:
        strategy = strategy or suggested[0].key
        deployment = deployment or suggested[1].key
    return strategy, deployment


def _checked_scheme_pool(fmt: Format, pool: list[str]) -> list[str]:
    unknown = [key for key in pool if fmt.scheme(key) is None]
    if unknown:
        raise invalid("unknown_scheme", f"Not schemes of {fmt.name}: {', '.join(unknown)}.", "scheme_pool")
    if len(set(pool)) != len(pool):
        raise invalid("duplicate_scheme", "A scheme pool names each scheme once.", "scheme_pool")
    return pool


def round_delete(*, event: Event, number: int) -> None:
    """Redo: remove the latest round while no game of it has a reported result."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        latest = selectors.latest_round_number(event)
        if number != latest:
            raise conflict("not_latest_round", f"Only the latest round ({latest}) can be removed.")
        rnd = event.round_set.get(number=number)
        if Result.objects.filter(game__round=rnd).exclude(outcome=BYE).exists():
            raise conflict("round_has_results", f"Round {number} already has results; correct them instead.")
        rnd.delete()


def result_record(*, game: Game, user, outcome: str, vp_a: int | None = None, vp_b: int | None = None,
                  loser: str | None = None) -> tuple[Result, bool]:
    """Enter or replace a game's result; returns (result, created). A concession drops the conceder."""
    event = game.round.event
    if game.is_bye:
        raise conflict("bye_result_fixed", "A bye's result is the format's award and cannot be entered.")
    scores = score_report(get_format(event.format), outcome=outcome, vp_a=vp_a, vp_b=vp_b, loser=loser)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        result, created = _save_result(game=game, user=user, outcome=outcome, loser=loser, scores=scores)
        if outcome == CONCEDED:
            Player.objects.filter(pk=game.player_a_id if loser == "a" else game.player_b_id,
                                  status=ACTIVE).update(status=DROPPED)
    return result, created


def _save_result(*, game: Game, user, outcome: str, loser: str | None, scores) -> tuple[Result, bool]:
    side_a, side_b = scores
    try:
        return Result.objects.update_or_create(game=game, defaults=dict(
            outcome=outcome, loser=loser or "", entered_by=user,
            vp_a=side_a.vp, tp_a=side_a.tp, diff_a=side_a.diff,
            vp_b=side_b.vp, tp_b=side_b.tp, diff_b=side_b.diff))
    except IntegrityError:
        raise conflict("concurrent_change", "Another result for this game was saved at the same time; reload.")
