"""Web Push to phones: a browser subscribes from the private page (or an organizer's or a judge's from the
console) and is told what it chose. Messages are rows written in the change's transaction and sent by the
notification queue after it commits, as mail is; pywebpush encrypts each (RFC 8291) and signs the request
with the site's VAPID key. A push service that says the subscription is gone (404, 410) has it removed;
one that cannot take it now (429, 5xx, no answer) has it retried by the task."""
from __future__ import annotations

import base64
import json
import logging
import re

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from pywebpush import WebPushException, webpush
from requests import RequestException

from gaininggrounds import outward
from notifications.models import JUDGE_KINDS, ORGANIZER_KINDS, PLAYER_KINDS, Push, PushSubscription
from notifications.queueing import hand_over
from scoring.messages import say
from scoring.problems import invalid
from tournaments.access import is_organizer

log = logging.getLogger(__name__)
TTL = 6 * 3600  # a push not delivered within a round's length is old news
GONE = (404, 410)
# The push services of the browsers players use (Chrome, Edge, Firefox, Safari; Opera, Samsung Internet and
# Brave use Google's): a subscription's address is one of theirs or a host of theirs (gaininggrounds.outward
# checks it when kept and again when sent).
PUSH_SERVICES = ("fcm.googleapis.com", "push.services.mozilla.com", "notify.windows.com", "push.apple.com")
BROWSERS = 5  # subscriptions kept per player (or organizer, or judge) and event


class PushUnavailable(Exception):
    """The push service could not take the message now: the task retries it."""


def offered() -> bool:
    """Push is offered only when the site has its VAPID key pair."""
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def vapid_pair() -> tuple[str, str]:
    """A new P-256 key pair: the public key as browsers take it (uncompressed point) and the private
    value, both base64url without padding."""
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return _b64(public), _b64(key.private_numbers().private_value.to_bytes(32, "big"))


def kinds_for(event, *, player=None, user=None) -> tuple[str, ...]:
    """What a holder may be told: a player their own game's news; an organizer the event's (a judge's call
    too); a judge (the caller checked they are staff) only the players' calls for a judge."""
    if player is not None:
        return PLAYER_KINDS
    return ORGANIZER_KINDS if is_organizer(user, event) else JUDGE_KINDS


def subscription_save(*, event, info, kinds, language: str, player=None, user=None) -> PushSubscription:
    """Keep (or update) one browser's subscription and what it wants to be told; refuses a malformed one
    whole, with the field at fault."""
    endpoint, p256dh, auth = _checked_info(info)
    allowed = kinds_for(event, player=player, user=user)
    if not isinstance(kinds, list) or any(kind not in allowed for kind in kinds):
        raise invalid("unknown_kind", say("Choose among: {value}.", value=", ".join(allowed)), "kinds")
    owner = {"player": player} if player is not None else {"user": user}
    role = {"user__isnull": True} if player is not None else {"player__isnull": True}
    with transaction.atomic():
        subscription, _ = PushSubscription.objects.update_or_create(
            event=event, endpoint=endpoint, **role,
            defaults={"player": player, "user": user, "p256dh": p256dh, "auth": auth,
                      "kinds": [kind for kind in allowed if kind in kinds], "language": language[:10]})
        # A few phones and browsers each; past that the oldest goes (a link copied around cannot pile up).
        older = PushSubscription.objects.filter(event=event, **owner).exclude(pk=subscription.pk).order_by("-pk")
        PushSubscription.objects.filter(pk__in=list(older.values_list("pk", flat=True)[BROWSERS - 1:])).delete()
    return subscription


def subscriptions_of(event, *, player=None, user=None):
    """One holder's own subscriptions for the event (a player's, or a staff member's): never another's."""
    if player is None and user is None:
        return PushSubscription.objects.none()
    owner = {"player": player} if player is not None else {"user": user, "player__isnull": True}
    return PushSubscription.objects.filter(event=event, **owner).order_by("pk")


def subscription_remove(*, event, endpoint: str, player=None, user=None) -> int:
    """This browser is told nothing more of the event (only its own holder removes it)."""
    owner = {"player": player} if player is not None else {"user": user}
    endpoint = outward.destination(endpoint, PUSH_SERVICES)  # none kept is other than its sent form
    return PushSubscription.objects.filter(event=event, endpoint=endpoint, **owner).delete()[0] if endpoint else 0


def tell(subscriptions, kind: str, about: str, message) -> None:
    """Queue one push to each subscription that chose `kind`: `message(subscription)` gives its (title,
    body, url), written in the subscription's language; each goes once per `about`."""
    if not offered():
        return
    pushes = []
    for subscription in subscriptions:
        if kind in subscription.kinds:
            with translation.override(subscription.language):
                title, body, url = message(subscription)
            pushes.append(Push(subscription=subscription, about=about[:80], title=title[:200], body=body[:500],
                               url=url[:300]))
    if not pushes:
        return
    Push.objects.bulk_create(pushes, ignore_conflicts=True)
    ids = [s.pk for s in subscriptions]
    transaction.on_commit(lambda: [_enqueue(pk) for pk in Push.objects.filter(
        subscription_id__in=ids, about=about[:80], sent_at=None, failure="").values_list("pk", flat=True)])


def push_send(push_id: int) -> None:
    """Send one push once: the row is locked while sending and marked sent with it (a task run twice sends
    it once); one older than its TTL is given up. Raises PushUnavailable for the task to retry."""
    with transaction.atomic():
        push = Push.objects.select_for_update().select_related("subscription").filter(
            pk=push_id, sent_at=None, failure="").first()
        if push is None:
            return
        if push.created_at < timezone.now() - timezone.timedelta(seconds=TTL):  # its task ran late: old news
            push.failure = "too late to tell"
            push.save(update_fields=["failure"])
            return
        subscription = push.subscription
        if outward.destination(subscription.endpoint, PUSH_SERVICES) is None:  # kept from before a narrower rule
            subscription.delete()
            return
        payload = json.dumps({"title": push.title, "body": push.body, "url": push.url, "tag": push.about},
                             ensure_ascii=False)
        try:
            webpush({"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh,
                                                                 "auth": subscription.auth}},
                    payload, vapid_private_key=settings.VAPID_PRIVATE_KEY,
                    vapid_claims={"sub": settings.VAPID_SUBJECT}, ttl=TTL, timeout=10,
                    requests_session=outward.Session(PUSH_SERVICES))
        except outward.Refused as error:  # its name now leads into this network: never sent, never retried
            push.failure = "push service address refused"
            push.save(update_fields=["failure"])
            log.error("push %s given up: %s", push.pk, error)
            return
        except WebPushException as error:
            status = getattr(error.response, "status_code", None)
            if status in GONE:  # the browser unsubscribed, or the subscription expired: forget it
                subscription.delete()
                return
            if status is None or status == 429 or status >= 500:
                raise PushUnavailable(f"push service answered {status}") from error
            push.failure = f"push service answered {status}"[:200]
            push.save(update_fields=["failure"])
            log.error("push %s given up: %s", push.pk, push.failure)
            return
        except RequestException as error:
            raise PushUnavailable(str(error)) from error
        push.sent_at = timezone.now()
        push.save(update_fields=["sent_at"])


def _enqueue(row_id: int) -> None:
    hand_over("notifications.tasks.send_push", row_id)


def _checked_info(info) -> tuple[str, str, str]:
    """The subscription as the browser's PushSubscription.toJSON() gives it."""
    if not isinstance(info, dict) or not isinstance(info.get("keys"), dict):
        raise invalid("bad_subscription", say("That is not a browser's push subscription."), "subscription")
    endpoint, keys = outward.destination(info.get("endpoint"), PUSH_SERVICES), info["keys"]
    if endpoint is None:
        raise invalid("bad_endpoint", say("A push subscription's address must be a push service's https address."),
                      "endpoint")
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    if _decoded_length(p256dh) != 65 or _decoded_length(auth) != 16:
        raise invalid("bad_keys", say("That push subscription's keys are not a browser's."), "keys")
    return endpoint, p256dh, auth


def _decoded_length(value) -> int:
    if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z0-9_-]+={0,2}", value):
        return -1
    try:
        return len(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)))
    except ValueError:
        return -1


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def pending_pushes_enqueue(older_than_seconds: float) -> int:
    """Celery beat's round for pushes: queue again what is still unsent (the broker was down, or the
    task gave up its retries), and give up what is older than its TTL: old news to a phone."""
    now = timezone.now()
    pending = Push.objects.filter(sent_at=None, failure="")
    pending.filter(created_at__lt=now - timezone.timedelta(seconds=TTL)).update(failure="too late to tell")
    ids = list(pending.filter(created_at__lte=now - timezone.timedelta(seconds=older_than_seconds))
               .values_list("pk", flat=True))
    for pk in ids:
        _enqueue(pk)
    return len(ids)
