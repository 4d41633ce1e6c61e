"""Who is told what by email (and, beside each mail, on phones and Discord: notifications.phones): players
of a published round (their table and opponent), a player
whose opponent reported (confirm or dispute), and, on a dispute, the reporter and the organizers. The
tournament announces these (`tournaments.signals`) and `notifications.receivers` calls them; teams, built
on both, calls `round_published` itself when a match's lineup seats its games.

Notifications are rows written inside the change's transaction and sent by a Celery task after it
commits, so a request never waits for mail and a rolled-back change mails nobody. If the broker is
down, the rows wait: Celery beat (or `manage.py send_notifications`) queues what is pending.
"""
from __future__ import annotations

import logging
import re
import unicodedata
from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from notifications import phones
from notifications.models import Notification
from notifications.queueing import hand_over
from tournaments.models import Game, Player, Round

log = logging.getLogger(__name__)


def address_of(player: Player) -> str:
    """The player's own address, else their account's (read only when the entry has one)."""
    return player.email or (player.user.email if player.user_id else "")


def round_published(rnd: Round, games: list[Game]) -> None:
    """Each seated player with an address: their table and opponent. Two queries and one insert,
    whatever the size of the field."""
    players = {p.pk: p for p in Player.objects.filter(seats__round=rnd).select_related("user")}
    notes = []
    for game in games:
        for own, other in ((game.player_a_id, game.player_b_id), (game.player_b_id, game.player_a_id)):
            player, opponent = players.get(own), players.get(other)
            if player is None or not address_of(player):
                continue
            if opponent is None:
                subject = _("%(event)s, round %(n)s: you have the bye") % {"event": rnd.event.name, "n": rnd.number}
                body = subject
            else:
                subject = _("%(event)s, round %(n)s: table %(t)s against %(opponent)s") % {
                    "event": rnd.event.name, "n": rnd.number, "t": game.table, "opponent": opponent.name}
                body = subject + "\n\n" + _("Report your result from your private link.")
            notes.append(Notification(event=rnd.event, to=address_of(player), kind=Notification.ROUND_PUBLISHED,
                                      about=f"round:{rnd.pk}", subject=one_line(subject)[:200], body=body))
    if notes:
        Notification.objects.bulk_create(notes, ignore_conflicts=True)
        about = f"round:{rnd.pk}"
        transaction.on_commit(lambda: [enqueue(pk) for pk in Notification.objects.filter(
            kind=Notification.ROUND_PUBLISHED, about=about, sent_at=None).values_list("pk", flat=True)])
    phones.round_published(rnd, games, players)


def report_awaits(game: Game, reporter: Player, version_stamp: str) -> None:
    opponent = game.player_b if game.player_a_id == reporter.pk else game.player_a
    subject = _("%(name)s reported your game: confirm or dispute it") % {"name": reporter.name}
    _queue(game.round.event, opponent, Notification.AWAITING_YOU, f"game:{game.pk}:{version_stamp}", subject,
           subject + "\n\n" + _("Open your private link to answer."))
    phones.report_awaits(game, reporter, opponent, version_stamp)


def report_disputed(game: Game, disputer: Player, version_stamp: str) -> None:
    reporter = game.player_b if game.player_a_id == disputer.pk else game.player_a
    event = game.round.event
    subject = _("%(event)s, table %(t)s: %(name)s disputes the reported result") % {
        "event": event.name, "t": game.table, "name": disputer.name}
    about = f"game:{game.pk}:{version_stamp}"
    _queue(event, reporter, Notification.DISPUTED, about, subject, subject)
    for organizer in event.organizers.exclude(email=""):
        _queue(event, None, Notification.DISPUTED, about, subject, subject, to=organizer.email)
    phones.report_disputed(game, disputer, reporter, version_stamp)


def mail_to(event, to: str, kind: str, about: str, subject: str, body: str) -> None:
    """One mail about `event` to an address (a sign-up's, before any entry exists), once per (to, kind,
    about); nothing when there is no address."""
    _queue(event, None, kind, about, subject, body, to=to)


def one_line(text: str) -> str:
    """A mail header carries one line: any run of whitespace or control characters becomes a space
    (a name typed before names were checked may still hold a newline)."""
    return " ".join("".join(" " if unicodedata.category(c) == "Cc" else c for c in text).split())


# An address in the text (a scheme's, or a www. one): mail programs make it a link, whoever typed it.
ADDRESS = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*)://(\S*)|\bwww\.")


def plain_text(text: str) -> str:
    """A mail's text as its reader's mail program will not make links of, but for the site's own: names
    and other typed text reach mails (`[Claim your prize](https://phish.example)` as a player's name), and
    plain text has no escaping, so any other address is written so no program links it (hxxps[://]...)."""
    own = settings.SITE_URL.rstrip("/") + "/"

    def written(found: re.Match) -> str:
        whole = found.group(0)
        if found.group(1) is None:
            return whole[:-1] + "[.]"
        if (whole + "/").startswith(own):
            return whole
        scheme = re.sub(r"(?i)^http", "hxxp", found.group(1))
        return f"{scheme}[://]{found.group(2).replace('.', '[.]')}"

    return ADDRESS.sub(written, text)


def _queue(event, player, kind, about, subject, body, *, to: str = "") -> None:
    to = to or (address_of(player) if player else "")
    if not to:
        return
    subject = one_line(subject)
    try:
        with transaction.atomic():
            note = Notification.objects.create(event=event, to=to, kind=kind, about=about, subject=subject[:200],
                                               body=body)
    except IntegrityError:
        return  # already queued once (the notification_once constraint): telling twice would be noise
    transaction.on_commit(lambda: enqueue(note.pk))


def enqueue(notification_id: int) -> None:
    """Hand a mail to the workers (with the broker down it waits for beat or `send_notifications`)."""
    hand_over("notifications.tasks.send_notification", notification_id)


def enqueue_pending(older_than_seconds: float = 0) -> int:
    """Queue every mail not yet sent (made at least `older_than_seconds` ago): after a broker outage the
    rows are all that is left of them. Sending is idempotent, so queuing one twice sends it once."""
    made_before = timezone.now() - timedelta(seconds=older_than_seconds)
    pending = list(Notification.objects.filter(sent_at=None, failure="", created_at__lte=made_before)
                   .values_list("pk", flat=True))
    for pk in pending:
        enqueue(pk)
    return len(pending)


def notification_send(notification_id: int) -> None:
    """Send one email once: the row is locked while sending and marked sent in the same transaction,
    so a task run twice (retried, or redelivered after a worker died) sends it once."""
    with transaction.atomic():
        note = Notification.objects.select_for_update().filter(pk=notification_id, sent_at=None,
                                                                   failure="").first()
        if note is None:
            return
        try:
            EmailMessage(plain_text(note.subject), plain_text(note.body), None, [note.to]).send()
        except ValueError as error:  # BadHeaderError and its kind: it can never be sent, so give up and say why
            note.failure = f"{type(error).__name__}: {error}"[:200]
            note.save(update_fields=["failure"])
            log.error("notification %s given up: %s", note.pk, note.failure)
            return
        note.sent_at = timezone.now()
        note.save(update_fields=["sent_at"])
