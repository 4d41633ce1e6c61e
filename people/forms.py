"""The accounts' and people's forms: signing in (limited, tournaments.access), a new account, the
account's address, a profile, a ranking series. Shapes only; the rules are the services'."""
from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import authenticate
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django_countries import countries

from gaininggrounds.web.forms import minutes
from scoring.formats import EDITIONS
from tournaments.access import signin_hold, signin_settle


def signin_refused(wait: float) -> forms.ValidationError:
    told = minutes(wait)
    return forms.ValidationError(ngettext(
        "Too many failed sign-ins for this account or from this address: try again in %(minutes)s minute.",
        "Too many failed sign-ins for this account or from this address: try again in %(minutes)s "
        "minutes.", told) % {"minutes": told}, code="throttled")


class SignInLimit:
    """Refuses a password sign-in, before the password is even checked, once the account or the
    address has failed too often (tournaments.access); otherwise holds the attempt while the password is
    checked, so parallel tries count at once. A wrong password keeps it (Django's user_login_failed)."""

    def clean(self):
        wait = signin_hold(self.request, self.data.get("username")) if self.request else None
        if wait is not None:
            raise signin_refused(wait)
        try:
            return super().clean()
        finally:
            if self.request:
                signin_settle(self.request)


class SignInForm(SignInLimit, AuthenticationForm):
    pass


class AdminSignInForm(SignInLimit, AdminAuthenticationForm):
    pass


class SignUpForm(UserCreationForm):
    """An account: username, email (for password resets) and a password Django's validators accept."""

    email = forms.EmailField(label=_("Email"))

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class EmailForm(forms.Form):
    """The account's address, changed (a typo, a new mailbox) with its password: the address is where a
    password reset goes, so a session left open must not be enough to take the account. The password is
    checked as a sign-in is (SignInLimit's counting, Django's authenticate)."""

    email = forms.EmailField(label=_("New email address"), max_length=254)
    password = forms.CharField(label=_("Your password"), strip=False, widget=forms.PasswordInput)

    def __init__(self, *args, request, **kwargs):
        super().__init__(*args, **kwargs)
        self.request = request

    def clean(self):
        data = super().clean()
        user = self.request.user
        if "email" not in data or "password" not in data:
            return data
        if (wait := signin_hold(self.request, user.get_username())) is not None:
            raise signin_refused(wait)
        try:
            if authenticate(self.request, username=user.get_username(), password=data["password"]) is None:
                self.add_error("password", _("That is not your password."))
        finally:
            signin_settle(self.request)
        if data["email"].strip().lower() == (user.email or "").strip().lower():
            self.add_error("email", _("That is your address already."))
        return data


class ProfileForm(forms.Form):
    """What a person shows on their profile, and whether they show it at all."""

    name = forms.CharField(label=_("Name on your profile"), max_length=100)
    club = forms.CharField(label=_("Club"), max_length=100, required=False)
    country = forms.ChoiceField(label=_("Country"), required=False)
    hidden = forms.BooleanField(label=_("Keep my profile private: shown by name only, without events, games or "
                                        "rating, and left off the leaderboards (event results stay public)"),
                                required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["country"].choices = [("", "—"), *countries]  # named in the reader's language


class SeriesForm(forms.Form):
    """A ranking series in the console; the points table as the UK scheme's numbers, each one a field."""

    name = forms.CharField(label=_("Name"), max_length=120)
    edition = forms.ChoiceField(label=_("Edition"), choices=[(e, e) for e in EDITIONS])
    starts = forms.DateField(label=_("From (empty: any date)"), required=False,
                             widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    ends = forms.DateField(label=_("Until (empty: any date)"), required=False,
                           widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    best_of = forms.IntegerField(label=_("Best results counted per person"), min_value=1, max_value=100, initial=5)
    rolling_days = forms.IntegerField(label=_("Only results of the last this many days (empty: all)"),
                                      min_value=1, max_value=3660, required=False, initial=365)
    winner_3 = forms.IntegerField(label=_("Winner's points, 3 rounds"), min_value=1, max_value=10_000, initial=100)
    winner_4 = forms.IntegerField(label=_("Winner's points, 4 rounds"), min_value=1, max_value=10_000, initial=110)
    winner_5 = forms.IntegerField(label=_("Winner's points, 5 rounds or more"), min_value=1, max_value=10_000,
                                  initial=120)
    minimum = forms.IntegerField(label=_("Last place's points"), min_value=0, max_value=10_000, initial=5)
    full_field = forms.IntegerField(label=_("The winner loses a point per player under"), min_value=0,
                                    max_value=1000, initial=16)
    min_players = forms.IntegerField(label=_("Events count from this many players"), min_value=2, max_value=1000,
                                     initial=8)
    events = forms.CharField(label=_("Only these events (their addresses or short names, one a line; empty: every "
                                     "finished event of the edition in the dates that you or the organizers below "
                                     "run)"), required=False,
                             widget=forms.Textarea(attrs={"rows": 3}))
    trusted = forms.CharField(label=_("Organizers whose events count too (usernames, separated by commas)"),
                              required=False, max_length=2000)

    @classmethod
    def of(cls, series, data=None):
        points = series.points
        rounds = points.get("by_rounds", {})
        initial = {"name": series.name, "edition": series.edition, "starts": series.starts, "ends": series.ends,
                   "best_of": series.best_of, "rolling_days": series.rolling_days,
                   "winner_3": rounds.get("3"), "winner_4": rounds.get("4"), "winner_5": rounds.get("5"),
                   "minimum": points.get("minimum"), "full_field": points.get("full_field"),
                   "min_players": points.get("min_players"),
                   "events": "\n".join(series.events.values_list("slug", flat=True)),
                   "trusted": ", ".join(series.trusted.values_list("username", flat=True))}
        return cls(data, initial=initial)

    def settings(self, event_ids: list[int] | None, kept: dict | None = None) -> dict:
        """The series' settings; a points table made through the API for other numbers of rounds keeps
        those (`kept`), the form changing 3, 4 and 5."""
        data = self.cleaned_data
        by_rounds = {**(kept or {}).get("by_rounds", {}),
                     "3": data["winner_3"], "4": data["winner_4"], "5": data["winner_5"]}
        return {"name": data["name"], "edition": data["edition"], "starts": data["starts"], "ends": data["ends"],
                "best_of": data["best_of"], "rolling_days": data["rolling_days"], "events": event_ids or [],
                "trusted": [name for name in (n.strip() for n in data["trusted"].split(",")) if name],
                "points": {"by_rounds": by_rounds,
                           "minimum": data["minimum"], "full_field": data["full_field"],
                           "min_players": data["min_players"]}}

    def event_slugs(self) -> list[str]:
        """The slugs typed: whole addresses ("https://…/e/spring-open/") or the short name alone."""
        slugs = []
        for line in self.cleaned_data["events"].splitlines():
            parts = [p for p in line.strip().split("/") if p]
            if parts:
                slugs.append(parts[parts.index("e") + 1] if "e" in parts[:-1] else parts[-1])
        return slugs
