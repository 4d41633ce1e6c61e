"""Console forms: shapes only; the rules are the services' and the rules module's, whose problems
are shown beside the field they name."""
import csv
import io

from django import forms
from django.utils.translation import gettext_lazy as _

from gaininggrounds.params import whole_number
from gaininggrounds.web.forms import bounded
from gaininggrounds.web.naming import localized
from scoring.awards import AWARD_RANGES, ENCOUNTER_SIZE_RANGE, ROUND_MINUTES_RANGE, ROUNDS_RANGE, WINNER_VP_RANGE
from scoring.formats import CURRENT_FORMAT, FORMATS, get_format, newest_first, offered_formats
from scoring.missions import AT_TABLE, PER_ROUND, PER_TABLE
from tournaments import panels
from tournaments.bracket import CUT_SIZES, DIFF_THEN_VP, REPLAY
from tournaments.pairing import FOLD, RANDOM, SWISS
from tournaments.pairing.tables import TABLE_NUMBER_MAX
from tournaments.standings import LATE_ON_ZERO, LATE_WITH_LOSSES

# A browser's date picker reads ISO dates only, whatever the page's language (a French "05/12/2026" shows blank).
DATE_INPUT = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class EventForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    date = forms.DateField(label=_("Date"), widget=DATE_INPUT)
    format = forms.ChoiceField(label=_("Format"), choices=[(f.key, f.name) for f in newest_first()],
                               initial=CURRENT_FORMAT.key)
    rounds = forms.IntegerField(label=_("Rounds"), **bounded(ROUNDS_RANGE), required=False,
                                help_text=_("Empty: set from the number of players at round 1."))

    def __init__(self, *args, who=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = format_choices(who)
        packs = [fmt for fmt in offered_formats(who)[len(FORMATS):] if fmt.edition == CURRENT_FORMAT.edition]
        self.fields["format"].initial = packs[0].key if packs else CURRENT_FORMAT.key  # the newest of today's


def format_choices(who, current: str = "") -> list[tuple[str, str]]:
    """The shipped seasons and the season packs `who` may run an event under (and the event's own, kept)."""
    offered = [(fmt.key, fmt.name) for fmt in offered_formats(who)]
    if current and current not in dict(offered):
        offered.append((current, get_format(current).name))
    return offered


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    faction = forms.ChoiceField(label=_("Faction"))
    club = forms.CharField(label=_("Club"), max_length=100, required=False)
    is_ringer = forms.BooleanField(label=_("Ringer (plays only when the count is odd)"), required=False)

    def __init__(self, *args, format_key: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["faction"].choices = [(f.key, localized(f)) for f in get_format(format_key).factions]


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
        form = cls(data, initial={"unavailable_tables": ", ".join(map(str, event.unavailable_tables)),
                                  "fresh_tables": event.fresh_tables})
        # A team event's pairer pairs teams its own way (tournaments.panels): none of these fields apply.
        form.by_teams = panels.pairer(event) is not None
        form.rematch_window = event.rematch_window
        return form

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
