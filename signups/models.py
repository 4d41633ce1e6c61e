"""What an event says of itself before the day, and who asked for a place in it.

An event's `Announcement` carries the run-up (venue, times, price, cap, deadline, house rules, which mails
go out). A `SignUp` is one person's request for a place: unconfirmed until its email link is followed,
then registered (it has a `tournaments.Player`, the desk's expected player) or on the waitlist in order;
withdrawn when they or the organizer take it back. The paid status and the crew list live here too,
and organizers' own entries get a sign-up row the first time either is set."""
import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django_countries.fields import CountryField

UNCONFIRMED, WAITLISTED, REGISTERED, WITHDRAWN = "unconfirmed", "waitlisted", "registered", "withdrawn"
HOLDING = (UNCONFIRMED, WAITLISTED, REGISTERED)  # a person has at most one of these per event
UNPAID, PAID, REFUNDED, FREE = "unpaid", "paid", "refunded", "free"
PAID_STATES = (UNPAID, PAID, REFUNDED, FREE)
NO_LISTS, AT_SIGN_UP, BY_DATE = "", "at_sign_up", "by_date"
ORGANIZERS_ONLY, AFTER_EVENT, PUBLIC_NOW = "organizers", "after", "public"
# What people signed up are mailed about when it changes (with the event's date).
MOVES = ("starts_at", "ends_at", "time_zone", "venue", "address")
TEXT_LENGTH = 2000  # schedule, how to pay, painting and proxy rules
EMAIL_LENGTH = 254  # an address as the mail's To: and the columns keep it
LIST_LENGTH = 5000  # a crew list as pasted from a crew builder: long enough for any legal crew


def new_signup_key():
    """The sign-up's own link (its status, and withdrawing): 192 random bits, like a player's key."""
    return secrets.token_urlsafe(24)


def default_time_zone():
    return settings.EVENT_TIME_ZONE


class Announcement(models.Model):
    """The event's page before round 1. Every field may be empty: an event run on the day only needs none."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, primary_key=True,
                                 related_name="announcement")
    venue = models.CharField(max_length=120, blank=True, default="")
    address = models.CharField(max_length=300, blank=True, default="")
    country = CountryField(blank=True, default="")
    region = models.CharField(max_length=80, blank=True, default="")  # county, state, region: the home page filters
    time_zone = models.CharField(max_length=64, default=default_time_zone)
    starts_at = models.TimeField(null=True, blank=True)  # on the event's date, in its time zone
    ends_at = models.TimeField(null=True, blank=True)
    schedule = models.TextField(max_length=TEXT_LENGTH, blank=True, default="")  # "09:00 registration", one a line
    price = models.CharField(max_length=80, blank=True, default="")
    how_to_pay = models.TextField(max_length=TEXT_LENGTH, blank=True, default="")
    cap = models.PositiveSmallIntegerField(null=True, blank=True)  # places; empty: no limit
    deadline = models.DateTimeField(null=True, blank=True)  # sign-ups close then; organizers still add players
    painting_rules = models.TextField(max_length=TEXT_LENGTH, blank=True, default="")
    proxy_rules = models.TextField(max_length=TEXT_LENGTH, blank=True, default="")
    contact = models.CharField(max_length=200, blank=True, default="")
    crew_lists = models.CharField(max_length=12, blank=True, default=NO_LISTS,
                                  choices=[(NO_LISTS, "not asked"), (AT_SIGN_UP, "at sign-up"), (BY_DATE, "by a date")])
    lists_due = models.DateField(null=True, blank=True)
    lists_shown = models.CharField(max_length=12, default=ORGANIZERS_ONLY, choices=[
        (ORGANIZERS_ONLY, "organizers only"), (AFTER_EVENT, "public after the event"), (PUBLIC_NOW, "public now")])
    # Which mails go out (the confirmation link itself always does: without it nobody could confirm).
    mail_placed = models.BooleanField(default=True)  # "you have a place" / "you are on the waitlist"
    mail_promoted = models.BooleanField(default=True)
    mail_reminder = models.BooleanField(default=True)
    mail_changes = models.BooleanField(default=True)  # the date, time or venue changed; cancelled
    cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.CheckConstraint(condition=Q(cap__isnull=True) | Q(cap__gte=2),
                                              name="announcement_cap_two_or_more")]


class SignUp(models.Model):
    STATES = [(UNCONFIRMED, "unconfirmed"), (WAITLISTED, "waitlisted"), (REGISTERED, "registered"),
              (WITHDRAWN, "withdrawn")]

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="signups")
    name = models.CharField(max_length=100)
    email = models.EmailField(blank=True, default="")  # stored lower case; empty for an organizer's entry
    faction = models.CharField(max_length=40)
    club = models.CharField(max_length=100, blank=True, default="")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="signups")
    state = models.CharField(max_length=12, choices=STATES, default=UNCONFIRMED)
    # The waitlist's order, lowest first (set while waitlisted; gaps are fine).
    position = models.PositiveIntegerField(null=True, blank=True)
    player = models.OneToOneField("tournaments.Player", on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="signup")
    key = models.CharField(max_length=64, unique=True, default=new_signup_key)
    # The confirmation link's secret is kept only as its SHA-256: single use, it is cleared when followed.
    confirm_digest = models.CharField(max_length=64, blank=True, default="")
    confirm_expires = models.DateTimeField(null=True, blank=True)
    language = models.CharField(max_length=8, default="en")  # the mails' language: the one signed up in
    paid = models.CharField(max_length=10, default=UNPAID, choices=[(s, s) for s in PAID_STATES])
    paid_note = models.CharField(max_length=200, blank=True, default="")
    crew_list = models.TextField(max_length=LIST_LENGTH, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event_id", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "email"], condition=Q(state__in=HOLDING) & ~Q(email=""),
                                    name="one_signup_per_email"),
            models.UniqueConstraint(fields=["event", "user"], condition=Q(state__in=HOLDING),
                                    name="one_signup_per_account"),
            models.CheckConstraint(condition=Q(state=WAITLISTED, position__isnull=False)
                                   | (~Q(state=WAITLISTED) & Q(position__isnull=True)),
                                   name="position_only_on_the_waitlist"),
        ]

    def __str__(self):
        return f"{self.name} ({self.state})"
