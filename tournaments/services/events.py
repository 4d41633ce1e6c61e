"""An event's life as its organizers shape it: creation, settings, co-organizers."""
from __future__ import annotations

from datetime import date

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.text import slugify

from audit.services import jsonable, record
from scoring.formats import get_format, offered_formats
from scoring.messages import say
from scoring.missions import PER_ROUND, PER_TABLE, pool_size, scheme_pool_problems, unknown_names
from scoring.problems import Invalid, Problem, conflict, invalid
from tournaments import selectors
from tournaments.bracket import CUT_SIZES, DIFF_THEN_VP, DRAW_RULES
from tournaments.models import CUT_STAGE, SWISS_STAGE, TEAM_SIZES, Event, Game
from tournaments.services.changes import announce, event_change
from tournaments.services.cut import cut_rounds_left
from tournaments.signals import DATE_MOVED, EVENT_FINISHED
from tournaments.standings import ACTIVE, DEFAULT_TIEBREAKS, LATE_ON_ZERO, TIEBREAKS

# Settings announced before play: fixed once round 1 exists, so every game is scored by one rule.
LOCKED_ONCE_STARTED = ("format", "awards", "conceder", "scheme_chart", "deck_seed", "missions", "late_arrivals",
                       "team_size")
LOCKED_ONCE_CUT = ("rounds", "cut_size", "cut_draws")  # the bracket follows from them


def event_create(
    *,
    user,
    name: str,
    date,
    format: str,
    rounds: int | None = None,
    rematch_window: int = 3,
    awards: dict | None = None,
    conceder: str = "",
    tiebreaks: list[str] | None = None,
    scheme_chart: str = "",
    scheme_pools: dict | None = None,
    deck_seed: str = "",
    fresh_tables: bool = False,
    unavailable_tables: list[int] | None = None,
    self_reporting: bool = True,
    registration_open: bool = False,
    encounter_size: int = 50,
    round_minutes: int | None = None,
    missions: str = "",
    missions_plan: dict | None = None,
    dead_mans_hand: bool = False,
    check_in_on_the_day: bool = False,
    player_votes: bool = False,
    late_arrivals: str = LATE_ON_ZERO,
    cut_size: int = 0,
    cut_draws: str = DIFF_THEN_VP,
) -> Event:
    """A new event; `missions` left empty follows the format (M4E: each table its own)."""
    refuse_format(format, user)
    event = Event(
        name=name,
        date=date,
        format=format,
        rounds=rounds,
        rematch_window=rematch_window,
        awards=awards or {},
        conceder=conceder,
        tiebreaks=list(tiebreaks or DEFAULT_TIEBREAKS),
        scheme_chart=scheme_chart,
        scheme_pools=scheme_pools or {},
        fresh_tables=fresh_tables,
        unavailable_tables=sorted(set(unavailable_tables or [])),
        self_reporting=self_reporting,
        registration_open=registration_open,
        encounter_size=encounter_size,
        round_minutes=round_minutes,
        missions=missions or get_format(format).missions,
        missions_plan=missions_plan or {},
        dead_mans_hand=dead_mans_hand,
        check_in_on_the_day=check_in_on_the_day,
        player_votes=player_votes,
        late_arrivals=late_arrivals,
        cut_size=cut_size,
        cut_draws=cut_draws,
        created_by=user,
    )
    if deck_seed:
        event.deck_seed = deck_seed
    _check_settings(event, rounds_paired=0)
    with event_change(event, lock=False):
        event.slug = free_slug(name)
        event.save()
        event.organizers.add(user)
    return event


def refuse_format(key, who) -> None:
    """An event is run under a shipped season or a season pack `who` may use (published for everyone, or
    by them for their own events); anything else is refused in words."""
    if not isinstance(key, str) or key not in {fmt.key for fmt in offered_formats(who)}:
        raise invalid("unknown_format", say("Choose a format: a shipped season or a season pack you may use."),
                      "format")


def _refuse_format_for_players(event: Event, key: str) -> None:
    """Until round 1 is paired an event may move to another season of its edition (GG Zero to the pack that
    follows it), as long as every registered player's faction is one of the new season's; another edition,
    once players have registered, is refused (their factions and leaders are the edition's)."""
    players = list(event.players.values_list("name", "faction"))
    if not players:
        return
    old, new = get_format(event.format), get_format(key)
    if new.edition != old.edition:
        raise conflict("settings_locked", say("The edition cannot change once players have registered: choose a "
                                              "season of {edition}.", edition=old.edition))
    lost = sorted(name for name, faction in players if new.faction(faction) is None)
    if lost:
        raise conflict("format_factions", say("{names} declared a faction {fmt_name} does not have: change their "
                                              "faction first.", names=", ".join(lost[:5]) + (" …" if lost[5:] else ""),
                                              fmt_name=new.name))


def event_update(*, event: Event, by, **changes) -> Event:
    """Change an event's settings; the format, awards, chart and deck are fixed once round 1 exists (the
    format, once players registered, within its edition and their factions)."""
    with event_change(event) as event:
        before = {k: jsonable(getattr(event, k)) for k in changes}
        paired = selectors.latest_round_number(event, drafts=True)
        locked = [k for k in LOCKED_ONCE_STARTED if k in changes and changes[k] != getattr(event, k)]
        if paired and locked:
            raise conflict(
                "settings_locked", say("{value} cannot change once round 1 is paired.", value=", ".join(locked))
            )
        locked = [k for k in LOCKED_ONCE_CUT if k in changes and changes[k] != getattr(event, k)]
        if locked and event.round_set.filter(stage=CUT_STAGE).exists():
            raise conflict("settings_locked", say("{value} cannot change once the top cut is paired.",
                                                  value=", ".join(locked)))
        if changes.get("format", event.format) != event.format:
            refuse_format(changes["format"], by)
            _refuse_format_for_players(event, changes["format"])
        for key, value in changes.items():
            setattr(event, key, value)
        _check_settings(event, rounds_paired=selectors.latest_round_number(event, drafts=True, stage=SWISS_STAGE))
        event.save()
        after = {k: jsonable(getattr(event, k)) for k in changes}
        changed = [k for k in changes if before[k] != after[k]]
        if "date" in changed:  # its games are played on another day (ratings follow the date)
            announce(event, DATE_MOVED, before=date.fromisoformat(str(before["date"])),
                     after=date.fromisoformat(str(after["date"])))
        if "check_in_on_the_day" in changed and not paired:
            _expect_on_the_day(event)
        if changed:
            record(event, by, "settings_changed", before={k: before[k] for k in changed},
                   after={k: after[k] for k in changed})
    return event


def _expect_on_the_day(event: Event) -> None:
    """Check-in on the day switched on before round 1: everyone registered so far is expected, not yet
    arrived, as a new registration would be; switched off, everyone not marked absent is here. Once a round
    exists the desk owns who is here, so the switch only changes new registrations."""
    players = event.players.filter(is_ringer=False, status=ACTIVE)
    if event.check_in_on_the_day:
        players.update(checked_in=False)
    else:
        players.filter(absent=False).update(checked_in=True)


def _check_settings(event: Event, *, rounds_paired: int) -> None:
    fmt = get_format(event.format)
    problems = []
    if event.scheme_chart and fmt.chart(event.scheme_chart) is None:
        problems.append(Problem("unknown_scheme_chart", say(
            "{fmt_name} has the scheme charts {value}.", fmt_name=fmt.name,
            value=", ".join(c.key for c in fmt.scheme_charts)), "scheme_chart"))
    chain = event.tiebreaks
    if not chain or len(set(chain)) != len(chain) or not set(chain) <= set(TIEBREAKS):
        problems.append(Problem("invalid_tiebreaks", say(
            "The tiebreak chain lists different tiebreaks among {value}.", value=", ".join(TIEBREAKS)), "tiebreaks"))
    if event.conceder not in Event.CONCEDER_RULES:
        problems.append(Problem("invalid_conceder", say(
            "A conceding player either leaves the event (\"leaves\") or stays (\"stays\"); empty: the format's rule."),
            "conceder"))
    if event.cut_size not in (0, *CUT_SIZES):
        problems.append(Problem("invalid_cut_size", say("A top cut is of {value} players (0: no cut).",
                                                        value=", ".join(map(str, CUT_SIZES))), "cut_size"))
    if event.cut_draws not in DRAW_RULES:
        problems.append(Problem("invalid_cut_draws", say("A drawn game of the top cut is decided by the Swiss "
                                                         "Differential then VP (\"{value}\") or replayed (\"replay\").",
                                                         value=DIFF_THEN_VP), "cut_draws"))
    if event.team_size and not TEAM_SIZES[0] <= event.team_size <= TEAM_SIZES[1]:
        problems.append(Problem("invalid_team_size", say("A team has {low} to {high} players (0: not a team event).",
                                                         low=TEAM_SIZES[0], high=TEAM_SIZES[1]), "team_size"))
    if event.team_size and event.cut_size:
        problems.append(Problem("cut_for_players", say("A top cut is for events of one player against one; a team "
                                                       "event has none."), "cut_size"))
    if event.team_size and event.missions == PER_TABLE:
        problems.append(Problem("team_missions", say("A team event's tables play the round's mission, or flip "
                                                     "their own at the table."), "missions"))
    if event.rounds is not None and event.rounds < rounds_paired:
        problems.append(Problem("rounds_below_paired", say(
            "{rounds_paired} rounds are already paired.", rounds_paired=rounds_paired), "rounds"))
    if event.missions != PER_ROUND and not all(x.suit for x in (*fmt.strategies, *fmt.deployments)):
        problems.append(Problem("missions_per_round_only", say(
            "{fmt_name} plays one mission at every table: its strategies and deployments are not flipped by suit.",
            fmt_name=fmt.name), "missions"))
    if event.missions != PER_ROUND and event.scheme_pools:
        problems.append(Problem("scheme_pools_per_round_only", say(
            "Scheme pools fixed in advance serve missions set per round; here each table has its own."),
            "scheme_pools"))
    problems += _plan_problems(fmt, event)
    if not problems:
        for number, pool in event.scheme_pools.items():
            problems += scheme_pool_problems(event.chart(), pool, f"scheme_pools.{number}", size=pool_size(fmt))
    if problems:
        raise Invalid(*problems)


def _plan_problems(fmt, event: Event) -> list[Problem]:
    """A missions plan announced in advance: per-round missions only, the format's strategies and
    deployments, no strategy planned twice while the format has others."""
    plan = event.missions_plan
    if not plan:
        return []
    if event.missions != PER_ROUND:
        return [Problem("missions_plan_per_round_only", say(
            "A missions plan announces the round's mission for every table; here each table has its own."),
            "missions_plan")]
    problems = []
    for number, planned in sorted(plan.items(), key=lambda item: int(item[0])):
        problems += unknown_names(fmt, planned.get("strategy", ""), planned.get("deployment", ""),
                                  f"missions_plan.{number}.")
    strategies = [p["strategy"] for p in plan.values() if p.get("strategy")]
    if len(set(strategies)) < min(len(strategies), len(fmt.strategies)):
        problems.append(Problem("strategy_used", say("The plan names a strategy twice; each round plays a different "
                                                     "one while the format has others."), "missions_plan"))
    return problems


def free_slug(name: str) -> str:
    """A slug from the name not yet taken by another event ("spring-open", then "spring-open-2"...)."""
    base = slugify(name)[:120] or "event"
    taken = set(Event.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, n = base, 1
    while slug in taken:
        n += 1
        slug = f"{base}-{n}"
    return slug


def organizer_add(*, event: Event, username: str, by) -> Event:
    """A co-organizer has the same rights as the event's creator."""
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise invalid("unknown_user", say("No user is called {username}.", username=username), "username")
    with event_change(event) as event:
        event.organizers.add(user)
        record(event, by, "organizer_added", after={"username": user.get_username()})
    return event


def event_finish(*, event: Event, by, drop_cut: bool = False) -> Event:
    """The event is over: every result of its rounds is in; the clock stops; the standings are final and
    nothing changes them until an organizer reopens it. An event with a top cut finishes once its final is
    played, or when its organizer chooses to leave the cut (or what is left of it) unplayed: `drop_cut`."""
    with event_change(event) as event:
        if event.finished_at is not None:
            return event
        rounds = event.round_set.order_by("-number")
        if not rounds.exists():
            raise conflict("no_rounds", say("No round has been played: there is nothing to finish."))
        if rounds.first().is_draft:
            raise conflict("round_not_published", say(
                "Round {number} is paired but not published: publish it or discard it first.",
                number=rounds.first().number))
        missing = Game.objects.filter(round__event=event, result__isnull=True).count()
        if missing:
            raise conflict("results_missing", say(
                "Games still without a result: {value}. Enter them before finishing the event.", value=missing))
        unplayed = cut_rounds_left(event)
        if unplayed and not drop_cut:
            raise conflict("cut_unplayed", say(
                "The top {cut_size} cut is not played to its final yet: pair its next round, or finish the event "
                "without it.", cut_size=event.cut_size))
        latest = rounds.first()
        if latest.clock_started_at is not None:
            latest.clock_left, latest.clock_started_at = latest.seconds_left(timezone.now()), None
            latest.save(update_fields=["clock_left", "clock_started_at"])
        event.finished_at = timezone.now()
        event.save(update_fields=["finished_at"])
        record(event, by, "event_finished", round_number=latest.number,
               after={"cut_dropped": unplayed} if unplayed else None)
        announce(event, EVENT_FINISHED)  # people: its games count for ratings from now on
    return event


def event_reopen(*, event: Event, by) -> Event:
    """A finished event opened again (a result to correct, a round forgotten); recorded."""
    with event_change(event) as event:
        if event.finished_at is None:
            return event
        before = event.finished_at
        event.finished_at = None
        event.save(update_fields=["finished_at"])
        event.reopened = True  # its stored places go (services.changes)
        record(event, by, "event_reopened", before={"finished_at": jsonable(before)})
        announce(event, EVENT_FINISHED)  # people: its games stop counting until it is finished again
    return event


def refuse_if_finished(event: Event) -> None:
    if event.finished_at is not None:
        raise conflict("event_finished", say("This event is finished: reopen it to change a result or a round."))


def refuse_roster_if_finished(event: Event) -> None:
    """Who is in a finished event is final too (its standings, places and awards follow): registering,
    removing, dropping or reinstating waits until it is reopened. A disqualification found afterwards is
    still possible, and its lifting."""
    if event.finished_at is not None:
        raise conflict("event_finished", say("This event is finished: reopen it to change its players."))
