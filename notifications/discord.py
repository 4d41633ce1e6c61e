"""An event's Discord channel: its organizer pastes a webhook address, and the channel gets each round's
pairings and the final podium, with a link. Posts are rows written in the change's transaction and sent
by the notification queue after it commits; Discord's "slow down" (429) and its outages are retried, a
deleted webhook (401, 403, 404) is given up and shown to the organizer."""
from __future__ import annotations

import logging
import re

import requests
from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from gaininggrounds import outward
from notifications.models import DiscordHook, DiscordPost
from notifications.queueing import hand_over
from scoring.messages import say
from scoring.problems import conflict, invalid

log = logging.getLogger(__name__)
# What Discord gives an organizer to paste (its API's version may be named).
WEBHOOK = re.compile(r"https://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api/(?:v\d{1,2}/)?webhooks/"
                     r"(?P<id>\d{17,20})/(?P<token>[A-Za-z0-9_-]{20,100})")
LIMIT = 2000  # characters in one Discord message
HOSTS = ("discord.com",)  # where posts go (gaininggrounds.outward checks it, DISCORD_API_ORIGIN the tests' stand-in)
# ASCII punctuation: Discord's markdown takes a backslash before any of it as "this character, as text".
PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")


def text(value: str) -> str:
    """A name or free text as Discord shows it, never as formatting, a link, a mention or an emoji: every
    punctuation mark escaped (it still reads the same), so `[prize](https://x)` or `<@123>` stay letters."""
    return PUNCTUATION.sub(r"\\\1", value)


class DiscordUnavailable(Exception):
    """Discord could not take the post now (429, 5xx, no answer): the task retries it, after `wait` seconds
    when Discord said how long."""

    def __init__(self, message: str, wait: float | None = None):
        super().__init__(message)
        self.wait = wait


def hook_save(*, event, url: str) -> DiscordHook:
    """Keep the event's webhook (refused whole unless it is a Discord webhook address)."""
    url = (url or "").strip()
    if len(url) > 300 or not WEBHOOK.fullmatch(url):
        raise invalid("not_a_discord_webhook", say(
            "Paste the webhook's address as Discord gives it: https://discord.com/api/webhooks/<number>/<token>."),
            "discord_webhook")
    hook, _ = DiscordHook.objects.update_or_create(event=event, defaults={"url": url, "last_failure": "",
                                                                         "failed_at": None})
    return hook


def hook_remove(*, event) -> None:
    """The event posts to Discord no more."""
    DiscordHook.objects.filter(event=event).delete()


def hook_test(*, event) -> DiscordPost:
    """Queue one test message to the event's channel through the same sending path as a round's post, so
    a failure is shown as any post's (409 `no_discord_webhook` when the event has none)."""
    with transaction.atomic():
        hook = DiscordHook.objects.select_for_update().filter(event=event).first()
        if hook is None:
            raise conflict("no_discord_webhook", say("This event has no Discord webhook: paste one first."))
        content = _("**%(event)s**: test from Gaining Grounds. Each published round and the final standings "
                    "are posted here.") % {"event": text(event.name)}
        return _post(event, f"test:{timezone.now().timestamp():.6f}", content)


def masked(hook: DiscordHook | None) -> str:
    """The address as the console shows it: which webhook, never its token."""
    if hook is None:
        return ""
    found = WEBHOOK.fullmatch(hook.url)
    return f"…/webhooks/{found['id']}/{'•' * 8}{found['token'][-4:]}" if found else "…"


def round_published(rnd, games, players: dict) -> None:
    """The round's tables, byes last, and the link to its page. `players`: the round's players by id."""
    if not DiscordHook.objects.filter(event=rnd.event).exists():
        return
    lines = []
    for game in sorted(games, key=lambda g: (g.table is None, g.table or 0)):
        one = text(players[game.player_a_id].name)
        other = text(players[game.player_b_id].name) if game.player_b_id else None
        lines.append(_("Table %(t)s: %(a)s v %(b)s") % {"t": game.table, "a": one, "b": other} if other
                     else _("Bye: %(name)s") % {"name": one})
    link = settings.SITE_URL.rstrip("/") + reverse("public:round", args=[rnd.event.slug, rnd.number])
    heading = _("**%(event)s: round %(n)s is up**") % {"event": text(rnd.event.name), "n": rnd.number}
    _post(rnd.event, f"round:{rnd.pk}", _fitted(heading, lines, link))


def event_finished(event, podium: list[str]) -> None:
    link = settings.SITE_URL.rstrip("/") + reverse("public:final", args=[event.slug])
    heading = _("**%(event)s: final standings**") % {"event": text(event.name)}
    lines = [f"{place}. {text(name)}" for place, name in enumerate(podium, 1)]
    _post(event, f"final:{event.pk}:{event.finished_at.timestamp():.0f}", _fitted(heading, lines, link))


def _fitted(heading: str, lines: list[str], link: str) -> str:
    """One message within Discord's limit: as many lines as fit, then how many more the link shows."""
    kept = []
    for index, line in enumerate(lines):
        rest = _("…and %(n)s more: %(link)s") % {"n": len(lines) - index, "link": link}
        if len("\n".join([heading, *kept, line, rest])) > LIMIT:
            return "\n".join([heading, *kept, rest])
        kept.append(line)
    return "\n".join([heading, *kept, link])


def _post(event, about: str, content: str) -> DiscordPost | None:
    hook = DiscordHook.objects.filter(event=event).first()
    if hook is None:
        return None
    post, made = DiscordPost.objects.get_or_create(hook=hook, about=about[:80], defaults={"content": content})
    if made:
        transaction.on_commit(lambda: _enqueue(post.pk))
    return post


def _enqueue(row_id: int) -> None:
    hand_over("notifications.tasks.send_discord", row_id)


def post_send(post_id: int) -> None:
    """Post once: the row is locked while posting and marked sent with it. Mentions are switched off: a
    player's name never pings a channel. A failure is noted on the hook for the organizer (after the
    transaction, so that a retried one is seen while it waits)."""
    with transaction.atomic():
        post = DiscordPost.objects.select_for_update().select_related("hook").filter(
            pk=post_id, sent_at=None, failure="").first()
        if post is None:
            return
        hook = post.hook
        address = settings.DISCORD_API_ORIGIN.rstrip("/") + "/api/webhooks/" + hook.url.split("/webhooks/", 1)[1]
        refused = False
        try:
            answer = outward.Session(HOSTS).post(address, json={"content": post.content,
                                                                "allowed_mentions": {"parse": []}}, timeout=10)
            status = answer.status_code
        except requests.RequestException:
            answer, status = None, None
        except outward.Refused as error:  # Discord's name leads into this network: never posted, never retried
            log.error("Discord post %s given up: %s", post.pk, error)
            post.failure = "address refused"
            post.save(update_fields=["failure"])
            refused = True
        if not refused and status is not None and status < 400:
            post.sent_at = hook.posted_at = timezone.now()
            post.save(update_fields=["sent_at"])
            hook.last_failure, hook.failed_at = "", None
            hook.save(update_fields=["posted_at", "last_failure", "failed_at"])
            return
        retried = not refused and (status is None or status == 429 or status >= 500)
        if not retried and not refused:
            post.failure = f"Discord answered {status}"
            post.save(update_fields=["failure"])
    if refused:
        _failed(hook, _("Discord's address did not lead to Discord: not posted."))
        return
    if status is None:
        _failed(hook, _("Discord did not answer; trying again"))
    elif retried:
        _failed(hook, _("Discord answered %(status)s; trying again") % {"status": status})
    else:
        _failed(hook, _("Discord answered %(status)s: is the webhook deleted? Paste it again.") % {"status": status})
        return
    raise DiscordUnavailable(f"Discord answered {status}", answer is not None and _retry_after(answer) or None)


def _failed(hook: DiscordHook, why: str) -> None:
    """Saved outside the post's transaction: a retried failure is still shown while it waits."""
    DiscordHook.objects.filter(pk=hook.pk).update(last_failure=why[:200], failed_at=timezone.now())


def _retry_after(answer) -> float | None:
    try:
        return float(answer.json().get("retry_after"))
    except (ValueError, TypeError, AttributeError):
        return None


def pending_posts_enqueue(older_than_seconds: float) -> int:
    """Celery beat's round: posts still unsent after their task gave up (or never reached the broker)."""
    made_before = timezone.now() - timezone.timedelta(seconds=older_than_seconds)
    ids = list(DiscordPost.objects.filter(sent_at=None, failure="", created_at__lte=made_before,
                                          created_at__gte=timezone.now() - timezone.timedelta(hours=6))
               .values_list("pk", flat=True))
    for pk in ids:
        _enqueue(pk)
    return len(ids)
