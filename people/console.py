"""The console's people: who each entry is across events. Suggestions while registering, and the event's
people page, where an organizer merges an entry's person into someone who played before (or undoes it)."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from gaininggrounds.params import whole_number
from gaininggrounds.web.forms import show_problems
from people import services as people
from people.forms import SeriesForm
from people.models import Person, PersonRecord, Series
from people.names import search_key
from people.series import may_edit, series_create, series_update
from scoring.formats import get_format
from scoring.problems import DomainError
from tournaments.fronts import organizer_view
from tournaments.models import Event


@organizer_view
def people_suggest(request, event):
    """While a name is typed: people of that name who played before, to link the new entry to one."""
    found = people.people_named(request.GET.get("name", "")[:100])
    taken = set(event.players.exclude(person=None).values_list("person_id", flat=True))
    return render(request, "console/_person_choices.html", {
        "choices": [(person, person.pk in taken) for person in found]})


@organizer_view
def people_page(request, event):
    """Each entry with its person, and the people elsewhere who may be the same one (same name, accents and
    case aside, or found by a search)."""
    if request.method == "POST":
        return _act(request, event)
    entries = list(event.players.filter(is_ringer=False).select_related("person", "pending_link__person"))
    keys = {search_key(entry.name) for entry in entries}
    mine = {entry.person_id for entry in entries}
    namesakes = {}
    for person in (Person.objects.filter(merged_into=None, hidden=False, search_key__in=keys).exclude(pk__in=mine)
                   .annotate(played=Count("entries"))):
        namesakes.setdefault(person.search_key, []).append(person)
    query = request.GET.get("q", "").strip()[:100]
    rows = [{"entry": entry, "namesakes": namesakes.get(search_key(entry.name), []),
             "may_merge": entry.person_id is not None and people.may_merge(request.user, entry.person)}
            for entry in entries]
    merges = (PersonRecord.objects.filter(action="person_merged")
              .filter(Q(person_id__in=mine) | Q(other_id__in=mine)).select_related("person", "other")[:20])
    undone = set(PersonRecord.objects.filter(action="person_merge_undone", before__merge__in=[m.pk for m in merges])
                 .values_list("before__merge", flat=True))
    return render(request, "console/people.html", {
        "event": event, "rows": rows, "query": query, "mine": mine,
        "found": people.people_named(query, limit=20) if query else [],
        "merges": [(m, m.pk in undone) for m in merges]})


def _act(request, event):
    """Merge an entry's person into another person, or undo a merge: each refused with its reason."""
    try:
        if "undo" in request.POST:
            merge = get_object_or_404(PersonRecord, pk=whole_number(request.POST.get("undo")) or 0,
                                      action="person_merged")
            if not (request.user.is_staff or merge.by_user_id == request.user.pk):
                raise PermissionDenied
            people.person_merge_undo(merge=merge, by=request.user)
            messages.success(request, _("Merge undone: the entries are back with %(name)s.")
                             % {"name": merge.other.name})
        else:
            entry = get_object_or_404(event.players, pk=whole_number(request.POST.get("entry")) or 0)
            keep = get_object_or_404(Person, pk=whole_number(request.POST.get("keep")) or 0)
            if entry.person is None or not people.may_merge(request.user, entry.person, keep):
                raise PermissionDenied
            absorbed, kept = told_apart(entry.person, keep)  # before the merge: two records, two histories
            if request.POST.get("confirmed") != "yes":  # asked first: a merge moves a person's whole record
                return render(request, "console/merge_confirm.html", {"event": event, "entry": entry, "keep": keep,
                                                                      "absorbed": absorbed, "kept": kept})
            done = people.person_merge(keep=keep, absorb=entry.person, by=request.user)
            if done.action == "person_link_asked":
                messages.success(request, _("%(name)s has an account, so they are asked first: the entries join "
                                            "their profile once they confirm, signed in, from their profile page.")
                                 % {"name": done.person.name})
            else:
                messages.success(request, _("%(absorbed)s and %(kept)s are now one person: %(name)s. Their games "
                                            "count on one profile.") % {"absorbed": absorbed, "kept": kept,
                                                                         "name": keep.name})
    except DomainError as error:
        messages.error(request, str(error))
    return redirect("people:console-people", event.slug)


def described(person: Person, *, numbered: bool = False) -> str:
    """A person as an organizer tells them from a namesake (`people.with_history`'s counts): "Chloé Martin
    (2 events, Rook Club, latest event 18 March 2017)", with the profile's number when asked."""
    played, last = getattr(person, "played", 0), getattr(person, "last_played", None)
    details = [ngettext("%(n)s event", "%(n)s events", played) % {"n": played}]
    if person.club:
        details.append(person.club)
    if last:
        details.append(_("latest event %(date)s") % {"date": date_format(last)})
    if numbered:
        details.append(_("profile #%(id)s") % {"id": person.pk})
    return f"{person.name} ({', '.join(details)})"


def told_apart(first: Person, second: Person) -> tuple[str, str]:
    """Two people in words that never read the same ("Chloé Martin and Chloé Martin"): their histories,
    and their profiles' numbers when even those agree."""
    found = {p.pk: p for p in people.with_history(Person.objects.filter(pk__in=[first.pk, second.pk]))}
    first, second = found.get(first.pk, first), found.get(second.pk, second)
    words = described(first), described(second)
    if words[0] == words[1]:
        words = described(first, numbered=True), described(second, numbered=True)
    return words


@login_required
def series_list(request):
    """The series the signed-in user keeps, and a new one (the UK scheme filled in, and the edition of their
    latest event)."""
    latest = request.user.organized_events.order_by("-date").values_list("format", flat=True).first()
    form = SeriesForm(request.POST or None, initial={"edition": get_format(latest).edition} if latest else None)
    if request.method == "POST" and form.is_valid():
        series = _saved(request, form, None)
        if series is not None:
            return redirect("people:console-series", series.slug)
    return render(request, "console/series_list.html", {"form": form, "mine": request.user.series.all()})


@login_required
def series_edit(request, slug):
    series = get_object_or_404(Series, slug=slug)
    if not may_edit(request.user, series):
        raise PermissionDenied
    form = SeriesForm.of(series, request.POST or None)
    if request.method == "POST" and form.is_valid() and _saved(request, form, series) is not None:
        return redirect("people:console-series", series.slug)
    return render(request, "console/series_edit.html", {"form": form, "series": series})


def _saved(request, form, series):
    """The series created or changed from the form, or None with the problems beside their fields."""
    slugs = form.event_slugs()
    found = dict(Event.objects.filter(slug__in=slugs).values_list("slug", "pk"))
    missing = [s for s in slugs if s not in found]
    if missing:
        form.add_error("events", _("No event at: %(slugs)s") % {"slugs": ", ".join(missing)})
        return None
    try:
        settings = form.settings([found[s] for s in slugs], series.points if series is not None else None)
        if series is None:
            series = series_create(by=request.user, **settings)
        else:
            series = series_update(series=series, **settings)
    except DomainError as error:
        show_problems(form, error)
        return None
    messages.success(request, _("Series saved."))
    return series
