"""The season packs' console pages: the packs one may read and one's own, starting a pack from a copy or a
file; a version's editor (forms by section, the check's problems beside their fields, a table's mission
drawn as a preview, publishing); a version as a YAML file. A draft is its owner's only; a version published
for its owner's events is theirs (and staff's); one published site-wide is every signed-in user's."""
from __future__ import annotations

from datetime import date

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.utils.translation import ngettext, pgettext_lazy

from gaininggrounds.web.forms import minutes
from scoring.deck import Dealer
from scoring.formats import FORMATS, FormatFileError, format_from_data, key_of
from scoring.missions import PER_TABLE, MissionHistory, plan_mission, table_mission
from scoring.problems import DomainError
from seasons import services, web_sections, web_settings
from seasons.files import MOST_BYTES, write_pack
from seasons.models import DRAFT, SITE, PackVersion, SeasonPack
from seasons.web_sections import faction_lines, name_fields, named_lines, scheme_charts, vp_fields

SECTIONS = (*web_sections.SECTIONS, *web_settings.SECTIONS)


def visible(user, version: PackVersion) -> bool:
    """A draft is its owner's only; a published version whoever may read it (services.readable)."""
    if version.state == DRAFT:
        return bool(user.is_authenticated and version.pack.owner_id == user.pk)
    return services.readable(user, version)


def _version(request, version_id: int) -> PackVersion:
    version = get_object_or_404(PackVersion.objects.select_related("pack"), pk=version_id)
    if not visible(request.user, version):
        raise Http404("No such pack version")
    return version


def _label(version: PackVersion) -> str:
    states = {DRAFT: _("draft"), SITE: _("published for everyone")}
    state = states.get(version.state, _("published for your events"))
    return _("%(name)s, version %(number)s (%(state)s)") % {"name": version.pack.name, "number": version.number,
                                                           "state": state}


def _sources(user) -> list[tuple[str, str]]:
    """What a new pack may start from: the shipped seasons, the versions published for everyone, one's own."""
    shipped = [(key, fmt.name if fmt.edition in fmt.name else f"{fmt.name} ({fmt.edition})")
               for key, fmt in FORMATS.items()]
    versions = PackVersion.objects.select_related("pack").filter(state=SITE) | PackVersion.objects.select_related(
        "pack").filter(pack__owner=user)
    return shipped + [(v.key, _label(v)) for v in versions.distinct().order_by("pack__name", "-number")]


@login_required
def packs(request):
    """The shipped seasons, the versions published for everyone, one's own packs; start or import one."""
    errors, start_name, start_from, wait = {}, "", "m4e-gg0", None
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action in ("start", "import") and (wait := services.start_wait(request.user)) is not None:
                errors[action] = [ngettext("You started many packs this hour: try again in %(minutes)s minute.",
                                           "You started many packs this hour: try again in %(minutes)s minutes.",
                                           minutes(wait)) % {"minutes": minutes(wait)}]
            elif action == "start":
                start_name, start_from = request.POST.get("name", "")[:200], request.POST.get("from_key", "")
                version = services.pack_start(user=request.user, name=start_name, from_key=start_from)
            elif action == "import":
                version = services.pack_import(user=request.user, text=_upload(request),
                                               name=request.POST.get("name", "")[:200])
            else:
                raise Http404("No such action")
        except DomainError as error:
            errors[action] = [problem.detail for problem in error.problems]
        else:
            if not errors:
                messages.success(request, _("Pack started: check it, change what changed, publish it."))
                return redirect("seasons:version", version.pk)
    site = PackVersion.objects.filter(state=SITE).select_related("pack").order_by("pack__name", "-number")
    mine = SeasonPack.objects.filter(owner=request.user).prefetch_related("versions")
    response = render(request, "seasons/packs.html", {
        "shipped": FORMATS.values(), "site": site, "mine": mine, "sources": _sources(request.user),
        "errors": errors, "start_name": start_name, "start_from": start_from, "most_kb": MOST_BYTES // 1024},
        status=429 if wait is not None else 400 if errors else 200)
    if wait is not None:  # too many packs this hour: nothing made
        response["Retry-After"] = str(int(wait) + 1)
    return response


def _upload(request) -> bytes | None:
    """The uploaded file's bytes, read no further than a pack may be (read_pack refuses more)."""
    upload = request.FILES.get("file")
    if upload is None:
        return None  # read_pack: "Send the pack as a YAML file."
    return upload.read(MOST_BYTES + 1)


@login_required
def version_page(request, version_id: int):
    version = _version(request, version_id)
    if request.method == "POST":
        return _act(request, version)
    return render(request, "seasons/version.html", editor_context(request, version))


def _act(request, version: PackVersion):
    action, here = request.POST.get("action", ""), reverse("seasons:version", args=[version.pk])
    try:
        if action in SECTIONS:
            data = saved(version.data, action, request.POST)
            services.draft_save(version=version, user=request.user, data=data)
            messages.success(request, _("Saved."))
            return redirect(f"{here}?open={action}#{action}")
        if action == "publish":
            site = bool(request.POST.get("site")) and request.user.is_staff
            version = services.version_publish(version=version, user=request.user, site=site,
                                               released_on=_date(request.POST.get("released_on", "")))
            messages.success(request, _("Published for everyone.") if site else _("Published for your events."))
            return redirect(here)
        if action == "next":
            draft = services.version_next(version=version, user=request.user)
            messages.success(request, _("Version %(number)s started: change it, then publish it.")
                             % {"number": draft.number})
            return redirect("seasons:version", draft.pk)
    except DomainError as error:
        for problem in error.problems:
            messages.error(request, problem.detail)
        return redirect(f"{here}?open={action}#{action}" if action in SECTIONS else here)
    raise Http404("No such action")


def _date(text: str):
    try:
        return date.fromisoformat(text.strip()[:10])
    except ValueError:
        return None  # version_publish: "Give the date the publisher released this pack."


@login_required
def export(request, version_id: int):
    """The version as a YAML file in the shipped files' shape, to share."""
    version = _version(request, version_id)
    released = version.released_on.isoformat() if version.released_on else "-"
    text = write_pack(version.data, comment=f"{version.pack.name}, version {version.number}, released {released}")
    response = HttpResponse(text, content_type="application/x-yaml; charset=utf-8")
    name = key_of(version.pack.name) or "pack"
    response["Content-Disposition"] = f'attachment; filename="{name}-v{version.number}.yaml"'
    return response


# The editor


def readable_path(path: tuple) -> str:
    return " › ".join(str(part + 1) if isinstance(part, int) else str(part) for part in path) or "—"


def place(found: list, targets: dict) -> list[tuple[str, str]]:
    """Each problem beside the field (or line, or section) whose path is the longest start of its own; the
    others, with their path in words, for the top of the page."""
    left = []
    for problem in found:
        path = tuple(problem.path)
        for end in range(len(path), 0, -1):
            if path[:end] in targets:
                targets[path[:end]].problems.append(problem.message)
                break
        else:
            left.append((readable_path(path), problem.message))
    return left


class Section:
    """A fold of the editor: its title, the problems of its own (not beside a field), and how many in all."""

    def __init__(self, title=""):
        self.title, self.problems, self.count, self.open = title, [], 0, False

    @property
    def summary(self) -> str:
        if not self.count:
            return str(self.title)
        return ngettext("%(title)s — %(n)s problem", "%(title)s — %(n)s problems", self.count) % {
            "title": self.title, "n": self.count}


TITLES = {"name": _l("Name and edition"), "vp": _l("VP limits and turns"), "strategies": _l("Strategies"),
          "deployments": _l("Deployments"), "schemes": pgettext_lazy("pack section", "Schemes"),
          "factions": _l("Factions and leaders"),
          "settings": _l("Rounds and time"), "awards": _l("Bye, concession and forfeit"),
          "pool": _l("Scheme pool and missions"), "sources": _l("Sources"), "rotation": _l("Rotation of missions")}
# The data's top fields, by the section that edits them (what a problem's path starts with).
SECTION_OF = {"name": "name", "edition": "name", "vp": "vp", "turns": "vp", "strategies": "strategies",
              "deployments": "deployments", "scheme_charts": "schemes", "factions": "factions",
              "leaders": "factions", "suggested_rounds": "settings", "round_minutes": "settings",
              "last_turn_call": "settings", "fewest_deployments": "settings", "awards": "awards",
              "conceder": "awards", "award_defaults": "awards",
              "pool_rule": "pool", "missions": "pool", "sources": "sources", "rotation": "rotation"}


def saved(data: dict, section: str, post) -> dict:
    """The data with `section` as posted, whichever module's form it is."""
    if section in web_sections.SECTIONS:
        return web_sections.saved(data, section, post)
    return web_settings.saved(data, section, post)


def editor_parts(data: dict) -> tuple[dict, dict]:
    """Every form of the editor built from the data (whatever it holds), and the places its problems may land:
    {path: a field, a line, a chart, a quarter or a section}."""
    shown = (*web_sections.SECTIONS, *web_settings.visible(data))
    sections = {name: Section(TITLES[name]) for name in shown}
    parts = {"name_fields": name_fields(data), "vp_fields": vp_fields(data),
             "strategies": named_lines(data, "strategies"), "deployments": named_lines(data, "deployments"),
             "charts": scheme_charts(data), "factions": faction_lines(data), "sections": sections,
             "settings_fields": web_settings.settings_fields(data), "rounds": web_settings.round_lines(data),
             "awards": web_settings.award_lines(data), "award_fields": web_settings.award_fields(data),
             "pool_fields": web_settings.pool_fields(data), "sources": web_settings.source_lines(data),
             "quarters": web_settings.rotation_quarters(data) if "rotation" in sections else []}
    targets = {(key,): sections[name] for key, name in SECTION_OF.items() if name in sections}
    for group in [*parts["charts"], *parts["quarters"]]:
        group["section"] = targets[group["path"]] = Section()
    lines = [*parts["strategies"], *parts["deployments"], *parts["factions"], *parts["rounds"], *parts["awards"],
             *parts["sources"], *(line for group in [*parts["charts"], *parts["quarters"]] for line in group["lines"])]
    for line in lines:
        targets[line.path] = line
    fields = [*parts["name_fields"], *parts["vp_fields"], *parts["settings_fields"], *parts["award_fields"],
              *parts["pool_fields"], *(f for line in lines for f in line.fields)]
    targets.update({item.path: item for item in fields if item.path})
    return parts, targets


def editor_context(request, version: PackVersion) -> dict:
    data, user = version.data, request.user
    owner = version.pack.owner_id == user.pk
    context, targets = editor_parts(data)
    context.update(version=version, editable=owner and version.state == DRAFT, owner=owner,
                   may_publish_site=user.is_staff and version.state != SITE, today=date.today().isoformat())
    found = services.problems(version)
    sections, just_saved = context["sections"], request.GET.get("open", "")
    for problem in found:
        name = SECTION_OF.get(problem.path[0]) if problem.path else None
        if name in sections:
            sections[name].count += 1
    for name, section in sections.items():
        section.open = bool(section.count) or name == just_saved
    context.update(problems=found, count=len(found), left=place(found, targets),
                   check=ngettext("%(n)s problem", "%(n)s problems", len(found)) % {"n": len(found)})
    if not found:
        context["preview"] = preview(version, request.GET.get("draw", ""))
    return context


def preview(version: PackVersion, draw: str) -> dict | None:
    """One table's mission drawn from the version's data, as an event of it would draw it (a table's own
    flip, or a round's mission where every table plays the same), from a seed the page can change."""
    number = int(draw) if draw.isdigit() and len(draw) < 9 else 1
    try:
        fmt = format_from_data({**version.data, "key": version.key}, origin=version.pack.name)
        chart = fmt.scheme_charts[0]
        dealer = Dealer.for_event(f"preview/{version.pk}/{number}", label="preview")
        if fmt.missions == PER_TABLE:
            mission = table_mission(fmt, chart, dealer)
        else:
            mission = plan_mission(fmt, chart, dealer, number=1, quarter=1, history=MissionHistory(),
                                   planned_rounds=3)
    except (FormatFileError, DomainError, StopIteration, LookupError):
        return None
    return {"strategy": mission.strategy, "deployment": mission.deployment, "pool": mission.scheme_pool,
            "chart": chart.name, "next": number + 1, "per_table": fmt.missions == PER_TABLE}
