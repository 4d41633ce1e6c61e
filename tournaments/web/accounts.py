"""Pages for people with an account: signing up, their events, entering an event themselves."""
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.problems import DomainError
from tournaments import services
from tournaments.models import Event
from tournaments.web.forms import RegistrationForm, SignUpForm


def signup(request):
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save(commit=False)
        user.email = form.cleaned_data["email"]
        user.save()
        login(request, user)
        return redirect("accounts:my-events")
    return render(request, "accounts/signup.html", {"form": form})


@login_required
def my_events(request):
    """Every event the person plays in (each with their private page) or organizes."""
    entries = request.user.entries.select_related("event").order_by("-event__date")
    return render(request, "accounts/my_events.html", {
        "entries": entries, "organized": request.user.organized_events.order_by("-date")})


@login_required
@require_POST
def register(request, slug):
    event = get_object_or_404(Event, slug=slug)
    form = RegistrationForm(request.POST, format_key=event.format)
    if form.is_valid():
        try:
            services.player_self_register(event=event, user=request.user, **form.cleaned_data)
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("You are registered."))
            return redirect("accounts:my-events")
    else:
        messages.error(request, _("Check the form: a name and a faction are needed."))
    return redirect("public:event", event.slug)
