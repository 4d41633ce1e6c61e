"""The sign-ups' mails, each in the language the person signed up in (an organizer's entry without a
sign-up: `notifications.services.languages_of`), through the notification queue (written with the change,
sent after it commits). Links are absolute, from settings.SITE_URL; a player's carry their private link."""
from __future__ import annotations

import hashlib

from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from notifications.services import address_of, languages_of, mail_to, private_line, site_link
from scoring.formats import get_format
from signups.models import MOVES, REGISTERED, WAITLISTED, SignUp
from signups.selectors import announcement_of, local_time, position_of


def address(signup) -> str:
    """Where a sign-up's mails go: its address, else its account's, else its entry's (an organizer's entry
    gets a sign-up row, with no address, once its paid status or crew list is set)."""
    return signup.email or (signup.user.email if signup.user_id else "") or (
        address_of(signup.player) if signup.player_id else "")


def _send(signup, kind: str, about: str, subject: str, lines: list[str], *, to: str = "") -> None:
    mail_to(signup.event, to or address(signup), kind, about, subject, "\n\n".join(line for line in lines if line))


def confirm_link(signup, token: str) -> None:
    """The link that makes the sign-up count: it always goes, whatever the event's mail settings."""
    with translation.override(signup.language):
        _send(signup, "signup_confirm", f"signup:{signup.pk}:{signup.confirm_digest[:16]}",
              _("%(event)s: confirm your sign-up") % {"event": signup.event.name}, [
                  _("Follow this link to confirm your sign-up for %(event)s (nothing is held until you do):")
                  % {"event": signup.event.name},
                  site_link("signups:confirm", token),
                  _("You confirm: %(name)s, %(faction)s%(club)s. Not what you typed? Sign up again before "
                    "following the link.") % {"name": signup.name, "faction": faction_name(signup),
                                              "club": f", {signup.club}" if signup.club else ""},
                  _("The link works once and expires in %(hours)s hours. If you did not sign up, ignore this mail.")
                  % {"hours": settings.SIGNUP_CONFIRM_HOURS}])


def faction_name(signup) -> str:
    """The faction as the format names it (the game's own word, in either language)."""
    named = get_format(signup.event.format).faction(signup.faction)
    return named.name if named else signup.faction


def already(signup, to: str) -> None:
    """Someone asked again by email for an address already signed up: the address's holder gets their
    sign-up's link (the page that asked says only "check your mail"). At most one such mail an hour."""
    with translation.override(signup.language):
        subject = _("%(event)s: you are already signed up") % {"event": signup.event.name}
        mail_to(signup.event, to, "signup_already", f"signup:{signup.pk}:already:{timezone.now():%Y%m%d%H}",
                subject, "\n\n".join(line for line in [subject, _withdraw_line(signup), _player_line(signup)]
                                       if line))


def _withdraw_line(signup) -> str:
    if not signup.pk:  # an organizer's entry with no sign-up row yet: its private page withdraws it
        return ""
    return _("Your sign-up, and withdrawing if you cannot come: %(link)s") % {
        "link": site_link("signups:signup", signup.key)}


def _player_line(signup) -> str:
    return private_line(signup.player) if signup.player_id else ""


def placed(signup) -> None:
    """Confirmed: a place, or where on the waitlist."""
    if not announcement_of(signup.event).mail_placed:
        return
    with translation.override(signup.language):
        if signup.player_id:
            subject = _("%(event)s: you have a place") % {"event": signup.event.name}
        else:
            subject = _("%(event)s: you are number %(n)s on the waitlist") % {
                "event": signup.event.name, "n": position_of(signup)}
        _send(signup, "signup_placed", f"signup:{signup.pk}:placed", subject,
              [subject, _player_line(signup), _withdraw_line(signup), site_link("public:event", signup.event.slug)])


def promoted(signup) -> None:
    """A place came free and the waitlist gave it to them."""
    if not announcement_of(signup.event).mail_promoted:
        return
    with translation.override(signup.language):
        subject = _("%(event)s: a place came free, and it is yours") % {"event": signup.event.name}
        _send(signup, "signup_promoted", f"signup:{signup.pk}:promoted", subject,
              [subject, _player_line(signup), _withdraw_line(signup), site_link("public:event", signup.event.slug)])


def _everyone(event):
    """Everyone who holds a place or a waitlist spot, once each by address: the sign-ups, and the entries
    the organizer made (with a sign-up row of their own once their paid status is set, or not)."""
    people = list(SignUp.objects.filter(event=event, state__in=(REGISTERED, WAITLISTED))
                  .select_related("user", "player__user"))
    told = {s.player_id for s in people if s.player_id}
    entries = list(event.players.filter(is_ringer=False).exclude(pk__in=told).select_related("user"))
    languages = languages_of(entries)
    extra = [SignUp(event=event, name=p.name, state=REGISTERED, language=languages[p.pk], player=p) for p in entries]
    everyone, seen = [], set()
    for signup in people + extra:
        if (to := address(signup)) and to.lower() not in seen:
            seen.add(to.lower())
            everyone.append(signup)
    return everyone


def _when_where(event, announcement) -> list[str]:
    starts = local_time(event, announcement, announcement.starts_at)
    when = f"{event.date:%Y-%m-%d}" + (f" {starts:%H:%M} ({announcement.time_zone})" if starts else "")
    where = ", ".join(part for part in (announcement.venue, announcement.address) if part)
    return [_("When: %(when)s") % {"when": when}, _("Where: %(where)s") % {"where": where} if where else ""]


def changed(event, announcement) -> None:
    """The date, the time or the venue moved: everyone signed up hears of it."""
    if not announcement.mail_changes:
        return
    stamp = "|".join([str(event.date), *(str(getattr(announcement, name)) for name in MOVES)])
    about = f"changed:{event.pk}:{hashlib.sha256(stamp.encode()).hexdigest()[:16]}"
    for signup in _everyone(event):
        with translation.override(signup.language):
            subject = _("%(event)s has changed: check the date, time and venue") % {"event": event.name}
            _send(signup, "event_changed", about, subject, [
                subject, *_when_where(event, announcement), _player_line(signup), _withdraw_line(signup),
                site_link("public:event", event.slug)])


def cancelled(event, announcement) -> None:
    if not announcement.mail_changes:
        return
    for signup in _everyone(event):
        with translation.override(signup.language):
            subject = _("%(event)s is cancelled") % {"event": event.name}
            _send(signup, "event_cancelled", f"cancelled:{event.pk}", subject, [
                subject, _("Contact the organizer with any question about payments."), _player_line(signup),
                site_link("public:event", event.slug)])


def withdrawal(signup, to: str, was: str) -> None:
    """The person whose place or waitlist spot was given up (by them or by the organizer) is told so, at
    `to` (read before the entry's removal takes its address away)."""
    with translation.override(signup.language):
        subject = _("%(event)s: your sign-up is withdrawn") % {"event": signup.event.name}
        held = (_("You no longer hold a place in %(event)s.") if was == REGISTERED else
                _("You are no longer on the waitlist of %(event)s.")) % {"event": signup.event.name}
        _send(signup, "signup_withdrawn", f"signup:{signup.pk}:withdrawn", subject, [
            subject, held, _("Changed your mind? Sign up again while sign-ups are open: %(link)s") % {
                "link": site_link("signups:sign-up", signup.event.slug)}], to=to)


def reminder(event, announcement) -> int:
    """The day before: time, venue and what to bring. Sent once per address (the notification's
    uniqueness), however often the beat task runs."""
    if not announcement.mail_reminder or announcement.cancelled_at is not None:
        return 0
    sent = 0
    for signup in _everyone(event):
        if signup.state != REGISTERED:
            continue
        with translation.override(signup.language):
            subject = _("%(event)s is tomorrow") % {"event": event.name}
            bring = _("Bring your crew, your Fate deck, measuring tools and markers.")
            if announcement.crew_lists:
                bring += " " + _("Send your crew list if you have not yet.")
            mail_to(event, address(signup), "event_reminder", f"reminder:{event.pk}:{event.date}", subject,
                    "\n\n".join(line for line in [subject, *_when_where(event, announcement), bring,
                                                  _player_line(signup),
                                                  site_link("public:event", event.slug)] if line))
            sent += 1
    return sent
