"""Who is told what by email (and, beside each mail, on phones and Discord: notifications.phones): players
of a published round (their table, opponent, mission and start), a player
whose opponent reported (confirm or dispute), and, on a dispute, the reporter and the organizers. The
tournament announces these (`tournaments.signals`) and `notifications.receivers` calls them; teams, built
on both, calls `round_published` itself when a match's lineup seats its games.

Every mail to a player carries their private link, absolute from settings.SITE_URL (a mail is read away
from any request), and is written in the player's language (`languages_of`).

Notifications are rows written inside the change's transaction and sent by a Celery task after it
commits, so a request never waits for mail and a rolled-back change mails nobody. If the broker is
down, the rows wait: Celery beat (or `manage.py send_notifications`) queues what is pending.
"""
from __future__ import annotations

import logging
import re
import unicodedata
from datetime import timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from notifications import phones
from notifications.models import Notification
from notifications.queueing import hand_over
from signups.models import SignUp
from signups.selectors import announcement_of
from tournaments.models import Game, Player, Round

log = logging.getLogger(__name__)


def address_of(player: Player) -> str:
    """The player's own address, else their account's (read only when the entry has one)."""
    return player.email or (player.user.email if player.user_id else "")


def site_link(name: str, *args) -> str:
    """An address on the site, absolute from settings.SITE_URL: what a mail, a calendar or a channel
    carries is opened away from any request, so it cannot be built from one."""
    return settings.SITE_URL.rstrip("/") + reverse(name, args=args)


def private_line(player: Player) -> str:
    return _("Your private page for the day (your table, your opponent, reporting): %(link)s") % {
        "link": site_link("public:private", player.key)}


def languages_of(players) -> dict[int, str]:
    """The language each player's mails are written in, by player id: the one they signed up in (the
    entry's sign-up, `SignUp.language`), else the one their account last signed up in (an account keeps
    no language of its own), else the site's default. Two queries, whatever the size of the field."""
    players = list(players)
    signed_up = dict(SignUp.objects.filter(player__in=players).values_list("player_id", "language"))
    accounts = _account_languages({p.user_id for p in players if p.user_id and p.pk not in signed_up})
    return {p.pk: _known(signed_up.get(p.pk) or accounts.get(p.user_id)) for p in players}


def account_language(user) -> str:
    """An account's language (an organizer's): the one it last signed up for an event in, else the site's."""
    return _known(_account_languages({user.pk}).get(user.pk))


def _account_languages(user_ids: set[int]) -> dict[int, str]:
    found = {}
    for user_id, language in (SignUp.objects.filter(user_id__in=user_ids).order_by("created_at", "pk")
                              .values_list("user_id", "language")):
        found[user_id] = language  # the latest sign-up's wins
    return found


def _known(language: str | None) -> str:
    return language if language in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


def round_start(rnd: Round) -> str:
    """When the round starts, where the event is: its clock's start once running, else its publication
    (a round has no time planned ahead: it starts when its pairings are out)."""
    at = rnd.clock_started_at or rnd.published_at or timezone.now()
    zone = announcement_of(rnd.event).time_zone
    return _("Start: %(time)s (%(zone)s)") % {"time": f"{at.astimezone(ZoneInfo(zone)):%H:%M}", "zone": zone}


def round_published(rnd: Round, games: list[Game]) -> None:
    """Each seated player with an address, in their language: their table, opponent, mission (where the
    format deals one per round or per table), the round's start and their private link. Four queries and
    one insert, whatever the size of the field."""
    players = {p.pk: p for p in Player.objects.filter(seats__round=rnd).select_related("user")}
    languages = languages_of(p for p in players.values() if address_of(p))
    event, about = rnd.event, f"round:{rnd.pk}"
    notes = []
    for game in games:
        game.round = rnd  # its mission falls back on the round's
        for own, other in ((game.player_a_id, game.player_b_id), (game.player_b_id, game.player_a_id)):
            player, opponent = players.get(own), players.get(other)
            if player is None or not address_of(player):
                continue
            with translation.override(languages[player.pk]):
                if opponent is None:
                    subject = _("%(event)s, round %(n)s: you have the bye") % {"event": event.name, "n": rnd.number}
                    lines = [subject, round_start(rnd), private_line(player)]
                else:
                    subject = _("%(event)s, round %(n)s: table %(t)s against %(opponent)s") % {
                        "event": event.name, "n": rnd.number, "t": game.table, "opponent": opponent.name}
                    mission = phones.mission_line(event.format, game)
                    lines = [subject, _("Mission: %(mission)s") % {"mission": mission} if mission else "",
                             round_start(rnd), _("Report your result from your private link."), private_line(player)]
            notes.append(Notification(event=event, to=address_of(player), kind=Notification.ROUND_PUBLISHED,
                                      about=about, subject=one_line(subject)[:200], body=_body(lines)))
    if notes:
        Notification.objects.bulk_create(notes, ignore_conflicts=True)
        transaction.on_commit(lambda: [enqueue(pk) for pk in Notification.objects.filter(
            kind=Notification.ROUND_PUBLISHED, about=about, sent_at=None).values_list("pk", flat=True)])
    phones.round_published(rnd, games, players)


def report_awaits(game: Game, reporter: Player, version_stamp: str) -> None:
    """The opponent, in their language: who reported which game, and the link to confirm or dispute it."""
    opponent = game.player_b if game.player_a_id == reporter.pk else game.player_a
    rnd = game.round
    if to := address_of(opponent):  # the language is looked up only for a mail that goes (a report's cost)
        with translation.override(languages_of([opponent])[opponent.pk]):
            subject = _("%(name)s reported your game: confirm or dispute it") % {"name": reporter.name}
            _queue(rnd.event, opponent, Notification.AWAITING_YOU, f"game:{game.pk}:{version_stamp}", subject,
                   _body([subject, _("%(event)s, round %(n)s, table %(t)s") % {
                       "event": rnd.event.name, "n": rnd.number, "t": game.table},
                       _("Open your private link to answer."), private_line(opponent)]), to=to)
    phones.report_awaits(game, reporter, opponent, version_stamp)


def report_disputed(game: Game, disputer: Player, version_stamp: str) -> None:
    """The reporter (their private link) and each organizer (the round in the console), each in their
    language."""
    reporter = game.player_b if game.player_a_id == disputer.pk else game.player_a
    event = game.round.event
    about = f"game:{game.pk}:{version_stamp}"

    def subject():
        return _("%(event)s, table %(t)s: %(name)s disputes the reported result") % {
            "event": event.name, "t": game.table, "name": disputer.name}

    with translation.override(languages_of([reporter])[reporter.pk]):
        _queue(event, reporter, Notification.DISPUTED, about, subject(), _body([
            subject(), _("The organizer decides; your page shows both versions."), private_line(reporter)]))
    for organizer in event.organizers.exclude(email=""):
        with translation.override(account_language(organizer)):
            _queue(event, None, Notification.DISPUTED, about, subject(), _body([
                subject(), _("Settle it on the round's page: %(link)s") % {
                    "link": site_link("console:round", event.slug, game.round.number)}]), to=organizer.email)
    phones.report_disputed(game, disputer, reporter, version_stamp)


def mail_to(event, to: str, kind: str, about: str, subject: str, body: str) -> None:
    """One mail about `event` to an address (a sign-up's, before any entry exists), once per (to, kind,
    about); nothing when there is no address."""
    _queue(event, None, kind, about, subject, body, to=to)


def _body(lines: list[str]) -> str:
    return "\n\n".join(line for line in lines if line)


def one_line(text: str) -> str:
    """A mail header carries one line: any run of whitespace or control characters becomes a space
    (a name typed before names were checked may still hold a newline), but for the no-break spaces French
    puts before its colons, which stay on the line."""
    spaced = "".join(" " if unicodedata.category(c) == "Cc" else c for c in text)
    return SPACES.sub(" ", spaced).strip(" ")


SPACES = re.compile(r"[^\S\u00a0\u202f]+")  # whitespace but the no-break spaces


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
