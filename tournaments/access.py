"""Who is asking, for the API and the pages alike: an organizer of this event, the player a key or an
account acts as, the client's address, and the rate limits that keep a leaked or guessed key from being
hammered. Framework-neutral: users, keys, request headers and events in, answers out; the API's
authentication and throttles and the pages are thin wrappers over it."""
from __future__ import annotations

import hashlib
import logging
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

from tournaments.models import Event, Player

log = logging.getLogger(__name__)

KEY_LENGTH_MAX = 64
DURATIONS = {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hour": 3600, "d": 86400, "day": 86400}


def is_organizer(user, event: Event) -> bool:
    """A signed-in organizer (creator or co-organizer) of `event`; reads prefetched organizers when the
    caller loaded them, so a list of events costs no query per event."""
    if not (user and user.is_authenticated):
        return False
    cached = getattr(event, "_prefetched_objects_cache", {}).get("organizers")
    if cached is not None:
        return any(organizer.pk == user.pk for organizer in cached)
    return event.organizers.filter(pk=user.pk).exists()


def is_judge(user, event: Event) -> bool:
    """A signed-in judge of `event` (tournaments.models.EventJudge): staff who rule, extend a table's time and
    give penalties, without an organizer's rights."""
    return bool(user and user.is_authenticated) and event.judges.filter(user=user).exists()


def is_staff(user, event: Event) -> bool:
    """An organizer or a judge of `event`: who sees the judge desk and answers the players' calls."""
    return is_organizer(user, event) or is_judge(user, event)


def is_head(user, event: Event) -> bool:
    """An organizer or the head judge of `event`: who may disqualify a player."""
    return is_organizer(user, event) or (bool(user and user.is_authenticated)
                                         and event.judges.filter(user=user, head=True).exists())


def may_correct(user, event: Event) -> bool:
    """Who enters and corrects results: the organizers, and a judge the organizer allowed to."""
    return is_organizer(user, event) or (bool(user and user.is_authenticated)
                                         and event.judges.filter(user=user, may_correct=True).exists())


def player_for_key(key: str) -> Player | None:
    """The entry a private key belongs to, or None (the same None whether or not it ever existed)."""
    if not key or len(key) > KEY_LENGTH_MAX:
        return None
    # Unordered: a key is unique, and the players' default order (by name) would sort for nothing.
    return Player.objects.select_related("event", "user").filter(key=key).order_by().first()


def acting_player(event: Event, *, user=None, key_player: Player | None = None) -> Player | None:
    """The player of `event` a request acts as: the key holder's entry, else the signed-in person's."""
    if key_player is not None:
        return key_player if key_player.event_id == event.pk else None
    if user and user.is_authenticated:
        return event.players.filter(user=user).first()
    return None


def key_player(request) -> Player | None:
    """The player whose private key an API request was authenticated with (tournaments.api.auth)."""
    return request.auth if isinstance(request.auth, Player) else None


def client_address(meta: dict) -> str:
    """The client's address: REMOTE_ADDR, or with TRUSTED_PROXIES proxies in front the address the
    outermost trusted one saw (never a header the client could write itself)."""
    proxies = settings.TRUSTED_PROXIES
    forwarded = meta.get("HTTP_X_FORWARDED_FOR", "")
    if proxies and forwarded:
        hops = [hop.strip() for hop in forwarded.split(",")]
        return hops[-min(proxies, len(hops))]
    return meta.get("REMOTE_ADDR", "")


def parse_rate(rate: str) -> tuple[int, int]:
    """'20/minute' -> (20, 60): at most 20 in any 60 seconds."""
    count, per = rate.split("/")
    duration = DURATIONS.get(per) or DURATIONS.get(per[:1])
    if duration is None:
        raise ValueError(f"rate {rate!r}: say per second, minute, hour or day (e.g. '20/minute')")
    return int(count), duration


def report_wait(meta: dict, player: Player | None = None, user=None) -> float | None:
    """Reports, confirmations and disputes: per player (key or linked account) and per client address,
    whose rate is wide since a venue's wifi puts many phones behind one. Seconds to wait, or None."""
    ident = f"p{player.pk}" if player is not None else (f"u{user.pk}" if user and user.is_authenticated else None)
    limits = [("report_player", ident)] if ident is not None else []
    return attempt_wait(*limits, ("report_address", client_address(meta)))


def bad_key_wait(meta: dict) -> float | None:
    """Count a failed key lookup from this address; past the rate, the seconds it must wait."""
    return attempt_wait(("bad_key", client_address(meta)))


def signin_idents(meta: dict, username: object) -> list[tuple[str, str]]:
    """Failed password sign-ins count per account (whatever address they come from) and per client
    address (whatever account they try), over an hour and in bursts."""
    address = client_address(meta)
    idents = [("signin_address", address), ("signin_burst", address)]
    if isinstance(username, str) and username:
        idents.append(("signin_account", username.strip().casefold()[:150]))
    return idents


SLICE_LONGEST = 30.0  # seconds: a wait said in minutes is then right to the minute
SLICES_FEWEST, SLICES_MOST = 12, 120


@dataclass(frozen=True)
class Tally:
    """One (scope, ident)'s counters: one per slice of the window, `slices` of `step` seconds each."""

    limit: int
    step: float
    slices: int
    current: int
    keys: dict[int, str]  # slice number -> counter: the window's, the current one, and the next


def _tally(scope: str, ident: str, now: float) -> Tally | None:
    """`scope`'s limit and `ident`'s counters: the slices that cover at least the last window (a slice
    more at most, never less), and the next one, which a process whose clock is ahead may already count
    in (so a burst across a slice's edge is not let through twice). Slices of 30 s, at least 12 and at
    most 120 a window: an hour's wait is right to the minute, and a check reads 122 counters at most."""
    rate = settings.RATE_LIMITS.get(scope)
    if not rate:
        return None
    limit, duration = parse_rate(rate)
    slices = min(max(round(duration / SLICE_LONGEST), SLICES_FEWEST), SLICES_MOST)
    step = duration / slices
    current = int(now // step)
    base = f"tally:{scope}:{hashlib.sha256(ident.encode('utf-8', 'surrogatepass')).hexdigest()[:40]}"
    return Tally(limit, step, slices, current, {n: f"{base}:{n}" for n in range(current - slices, current + 2)})


def _tally_wait(counts: list[tuple[int, int]], tally: Tally, now: float) -> float:
    """Seconds until, the one just counted given back, enough old slices have left for one more."""
    remaining, leaves = sum(count for _, count in counts) - 1, now + 1.0
    for n, count in counts:
        if remaining < tally.limit:
            break
        remaining -= count
        leaves = (n + tally.slices + 1) * tally.step
    return max(leaves - now, 1.0)


def attempt_hold(limits: list[tuple[str, str]], *, refuse: bool = True) -> tuple[float | None, list[str]]:
    """The one limiter. Count one attempt against each (scope, ident) before doing it: an atomic
    increment in the shared cache (add, then incr), so parallel attempts each see the others and a burst
    cannot all slip through while each does its slow work (a password hash, a mail). Returns (None, the
    counters held) to go ahead, or (seconds to wait, []) with nothing counted once any limit is spent.
    `refuse=False` only counts. Fails open when the cache is unreachable: the site goes on unlimited
    rather than answering 500. Every limit of the site (sign-ins, resets, accounts, sign-ups, reports,
    wrong keys) counts here.

    Written by hand: DRF's throttles need a DRF request (the pages have none) and django-ratelimit counts
    in fixed windows (a burst across a window's edge passes at twice the rate) with a read-then-write
    fallback when the cache has no atomic increment."""
    now, held, waits = time.time(), [], []
    try:
        tallies = [tally for scope, ident in limits if (tally := _tally(scope, ident, now)) is not None]
        mine = []
        for tally in tallies:
            key = tally.keys[tally.current]
            cache.add(key, 0, timeout=int(tally.step * (tally.slices + 1)) + 2)  # outlives its last reading
            mine.append(cache.incr(key))
            held.append(key)
        if refuse:
            others = cache.get_many([key for tally in tallies for n, key in tally.keys.items() if n != tally.current])
            for tally, counted in zip(tallies, mine):
                counts = [(n, counted if n == tally.current else others.get(key, 0)) for n, key in tally.keys.items()]
                if sum(count for _, count in counts) > tally.limit:
                    waits.append(_tally_wait(counts, tally, now))
    except Exception:  # noqa: BLE001
        log.warning("cache unreachable: %s not rate-limited", ", ".join(scope for scope, _ in limits), exc_info=True)
        return None, held
    if waits:
        attempt_release(held)
        return max(waits), []
    return None, held


def attempt_release(held: list[str]) -> None:
    """Give back attempts held by attempt_hold (refused, or not one that counts)."""
    for key in held:
        try:
            cache.decr(key)
        except Exception:  # noqa: BLE001 - expired, or the cache unreachable: nothing left to give back
            pass


def django_request(request):
    """The HttpRequest under DRF's Request (which reads its attributes but writes its own)."""
    return getattr(request, "_request", request)


def signin_hold(request, username: object) -> float | None:
    """Before checking a password: one attempt held against the account and the address, so a burst of
    parallel wrong passwords is cut at the limit. Seconds to wait (nothing held) when the account or the
    address has failed too often, else None; the caller calls signin_settle() after the check. Asked
    before the (deliberately slow) password hash, so a flood costs the site almost nothing."""
    request = django_request(request)
    wait, held = attempt_hold(signin_idents(request.META, username))
    request.signin_held, request.signin_failed = (None if wait is not None else held), False
    return wait


def signin_settle(request) -> None:
    """After the password check: a wrong password keeps its attempt (count_failed_signin marks it); a
    right one, or no check at all (a field missing, an error), gives it back, so only failures count."""
    request = django_request(request)
    held, request.signin_held = getattr(request, "signin_held", None), None
    if held and not getattr(request, "signin_failed", False):
        attempt_release(held)


def attempt_wait(*limits: tuple[str, str]) -> float | None:
    """For what costs the site on every try, failed or not (a password-reset mail, a new account, a
    sign-up's mailed link): held before the work like a sign-in attempt, and kept. Seconds to wait when
    any of its (scope, ident) limits is spent (nothing counted), else None, the try counted against each."""
    return attempt_hold(list(limits))[0]


def count_failed_signin(sender, credentials: dict, request=None, **kwargs) -> None:
    """Receives Django's user_login_failed (every password sign-in: API token, console, admin): the
    attempt the door held stays counted; a door that held none (another login view) counts it now."""
    if request is None:
        return
    request = django_request(request)
    if getattr(request, "signin_held", None) is not None:
        request.signin_failed = True
    else:
        attempt_hold(signin_idents(request.META, credentials.get("username")), refuse=False)
