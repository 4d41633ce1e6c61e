"""Console forms: shapes only; the rules are the services' and the rules module's, whose problems
are shown beside the field they name."""
import csv
import io

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import authenticate
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django_countries import countries

from gaininggrounds.params import whole_number
from gaininggrounds.web.forms import bounded
from gaininggrounds.web.naming import localized
from scoring.awards import AWARD_RANGES, ENCOUNTER_SIZE_RANGE, ROUND_MINUTES_RANGE, ROUNDS_RANGE, WINNER_VP_RANGE
from scoring.formats import CURRENT_FORMAT, EDITIONS, FORMATS, newest_first
from scoring.missions import AT_TABLE, PER_ROUND, PER_TABLE
from tournaments.access import signin_hold, signin_settle
from tournaments.bracket import CUT_SIZES, DIFF_THEN_VP, REPLAY
from tournaments.pairing import FOLD, RANDOM, SWISS
from tournaments.pairing.tables import TABLE_NUMBER_MAX
from tournaments.standings import LATE_ON_ZERO, LATE_WITH_LOSSES


def signin_refused(wait: float) -> forms.ValidationError:
    minutes = max(1, round(wait / 60))
    return forms.ValidationError(ngettext(
        "Too many failed sign-ins for this account or from this address: try again in %(minutes)s minute.",
        "Too many failed sign-ins for this account or from this address: try again in %(minutes)s "
        "minutes.", minutes) % {"minutes": minutes}, code="throttled")


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


# A browser's date picker reads ISO dates only, whatever the page's language (a French "05/12/2026" shows blank).
DATE_INPUT = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class EventForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    date = forms.DateField(label=_("Date"), widget=DATE_INPUT)
    format = forms.ChoiceField(label=_("Format"), choices=[(f.key, f.name) for f in newest_first()],
                               initial=CURRENT_FORMAT.key)
    rounds = forms.IntegerField(label=_("Rounds"), **bounded(ROUNDS_RANGE), required=False,
                                help_text=_("Empty: set from the number of players at round 1."))


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    faction = forms.ChoiceField(label=_("Faction"))
    club = forms.CharField(label=_("Club"), max_length=100, required=False)
    is_ringer = forms.BooleanField(label=_("Ringer (plays only when the count is odd)"), required=False)

    def __init__(self, *args, format_key: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["faction"].choices = [(f.key, localized(f)) for f in FORMATS[format_key].factions]


class PlayerEditForm(PlayerForm):
    """A whole entry corrected in the console, as the API's PATCH allows."""

    email = forms.EmailField(label=_("Email (pairings and reports are mailed there)"), required=False)
    pinned_table = forms.IntegerField(label=_("Always at table (accessibility)"), min_value=1,
                                      max_value=TABLE_NUMBER_MAX, required=False)


class ImportForm(forms.Form):
    csv = forms.CharField(label=_("CSV: name,faction,club"), widget=forms.Textarea(attrs={"rows": 6}))

    def clean(self):
        """The pasted text as rows (`rows`); a line the csv module cannot read is the form's error."""
        data = super().clean()
        if "csv" in data:
            try:
                data["rows"] = list(csv.reader(io.StringIO(data["csv"])))
            except csv.Error as error:
                raise forms.ValidationError(_("This CSV cannot be read (%(why)s).") % {"why": error}) from None
        return data


class RoundForm(forms.Form):
    """Pairing the next round with the engine's options, in words."""

    method = forms.ChoiceField(label=_("Pairing"), initial=SWISS, choices=[
        (SWISS, _("Swiss: by Tournament Points, then Differential, then VP")), (RANDOM, _("random")),
        (FOLD, _("fold: top half against bottom half"))])
    avoid_same_club = forms.BooleanField(label=_("Keep players of the same club apart (round 1)"), required=False)
    # The event's table settings, shown (and changed, with the pairing) where the pairing is asked for.
    unavailable_tables = forms.CharField(label=_("Tables not available"), required=False, max_length=2000,
                                         help_text=_("Table numbers separated by commas: no game is seated there."))
    fresh_tables = forms.BooleanField(label=_("Keep players off tables they played on"), required=False)

    @classmethod
    def for_event(cls, event, data=None):
        return cls(data, initial={"unavailable_tables": ", ".join(map(str, event.unavailable_tables)),
                                  "fresh_tables": event.fresh_tables})

    def clean_unavailable_tables(self) -> list[int]:
        parts = [part.strip() for part in self.cleaned_data["unavailable_tables"].replace(";", ",").split(",")]
        numbers = [whole_number(part, most=TABLE_NUMBER_MAX) for part in parts if part]
        if any(not number for number in numbers):
            raise forms.ValidationError(_("Table numbers from 1 to %(most)s, separated by commas.") % {
                "most": TABLE_NUMBER_MAX})
        return sorted(set(numbers))

    def table_settings(self, posted) -> dict:
        """The table settings to pair with: those the form showed (`tables` posted), none otherwise."""
        if not posted.get("tables"):
            return {}
        return {"unavailable_tables": self.cleaned_data["unavailable_tables"],
                "fresh_tables": self.cleaned_data["fresh_tables"]}


class SettingsForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    date = forms.DateField(label=_("Date"), widget=DATE_INPUT)
    format = forms.ChoiceField(label=_("Format"), choices=[(f.key, f.name) for f in newest_first()])
    scheme_chart = forms.ChoiceField(label=_("Scheme chart"),
                                     choices=[(c.key, c.name) for f in FORMATS.values() for c in f.scheme_charts])
    rounds = forms.IntegerField(label=_("Rounds"), **bounded(ROUNDS_RANGE), required=False)
    rematch_window = forms.IntegerField(label=_("Rematch window (rounds)"), **bounded(ROUNDS_RANGE))
    fresh_tables = forms.BooleanField(label=_("Keep players off tables they played on"), required=False)
    self_reporting = forms.BooleanField(label=_("Players report and confirm their own results"), required=False)
    registration_open = forms.BooleanField(label=_("Sign-ups open (from the event page, with an account or an email)"),
                                           required=False)
    encounter_size = forms.IntegerField(label=_("Encounter size (Soulstones)"), **bounded(ENCOUNTER_SIZE_RANGE),
                                        required=False)
    round_minutes = forms.IntegerField(label=_("Round length (minutes)"), **bounded(ROUND_MINUTES_RANGE),
                                       required=False, help_text=_("Empty: the format's suggestion."))
    missions = forms.ChoiceField(label=_("Missions"), required=False, choices=[
        (PER_ROUND, _("one per round, the same at every table")),
        (PER_TABLE, _("each table its own, drawn at pairing")),
        (AT_TABLE, _("each table its own, flipped at the table and reported"))])
    dead_mans_hand = forms.BooleanField(label=_("Dead Man's Hand models allowed (M3E)"), required=False)
    player_votes = forms.BooleanField(label=_("Players vote for best painted and best sportsmanship"), required=False)
    check_in_on_the_day = forms.BooleanField(label=_("Players check in on the day (new registrations are expected, "
                                                     "not yet arrived)"), required=False, help_text=_(
        "Switched on before round 1, everyone already registered is expected too, until the desk checks them in."))
    late_arrivals = forms.ChoiceField(label=_("A player who joins after round 1"), required=False, choices=[
        (LATE_ON_ZERO, _("starts on 0")),
        (LATE_WITH_LOSSES, _("takes a loss (the forfeit's) for each round missed"))])
    cut_size = forms.TypedChoiceField(label=_("Top cut after the Swiss rounds"), coerce=int, required=False,
                                      choices=[(0, _("none")), *((n, _("top %(n)s, single elimination") % {"n": n})
                                                                 for n in CUT_SIZES)])
    cut_draws = forms.ChoiceField(label=_("A drawn game of the cut"), required=False, choices=[
        (DIFF_THEN_VP, _("goes to the better Swiss Differential, then VP, then seed")), (REPLAY, _("is replayed"))],
        help_text=_("Gaining Grounds packs have no rule for a cut: the event page says which one this event uses."))
    bye_tp = forms.IntegerField(label=_("Bye: TP"), **bounded(AWARD_RANGES["tp"]))
    bye_diff = forms.IntegerField(label=_("Bye: Differential"), **bounded(AWARD_RANGES["diff"]))
    bye_vp = forms.IntegerField(label=_("Bye: VP"), **bounded(AWARD_RANGES["vp"]))
    conceder = forms.ChoiceField(label=_("A player who concedes a game"), required=False, choices=[
        ("", _("as the format says")), ("leaves", _("leaves the event (no further rounds)")),
        ("stays", _("stays and is paired for the next round"))])
    concession_winner_vp = forms.IntegerField(label=_("Concession: the winner's VP (and Differential)"),
                                              **bounded(WINNER_VP_RANGE))
    forfeit_winner_vp = forms.IntegerField(label=_("Forfeit: the winner's VP (and Differential)"),
                                           **bounded(WINNER_VP_RANGE))


class SwapForm(forms.Form):
    player_1 = forms.TypedChoiceField(label=_("Player"), coerce=int)
    player_2 = forms.TypedChoiceField(label=_("with"), coerce=int)
    force = forms.BooleanField(label=_("even if it breaks a pairing rule"), required=False)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(p.id, p.name) for p in players]
        self.fields["player_1"].choices = self.fields["player_2"].choices = choices
        if len(choices) > 1 and not self.is_bound:  # two different players to start from
            self.fields["player_2"].initial = choices[1][0]


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
