"""Season packs organizers enter: a pack (its name and edition) and its versions, each holding a season's
data in the shipped files' shape (scoring/formats/*.yaml). A draft is edited freely and serves nothing; a
published version never changes again and serves events by its key ("pack-<id>"): its owner's events, or
everyone's once staff published it site-wide. Editing a published version makes the next version."""
from django.conf import settings
from django.db import models

DRAFT, OWN, SITE = "draft", "own", "site"
STATES = [(DRAFT, "draft"), (OWN, "published for its owner's events"), (SITE, "published site-wide")]
KEY_PREFIX = "pack-"


class SeasonPack(models.Model):
    name = models.CharField(max_length=120)
    edition = models.CharField(max_length=3)
    based_on = models.CharField(max_length=40, blank=True)  # the format key it was copied from
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["edition", "name", "pk"]


class PackVersion(models.Model):
    pack = models.ForeignKey(SeasonPack, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveSmallIntegerField()
    data = models.JSONField()
    released_on = models.DateField(null=True, blank=True)  # the publisher's date: FAQ and errata count a month on
    state = models.CharField(max_length=5, choices=STATES, default=DRAFT)
    published_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                     related_name="+")
    published_by_name = models.CharField(max_length=150, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["pack", "-number"]
        constraints = [models.UniqueConstraint(fields=["pack", "number"], name="one_number_per_pack_version")]

    @property
    def key(self) -> str:
        """The format key events pin (scoring.formats.get_format finds it through this app's source)."""
        return f"{KEY_PREFIX}{self.pk}"

    @property
    def published(self) -> bool:
        return self.state != DRAFT
