"""Pages for people with an account: creating one, their events, their profile (an event's sign-up is
signups.web)."""
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from people import links
from people import services as people
from people.models import PendingLink, Person
from scoring.problems import DomainError
from tournaments.access import attempt_wait, client_address
from tournaments.web.forms import ProfileForm, SignUpForm, show_problems


def minutes(wait: float) -> int:
    return max(1, round(wait / 60))


def signup(request):
    """A new account, limited per client address (RATE_LIMITS["signup_address"]): accounts are cheap to
    ask for, and each costs a slow password hash and a row."""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if (wait := attempt_wait(("signup_address", client_address(request.META)))) is not None:
            form.add_error(None, ngettext(
                "Too many accounts were created from this address: try again in %(minutes)s minute.",
                "Too many accounts were created from this address: try again in %(minutes)s minutes.",
                minutes(wait)) % {"minutes": minutes(wait)})
            return render(request, "accounts/signup.html", {"form": form}, status=429)
        user = form.save(commit=False)
        user.email = form.cleaned_data["email"]
        user.save()
        login(request, user)
        return redirect("accounts:my-events")
    return render(request, "accounts/signup.html", {"form": form})


class PasswordReset(auth_views.PasswordResetView):
    """Django's reset, limited per client address and per email asked for: each try sends a mail, and
    an unlimited form would let anyone flood someone's inbox through us. Past the address's limit the
    form says to wait; past the email's, the usual "sent" page comes and no mail goes, so the limit tells
    a stranger nothing about an email (whether it has an account, or whether someone asked lately)."""

    template_name = "accounts/password_reset_form.html"
    email_template_name = "accounts/password_reset_email.txt"

    def form_valid(self, form):
        if (wait := attempt_wait(("reset_address", client_address(self.request.META)))) is not None:
            form.add_error(None, ngettext(
                "Too many password resets were asked from this address: try again in %(minutes)s minute.",
                "Too many password resets were asked from this address: try again in %(minutes)s minutes.",
                minutes(wait)) % {"minutes": minutes(wait)})
            response = self.form_invalid(form)
            response.status_code = 429
            return response
        if attempt_wait(("reset_account", form.cleaned_data["email"].strip().casefold())) is not None:
            return HttpResponseRedirect(self.get_success_url())
        return super().form_valid(form)


@login_required
def my_events(request):
    """Every event the person plays in (each with their private page) or organizes."""
    entries = request.user.entries.select_related("event").order_by("-event__date")
    return render(request, "accounts/my_events.html", {
        "entries": entries, "organized": request.user.organized_events.order_by("-date")})


@login_required
def my_profile(request):
    """The account's person: name, club and country on their profile, or the profile kept private."""
    person = Person.objects.filter(user=request.user).first()  # made on the first save, not by looking
    initial = ({"name": person.name, "club": person.club, "country": person.country, "hidden": person.hidden}
               if person else {"name": (request.user.get_full_name() or request.user.get_username())[:100]})
    form = ProfileForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            person = person or people.person_of_account(request.user, name=data["name"])
            people.person_update(person=person, by=request.user, name=data["name"], club=data["club"],
                                 country=data["country"])
        except DomainError as error:
            show_problems(form, error)
        else:
            people.person_hide(person=person, hidden=data["hidden"], by=request.user)
            messages.success(request, _("Profile saved."))
            return redirect("accounts:profile")
    return render(request, "accounts/profile.html", {"form": form, "person": person,
                                                     "links": links.links_awaiting(request.user)})


@login_required
@require_POST
def link_answer(request, link_id):
    """The account holder's word on an entry an organizer said is theirs: confirmed, it joins their record."""
    link = get_object_or_404(PendingLink.objects.select_related("entry__event"), pk=link_id,
                             person__user=request.user)
    confirm = request.POST.get("answer") == "confirm"
    try:
        links.link_answer(link=link, user=request.user, confirm=confirm)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        words = (_("%(event)s now counts on your profile.") if confirm else
                 _("%(event)s stays off your profile: that entry is someone else."))
        messages.success(request, words % {"event": link.entry.event.name})
    return redirect("accounts:profile")
