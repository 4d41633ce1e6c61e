"""The organizer's run-up in the console: the announcement, and the sign-ups with the waitlist and who
has paid (one tap each; a CSV of the store's orders for many)."""
from __future__ import annotations

import io
import zoneinfo
from datetime import datetime

from django import forms
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_countries import countries

from gaininggrounds.web.downloads import attachment
from gaininggrounds.web.forms import show_problems
from scoring.problems import DomainError
from signups import announcements, payments, services
from signups.models import FREE, PAID, PAID_STATES, REGISTERED, UNCONFIRMED, WAITLISTED, WITHDRAWN, Announcement, SignUp
from signups.selectors import announcement_of, places_taken, waitlist
from tournaments import services as tournament
from tournaments.exports import SpreadsheetSafeWriter
from tournaments.fronts import organizer_view, paid_word

TEXT_FIELDS = {"schedule", "how_to_pay", "painting_rules", "proxy_rules"}


class AnnouncementForm(forms.ModelForm):
    """The announcement as the organizer edits it; the deadline is typed in the event's own time zone."""

    deadline = forms.DateTimeField(label=gettext_lazy("Sign-ups close (in the event's time zone; empty: at round 1)"),
                                   required=False, widget=forms.DateTimeInput(attrs={"type": "datetime-local"},
                                                                              format="%Y-%m-%dT%H:%M"))

    class Meta:
        model = Announcement
        fields = list(announcements.FIELDS)
        labels = {
            "venue": gettext_lazy("Venue"), "address": gettext_lazy("Address (a map link is made from it)"),
            "country": gettext_lazy("Country"), "region": gettext_lazy("Region (county, state)"),
            "time_zone": gettext_lazy("Time zone"), "starts_at": gettext_lazy("Starts at"),
            "ends_at": gettext_lazy("Ends at"), "schedule": gettext_lazy("Schedule (one line each: registration, "
                                                                         "rounds, lunch, prizes)"),
            "price": gettext_lazy("Price"), "how_to_pay": gettext_lazy("How to pay (a store link, cash on the day)"),
            "cap": gettext_lazy("Places (empty: no limit; once full, sign-ups join the waitlist)"),
            "painting_rules": gettext_lazy("Painting rules"), "proxy_rules": gettext_lazy("Proxy rules"),
            "contact": gettext_lazy("Contact"), "crew_lists": gettext_lazy("Crew lists"),
            "lists_due": gettext_lazy("Crew lists due by"), "lists_shown": gettext_lazy("Crew lists are shown to"),
            "mail_placed": gettext_lazy("Mail: your place, or your place on the waitlist"),
            "mail_promoted": gettext_lazy("Mail: a place came free from the waitlist"),
            "mail_reminder": gettext_lazy("Mail: the reminder the day before"),
            "mail_changes": gettext_lazy("Mail: the date, time or venue changed; cancelled"),
        }
        widgets = {
            "starts_at": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "ends_at": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "lists_due": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            **{name: forms.Textarea(attrs={"rows": 3}) for name in TEXT_FIELDS},
        }

    def _get_validation_exclusions(self):
        """The places are the service's to check (announcements.announcement_update), with every other
        problem and in its words: the model's database constraint on them would otherwise answer first, by
        its name, and hide the rest."""
        return {*super()._get_validation_exclusions(), "cap"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"] = forms.ChoiceField(label=self.fields["time_zone"].label,
                                                     choices=[(z, z) for z in sorted(announcements.time_zones())])
        self.fields["country"].choices = [("", "—"), *countries]
        self.fields["crew_lists"].choices = [("", _("not asked")), ("at_sign_up", _("at sign-up")),
                                             ("by_date", _("by a date"))]
        self.fields["lists_shown"].choices = [("organizers", _("organizers only")),
                                              ("after", _("everyone, after the event")), ("public", _("everyone, now"))]
        if self.instance.deadline:
            zone = zoneinfo.ZoneInfo(self.instance.time_zone)
            self.initial["deadline"] = self.instance.deadline.astimezone(zone).replace(tzinfo=None)

    def changes(self) -> dict:
        data = dict(self.cleaned_data)
        if data.get("deadline") is not None:
            naive = data["deadline"].replace(tzinfo=None) if timezone.is_aware(data["deadline"]) else data["deadline"]
            data["deadline"] = datetime.combine(naive.date(), naive.time(), tzinfo=zoneinfo.ZoneInfo(data["time_zone"]))
        return {name: data[name] for name in announcements.FIELDS if name in data}


@organizer_view
def announcement_page(request, event):
    announcement = announcement_of(event)
    form = AnnouncementForm(request.POST or None, instance=announcement)
    if request.method == "POST" and form.is_valid():
        try:
            announcements.announcement_update(event=event, by=request.user, **form.changes())
        except DomainError as error:
            show_problems(form, error)
        else:
            messages.success(request, _("Announcement saved."))
            return redirect("signups:console-announcement", event.slug)
    return render(request, "signups/console_announcement.html", {"event": event, "form": form,
                                                                 "announcement": announcement})


@organizer_view(post_only=True)
def open_signups(request, event):
    """Sign-ups open or closed from the announcement's page (the event's registration setting)."""
    opened = request.POST.get("open") == "1"
    try:
        tournament.event_update(event=event, by=request.user, registration_open=opened)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Sign-ups are open.") if opened else _("Sign-ups are closed."))
    return redirect("signups:console-announcement", event.slug)


@organizer_view(post_only=True)
def cancel(request, event):
    cancelled = request.POST.get("cancelled") == "1"
    try:
        announcements.event_cancel(event=event, by=request.user, cancelled=cancelled)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("The event is cancelled; everyone signed up is told.") if cancelled
                         else _("The cancellation is taken back."))
    return redirect("signups:console-announcement", event.slug)


@organizer_view
def signups_page(request, event):
    announcement = announcement_of(event)
    entries = list(event.players.filter(is_ringer=False).select_related("signup", "user").order_by("name"))
    rows = [{"player": p, "signup": getattr(p, "signup", None),
             "paid": getattr(getattr(p, "signup", None), "paid", "unpaid"),
             "email": p.email or (p.user.email if p.user_id else "")} for p in entries]
    others = SignUp.objects.filter(event=event, state__in=(UNCONFIRMED, WITHDRAWN)).order_by("-created_at")[:200]
    return render(request, "signups/console_signups.html", {
        "event": event, "announcement": announcement, "rows": rows, "waitlist": waitlist(event),
        "taken": places_taken(event), "now": timezone.now(),
        "unconfirmed": [s for s in others if s.state == UNCONFIRMED],
        "withdrawn": [s for s in others if s.state == WITHDRAWN],
        "paid_choices": [(state, paid_word(state)) for state in PAID_STATES],
        "paid_count": sum(1 for row in rows if row["paid"] in (PAID, FREE)),
        "report": request.session.pop("payments_report", None)})


@organizer_view(post_only=True)
def paid(request, event, player_id):
    player = get_object_or_404(event.players, pk=player_id)
    try:
        payments.paid_set(player=player, paid=request.POST.get("paid", ""), note=request.POST.get("note"),
                          by=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    return redirect(f"{_signups_url(event)}#player-{player.pk}")


@organizer_view(post_only=True)
def promote(request, event, signup_id):
    signup = get_object_or_404(SignUp, pk=signup_id, event=event)
    try:
        services.signup_promote(signup=signup, by=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(name)s has a place.") % {"name": signup.name})
    return redirect(_signups_url(event))


@organizer_view(post_only=True)
def move(request, event, signup_id):
    """One step up or down the waitlist (the API takes the whole order at once)."""
    order = [s.pk for s in waitlist(event)]
    if signup_id in order:
        at = order.index(signup_id)
        to = at - 1 if request.POST.get("direction") == "up" else at + 1
        if 0 <= to < len(order):
            order[at], order[to] = order[to], order[at]
            try:
                services.waitlist_reorder(event=event, order=order, by=request.user)
            except DomainError:  # the waitlist changed meanwhile (someone promoted): shown as it is now
                messages.error(request, _("The waitlist changed meanwhile: here it is as it is now."))
    return redirect(_signups_url(event) + "#waitlist")


@organizer_view(post_only=True)
def withdraw(request, event, signup_id):
    signup = get_object_or_404(SignUp, pk=signup_id, event=event, state__in=(UNCONFIRMED, WAITLISTED, REGISTERED))
    try:
        services.signup_withdraw(signup=signup, by=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(name)s's sign-up is withdrawn.") % {"name": signup.name})
    return redirect(_signups_url(event))


@organizer_view(post_only=True)
def payments_csv(request, event):
    upload = request.FILES.get("file")
    try:
        text = upload.read(payments.CSV_LIMIT + 1).decode("utf-8-sig") if upload else ""
        report = payments.payments_import(event=event, text=text, by=request.user)
    except UnicodeDecodeError:
        messages.error(request, _("The file is not UTF-8 text: export it from the store as CSV."))
    except DomainError as error:
        messages.error(request, str(error))
    else:
        request.session["payments_report"] = report
    return redirect(_signups_url(event) + "#payments")


@organizer_view
def signups_csv(request, event):
    """Every sign-up with its state, waitlist position and paid status, for a spreadsheet."""
    out = io.StringIO()
    writer = SpreadsheetSafeWriter(out)
    writer.writerow(["name", "email", "faction", "club", "state", "position", "paid", "paid_note", "crew_list",
                     "signed_up", "confirmed"])
    waiting = {s.pk: n for n, s in enumerate(waitlist(event), start=1)}
    for s in SignUp.objects.filter(event=event).order_by("created_at", "id"):
        writer.writerow([s.name, s.email, s.faction, s.club, s.state, waiting.get(s.pk, ""), s.paid, s.paid_note,
                         s.crew_list, s.created_at.isoformat(), s.confirmed_at.isoformat() if s.confirmed_at else ""])
    return attachment(out.getvalue(), f"{event.slug}-sign-ups.csv", "text/csv; charset=utf-8")


def _signups_url(event) -> str:
    return reverse("signups:console-signups", args=[event.slug])
