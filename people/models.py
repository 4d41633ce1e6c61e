"""A person across events, what was done to them (merges, hiding), and their stored ratings."""
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django_countries.fields import CountryField

from audit.models import AppendOnly
from scoring.formats import EDITIONS as EDITION_NAMES

EDITIONS = [(edition, edition) for edition in EDITION_NAMES]


class Person(models.Model):
    """A public profile behind entries in any number of events. Merged into another person, it keeps its
    row (its old links lead to the one kept, and the merge can be undone)."""

    name = models.CharField(max_length=100)
    # The name as suggestions compare it: accents and case dropped (`people.names.search_key`).
    search_key = models.CharField(max_length=100, db_index=True)
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="person")
    club = models.CharField(max_length=100, blank=True, default="")
    country = CountryField(blank=True, default="")
    # Shown by name only: no profile, no history (the person's own choice, from their account).
    hidden = models.BooleanField(default=False)
    merged_into = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name", "id"]
        constraints = [models.CheckConstraint(condition=~Q(merged_into=models.F("id")),
                                              name="person_not_merged_into_itself")]

    def __str__(self):
        return self.name


class PersonRecord(models.Model):
    """The trail of changes to people (merges and their undoing, hiding), append-only like an event's."""

    at = models.DateTimeField(default=timezone.now, db_index=True)
    action = models.CharField(max_length=40)
    by = models.CharField(max_length=160)
    by_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="records")
    other = models.ForeignKey(Person, on_delete=models.CASCADE, null=True, related_name="+")
    # For a merge: the entries moved ({"entries": [ids]}), which its undoing moves back.
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    objects = AppendOnly.as_manager()

    class Meta:
        ordering = ["-at", "-id"]


class Rating(models.Model):
    """A person's rating in one edition as it stands now, with what the leaderboard filters and shows.
    Kept current by `people.rating_store`; never written elsewhere."""

    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="ratings")
    edition = models.CharField(max_length=3, choices=EDITIONS)
    mu = models.FloatField()
    sigma = models.FloatField()
    shown = models.FloatField()  # mu - 3 sigma, what the leaderboard ranks by
    games = models.PositiveIntegerField()
    wins = models.PositiveIntegerField()
    draws = models.PositiveIntegerField()
    losses = models.PositiveIntegerField()
    faction = models.CharField(max_length=40)  # the faction most played in this edition's rated games
    rpi = models.FloatField()  # Longshanks' formula, for comparison
    last_played = models.DateField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["person", "edition"], name="one_rating_per_edition")]
        indexes = [models.Index(fields=["edition", "-shown"], name="rating_leaderboard")]


class RatingStep(models.Model):
    """A person's rating at the end of a day they played rated games: the chart on their profile, and the
    starting point when a later change is rated again."""

    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="+")
    edition = models.CharField(max_length=3, choices=EDITIONS)
    date = models.DateField()
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField()

    class Meta:
        ordering = ["person", "edition", "date"]
        constraints = [models.UniqueConstraint(fields=["person", "edition", "date"], name="one_step_per_day")]
        indexes = [models.Index(fields=["edition", "date"], name="rating_step_by_date")]


class RatingsDue(models.Model):
    """A change to rated games from `since` on, not yet rated: written in the change's own transaction,
    cleared by the refresh that rates it. A refresh that failed leaves it for the next one."""

    edition = models.CharField(max_length=3, choices=EDITIONS)
    since = models.DateField()
    at = models.DateTimeField(default=timezone.now)


def uk_points() -> dict:
    from ratings.series import UK

    return UK.as_json()


class Series(models.Model):
    """A ranking series: the events that count (the finished events of an edition in a date range run by
    its organizers or the organizers it trusts, or a list its organizers admitted), a placement-points
    table, and how many best results count per person in a rolling window. Its standings are read from
    the finished events' places (`people.series.standings`)."""

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140, unique=True)
    edition = models.CharField(max_length=3, choices=EDITIONS)
    starts = models.DateField(null=True, blank=True)
    ends = models.DateField(null=True, blank=True)
    # When listed, only these events count (still of the edition and in the dates).
    events = models.ManyToManyField("tournaments.Event", blank=True, related_name="series")
    points = models.JSONField(default=uk_points)
    best_of = models.PositiveSmallIntegerField(default=5)
    # Results older than this many days (before the series' end, or today) drop out; empty: all count.
    rolling_days = models.PositiveIntegerField(null=True, blank=True, default=365)
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="series")
    # Without a list, the events that count are those its organizers run, or those these organizers run.
    trusted = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "name"]
        constraints = [models.CheckConstraint(condition=Q(best_of__gte=1), name="series_best_of_positive")]

    def __str__(self):
        return self.name


class EventTally(models.Model):
    """An event's statistics of play (see `ratings.tallies`): every count in one JSON object,
    {"kind\tkey\tother": [games, wins, draws, losses, scored, vp]}, rewritten when its games change (with
    the ratings' refresh). One row per event: a refresh writes a row, not hundreds."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="+")
    edition = models.CharField(max_length=3, choices=EDITIONS, db_index=True)
    counts = models.JSONField(default=dict)


class EditionTally(models.Model):
    """An edition's statistics over every event, summed from the events' rows by each refresh, so the site's
    page reads one row instead of every game."""

    edition = models.CharField(max_length=3, choices=EDITIONS, unique=True)
    counts = models.JSONField(default=dict)


class PendingLink(models.Model):
    """An entry someone else said is an account holder's: it joins their record only when they confirm
    (nobody adds games to another's rating unasked). Until then the entry is a person of its own."""

    entry = models.OneToOneField("tournaments.Player", on_delete=models.CASCADE, related_name="pending_link")
    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="pending_links")
    asked_by = models.CharField(max_length=160)
    asked_by_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                      related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]


class VerifiedEmail(models.Model):
    """The address an account proved it receives, by following the link mailed there
    (`people.verification`). It counts only while the account's email is still this one: an address
    changed since is unproven again. Until then nothing trusts the account's address to say who it is."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="verified_email")
    email = models.EmailField(max_length=254)  # lower case, as the run-up compares addresses
    verified_at = models.DateTimeField(default=timezone.now)
