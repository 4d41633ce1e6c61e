"""The forms that take a game's result: the results board's quick entry from a paper slip (with both
leaders), a player's own report from their phone, and an organizer's whole score sheet. Leaders are
suggested from the format's list, limited to each player's faction; schemes from the table's pool. Each
says which parts of a result it shows (`shows`): a correction changes those and keeps the others
(tournaments.services.results.corrected)."""
import re

from django import forms
from django.utils.translation import gettext_lazy as _

from gaininggrounds.web.forms import show_problems
from gaininggrounds.web.naming import outcome_words
from scoring.formats import GG2017, Format
from scoring.problems import DomainError
from scoring.report import ENTERED_OUTCOMES, PLAYED, Report
from tournaments.web.sheets import ScoreSheet


class ResultForm(forms.Form):
    """A result from a paper slip: both VP, or an unusual result in words; keyboard only (type, Tab, Enter)."""

    vp_a = forms.IntegerField(label=_("VP A"), required=False,
                              widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "narrow"}))
    vp_b = forms.IntegerField(label=_("VP B"), required=False,
                              widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "narrow"}))
    outcome = forms.ChoiceField(label=_("Outcome"), choices=[(o, o) for o in ENTERED_OUTCOMES], initial=PLAYED)
    loser = forms.ChoiceField(label=_("Who conceded or forfeited"), choices=[("", "—"), ("a", "A"), ("b", "B")],
                              required=False)

    master_a = forms.CharField(label=_("Leader A"), max_length=60, required=False)
    master_b = forms.CharField(label=_("Leader B"), max_length=60, required=False)

    def __init__(self, *args, names: tuple[str, str] = ("A", "B"), fmt: Format = GG2017,
                 factions: tuple[str, str] = ("", ""), **kwargs):
        super().__init__(*args, **kwargs)
        self.fmt = fmt
        self.fields["vp_a"].label, self.fields["vp_b"].label = (_("VP: %(name)s") % {"name": n} for n in names)
        self.fields["outcome"].choices = [(o, outcome_words(o)) for o in ENTERED_OUTCOMES]
        self.fields["loser"].choices = [("", "—"), ("a", names[0]), ("b", names[1])]
        word = _("Leader: %(name)s") if fmt.leaders else _("Master: %(name)s")
        self.fields["master_a"].label, self.fields["master_b"].label = (word % {"name": n} for n in names)
        leaders_of(self, {"master_a": factions[0], "master_b": factions[1]})

    def report(self) -> tuple[Report, tuple[str, str]]:
        """The result and the two leaders as typed (left empty: kept as they were)."""
        data = self.cleaned_data
        return Report(outcome=data["outcome"], vp_a=data["vp_a"], vp_b=data["vp_b"], loser=data["loser"] or None), (
            data["master_a"], data["master_b"])

    def shows(self) -> frozenset[str]:
        """The board's entry from a slip: the outcome and VP; the turns and score sheet stay as they were."""
        return frozenset(("outcome", "vp_a", "vp_b"))

    def field_for(self, attr: str | None) -> str | None:
        """A kept score sheet that no longer adds up is said beside the VP typed."""
        side = re.match(r"breakdown\.([ab])\b", attr or "")
        return f"vp_{side.group(1)}" if side else (attr if attr in self.fields else None)

    def refused(self, error: DomainError) -> None:
        """The rules module's problems beside their fields, and the way out when the score sheet disagrees."""
        show_problems(self, error)
        if any((p.attr or "").startswith("breakdown.") for p in error.problems):
            self.add_error(None, _("This table's score sheet says where its VP came from: change the VP on the "
                                   "whole score sheet, with its strategy and schemes."))


class PlayerReportForm(ScoreSheet, forms.Form):
    """A player's own report, in their terms (mine / my opponent's); the view turns it into sides a and b.
    Their own score sheet (and the table's mission, where tables flip their own) comes with it."""

    MINE, THEIRS = "me", "opponent"

    my_vp = forms.IntegerField(label=_("My VP"), required=False)
    their_vp = forms.IntegerField(label=_("My opponent's VP"), required=False)
    outcome = forms.ChoiceField(label=_("Outcome"), initial=PLAYED, choices=[
        ("played", _("played")), ("conceded", _("conceded")), ("forfeited", _("forfeited"))])
    loser = forms.ChoiceField(label=_("Who conceded or forfeited"), required=False,
                              choices=[("", "—"), (MINE, _("I did")), (THEIRS, _("my opponent"))])
    my_master = forms.CharField(label=_("My Master"), max_length=60, required=False)
    their_master = forms.CharField(label=_("My opponent's Master"), max_length=60, required=False)
    turns = forms.IntegerField(label=_("Turns played"), min_value=1, max_value=20, required=False,
                               widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "narrow"}))

    def __init__(self, *args, fmt: Format = GG2017, side: str = "a", at_table: bool = False,
                 factions: tuple[str, str] = ("", ""), pool=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fmt, self.side, self.sides, self.pool = fmt, side, {side: "sheet_"}, pool
        if at_table:
            self.add_mission()
        self.add_side("sheet_")
        if fmt.leaders:
            self.fields["my_master"].label = _("My leader (Master, title)")
            self.fields["their_master"].label = _("My opponent's leader (Master, title)")
        leaders_of(self, {"my_master": factions[0], "their_master": factions[1]})

    def report_for(self, side: str) -> tuple[Report, tuple[str, str]]:
        data = self.cleaned_data
        mine_is_a = side == "a"
        vp_a, vp_b = (data["my_vp"], data["their_vp"]) if mine_is_a else (data["their_vp"], data["my_vp"])
        loser = None
        if data["loser"]:
            loser = side if data["loser"] == self.MINE else ("b" if mine_is_a else "a")
        masters = (data["my_master"], data["their_master"]) if mine_is_a else (data["their_master"], data["my_master"])
        mine = self.side_breakdown("sheet_")
        return Report(outcome=data["outcome"], vp_a=vp_a, vp_b=vp_b, loser=loser, turns=data.get("turns"),
                      breakdown={side: mine} if mine else {}, mission=self.table_mission()), masters

    def shows(self) -> frozenset[str]:
        """A player's page shows their own score sheet only: the opponent's (from the tracker) is kept."""
        return frozenset(("outcome", "vp_a", "vp_b", "turns", f"breakdown.{self.side}",
                          *(("mission",) if "mission_strategy" in self.fields else ())))

    def field_for(self, attr: str | None) -> str | None:
        """The rules module names sides a and b; this form says mine and my opponent's."""
        theirs = "b" if self.side == "a" else "a"
        if re.match(rf"breakdown\.{theirs}\b", attr or ""):  # the opponent's sheet, kept: beside their VP
            return "their_vp"
        attr = {f"vp_{self.side}": "my_vp", f"vp_{theirs}": "their_vp", f"master_{self.side}": "my_master",
                f"master_{theirs}": "their_master"}.get(attr, attr)
        return super().field_for(attr)


class ScoreSheetForm(ScoreSheet, forms.Form):
    """The organizer's entry of a whole score sheet: the result, both sides' breakdowns and leaders, and
    the table's mission where tables flip their own."""

    outcome = forms.ChoiceField(label=_("Outcome"), initial=PLAYED)
    loser = forms.ChoiceField(label=_("Who conceded or forfeited"), required=False)
    vp_a = forms.IntegerField(label=_("VP A"), required=False, widget=forms.NumberInput(attrs={"class": "narrow"}))
    vp_b = forms.IntegerField(label=_("VP B"), required=False, widget=forms.NumberInput(attrs={"class": "narrow"}))
    turns = forms.IntegerField(label=_("Turns played"), min_value=1, max_value=20, required=False,
                               widget=forms.NumberInput(attrs={"class": "narrow"}))
    master_a = forms.CharField(label=_("Leader A"), max_length=60, required=False)
    master_b = forms.CharField(label=_("Leader B"), max_length=60, required=False)

    def __init__(self, *args, fmt: Format, names: tuple[str, str], factions: tuple[str, str], at_table: bool,
                 pool=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fmt, self.sides, self.pool = fmt, {"a": "a_", "b": "b_"}, pool
        self.fields["outcome"].choices = [(o, outcome_words(o)) for o in ENTERED_OUTCOMES]
        self.fields["loser"].choices = [("", "—"), ("a", names[0]), ("b", names[1])]
        self.fields["vp_a"].label, self.fields["vp_b"].label = (_("VP: %(name)s") % {"name": n} for n in names)
        self.fields["master_a"].label, self.fields["master_b"].label = (
            _("Leader: %(name)s") % {"name": n} for n in names)
        if at_table:
            self.add_mission()
        self.add_side("a_")
        self.add_side("b_")
        leaders_of(self, {"master_a": factions[0], "master_b": factions[1]})

    def report(self) -> tuple[Report, tuple[str, str]]:
        data = self.cleaned_data
        breakdown = {side: part for side in "ab" if (part := self.side_breakdown(f"{side}_"))}
        return Report(outcome=data["outcome"], vp_a=data["vp_a"], vp_b=data["vp_b"], loser=data["loser"] or None,
                      turns=data.get("turns"), breakdown=breakdown, mission=self.table_mission()), (
            data["master_a"], data["master_b"])

    def shows(self) -> frozenset[str]:
        """The whole sheet: all of a result (the mission where tables flip their own)."""
        return frozenset(("outcome", "vp_a", "vp_b", "turns", "breakdown.a", "breakdown.b",
                          *(("mission",) if "mission_strategy" in self.fields else ())))


def leaders_of(form: forms.Form, fields: dict[str, str]) -> None:
    """Offer the format's leaders of each side's faction as suggestions (a datalist, one per field of the
    page: a board has a form per table): typed freely, matched loosely by the rules module, a new
    release's leader still possible."""
    form.leader_lists = {}
    for name, faction in fields.items():
        leaders = form.fmt.leaders.get(faction, ())
        if leaders:
            list_id = f"leaders-{form.add_prefix(name)}"
            form.fields[name].widget.attrs["list"] = list_id
            form.leader_lists[list_id] = [leader.label for leader in leaders]
