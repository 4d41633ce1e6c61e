"""A place in an event before the day: asking for one, confirming by email, the waitlist, withdrawing.

Every change that gives or frees a place runs inside `event_change`, which locks the event's row: two
confirmations racing for the last place are one after the other, so one gets it and the other the
waitlist (tests/signups/test_signup_race.py, on PostgreSQL). A place is a `tournaments.Player`, made by
the tournament's own registration, so its rules (names, factions, accounts) are checked once."""
from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone

from audit.services import record
from people import verification
from scoring.entries import faction_problem, hidden_characters_problem, name_key, plain, text_problems
from scoring.formats import get_format
from scoring.messages import say
from scoring.problems import Conflict, DomainError, Invalid, Problem, conflict, invalid
from signups import mails
from signups.models import (
    EMAIL_LENGTH,
    HOLDING,
    LIST_LENGTH,
    REGISTERED,
    UNCONFIRMED,
    WAITLISTED,
    WITHDRAWN,
    Announcement,
    SignUp,
)
from signups.selectors import announcement_of, lists_asked, local_today, places_taken, waitlist
from tournaments import selectors
from tournaments.models import Event, Player
from tournaments.services import player_register, player_remove
from tournaments.services.changes import event_change


def closed_reason(event: Event, announcement: Announcement, *, deadline: bool = True) -> Conflict | None:
    """Why nobody may sign up now, as the conflict to raise (None: they may): cancelled, started or
    finished, closed by the organizer, or past the deadline (`deadline=False`: a sign-up made in time is
    confirmed after it)."""
    if announcement.cancelled_at is not None:
        return conflict("event_cancelled", say("This event is cancelled."))
    if event.finished_at is not None:
        return conflict("event_finished", say("This event is finished."))
    if selectors.latest_round_number(event):
        return conflict("event_started", say("This event has started: ask an organizer to register you."))
    if not event.registration_open:
        return conflict("registration_closed", say("Sign-ups for this event are closed."))
    if deadline and announcement.deadline is not None and timezone.now() >= announcement.deadline:
        return conflict("deadline_passed", say("Sign-ups for this event closed at the deadline."))
    return None


def entry_problems(event: Event, *, name: str, faction: str, club: str, email: str, crew_list: str,
                   announcement: Announcement) -> list[Problem]:
    """What is wrong with a sign-up as typed, every problem at once."""
    problems = [faction_problem(get_format(event.format), faction), *text_problems(name, club)]
    if email:
        try:
            validate_email(email)
            if len(email) > EMAIL_LENGTH:
                raise ValidationError("too long")
        except ValidationError:
            problems.append(Problem("email_invalid", say("Enter a valid email address."), "email"))
    if crew_list:
        if not lists_asked(announcement):
            problems.append(Problem("lists_not_asked", say("This event does not ask for crew lists."), "crew_list"))
        problems.append(list_problem(crew_list))
    return [p for p in problems if p]


def list_problem(crew_list: str) -> Problem | None:
    """A crew list is shown as plain text (escaped, never rendered as markup); only its length and hidden
    characters other than line breaks are refused."""
    if len(crew_list) > LIST_LENGTH:
        return Problem("list_too_long", say("A crew list is at most {n} characters.", n=LIST_LENGTH), "crew_list")
    return hidden_characters_problem(crew_list.replace("\n", " ").replace("\r", " ").replace("\t", " "), "crew_list")


def signup_request(*, event: Event, name: str, faction: str, club: str = "", email: str = "", user=None,
                   crew_list: str = "", language: str = "en") -> SignUp:
    """Ask for a place. Signed in, it is confirmed at once (the account, its address proven, is the proof:
    `people.verification`; unproven, it is asked to prove it, `unverified`); by email alone, a
    link is mailed and nothing is held until it is followed. Asking again before confirming sends a new
    link (the old one stops working; the mail shows what is confirmed). Signed in, a person already
    registered or waitlisted is told so; by email, the address's holder is mailed their sign-up instead,
    and the answer is the same as for a new sign-up, so nobody learns who signed up by typing an address.
    By email, a name already on the players list is refused before the address is looked at: refused
    after, it would answer 202 for the name's own address and 400 for any other, telling whose it is."""
    name, club, crew_list = plain(name), plain(club), crew_list.strip()
    announcement = announcement_of(event)
    if refusal := closed_reason(event, announcement):  # said before the input's problems: nothing to fix
        raise refusal
    if user is not None and verification.needs_verifying(user):
        raise unverified()
    email = (verification.trusted_email(user) if user is not None else email).strip().lower()  # never another's
    problems = entry_problems(event, name=name, faction=faction, club=club, email=email, crew_list=crew_list,
                              announcement=announcement)
    if user is None and not email:
        problems.append(Problem("email_missing", say("An email address is needed to confirm the sign-up."), "email"))
    if problems:
        raise Invalid(*problems)
    with event_change(event) as event:
        if refusal := closed_reason(event, announcement_of(event)):  # as it is now, the event's row locked
            raise refusal
        if user is None:  # before looking at the address: the answer depends on public names only
            _refuse_taken_name(event, name, waitlisted=False)
        held = _held_by(event, email=email, user=user)
        if held is not None and held.state != UNCONFIRMED and user is None:
            mails.already(entry_signup(held.player) if held.pk is None else held, email)
            return held
        if held is not None and held.state == WAITLISTED:
            raise conflict("already_waitlisted", say("You are already on this event's waitlist."))
        if held is not None and held.state != UNCONFIRMED:
            raise conflict("already_registered", say("You are already registered for this event."))
        if user is not None:
            _refuse_taken_name(event, name, waitlisted=True)
        signup = held or SignUp(event=event)
        signup.name, signup.faction, signup.club, signup.email = name, faction, club, email
        signup.user, signup.crew_list, signup.language = user, crew_list, language[:8]
        if user is not None:
            signup.confirmed_at = timezone.now()
            signup.save()
            _place(event, signup, by=user)
            return signup
        token = secrets.token_urlsafe(24)
        signup.state, signup.confirm_digest = UNCONFIRMED, digest(token)
        signup.confirm_expires = timezone.now() + timedelta(hours=settings.SIGNUP_CONFIRM_HOURS)
        signup.save()
        mails.confirm_link(signup, token)
    return signup


def unverified() -> Conflict:
    """A signed-in account whose address is not proven is asked to prove it, whatever it asks for and
    whatever the address holds. Asked rather than taken as an email sign-up: an account's sign-up is the
    account's (its events page, the account acting as the player), which only a proven address may be,
    so by email it would be a sign-up the account never sees, with a second mail and link to tell from
    the first; proving the address once takes one click and serves every later event."""
    return conflict("email_unverified", say("Confirm your account's email address first: follow the link we "
                                            "mailed you, or ask for a new one from your account."))


def _held_by(event: Event, *, email: str, user) -> SignUp | None:
    """The person's sign-up still holding (unconfirmed, waitlisted or registered), or an entry the
    organizer made for them, seen as a registered sign-up."""
    holding = SignUp.objects.filter(event=event, state__in=HOLDING)
    found = (holding.filter(user=user).first() if user is not None else None) or (
        holding.filter(email=email).first() if email else None)
    if found is not None:
        return found
    entries = event.players.filter(is_ringer=False)
    entry = (entries.filter(user=user).first() if user is not None else None) or (
        entries.filter(email__iexact=email).first() if email else None)
    return SignUp(event=event, state=REGISTERED, player=entry, name=entry.name) if entry is not None else None


def _refuse_taken_name(event: Event, name: str, *, waitlisted: bool, besides: SignUp | None = None) -> None:
    """Two entries of one name cannot be told apart on the pairings: refused now, not at promotion. The
    players' names are public; the waitlist's are checked only for who has proved an address or an account
    (`waitlisted`), so a stranger cannot learn them by trying names."""
    taken = {name_key(n) for n in event.players.values_list("name", flat=True)}
    if waitlisted:
        others = SignUp.objects.filter(event=event, state=WAITLISTED)
        if besides is not None and besides.pk:
            others = others.exclude(pk=besides.pk)
        taken |= {name_key(n) for n in others.values_list("name", flat=True)}
    if name_key(name) in taken:
        raise invalid("duplicate_name", say('A player named "{name}" is already signed up.', name=name), "name")


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def signup_confirm(*, token: str) -> SignUp:
    """Follow the mailed link, once: the sign-up takes a place, or the next one on the waitlist."""
    signup = SignUp.objects.select_related("event").filter(confirm_digest=digest(token), state=UNCONFIRMED).first()
    if signup is None or not token:
        raise invalid("link_unknown", say("This confirmation link is unknown or was already used."))
    if signup.confirm_expires is None or signup.confirm_expires <= timezone.now():
        raise conflict("link_expired", say("This confirmation link has expired: sign up again for a new one."))
    if refusal := closed_reason(signup.event, announcement_of(signup.event), deadline=False):
        raise refusal
    with event_change(signup.event) as event:
        signup = SignUp.objects.select_for_update().get(pk=signup.pk)
        if signup.state != UNCONFIRMED:  # two clicks at once: the second finds it done
            return signup
        if refusal := closed_reason(event, announcement_of(event), deadline=False):  # cancelled meanwhile
            raise refusal
        _refuse_taken_name(event, signup.name, waitlisted=True, besides=signup)  # someone of that name came first
        signup.confirm_digest, signup.confirm_expires, signup.confirmed_at = "", None, timezone.now()
        _place(event, signup, by=None)
    return signup


def _place(event: Event, signup: SignUp, *, by) -> None:
    """A place while the cap allows and nobody waits (the event's row is locked by the caller), else the
    waitlist's end."""
    cap = announcement_of(event).cap
    last = SignUp.objects.filter(event=event, state=WAITLISTED).order_by("-position").first()
    if cap is None or (places_taken(event) < cap and last is None):
        _register(event, signup, by=by)
    else:
        signup.state, signup.position = WAITLISTED, (last.position + 1) if last else 1
        signup.save()
    mails.placed(signup)


def _register(event: Event, signup: SignUp, *, by) -> None:
    signup.player = player_register(event=event, name=signup.name, faction=signup.faction, club=signup.club,
                                    email=signup.email if signup.user_id is None else "", user=signup.user, by=by)
    signup.state, signup.position = REGISTERED, None
    signup.save()


def places_filled(event: Event) -> None:
    """Give the free places to the waitlist, first come first (an entry removed, the cap raised, someone
    waiting withdrawn). Inside the caller's event_change. Someone who can no longer be registered (their
    name taken since) stays waitlisted for the organizer, and the next one is tried. Nothing moves once the
    event has started, or when it is cancelled."""
    announcement = announcement_of(event)
    cap = announcement.cap
    if selectors.latest_round_number(event) or event.finished_at is not None or announcement.cancelled_at:
        return
    for signup in waitlist(event):
        if cap is not None and places_taken(event) >= cap:
            break
        try:
            with transaction.atomic():
                _register(event, signup, by=None)
        except DomainError:
            continue
        mails.promoted(signup)


def signup_promote(*, signup: SignUp, by) -> SignUp:
    """The organizer gives a waitlisted sign-up a place now, over the cap if they choose to."""
    with event_change(signup.event) as event:
        signup = SignUp.objects.select_for_update().get(pk=signup.pk)
        if signup.state != WAITLISTED:
            raise conflict("not_waitlisted", say("{name} is not on the waitlist.", name=signup.name))
        _register(event, signup, by=by)
        mails.promoted(signup)
    return signup


def waitlist_reorder(*, event: Event, order: list[int], by) -> list[SignUp]:
    """The waitlist in the organizer's order: `order` names every waitlisted sign-up once."""
    with event_change(event) as event:
        waiting = {s.pk: s for s in SignUp.objects.select_for_update().filter(event=event, state=WAITLISTED)}
        if sorted(order) != sorted(waiting):
            raise invalid("order_mismatch", say("Give every sign-up on the waitlist once, in the new order."),
                          "order")
        for position, pk in enumerate(order, start=1):
            waiting[pk].position = position
        SignUp.objects.bulk_update(waiting.values(), ["position"])
        record(event, by, "waitlist_reordered", after={"order": [waiting[pk].name for pk in order]})
    return [waiting[pk] for pk in order]


def entry_signup(player: Player) -> SignUp:
    """The sign-up behind an entry. An entry the organizer made gets one, registered, the first time it is
    needed (its paid status, its crew list, withdrawing from the private page)."""
    signup, _ = SignUp.objects.get_or_create(player=player, defaults={
        "event_id": player.event_id, "state": REGISTERED, "name": player.name, "faction": player.faction,
        "club": player.club, "user_id": player.user_id, "confirmed_at": player.registered_at})
    return signup


def crew_list_set(*, signup: SignUp, crew_list: str) -> SignUp:
    """The player's crew list, while the event asks for lists: until their due date and round 1."""
    announcement = announcement_of(signup.event)
    crew_list = crew_list.strip()
    if not lists_asked(announcement):
        raise invalid("lists_not_asked", say("This event does not ask for crew lists."), "crew_list")
    if announcement.lists_due is not None and local_today(announcement) > announcement.lists_due:
        raise conflict("lists_closed", say("Crew lists were due by {date}: ask the organizer.",
                                           date=announcement.lists_due.isoformat()))
    if signup.state not in HOLDING:
        raise conflict("already_withdrawn", say("This sign-up was already withdrawn."))
    if problem := list_problem(crew_list):
        raise Invalid(problem)
    with event_change(signup.event) as event:
        if selectors.latest_round_number(event):
            raise conflict("event_started", say("This event has started: crew lists are closed."))
        signup.crew_list = crew_list
        signup.save(update_fields=["crew_list"])
    return signup


def signup_withdraw(*, signup: SignUp, by=None) -> SignUp:
    """Take a sign-up back (its link, the player's page, or the organizer). A registered player's entry is
    removed, and its place goes to the waitlist; once the event has started, the organizer drops players
    instead. Who held a place or a waitlist spot is mailed that it is given up."""
    if signup.state not in HOLDING:
        raise conflict("already_withdrawn", say("This sign-up was already withdrawn."))
    with event_change(signup.event) as event:
        signup = SignUp.objects.select_for_update().get(pk=signup.pk)
        if signup.state not in HOLDING:  # withdrawn by another request meanwhile
            raise conflict("already_withdrawn", say("This sign-up was already withdrawn."))
        was, to = signup.state, mails.address(signup)  # the entry's address goes with the entry
        if was == REGISTERED and signup.player_id:
            if selectors.latest_round_number(event, drafts=True):
                raise conflict("event_started", say("This event has started: ask an organizer to drop you."))
            record(event, by, "signup_withdrawn", player=signup.player_id, after={"name": signup.name, "was": was})
            # The entry's removal withdraws the sign-up and gives its place to the waitlist (receivers.py).
            player_remove(player=Player.objects.get(pk=signup.player_id), by=by)
            signup.refresh_from_db()
        else:
            withdrawn(signup)
            record(event, by, "signup_withdrawn", after={"name": signup.name, "was": was})
            if was == WAITLISTED:  # someone whose name was taken leaves: who waited behind them may fit now
                places_filled(event)
        if was != UNCONFIRMED:
            mails.withdrawal(signup, to, was)
    return signup


def player_withdraw(*, player: Player) -> SignUp:
    """A player withdraws themselves (their private page, or the API by their key): their entry's sign-up,
    made first for an entry the organizer made; refused, nothing is kept, that sign-up included."""
    with transaction.atomic():
        return signup_withdraw(signup=entry_signup(player))


def withdrawn(signup: SignUp) -> None:
    signup.state, signup.position, signup.confirm_digest = WITHDRAWN, None, ""
    signup.withdrawn_at = timezone.now()
    signup.save()
