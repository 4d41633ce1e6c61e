"""Pages for people with an account: creating one, proving its address (people.verification), their
events, their profile (an event's sign-up is signups.web)."""
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from gaininggrounds.http_cache import kept_private
from gaininggrounds.web.forms import minutes, show_problems
from people import links, verification
from people import services as people
from people.forms import EmailForm, ProfileForm, SignInForm, SignUpForm
from people.models import PendingLink, Person
from scoring.problems import DomainError
from tournaments.access import attempt_wait, client_address


class SignIn(auth_views.LoginView):
    """Lands where the person came from (`next`, on this site only: Django's LoginView checks it with
    url_has_allowed_host_and_scheme), else where `landing` says."""

    template_name = "console/login.html"
    authentication_form = SignInForm

    def get_default_redirect_url(self):
        return landing(self.request.user)


def landing(user) -> str:
    """Where someone lands with nowhere asked: an organizer (of an event today) on the console, anyone else
    on their own events, never on a console that offers a player only a "New event" form."""
    return reverse("console:events" if user.organized_events.exists() else "accounts:my-events")


def signup(request):
    """A new account, limited per client address (RATE_LIMITS["signup_address"]): accounts are cheap to
    ask for, and each costs a slow password hash and a row. It lands where the sign-in it came from would
    have (`next`: an event's sign-up page), and its confirmation link leads back there too."""
    back = _safe_next(request, request.POST.get("next") or request.GET.get("next", ""), "")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if (wait := attempt_wait(("signup_address", client_address(request.META)))) is not None:
            form.add_error(None, ngettext(
                "Too many accounts were created from this address: try again in %(minutes)s minute.",
                "Too many accounts were created from this address: try again in %(minutes)s minutes.",
                minutes(wait)) % {"minutes": minutes(wait)})
            return render(request, "accounts/signup.html", {"form": form, "next": back}, status=429)
        user = form.save(commit=False)
        user.email = form.cleaned_data["email"]
        user.save()
        login(request, user)
        if _mail_wait(request, user) is None:  # else the account stands, and its pages offer the link again
            _link_sent(request, user, verification.verification_mail(user, back=back))
        return redirect(back or landing(user))
    return render(request, "accounts/signup.html", {"form": form, "next": back})


def _mail_wait(request, user) -> float | None:
    """The confirmation mail is limited as a password reset is, per client address and per address mailed
    (counted apart from the resets): each sends a mail, and nobody may flood an inbox through us."""
    return attempt_wait(("reset_address", client_address(request.META)),
                        ("reset_account", "verify:" + verification.email_key(user.email)))


def _safe_next(request, back: str, default: str) -> str:
    return back if url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                                   require_https=request.is_secure()) else default


def _link_sent(request, user, sent: bool) -> None:
    if sent:
        messages.success(request, _("We sent a link to %(email)s: follow it to confirm your address, and you "
                                    "can sign up for events with your account.") % {"email": user.email})
    else:
        messages.error(request, _("The mail to %(email)s could not be sent now: ask for it again in a few "
                                  "minutes.") % {"email": user.email})


@login_required
@require_POST
def verify_send(request):
    """The confirmation link again, from the account's pages or an event's sign-up page (where following
    it leads back, `next`)."""
    user = request.user
    back = _safe_next(request, request.POST.get("next", ""), reverse("accounts:my-events"))
    if not verification.needs_verifying(user):
        messages.success(request, _("Your email address is confirmed already."))
        return redirect(back)
    if (wait := _mail_wait(request, user)) is not None:
        messages.error(request, ngettext(
            "Too many links were asked for: try again in %(minutes)s minute.",
            "Too many links were asked for: try again in %(minutes)s minutes.",
            minutes(wait)) % {"minutes": minutes(wait)})
        return redirect(back)
    _link_sent(request, user, verification.verification_mail(user, back=back))
    return redirect(back)


def verify(request, token):
    """The mailed link. It proves the address only to its account's holder, signed in: a mailbox's owner
    who never made the account ("Yes, this is my address") must not prove it for the stranger who typed
    it. GET only shows the account, the address and the button (mail scanners follow links); signed out
    or as another account, it asks to sign in as the account. Reached by a secret in its address: never
    cached, indexed or sent on as a referrer."""
    try:
        account = verification.account_for(token)
    except DomainError as error:
        return kept_private(render(request, "accounts/verify.html", {"error": str(error)}, status=404))
    own = request.user.is_authenticated and request.user.pk == account.pk
    back = _safe_next(request, request.GET.get("next", ""), reverse("accounts:my-events"))
    if request.method == "POST" and own:
        verification.verified(account)
        messages.success(request, _("Your email address is confirmed: you can sign up for events with your "
                                    "account."))
        return redirect(back)
    return kept_private(render(request, "accounts/verify.html", {
        "account": account, "own": own, "signed_in_as": request.user if request.user.is_authenticated else None,
        "sign_in": reverse("accounts:login") + "?" + urlencode({"next": request.get_full_path()})},
        status=403 if request.method == "POST" else 200))


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    """Django's new password from the mailed link; the link went to the account's address, so following
    it proves that address as its own link would."""

    template_name = "accounts/password_reset_confirm.html"

    def form_valid(self, form):
        response = super().form_valid(form)
        if verification.email_key(self.user.email):
            verification.verified(self.user)
        return response


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
        "entries": entries, "organized": request.user.organized_events.order_by("-date"),
        "unverified": verification.needs_verifying(request.user)})


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
            person = people.profile_save(request.user, name=data["name"], club=data["club"],
                                         country=data["country"], hidden=data["hidden"])
        except DomainError as error:
            show_problems(form, error)
        else:
            messages.success(request, _("Profile saved."))
            return redirect("accounts:profile")
    return _profile(request, form, person, EmailForm(request=request))


def _profile(request, form, person, email_form, status=200):
    return render(request, "accounts/profile.html", {
        "form": form, "person": person, "email_form": email_form, "links": links.links_awaiting(request.user),
        "unverified": verification.needs_verifying(request.user)}, status=status)


@login_required
@require_POST
def email_change(request):
    """A new address for the account, with its password: unproven until its link is followed (mailed now,
    within the confirmation mails' limits), so nothing trusts it meanwhile."""
    user, email_form = request.user, EmailForm(request.POST, request=request)
    if not email_form.is_valid():
        person = Person.objects.filter(user=user).first()
        initial = {"name": person.name if person else user.get_username()[:100]}
        return _profile(request, ProfileForm(initial=initial), person, email_form, status=400)
    user.email = email_form.cleaned_data["email"].strip()
    user.save(update_fields=["email"])
    if (wait := _mail_wait(request, user)) is None:
        _link_sent(request, user, verification.verification_mail(user, back=reverse("accounts:profile")))
    else:
        messages.error(request, ngettext(
            "Too many links were asked for: try again in %(minutes)s minute.",
            "Too many links were asked for: try again in %(minutes)s minutes.",
            minutes(wait)) % {"minutes": minutes(wait)})
    return redirect("accounts:profile")


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
