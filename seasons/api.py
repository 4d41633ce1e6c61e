"""/api/packs/ and /api/pack-versions/: the season packs. Anyone lists the shipped seasons and the versions
published site-wide, and reads one; a signed-in organizer also lists and reads their own packs' versions,
drafts included. An organizer starts a pack from a shipped season or a version they may read, or imports a
shared YAML file, saves its draft, publishes it (for their own events; the site's staff site-wide) and starts
the next version of a published one; anyone who may read a version downloads it as a file. Every write goes
through seasons.services, as the pages'."""
from __future__ import annotations

from django.db.models import Q
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, Throttled, ValidationError
from rest_framework.parsers import BaseParser
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.openapi import RETRY_AFTER, conflicts, refused
from gaininggrounds.api.parsers import JSONParser
from gaininggrounds.params import ID_MAX
from gaininggrounds.web.downloads import attachment
from scoring.formats import EDITIONS, FORMATS
from scoring.problems import Invalid
from seasons import services
from seasons.files import MOST_BYTES, MOST_DEPTH, write_pack
from seasons.models import DRAFT, SITE, PackVersion

NO_VERSION = refused(404, "No such pack version, or a draft (or a version published for its owner's events) "
                          "of someone else's: the same answer.")
NOT_YOURS = ("not_owner",)
YAML = "application/yaml"


class YamlBodyParser(BaseParser):
    """A pack's file sent as the body itself: its bytes, kept as they came (seasons.files reads them, safely),
    and no more than one byte past a pack's size (so a larger body is refused as such, never held whole)."""

    media_type = YAML

    def parse(self, stream, media_type=None, parser_context=None):
        return {"file": stream.read(MOST_BYTES + 1) if stream is not None else b""}


class TextBodyParser(YamlBodyParser):
    media_type = "text/plain"


@extend_schema_field({"oneOf": [{"type": "string"}, {"type": "integer"}]})
class PathStepField(serializers.Field):
    """A step of a problem's path: a field's name, or a list's index (from 0)."""

    def to_representation(self, value):
        return value


class PackProblemSerializer(serializers.Serializer):
    path = serializers.ListField(child=PathStepField(), help_text=(
        "Where, from the top of `data`: field names and list indexes, as [\"vp\", \"game\"] or "
        "[\"scheme_charts\", 0, \"deck\", 3, \"next\", 1]; empty: the pack as a whole."))
    message = serializers.CharField(help_text="What is wrong, in plain words, in the request's language.")


class PackEntrySerializer(serializers.Serializer):
    key = serializers.CharField(help_text="What an event's `format` names: a shipped season's key, or a "
                                          "version's `pack-<id>`.")
    name = serializers.CharField()
    edition = serializers.CharField(allow_blank=True, help_text="M4E, M3E or M2E (blank: a draft naming none).")
    shipped = serializers.BooleanField(help_text="True: a season shipped with the site (the rest are null).")
    id = serializers.IntegerField(allow_null=True, help_text="The version's id (`/api/pack-versions/{id}/`).")
    number = serializers.IntegerField(allow_null=True, help_text="The version's number in its pack, from 1.")
    state = serializers.CharField(allow_null=True, help_text="draft, own (published for its owner's events) or "
                                                              "site (published site-wide).")
    released_on = serializers.DateField(allow_null=True, help_text="The publisher's release date.")
    published_by = serializers.CharField(allow_null=True, help_text="Who published it (username).")
    published_at = serializers.DateTimeField(allow_null=True)
    mine = serializers.BooleanField(help_text="One of the signed-in user's own packs.")


class PackVersionSerializer(serializers.ModelSerializer):
    key = serializers.CharField(read_only=True, help_text="`pack-<id>`: what an event's `format` names once the "
                                                          "version is published.")
    name = serializers.SerializerMethodField(help_text="The pack's name, as the version's data names it.")
    edition = serializers.CharField(source="pack.edition", read_only=True)
    pack = serializers.IntegerField(source="pack_id", read_only=True)
    based_on = serializers.CharField(source="pack.based_on", read_only=True,
                                     help_text="The key the pack was copied from (blank: imported).")
    state = serializers.CharField(read_only=True, help_text="draft, own (published for its owner's events) or "
                                                            "site (published site-wide).")
    published_by = serializers.SerializerMethodField(help_text="Who published it (username); null: a draft.")
    mine = serializers.SerializerMethodField(help_text="One of the signed-in user's own packs.")
    data = serializers.JSONField(read_only=True, help_text="The season's data, in the shipped files' shape "
                                                           "(scoring/formats/*.yaml).")
    problems = serializers.SerializerMethodField(help_text="What the check finds: a version is published only "
                                                           "when this is empty.")

    class Meta:
        model = PackVersion
        fields = ["id", "key", "pack", "name", "edition", "based_on", "number", "state", "released_on",
                  "published_by", "published_at", "updated_at", "mine", "data", "problems"]
        read_only_fields = fields

    def get_name(self, version) -> str:
        return version_name(version)

    def get_published_by(self, version) -> str | None:
        return version.published_by_name or None if version.published else None

    def get_mine(self, version) -> bool:
        user = self.context.get("user")
        return bool(user and user.is_authenticated and version.pack.owner_id == user.pk)

    @extend_schema_field(PackProblemSerializer(many=True))
    def get_problems(self, version):
        return [{"path": list(p.path), "message": p.message} for p in services.problems(version)]


TOO_MANY = refused(429, "Many packs started or imported by this account this hour: wait (Retry-After).")


class PackStartInputSerializer(serializers.Serializer):
    name = serializers.CharField(allow_blank=True, trim_whitespace=False, max_length=1000,
                                 help_text=f"The new pack's name, 1 to {services.NAME_LENGTH} characters.")
    from_key = serializers.CharField(max_length=40, help_text="What to copy: a shipped season's key (m4e-gg0) "
                                                              "or a version's `pack-<id>` you may read.")


class PackImportInputSerializer(serializers.Serializer):
    file = serializers.CharField(trim_whitespace=False, allow_blank=True,
                                 help_text="The YAML file's text, in the shipped files' shape.")
    name = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False, max_length=1000,
                                 default="", help_text="A name for the pack (blank: the file's).")


class DraftSaveInputSerializer(serializers.Serializer):
    data = serializers.JSONField(help_text="The whole season's data, as `data` reads (a JSON object).")


class PublishInputSerializer(serializers.Serializer):
    released_on = serializers.DateField(help_text="The publisher's release date (YYYY-MM-DD): an event less than "
                                                  "a month after it is warned that the pack does not count yet.")
    site = serializers.BooleanField(default=False, help_text="True: for everyone (the site's staff only); "
                                                             "false: for its owner's events.")


def version_name(version: PackVersion) -> str:
    name = version.data.get("name") if isinstance(version.data, dict) else None
    return name if isinstance(name, str) and name else version.pack.name


def body(request) -> dict:
    """The request's JSON object (a list or a bare value is no body: each field is then missing)."""
    return request.data if isinstance(request.data, dict) else {}


def version_out(request, version: PackVersion, code=status.HTTP_200_OK) -> Response:
    return Response(PackVersionSerializer(version, context={"user": request.user}).data, status=code)


def readable_version(request, pk: int) -> PackVersion:
    """The version if the request may read it; 404 alike for a missing one and one it may not see."""
    version = PackVersion.objects.select_related("pack").filter(pk=pk).first() if pk <= ID_MAX else None
    if version is None or not services.readable(request.user, version):
        raise NotFound("No such pack version.")
    return version


def shipped_entries() -> list[dict]:
    order = {edition: n for n, edition in enumerate(EDITIONS)}
    return [{"key": f.key, "name": f.name, "edition": f.edition, "shipped": True, "id": None, "number": None,
             "state": None, "released_on": None, "published_by": None, "published_at": None, "mine": False}
            for f in sorted(FORMATS.values(), key=lambda f: (order.get(f.edition, 9), f.name))]


def version_entries(user) -> list[dict]:
    mine = Q(pack__owner_id=user.pk) if user and user.is_authenticated else Q(pk__in=[])
    versions = PackVersion.objects.select_related("pack").filter(Q(state=SITE) | mine).order_by(
        "pack__edition", "pack__name", "pack_id", "-number")
    return [{"key": v.key, "name": version_name(v), "edition": v.pack.edition, "shipped": False, "id": v.pk,
             "number": v.number, "state": v.state, "released_on": v.released_on,
             "published_by": v.published_by_name or None if v.published else None,
             "published_at": v.published_at, "mine": bool(user and user.pk and v.pack.owner_id == user.pk)}
            for v in versions]


class Packs(APIView):
    @extend_schema(responses={200: PackEntrySerializer(many=True)},
                   summary="List the season packs",
                   description="Anyone: the seasons shipped with the site (`shipped`: true) and the pack "
                               "versions published site-wide, with their release date and who published them; "
                               "a signed-in user also gets every version of their own packs, drafts included "
                               "(`state`). Not paginated.")
    def get(self, request):
        return Response(PackEntrySerializer([*shipped_entries(), *version_entries(request.user)], many=True).data)

    @extend_schema(request=PackStartInputSerializer, responses={201: PackVersionSerializer, 429: TOO_MANY},
                   parameters=[RETRY_AFTER],
                   summary="Start a season pack from another",
                   description="A signed-in user starts a pack: a copy of a shipped season (`from_key`: "
                               "`m4e-gg0`) or of a version they may read (`pack-<id>`), renamed `name`; its "
                               "first version is a draft, answered with what the check finds. 400 "
                               "`unknown_source` (no such season, or one you may not read), `bad_name`; 429 when "
                               "the account started many packs this hour (`THROTTLE_PACK_ACCOUNT`: 60 by default).")
    def post(self, request):
        given = PackStartInputSerializer(data=body(request))
        given.is_valid(raise_exception=True)
        too_many(request)
        version = services.pack_start(user=request.user, **given.validated_data)
        return version_out(request, version, status.HTTP_201_CREATED)


class PacksImport(APIView):
    parser_classes = [JSONParser, YamlBodyParser, TextBodyParser]

    @extend_schema(request={"application/json": PackImportInputSerializer, YAML: OpenApiTypes.STR,
                            "text/plain": OpenApiTypes.STR},
                   responses={201: PackVersionSerializer, 429: TOO_MANY}, parameters=[RETRY_AFTER],
                   summary="Import a season pack from a YAML file",
                   description="A signed-in user sends a shared pack's file, in the shipped files' shape: as the "
                               f"body itself (`Content-Type: {YAML}` or `text/plain`, UTF-8), or as JSON "
                               "`{\"file\": \"<the file's text>\", \"name\": \"optional new name\"}`. The file "
                               "is read safely (no anchors, aliases or language tags), at most "
                               f"{MOST_BYTES // 1024} KB and {MOST_DEPTH} levels deep; it becomes a new pack's "
                               "draft, answered with what the check finds (problems and all: fix them with "
                               "`PUT /api/pack-versions/{id}/`). 400 with the file's reason: `too_big`, "
                               "`not_yaml` (and its line), `too_deep`, `not_a_pack`, `not_utf8`, `bad_key`, "
                               "`bad_value`, `bad_number`, `bad_name`; 429 when the account started many packs "
                               "this hour (imports and starts count together).")
    def post(self, request):
        if isinstance(request.data, dict) and isinstance(request.data.get("file"), bytes):  # the body itself
            text, name = request.data["file"], ""
        else:
            given = PackImportInputSerializer(data=body(request))
            given.is_valid(raise_exception=True)
            text, name = given.validated_data["file"], given.validated_data["name"]
        too_many(request)
        version = services.pack_import(user=request.user, text=text, name=name)
        return version_out(request, version, status.HTTP_201_CREATED)


def too_many(request) -> None:
    """429 with Retry-After when the account started too many packs this hour (RATE_LIMITS["pack_account"])."""
    if (wait := services.start_wait(request.user)) is not None:
        raise Throttled(wait)


class PackVersionDetail(APIView):
    @extend_schema(responses={200: PackVersionSerializer, 404: NO_VERSION},
                   summary="Read a season pack version",
                   description="A version with its whole `data` and what the check finds in it (`problems`, "
                               "each with its `path` and `message`): a version published site-wide for anyone, "
                               "any version of a pack for its owner (and the site's staff); to anyone else a "
                               "draft, or a version published for its owner's events, does not exist (404).")
    def get(self, request, pk):
        return version_out(request, readable_version(request, pk))

    @extend_schema(request=DraftSaveInputSerializer,
                   responses={200: PackVersionSerializer, 404: NO_VERSION,
                              409: conflicts("published", *NOT_YOURS)},
                   summary="Save a season pack's draft",
                   description="The pack's owner replaces the draft's `data` (the whole season, as `data` "
                               "reads): saved whatever the check finds, and answered with it (`problems`). Its "
                               "`name` renames the pack. 400 `not_a_pack` (not a JSON object), `too_big`, "
                               f"`too_deep` (over {MOST_DEPTH} levels), `bad_name`; 409 `published` (a "
                               "published version never changes: start its next version), `not_owner`.")
    def put(self, request, pk):
        version = readable_version(request, pk)
        given = DraftSaveInputSerializer(data=body(request))
        given.is_valid(raise_exception=True)
        data = given.validated_data["data"]
        version = services.draft_save(version=version, user=request.user, data=data)
        return version_out(request, version)


class PackVersionPublish(APIView):
    @extend_schema(request=PublishInputSerializer,
                   responses={200: PackVersionSerializer, 404: NO_VERSION,
                              409: conflicts("published", "draft", "not_site_staff", *NOT_YOURS)},
                   summary="Publish a season pack version",
                   description="The pack's owner publishes a draft whose check finds nothing, with the "
                               "publisher's `released_on`, for their own events; the site's staff then publish it "
                               "site-wide (`site`: true; 409 `draft` while its owner has not published it). "
                               "Published, it never changes, and events may pin it by its `key`. 400 "
                               "`pack_problems`: the check's findings follow it, one error each, `attr` "
                               "`data.<path>` (as `data.vp.game`); 409 `published` (already), `not_owner`, "
                               "`not_site_staff`.")
    def post(self, request, pk):
        version = readable_version(request, pk)
        given = PublishInputSerializer(data=body(request))
        given.is_valid(raise_exception=True)
        try:
            version = services.version_publish(version=version, user=request.user, **given.validated_data)
        except Invalid as error:
            if not any(p.code == "pack_problems" for p in error.problems):
                raise
            raise ValidationError(problems_detail(error, version)) from None
        return version_out(request, version)


def problems_detail(error: Invalid, version: PackVersion) -> dict:
    """The refusal, then each of the check's findings at its path under `data` (attr `data.vp.game`)."""
    detail: dict[str, list] = {"data": [serializers.ErrorDetail(p.detail, p.code) for p in error.problems]}
    for found in services.problems(version):
        where = ".".join(["data", *map(str, found.path)])
        detail.setdefault(where, []).append(serializers.ErrorDetail(found.message, "pack_problem"))
    return detail


class PackVersionNext(APIView):
    @extend_schema(request=None, responses={201: PackVersionSerializer, 200: PackVersionSerializer,
                                            404: NO_VERSION, 409: conflicts(*NOT_YOURS)},
                   summary="Start a season pack's next version",
                   description="The pack's owner edits a published version this way: its next version, a draft "
                               "with the same data (201). A pack has one draft at a time: while one is open, "
                               "that draft is the answer (200), whichever version was asked. 409 `not_owner`.")
    def post(self, request, pk):
        version = readable_version(request, pk)
        drafts = set(PackVersion.objects.filter(pack_id=version.pack_id, state=DRAFT).values_list("pk", flat=True))
        draft = services.version_next(version=version, user=request.user)
        return version_out(request, draft, status.HTTP_200_OK if draft.pk in drafts else status.HTTP_201_CREATED)


class PackVersionExport(APIView):
    @extend_schema(responses={(200, YAML): OpenApiResponse(OpenApiTypes.STR, description=(
                       "The version's data as a YAML file in the shipped files' shape, headed by a comment "
                       "naming the pack, the version, its release date and who published it.")),
                   404: NO_VERSION},
                   summary="Download a season pack version as a YAML file",
                   description="Whoever may read the version (`GET /api/pack-versions/{id}/`): its file, "
                               "`pack-<id>.yaml`, to share; `POST /api/packs/import/` reads it back.")
    def get(self, request, pk):
        version = readable_version(request, pk)
        return attachment(write_pack(version.data, comment=file_comment(version)), f"{version.key}.yaml",
                          f"{YAML}; charset=utf-8")


def file_comment(version: PackVersion) -> str:
    said = f"{version_name(version)}, version {version.number}"
    if version.published:
        released = version.released_on.isoformat() if version.released_on else "no date"
        when = f" on {version.published_at:%Y-%m-%d}" if version.published_at else ""
        said += (f", released {released}, published {'site-wide' if version.state == SITE else 'for its owner'}"
                 f" by {version.published_by_name or 'someone'}{when}")
    else:
        said += ", a draft (not published)"
    return " ".join(said.split())  # one line, whatever the name holds
