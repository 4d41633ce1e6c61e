"""Every write to an event: keyword-only arguments, one transaction each, domain errors out.

A rejected call raises before anything is saved, or inside the transaction so
that it rolls back whole.
"""

from __future__ import annotations

import secrets
from dataclasses import asdict

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

from scoring.deck import Dealer
from scoring.formats import get_format, key_of
from scoring.messages import say
from scoring.missions import MissionHistory, plan_mission, scheme_pool_problems
from scoring.problems import Invalid, Problem, conflict, invalid
from scoring.results import score_bye, score_report
from scoring.validator import BYE, CONCEDED, FORFEITED, Report
from tournaments import audit, exports, notifications, page_cache, selectors, tasks
from tournaments.models import Event, Game, Job, Player, PlayerReport, Result, Round, Seat, new_player_key
from tournaments.pairing import SWISS, Contender, pair_round
from tournaments.pairing.report import FORCED_ONLY, game_flags
from tournaments.pairing.tables import assign_tables
from tournaments.standings import ACTIVE, DEFAULT_TIEBREAKS, DISQUALIFIED, DROPPED, TIEBREAKS, Totals

# Settings announced before play: fixed once round 1 exists, so every game is scored by one rule.
LOCKED_ONCE_STARTED = ("format", "awards", "scheme_chart", "deck_seed")


def event_create(
    *,
    user,
    name: str,
    date,
    format: str,
    rounds: int | None = None,
    rematch_window: int = 3,
    awards: dict | None = None,
    tiebreaks: list[str] | None = None,
    scheme_chart: str = "",
    scheme_pools: dict | None = None,
    deck_seed: str = "",
    fresh_tables: bool = False,
    unavailable_tables: list[int] | None = None,
) -> Event:
    event = Event(
        name=name,
        date=date,
        format=format,
        rounds=rounds,
        rematch_window=rematch_window,
        awards=awards or {},
        tiebreaks=list(tiebreaks or DEFAULT_TIEBREAKS),
        scheme_chart=scheme_chart,
        scheme_pools=scheme_pools or {},
        fresh_tables=fresh_tables,
        unavailable_tables=sorted(set(unavailable_tables or [])),
        created_by=user,
    )
    if deck_seed:
        event.deck_seed = deck_seed
    _check_settings(event, rounds_paired=0)
    with transaction.atomic():
        event.slug = _free_slug(name)
        event.save()
        event.organizers.add(user)
        page_cache.bump(event)
    return event


def event_update(*, event: Event, by, **changes) -> Event:
    """Change an event's settings; the format, awards, chart and deck are fixed once round 1 exists."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        before = {k: _jsonable(getattr(event, k)) for k in changes}
        paired = selectors.latest_round_number(event)
        locked = [k for k in LOCKED_ONCE_STARTED if k in changes and changes[k] != getattr(event, k)]
        if paired and locked:
            raise conflict(
                "settings_locked", say("{value} cannot change once round 1 is paired.", value=", ".join(locked))
            )
        if changes.get("format", event.format) != event.format and event.players.exists():
            raise conflict("settings_locked", say("The format cannot change once players have registered."))
        for key, value in changes.items():
            setattr(event, key, value)
        _check_settings(event, rounds_paired=paired)
        event.save()
        after = {k: _jsonable(getattr(event, k)) for k in changes}
        changed = [k for k in changes if before[k] != after[k]]
        if changed:
            audit.record(event, by, "settings_changed", before={k: before[k] for k in changed},
                         after={k: after[k] for k in changed})
    return event


def _jsonable(value):
    return value.isoformat() if hasattr(value, "isoformat") else value


def _check_settings(event: Event, *, rounds_paired: int) -> None:
    fmt = get_format(event.format)
    problems = []
    if event.scheme_chart and fmt.chart(event.scheme_chart) is None:
        problems.append(
            Problem(
                "unknown_scheme_chart",
                say(
                    "{fmt_name} has the scheme charts {value}.",
                    fmt_name=fmt.name,
                    value=", ".join(c.key for c in fmt.scheme_charts),
                ),
                "scheme_chart",
            )
        )
    chain = event.tiebreaks
    if not chain or len(set(chain)) != len(chain) or not set(chain) <= set(TIEBREAKS):
        problems.append(
            Problem(
                "invalid_tiebreaks",
                say("The tiebreak chain lists different tiebreaks among {value}.", value=", ".join(TIEBREAKS)),
                "tiebreaks",
            )
        )
    if event.rounds is not None and event.rounds < rounds_paired:
        problems.append(
            Problem(
                "rounds_below_paired",
                say("{rounds_paired} rounds are already paired.", rounds_paired=rounds_paired),
                "rounds",
            )
        )
    if not problems:
        for number, pool in event.scheme_pools.items():
            problems += scheme_pool_problems(event.chart(), pool, f"scheme_pools.{number}")
    if problems:
        raise Invalid(*problems)


def _free_slug(name: str) -> str:
    base = slugify(name)[:120] or "event"
    taken = set(Event.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, n = base, 1
    while slug in taken:
        n += 1
        slug = f"{base}-{n}"
    return slug


def player_register(
    *,
    event: Event,
    name: str,
    faction: str,
    club: str = "",
    email: str = "",
    is_ringer: bool = False,
    checked_in: bool = True,
    pinned_table: int | None = None,
    user=None,
    by=None,
) -> Player:
    """Register a player; `user` links a person's account to the entry (self-registration)."""
    fmt = get_format(event.format)
    problems = []
    if fmt.faction(faction) is None:
        problems.append(
            Problem(
                "unknown_faction",
                say(
                    '"{faction}" is not a faction of {fmt_name}; choose one of {value}.',
                    faction=faction,
                    fmt_name=fmt.name,
                    value=", ".join(f.key for f in fmt.factions),
                ),
                "faction",
            )
        )
    if event.players.filter(name=name).exists():
        problems.append(
            Problem("duplicate_name", say('A player named "{name}" is already registered.', name=name), "name")
        )
    if user is not None and event.players.filter(user=user).exists():
        problems.append(Problem("already_registered", say("You are already registered for this event.")))
    if is_ringer and event.players.filter(is_ringer=True).exists():
        problems.append(
            Problem("ringer_exists", say("This event already has a Ringer; it can have only one."), "is_ringer")
        )
    if problems:
        raise Invalid(*problems)
    with transaction.atomic():
        player = Player.objects.create(
            event=event,
            name=name,
            faction=faction,
            club=club,
            email=email,
            is_ringer=is_ringer,
            checked_in=checked_in,
            pinned_table=pinned_table,
            user=user,
        )
        audit.record(event, by or user, "player_registered", player=player,
                     after={"name": name, "faction": faction, "club": club, "is_ringer": is_ringer})
    return player


def player_self_register(*, event: Event, user, name: str, faction: str, club: str = "") -> Player:
    """A signed-in person enters an event whose registration is open; their account acts as the player."""
    if not event.registration_open:
        raise conflict("registration_closed", say("Registration for this event is closed."))
    if selectors.latest_round_number(event):
        raise conflict("event_started", say("This event has started: ask an organizer to register you."))
    return player_register(event=event, name=name, faction=faction, club=club, user=user)


def player_update(*, player: Player, by, **changes) -> Player:
    """Correct an entry; the same checks as registration for the fields that change."""
    fmt = get_format(player.event.format)
    problems = []
    if "faction" in changes and fmt.faction(changes["faction"]) is None:
        problems.append(
            Problem(
                "unknown_faction",
                say('"{value}" is not a faction of {fmt_name}.', value=changes["faction"], fmt_name=fmt.name),
                "faction",
            )
        )
    if "name" in changes and player.event.players.filter(name=changes["name"]).exclude(pk=player.pk).exists():
        problems.append(
            Problem(
                "duplicate_name", say('A player named "{value}" is already registered.', value=changes["name"]), "name"
            )
        )
    if problems:
        raise Invalid(*problems)
    before = {k: getattr(player, k) for k in changes}
    with transaction.atomic():
        for key, value in changes.items():
            setattr(player, key, value)
        player.save(update_fields=list(changes) or None)
        audit.record(player.event, by, "player_updated", player=player, before=before, after=changes)
    return player


def player_check_in(*, player: Player, by) -> Player:
    _refuse_if_disqualified(player)
    with transaction.atomic():
        before = player.checked_in
        player.checked_in = True
        player.save(update_fields=["checked_in"])
        audit.record(player.event, by, "player_checked_in", player=player, before={"checked_in": before},
                     after={"checked_in": True})
    return player


def player_drop(*, player: Player, by) -> Player:
    """A dropped player keeps the games played and is no longer paired."""
    _refuse_if_disqualified(player)
    with transaction.atomic():
        before = player.status
        player.status = DROPPED
        player.save(update_fields=["status"])
        audit.record(player.event, by, "player_dropped", player=player, before={"status": before},
                     after={"status": DROPPED})
    return player


def player_disqualify(*, player: Player, by) -> Player:
    """No further part, not ranked; an unconfirmed game of the current round is forfeited against them."""
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        before = player.status
        player.status = DISQUALIFIED
        player.save(update_fields=["status"])
        audit.record(player.event, by, "player_disqualified", player=player, before={"status": before},
                     after={"status": DISQUALIFIED})
        current = player.event.round_set.order_by("-number").first()
        game = current and current.games.filter(result__isnull=True, seats__player=player).first()
        if game:
            report = Report(outcome=FORFEITED, loser=game.side_of(player.id))
            result_save(game=game, by=by, report=report, scores=score_report(player.event.rules(), report))
    return player


def player_key_rotate(*, player: Player, by) -> Player:
    """Replace a player's private link (a lost or leaked slip): the old key stops working at once."""
    with transaction.atomic():
        player.key = new_player_key()
        player.save(update_fields=["key"])
        audit.record(player.event, by, "key_rotated", player=player, after={"key": "replaced"})
    return player


def _refuse_if_disqualified(player: Player) -> None:
    if player.status == DISQUALIFIED:
        raise conflict(
            "player_disqualified",
            say("{player_name} is disqualified and takes no further part.", player_name=player.name),
        )


def round_request(*, event: Event, by, **options) -> Round | Job:
    """Pair the next round now, or, for a field at least PAIRING_JOB_THRESHOLD strong, as a Celery job."""
    field = event.players.filter(status=ACTIVE, checked_in=True, is_ringer=False).count()
    if field < settings.PAIRING_JOB_THRESHOLD:
        return round_generate(event=event, by=by, **options)
    _refuse_round_now(event, selectors.latest_round_number(event) + 1)  # answer the usual 409s at once
    with transaction.atomic():
        job = Job.objects.create(event=event, kind=Job.ROUND, params=options, created_by=by)
        transaction.on_commit(lambda: tasks.run_job.delay(str(job.id)))
    return job


def export_request(*, event: Event, what: str, by) -> exports.ExportFile | Job:
    """A small event's file now; for an event of EXPORT_JOB_THRESHOLD players or more, a job that
    prepares it for download, so a large backup never holds a web worker."""
    if what not in exports.KINDS:
        raise invalid("unknown_export", say("No export called {what}; choose standings, results or backup.",
                                            what=what), "what")
    if event.players.count() < settings.EXPORT_JOB_THRESHOLD:
        return exports.build(event, what)
    with transaction.atomic():
        job = Job.objects.create(event=event, kind=Job.EXPORT, params={"what": what}, created_by=by)
        transaction.on_commit(lambda: tasks.run_job.delay(str(job.id)))
    return job


def round_generate(
    *,
    event: Event,
    seed: str | int | None = None,
    strategy: str = "",
    deployment: str = "",
    scheme_pool: list[str] | None = None,
    method: str = SWISS,
    avoid_same_club: bool = False,
    progress=None,
    by=None,
) -> Round:
    """Pair the next round and save it whole: mission, flipped cards, games and tables with their flags,
    seats and the bye's award. `progress(percent)` hears how far it got."""
    report_progress = progress or (lambda percent: None)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        rules = event.rules()
        earlier = list(event.round_set.order_by("number"))
        number = len(earlier) + 1
        _refuse_round_now(event, number)
        players = list(event.players.filter(status=ACTIVE, checked_in=True).select_related("user"))
        ringer = next((p for p in players if p.is_ringer), None)
        field = [p for p in players if not p.is_ringer]
        if len(field) < 2:
            raise conflict(
                "not_enough_players",
                say("Only {value} checked-in active player(s): a round needs two.", value=len(field)),
            )
        planned_rounds = event.rounds or rules.rounds_for(len(field))
        dealer = Dealer.for_event(event.deck_seed, already_flipped=sum(len(r.flips) for r in earlier))
        mission = plan_mission(
            rules,
            event.chart(),
            dealer,
            number=number,
            quarter=(event.date.month - 1) // 3 + 1,
            history=MissionHistory([r.strategy for r in earlier], [r.deployment for r in earlier]),
            planned_rounds=planned_rounds,
            strategy=strategy,
            deployment=deployment,
            scheme_pool=scheme_pool or event.scheme_pools.get(str(number), []),
        )
        seed = str(seed) if seed is not None and str(seed) != "" else secrets.token_hex(8)
        history, totals = selectors.pairing_history(event)
        report_progress(10)
        no_games = Totals()
        contenders = [
            Contender(id=p.id, tp=t.tp, diff=t.diff, vp=t.vp, had_bye=p.id in history.had_bye, club=p.club)
            for p in field
            for t in [totals.get(p.id, no_games)]
        ]
        pairing = pair_round(
            contenders,
            round_number=number,
            seed=seed,
            met=history.met,
            rematch_window=event.rematch_window,
            ringer=ringer.id if ringer else None,
            method=method,
            avoid_same_club=avoid_same_club,
        )
        report_progress(80)
        seated = [(g.player_a, g.player_b) for g in pairing.games if g.player_b is not None]
        tables = iter(
            assign_tables(
                seated,
                unavailable=set(event.unavailable_tables),
                played=history.tables,
                pinned={p.id: p.pinned_table for p in players if p.pinned_table},
                fresh=event.fresh_tables,
            )
        )
        if event.rounds is None:
            event.rounds = planned_rounds
            event.save(update_fields=["rounds"])
        rnd = Round.objects.create(
            event=event,
            number=number,
            seed=seed,
            strategy=mission.strategy.key,
            deployment=mission.deployment.key,
            scheme_pool=[s.key for s in mission.scheme_pool],
            flips=[{"card": f.card.code, "purpose": f.purpose, "kept": f.kept} for f in dealer.flips],
            report={
                "method": method,
                "warnings": [{"code": w.code, "detail": w.detail} for w in mission.warnings],
                "objective": dict(zip(("tp", "diff", "vp"), pairing.objective)),
                "adjustments": [],
            },
        )
        games = []
        for g in pairing.games:
            table = next(tables) if g.player_b is not None else None
            games.append(
                Game(
                    round=rnd,
                    table=table,
                    player_a_id=g.player_a,
                    player_b_id=g.player_b,
                    flags=game_flags(
                        g.player_a,
                        g.player_b,
                        table,
                        history=history,
                        round_number=number,
                        rematch_window=event.rematch_window,
                    ),
                )
            )
        games = Game.objects.bulk_create(games)
        Seat.objects.bulk_create(
            Seat(round=rnd, player_id=pid, game=game)
            for game in games
            for pid in (game.player_a_id, game.player_b_id)
            if pid
        )
        bye = score_bye(rules)
        Result.objects.bulk_create(
            Result(game=game, outcome=BYE, vp_a=bye.vp, tp_a=bye.tp, diff_a=bye.diff) for game in games if game.is_bye
        )
        audit.record(event, by, "round_paired", round_number=number,
                     after={"method": method, "seed": seed, "games": len(games)})
        notifications.round_published(rnd, games, {p.id: p for p in players})
        report_progress(100)
    return rnd


def round_swap(*, event: Event, number: int, player_1: int, player_2: int, force: bool = False, by) -> Round:
    """Exchange two players' seats in a round with no reported result; a swap that breaks a pairing rule
    (a rematch within the window, a second bye) needs `force` and is recorded in the round's report."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        rnd = event.round_set.filter(number=number).first()
        if rnd is None:
            raise invalid("unknown_round", say("This event has no round {number}.", number=number), "round")
        if Result.objects.filter(game__round=rnd).exclude(outcome=BYE).exists():
            raise conflict(
                "round_has_results", say("Round {number} already has results; seats can no longer move.", number=number)
            )
        seats = {
            s.player_id: s
            for s in Seat.objects.filter(round=rnd, player_id__in=(player_1, player_2)).select_related("game")
        }
        problems = [
            Problem(
                "player_not_in_round", say("Player {pid} has no seat in round {number}.", pid=pid, number=number), attr
            )
            for pid, attr in ((player_1, "player_1"), (player_2, "player_2"))
            if pid not in seats
        ]
        if problems:
            raise Invalid(*problems)
        first, second = seats[player_1].game, seats[player_2].game
        if first.pk == second.pk:
            raise invalid("same_game", say("These two players already sit at the same game."), "player_2")
        for game, leaving, arriving in ((first, player_1, player_2), (second, player_2, player_1)):
            if game.player_a_id == leaving:
                game.player_a_id = arriving
            else:
                game.player_b_id = arriving
        history, _ = selectors.pairing_history(event, before_round=number)
        for game in (first, second):
            game.flags = game_flags(
                game.player_a_id,
                game.player_b_id,
                game.table,
                history=history,
                round_number=number,
                rematch_window=event.rematch_window,
            )
        broken = sorted({f for game in (first, second) for f in game.flags if f in FORCED_ONLY})
        if broken and not force:
            raise conflict(
                "swap_needs_force",
                say(
                    'This swap breaks a pairing rule ({value}); send "force": true to make it anyway.',
                    value=", ".join(broken),
                ),
            )
        Game.objects.bulk_update([first, second], ["player_a", "player_b", "flags"])
        seats[player_1].game, seats[player_2].game = second, first
        Seat.objects.bulk_update(seats.values(), ["game"])
        rnd.report.setdefault("adjustments", []).append(
            {
                "swap": [player_1, player_2],
                "forced": bool(broken),
                "broken": broken,
                "by": getattr(by, "username", ""),
                "at": timezone.now().isoformat(),
            }
        )
        rnd.save(update_fields=["report"])
        audit.record(event, by, "seats_swapped", round_number=number, player=player_1, other_player=player_2,
                     before={"tables": [second.table, first.table]}, after={"tables": [first.table, second.table],
                                                                           "forced": bool(broken), "broken": broken})
    return rnd


def _refuse_round_now(event: Event, number: int) -> None:
    if event.rounds is not None and number > event.rounds:
        raise conflict(
            "rounds_complete", say("All {event_rounds} planned rounds have been played.", event_rounds=event.rounds)
        )
    if number > 1:
        missing = list(
            Game.objects.filter(round__event=event, round__number=number - 1, result__isnull=True)
            .order_by("table")
            .values_list("table", flat=True)
        )
        if missing:
            raise conflict(
                "results_missing",
                say(
                    "Round {round} still has games without a confirmed result (tables: {tables}).",
                    round=number - 1,
                    tables=", ".join(map(str, missing)),
                ),
            )


def round_delete(*, event: Event, number: int, by) -> None:
    """Redo: remove the latest round while no game of it has a reported result; its cards go back on the deck."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        latest = selectors.latest_round_number(event)
        if number != latest:
            raise conflict("not_latest_round", say("Only the latest round ({latest}) can be removed.", latest=latest))
        rnd = event.round_set.get(number=number)
        if Result.objects.filter(game__round=rnd).exclude(outcome=BYE).exists():
            raise conflict(
                "round_has_results", say("Round {number} already has results; correct them instead.", number=number)
            )
        rnd.delete()
        audit.record(event, by, "round_removed", round_number=number, before={"seed": rnd.seed})


def result_record(*, game: Game, by, report: Report, masters: tuple[str, str] | None = None) -> tuple[Result, bool]:
    """An organizer enters or replaces a game's result; it counts at once and settles any players'
    versions (a dispute). Masters not given are kept from the result or the players' versions.
    Returns (result, created)."""
    scores = result_scores(game, report)
    with transaction.atomic():
        game = Game.objects.select_for_update().select_related("round__event").get(pk=game.pk)
        existing = Result.objects.filter(game=game).first()
        before = audit.result_snapshot(existing)
        known = [existing] if existing else list(game.reports.all())
        versions = [audit.version_snapshot(v) for v in game.reports.all()]
        if not masters or not any(masters):
            masters = next(((k.master_a, k.master_b) for k in known if k.master_a or k.master_b), ("", ""))
        result, created = result_save(game=game, by=by, report=report, scores=scores, masters=masters)
        audit.record(game.round.event, by, "result_entered", game=game,
                     before={"result": before, "versions": versions} if versions else before,
                     after=audit.result_snapshot(result))
    return result, created


def result_scores(game: Game, report: Report):
    """The game's two scores under the event's rules; every problem with the report raises Invalid."""
    if game.is_bye:
        raise conflict("bye_result_fixed", say("A bye's result is the event's award and cannot be entered."))
    names = {"a": game.player_a.name, "b": game.player_b.name}
    return score_report(game.round.event.rules(), report, pool=game.round.scheme_pool, names=names)


def result_save(*, game: Game, by, report: Report, scores, masters: tuple[str, str] = ("", "")) -> tuple[Result, bool]:
    """Store the result that counts (inside the caller's transaction): players' pending versions go, a
    concession drops the conceder."""
    side_a, side_b = scores
    PlayerReport.objects.filter(game=game).delete()
    if report.outcome == CONCEDED:
        Player.objects.filter(
            pk=game.player_a_id if report.loser == "a" else game.player_b_id, status=ACTIVE
        ).update(status=DROPPED)
    try:
        return Result.objects.update_or_create(
            game=game,
            defaults=dict(
                outcome=report.outcome,
                loser=report.loser or "",
                master_a=masters[0],
                master_b=masters[1],
                entered_by=by if getattr(by, "is_authenticated", False) and not isinstance(by, Player) else None,
                turns=report.turns,
                breakdown={side: asdict(part) for side, part in report.breakdown.items()},
                vp_a=side_a.vp,
                tp_a=side_a.tp,
                diff_a=side_a.diff,
                vp_b=side_b.vp,
                tp_b=side_b.tp,
                diff_b=side_b.diff,
            ),
        )
    except IntegrityError:
        raise conflict("concurrent_change", say("Another result for this game was saved at the same time; reload."))


def import_rows_checked(*, event: Event, rows: list[list[str]]) -> list[tuple[dict, list[Problem]]]:
    """Players from CSV rows (name, faction, club), each with what is wrong with it; nothing is saved.
    A faction may be given by key or by name; a header row "name,faction,club" is skipped."""
    fmt = get_format(event.format)
    taken = set(event.players.values_list("name", flat=True))
    checked = []
    for number, row in enumerate(rows, start=1):
        cells = [c.strip() for c in row] + ["", "", ""]
        if number == 1 and [c.lower() for c in cells[:2]] == ["name", "faction"]:
            continue
        entry = {"line": number, "name": cells[0], "faction": key_of(cells[1]), "club": cells[2]}
        problems = []
        if not entry["name"]:
            problems.append(Problem("name_missing", say("The name is missing."), "name"))
        elif len(entry["name"]) > 100:
            problems.append(Problem("name_too_long", say("A name has at most 100 characters."), "name"))
        elif entry["name"] in taken:
            problems.append(
                Problem(
                    "duplicate_name",
                    say('"{value}" is already registered or listed above.', value=entry["name"]),
                    "name",
                )
            )
        if fmt.faction(entry["faction"]) is None:
            problems.append(
                Problem(
                    "unknown_faction",
                    say('"{value}" is not a faction of {fmt_name}.', value=cells[1], fmt_name=fmt.name),
                    "faction",
                )
            )
        taken.add(entry["name"])
        checked.append((entry, problems))
    return checked


def players_import(*, event: Event, rows: list[list[str]], by) -> list[Player]:
    """Register every valid row in one transaction (the preview showed the others and why)."""
    good = [entry for entry, problems in import_rows_checked(event=event, rows=rows) if not problems]
    with transaction.atomic():
        return [player_register(event=event, name=e["name"], faction=e["faction"], club=e["club"][:100], by=by)
                for e in good]


def round_clock(*, rnd: Round, action: str) -> Round:
    """Start (or resume), pause or reset the round clock (the format's round time, GG2017: 120 minutes)."""
    now = timezone.now()
    if action == "start" and rnd.clock_started_at is None:
        rnd.clock_left = rnd.seconds_left(now) if rnd.clock_left is not None else rnd.event.rules().round_minutes * 60
        rnd.clock_started_at = now
    elif action == "pause" and rnd.clock_started_at is not None:
        rnd.clock_left, rnd.clock_started_at = rnd.seconds_left(now), None
    elif action == "reset":
        rnd.clock_left = rnd.clock_started_at = None
    with transaction.atomic():
        rnd.save(update_fields=["clock_left", "clock_started_at"])
        page_cache.bump(rnd.event)
        if action == "start":
            transaction.on_commit(lambda: tasks.schedule_clock_notices(rnd))
    return rnd


def organizer_add(*, event: Event, username: str, by) -> Event:
    """A co-organizer has the same rights as the event's creator."""
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise invalid("unknown_user", say("No user is called {username}.", username=username), "username")
    with transaction.atomic():
        event.organizers.add(user)
        audit.record(event, by, "organizer_added", after={"username": user.get_username()})
    return event


def player_remove(*, player: Player, by) -> None:
    """Undo a registration made by mistake; a player who has played (or been seated) is dropped instead."""
    if player.seats.exists():
        raise conflict("player_has_games", say("{name} already has games: drop the player instead.",
                                               name=player.name))
    with transaction.atomic():
        audit.record(player.event, by, "player_removed", player=player,
                     before={"name": player.name, "faction": player.faction, "club": player.club})
        player.delete()
