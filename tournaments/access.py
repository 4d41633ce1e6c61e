"""Who is asking, for the API and the pages alike: an organizer of this event, the player a key or an
account acts as, the client's address, and the rate limits that keep a leaked or guessed key from being
hammered. Framework-neutral: users, keys, request headers and events in, answers out; the API's
authentication and throttles and the pages are thin wrappers over it."""
from __future__ import annotations

import hashlib
import logging
import time

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


def player_for_key(key: str) -> Player | None:
    """The entry a private key belongs to, or None (the same None whether or not it ever existed)."""
    if not key or len(key) > KEY_LENGTH_MAX:
        return None
    return Player.objects.select_related("event", "user").filter(key=key).first()


def acting_player(event: Event, *, user=None, key_player: Player | None = None) -> Player | None:
    """The player of `event` a request acts as: the key holder's entry, else the signed-in person's."""
    if key_player is not None:
        return key_player if key_player.event_id == event.pk else None
    if user and user.is_authenticated:
        return event.players.filter(user=user).first()
    return None


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


def rate_consume(scope: str, ident: str, *, spend: bool = True) -> float | None:
    """Spend one of `ident`'s tokens in `scope` (a name in settings.RATE_LIMITS): None to go ahead, or
    the seconds to wait. A sliding log of times in the shared cache, so every process counts alike.

    Written by hand: DRF's throttles need a DRF request (the pages have none) and django-ratelimit counts
    in fixed windows (a burst across a window's edge passes at twice the rate). Fails open when the cache
    is unreachable: reporting goes on, unthrottled, rather than answering 500 to a whole hall. With
    `spend=False` it only says whether a token is left (for counting failures alone)."""
    rate = settings.RATE_LIMITS.get(scope)
    if not rate:
        return None
    limit, duration = parse_rate(rate)
    # Idents come from outside (a username as typed): digested, so a key is short and plain whatever was sent.
    key = f"rate:{scope}:{hashlib.sha256(ident.encode('utf-8', 'surrogatepass')).hexdigest()[:40]}"
    now = time.time()
    try:
        times = [t for t in cache.get(key, []) if t > now - duration]
        if len(times) >= limit:  # free again when the limit-th newest leaves the window
            return max(times[limit - 1] - (now - duration), 1.0) if limit else float(duration)
        if spend:
            cache.set(key, [now, *times][:limit], duration)
    except Exception:  # noqa: BLE001
        log.warning("cache unreachable: %s not rate-limited", scope, exc_info=True)
    return None


def report_wait(meta: dict, player: Player | None = None, user=None) -> float | None:
    """Reports, confirmations and disputes: per player (key or linked account) and per client address,
    whose rate is wide since a venue's wifi puts many phones behind one. Seconds to wait, or None."""
    ident = f"p{player.pk}" if player is not None else (f"u{user.pk}" if user and user.is_authenticated else None)
    if ident is not None and (wait := rate_consume("report_player", ident)) is not None:
        return wait
    return rate_consume("report_address", client_address(meta))


def bad_key_wait(meta: dict) -> float | None:
    """Count a failed key lookup from this address; past the rate, the seconds it must wait."""
    return rate_consume("bad_key", client_address(meta))


def signin_idents(meta: dict, username: object) -> list[tuple[str, str]]:
    """Failed password sign-ins count per account (whatever address they come from) and per client
    address (whatever account they try), over an hour and in bursts."""
    address = client_address(meta)
    idents = [("signin_address", address), ("signin_burst", address)]
    if isinstance(username, str) and username:
        idents.append(("signin_account", username.strip().casefold()[:150]))
    return idents


def signin_wait(meta: dict, username: object) -> float | None:
    """Before checking a password: seconds to wait when this account or address has failed too often,
    else None. Asked before the (deliberately slow) password hash, so a flood of wrong passwords
    costs the site almost nothing."""
    waits = [wait for scope, ident in signin_idents(meta, username)
             if (wait := rate_consume(scope, ident, spend=False)) is not None]
    return max(waits, default=None)


def signin_failed(meta: dict, username: object) -> None:
    """Count a failed password sign-in against the account and the address."""
    for scope, ident in signin_idents(meta, username):
        rate_consume(scope, ident)


def attempt_wait(*limits: tuple[str, str]) -> float | None:
    """For what costs the site on every try, failed or not (a password-reset mail, a new account):
    seconds to wait when any of its (scope, ident) limits is spent, else None, the try then counted
    against each."""
    waits = [wait for scope, ident in limits if (wait := rate_consume(scope, ident, spend=False)) is not None]
    if waits:
        return max(waits)
    for scope, ident in limits:
        rate_consume(scope, ident)
    return None


def count_failed_signin(sender, credentials: dict, request=None, **kwargs) -> None:
    """Receives Django's user_login_failed (every password sign-in: API token, console, admin)."""
    if request is not None:
        signin_failed(request.META, credentials.get("username"))
