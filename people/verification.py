"""An account's email address, proven by following a link mailed to it.

Anyone may type any address when making an account, so an address is trusted to say who the account
holder is (the run-up matching a sign-up or an entry by it) only once proven. The link is Django's own
signing (`TimestampSigner`, keyed by SECRET_KEY, with its own salt): it names the account and a digest of
the address it was mailed to, so it proves nothing once the account's address changes, and it carries no
address in clear (links end up in logs). It expires as a password reset's link does."""
from __future__ import annotations

import hashlib
import logging

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode

from notifications.services import plain_text
from people.models import VerifiedEmail
from scoring.messages import say
from scoring.problems import conflict, invalid

log = logging.getLogger(__name__)
SALT = "people.verification.email"


def email_key(email: str) -> str:
    """An address as the run-up compares them."""
    return (email or "").strip().lower()


def is_verified(user) -> bool:
    email = email_key(user.email)
    return bool(email) and VerifiedEmail.objects.filter(user=user, email=email).exists()


def needs_verifying(user) -> bool:
    """The account has an address nothing has proven yet. An account without one (made in the admin) has
    nothing to be trusted by: it is matched by the account alone."""
    return bool(email_key(user.email)) and not is_verified(user)


def trusted_email(user) -> str:
    """The address the run-up may match this account by: its own once proven, else none."""
    return email_key(user.email) if is_verified(user) else ""


def verified(user) -> VerifiedEmail:
    """The account's present address is proven (its link followed, or a password reset mailed there)."""
    proof, _ = VerifiedEmail.objects.update_or_create(user=user, defaults={
        "email": email_key(user.email), "verified_at": timezone.now()})
    return proof


def _digest(email: str) -> str:
    return hashlib.sha256(email_key(email).encode()).hexdigest()[:24]


def token_for(user) -> str:
    return signing.TimestampSigner(salt=SALT).sign_object({"u": user.pk, "e": _digest(user.email)})


def lifetime_days() -> int:
    return max(1, round(settings.PASSWORD_RESET_TIMEOUT / 86400))


def account_for(token: str):
    """The account a link proves the address of. Refused: a link altered or unknown, expired, or mailed to
    an address the account no longer has."""
    unknown = invalid("verify_link_unknown", say("This link is unknown: ask for a new one from your account."))
    try:
        value = signing.TimestampSigner(salt=SALT).unsign_object(token, max_age=settings.PASSWORD_RESET_TIMEOUT)
    except signing.SignatureExpired:
        raise conflict("verify_link_expired", say("This link has expired: ask for a new one from your account.")) \
            from None
    except (signing.BadSignature, ValueError):
        raise unknown from None
    if not isinstance(value, dict) or not isinstance(value.get("u"), int):
        raise unknown
    user = get_user_model().objects.filter(pk=value["u"], is_active=True).first()
    if user is None or not email_key(user.email) or value.get("e") != _digest(user.email):
        raise unknown
    return user


def verification_mail(user, *, back: str = "") -> bool:
    """The link, to the account's address, in the language now active, leading back (`back`, a path of
    this site) once confirmed. Sent at once, as a password reset is; a mail server that fails is logged
    and said (False), and the account's pages send it again. Its text is plain_text's: a username such as
    `www.prize.example` is no link in the mail."""
    link = settings.SITE_URL.rstrip("/") + reverse("accounts:verify", args=[token_for(user)])
    if back.startswith("/") and not back.startswith("//"):
        link += "?" + urlencode({"next": back})
    body = render_to_string("accounts/verify_email.txt", {"user": user, "link": link, "days": lifetime_days()})
    subject, _, text = body.strip().partition("\n")
    try:
        send_mail(plain_text(subject.strip()), plain_text(text.strip()) + "\n", None, [user.email])
    except Exception:  # SMTP, DNS, a refused address: the account stands, the mail is asked for again
        log.exception("verification mail to account %s not sent", user.pk)
        return False
    return True
