"""Sign-up pages: the home page's calendar of events, the form (apart from the cached event page, as it
carries a CSRF token), the mailed confirmation link, and a sign-up's own page with its place and the way to
withdraw."""
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import urlencode
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from gaininggrounds.http_cache import kept_private, public_cache
from gaininggrounds.web.forms import minutes, show_problems
from people import verification
from scoring.formats import EDITIONS
from scoring.problems import DomainError
from signups import services
from signups.calendar import calendar
from signups.forms import EntryForm
from signups.listing import Filters, listing, upcoming_events
from signups.models import HOLDING, WITHDRAWN, SignUp
from signups.presenters import countries_listed
from signups.selectors import announcement_of, lists_asked, local_today, places_taken, position_of, waitlist
from tournaments.access import attempt_wait, bad_key_wait, client_address, player_for_key
from tournaments.fronts import paid_word
from tournaments.models import Event


def signup_page(request, slug):
    event = get_object_or_404(Event, slug=slug)
    announcement = announcement_of(event)
    user = request.user if request.user.is_authenticated else None
    held = SignUp.objects.filter(event=event, user=user, state__in=HOLDING).first() if user else None
    if held is not None:  # signed up already: their sign-up's page, not a form that would refuse them
        return redirect("signups:signup", held.key)
    refusal = services.closed_reason(event, announcement)
    closed = refusal.problems[0] if refusal else None
    # An account whose address is unproven is asked to prove it (services.unverified): no form to fill.
    unverified = user is not None and verification.needs_verifying(user)
    initial = {"name": (user.get_full_name() or user.get_username()) if user else ""}
    form = EntryForm(request.POST or None, format_key=event.format, signed_in=user is not None,
                     lists=announcement.crew_lists, initial=initial)
    waiting = len(waitlist(event))
    full = announcement.cap is not None and (waiting or places_taken(event) >= announcement.cap)
    context = {"event": event, "announcement": announcement, "form": form, "closed": closed, "full": full,
               "waiting": waiting, "unverified": unverified}
    if request.method != "POST" or closed is not None or unverified or not form.is_valid():
        return render(request, "signups/signup.html", context,
                      status=409 if (closed or unverified) and request.method == "POST" else 200)
    data = form.cleaned_data
    if user is None and (wait := attempt_wait(("entry_address", client_address(request.META)),
                                              ("entry_email", data["email"].strip().casefold()))) is not None:
        form.add_error(None, ngettext(
            "Too many sign-ups were asked from here or for this address: try again in %(minutes)s minute.",
            "Too many sign-ups were asked from here or for this address: try again in %(minutes)s minutes.",
            minutes(wait)) % {"minutes": minutes(wait)})
        return render(request, "signups/signup.html", context, status=429)
    try:
        signup = services.signup_request(event=event, user=user, language=get_language(), **data)
    except DomainError as error:
        show_problems(form, error)
        return render(request, "signups/signup.html", context)
    if user is None:
        return render(request, "signups/check_mail.html", {"event": event, "email": data["email"]})
    return redirect("signups:signup", signup.key)


def confirm_page(request, token):
    """GET only shows a button: mail scanners follow links, and a sign-up must not be confirmed by one."""
    signup = SignUp.objects.select_related("event").filter(confirm_digest=services.digest(token)).first()
    if request.method == "POST":
        try:
            signup = services.signup_confirm(token=token)
        except DomainError as error:
            return kept_private(render(request, "signups/confirm.html", {"signup": signup, "error": str(error)},
                                       status=409))
        return redirect("signups:signup", signup.key)
    return kept_private(render(request, "signups/confirm.html", {"signup": signup}, status=200 if signup else 404))


def _signup_or_404(request, key) -> SignUp:
    signup = SignUp.objects.select_related("event", "player").filter(key=key).first()
    if signup is None:
        bad_key_wait(request.META)
        raise Http404("No such sign-up")
    return signup


def status_page(request, key):
    signup = _signup_or_404(request, key)
    announcement = announcement_of(signup.event)
    lists_open = (lists_asked(announcement) and signup.state != WITHDRAWN
                  and (announcement.lists_due is None or local_today(announcement) <= announcement.lists_due))
    return kept_private(render(request, "signups/status.html", {
        "signup": signup, "event": signup.event, "position": position_of(signup), "announcement": announcement,
        "lists_open": lists_open, "paid": paid_word(signup.paid)}))


@require_POST
def crew_list(request, key):
    signup = _signup_or_404(request, key)
    try:
        services.crew_list_set(signup=signup, crew_list=request.POST.get("crew_list", ""))
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Crew list saved."))
    return redirect("signups:signup", signup.key)


@require_POST
def withdraw(request, key):
    signup = _signup_or_404(request, key)
    if not request.POST.get("sure"):
        messages.error(request, _("Tick the box to say you cannot come, then withdraw."))
        return redirect("signups:signup", signup.key)
    try:
        services.signup_withdraw(signup=signup)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Your sign-up is withdrawn."))
    return redirect("signups:signup", signup.key)


@require_POST
def player_withdraw(request, key):
    """From the player's private page, before the event starts."""
    player = player_for_key(key)
    if player is None:
        bad_key_wait(request.META)
        raise Http404("No such player")
    if not request.POST.get("sure"):
        messages.error(request, _("Tick the box to say you cannot come, then withdraw."))
        return redirect("public:private", key)
    try:
        services.player_withdraw(player=player)
    except DomainError as error:
        messages.error(request, str(error))
        return redirect("public:private", key)
    messages.success(request, _("You have withdrawn from %(event)s.") % {"event": player.event.name})
    return redirect("public:event", player.event.slug)


def _calendar_answer(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@public_cache("event", "slug")
def event_ics(request, slug):
    """The "add to calendar" file of one event."""
    event = get_object_or_404(Event, slug=slug)
    return _calendar_answer(calendar([event], event.name), f"{event.slug}.ics")


@public_cache()
def upcoming_ics(request):
    """Every event not yet started, to subscribe to from a calendar application."""
    return _calendar_answer(calendar(upcoming_events(), _("Malifaux events on Gaining Grounds")), "events.ics")


# The home page's choices (kept: few values); typed words (`q`, `region`) are answered, never stored.
HOME_PARAMS = ("edition", "country", "up", "page")


@public_cache(params=HOME_PARAMS)
def home(request):
    """Running events, upcoming ones by date and past ones below, filtered as people look for an event."""
    filters = Filters.of(request.GET)
    listed = listing(filters, upcoming_page=request.GET.get("up", 1), past_page=request.GET.get("page", 1))
    kept = urlencode({k: v for k, v in (("edition", filters.edition), ("country", filters.country),
                                        ("region", filters.region), ("q", filters.words)) if v})
    return render(request, "public/home.html", {**listed, "filters": filters, "kept": kept,
                                                "editions": EDITIONS, "countries": countries_listed()})
