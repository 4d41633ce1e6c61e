"""Who has paid: the organizer's word per entry (one tap on the sign-ups list, or a CSV of the store's
orders matched by email), kept in the audit trail. Taking the money is the organizer's business."""
from __future__ import annotations

import re

from audit.services import record
from people.verification import trusted_email
from scoring.messages import say
from scoring.problems import invalid
from signups.models import PAID, PAID_STATES, UNPAID, SignUp
from signups.services import entry_signup
from tournaments.models import Event, Player
from tournaments.services.changes import event_change

NOTE_LENGTH = 200
CSV_LIMIT = 1_000_000  # bytes: a store's order export for one event is far smaller
EMAIL = re.compile(r"[^@\s,;<>\"']+@[^@\s,;<>\"']+\.[^@\s,;<>\"']+")


def paid_set(*, player: Player, paid: str, note: str | None = None, by) -> SignUp:
    """Mark one entry unpaid, paid, refunded or free (with an optional note)."""
    if paid not in PAID_STATES:
        raise invalid("invalid_value", say("One of: {choices}.", choices=", ".join(PAID_STATES)), "paid")
    if note is not None and (len(note) > NOTE_LENGTH or "\n" in note):
        raise invalid("invalid_value", say("One line of at most {limit} characters.", limit=NOTE_LENGTH), "note")
    with event_change(player.event) as event:
        signup = entry_signup(player)
        before = {"paid": signup.paid, "note": signup.paid_note}
        signup.paid = paid
        if note is not None:
            signup.paid_note = note.strip()
        signup.save(update_fields=["paid", "paid_note"])
        after = {"paid": signup.paid, "note": signup.paid_note}
        if after != before:
            record(event, by, "payment_marked", player=player, before=before, after=after)
    return signup


def emails_in(text: str) -> set[str]:
    """Every email address in a CSV, whichever column holds it (stores name it differently). Read as text,
    not as CSV: a stray quote in a store's export would otherwise make one huge cell."""
    return {match.lower() for match in EMAIL.findall(text)}


def payments_import(*, event: Event, text: str, by) -> dict:
    """Mark paid every entry whose address (its own, its sign-up's or its account's) appears in the CSV.
    Returns who was marked, who already was, and the addresses matching no entry, for the organizer to
    look at; an entry marked refunded or free is left as it is."""
    if len(text.encode()) > CSV_LIMIT:
        raise invalid("file_too_large", say("The file is too large (at most 1 MB)."), "file")
    emails = emails_in(text)
    if not emails:
        raise invalid("no_emails", say("No email address was found in the file."), "file")
    marked, already, matched = [], [], set()
    with event_change(event) as event:  # the whole file, or nothing
        for player in event.players.filter(is_ringer=False).select_related("user", "signup"):
            signup = getattr(player, "signup", None)
            # An account's address counts once proven (anyone may type anyone's address into an account).
            account = trusted_email(player.user) if player.user_id else ""
            own = signup.email if signup and not signup.user_id else ""
            addresses = {a.lower() for a in (player.email, own, account) if a}
            hit = addresses & emails
            if not hit:
                continue
            matched |= hit
            if (signup.paid if signup else UNPAID) == UNPAID:
                paid_set(player=player, paid=PAID, by=by)
                marked.append(player.name)
            else:  # paid already, or refunded or free: the organizer's word stands
                already.append(player.name)
    return {"marked": sorted(marked), "already": sorted(already), "unmatched": sorted(emails - matched)}
