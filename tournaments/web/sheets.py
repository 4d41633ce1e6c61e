"""A game's score sheet as form fields: for each side the strategy VP (in all, and turn by turn) and the
schemes held in order (scheme, VP, the turn it scored, its secret choice or noted model); the mission a
table flipped; each side's leader. Optional everywhere: what is filled in becomes the report's breakdown,
judged by the rules module like one sent to the API, its problems shown beside these fields."""
from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from gaininggrounds.web.naming import localized
from scoring.formats import Format, key_of
from scoring.missions import pool_size
from scoring.problems import Invalid, Problem
from scoring.report import SchemeScore, SideBreakdown, TableMission, TurnScore

SMALL = {"min_value": 0, "max_value": 99, "required": False}


def number_input(width: int = 3):
    return forms.NumberInput(attrs={"inputmode": "numeric", "size": width, "class": "narrow"})


def offered_schemes(fmt: Format, pool, row: int = 1) -> list:
    """The schemes a sheet offers in its `row`-th scheme row: the table's Scheme Pool; in M4E, where each
    scheme held leads to one of its card's next schemes, the ones the chain reaches at that step (row 2:
    those following a scheme of the pool, and so on); every scheme of the format while the pool is not known."""
    if not pool:
        return list(fmt.schemes)
    keys = [k for k in dict.fromkeys(pool) if fmt.scheme(k) is not None]
    for _step in range(row - 1 if fmt.scheme_chains else 0):
        keys = list(dict.fromkeys(key_of(name) for k in keys for name in fmt.scheme(k).next
                                  if fmt.scheme(key_of(name)) is not None))  # each once, in the order met
    return [fmt.scheme(k) for k in keys]


class ChainSelect(forms.Select):
    """A scheme row of an M4E sheet: each scheme names the schemes of the row above it may follow
    (data-after), so static/js/sheet.js offers only those the scheme chosen above allows."""

    def __init__(self, after: dict[str, str], attrs=None):
        super().__init__(attrs)
        self.after = after

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        if value in self.after:
            option["attrs"]["data-after"] = self.after[value]
        return option


class ScoreSheet:
    """Mixed into a form: adds score-sheet fields for a format and reads them back as a breakdown."""

    fmt: Format

    def add_side(self, prefix: str, label: str = "") -> None:
        fmt, fields = self.fmt, self.fields
        fields[f"{prefix}strategy"] = forms.IntegerField(label=_("Strategy VP"), widget=number_input(), **SMALL)
        for turn in range(1, fmt.turns_max + 1):
            fields[f"{prefix}strategy_t{turn}"] = forms.IntegerField(
                label=_("Strategy VP, turn %(t)s") % {"t": turn}, widget=number_input(2), **SMALL)
        above = []
        for i in range(1, fmt.vp.schemes_per_player + 1):
            fields[f"{prefix}scheme_{i}"] = row = self._scheme_row(prefix, i, above)
            above = [fmt.scheme(key) for key, _name in row.choices if key]
            fields[f"{prefix}scheme_{i}_vp"] = forms.IntegerField(label=_("VP"), widget=number_input(2), **SMALL)
            fields[f"{prefix}scheme_{i}_turn"] = forms.IntegerField(label=_("turn scored"), min_value=1, max_value=20,
                                                                    required=False, widget=number_input(2))
            fields[f"{prefix}scheme_{i}_note"] = forms.CharField(
                label=_("secret choice or noted model"), max_length=100, required=False)

    def _scheme_row(self, prefix: str, i: int, above: list) -> forms.ChoiceField:
        """The i-th scheme held: what the table's pool (and in M4E its chains) allow at that step, and the
        scheme already written there (a saved sheet, a version to correct), so it is never lost. Optional,
        as every row: a player who held two schemes leaves the others empty."""
        fmt, name = self.fmt, f"{prefix}scheme_{i}"
        offered = offered_schemes(fmt, getattr(self, "pool", ()), i)
        written = fmt.scheme(self.initial.get(name) or "")
        if written is not None and written not in offered:
            offered.append(written)
        choices = [("", "—"), *((s.key, localized(s)) for s in offered)]
        if not (fmt.scheme_chains and above):
            return forms.ChoiceField(label=_("Scheme %(i)s") % {"i": i}, choices=choices, required=False)
        after = {s.key: " ".join(a.key for a in above if s.key in {key_of(n) for n in a.next}) for s in offered}
        widget = ChainSelect(after, attrs={"data-follows": self.add_prefix(f"{prefix}scheme_{i - 1}")})
        return forms.ChoiceField(label=_("Scheme %(i)s") % {"i": i}, choices=choices, required=False, widget=widget)

    def add_mission(self) -> None:
        fmt, fields = self.fmt, self.fields
        fields["mission_strategy"] = forms.ChoiceField(
            label=_("Strategy"), required=False, choices=[("", "—"), *((s.key, localized(s)) for s in fmt.strategies)])
        fields["mission_deployment"] = forms.ChoiceField(
            label=_("Deployment"), required=False,
            choices=[("", "—"), *((d.key, localized(d)) for d in fmt.deployments)])
        schemes = [("", "—"), *((s.key, localized(s)) for s in fmt.schemes)]
        for i in range(1, pool_size(fmt) + 1):
            fields[f"mission_pool_{i}"] = forms.ChoiceField(label=_("Scheme Pool %(i)s") % {"i": i},
                                                            choices=schemes, required=False)

    def side_breakdown(self, prefix: str) -> SideBreakdown | None:
        """The side's breakdown, or None when nothing of it was filled in."""
        data, fmt = self.cleaned_data, self.fmt
        per_turn = {t: data.get(f"{prefix}strategy_t{t}") for t in range(1, fmt.turns_max + 1)}
        rows = [(data.get(f"{prefix}scheme_{i}"), data.get(f"{prefix}scheme_{i}_vp"),
                 data.get(f"{prefix}scheme_{i}_turn"), data.get(f"{prefix}scheme_{i}_note") or "")
                for i in range(1, fmt.vp.schemes_per_player + 1)]
        rows = [row for row in rows if row[0]]
        total = data.get(f"{prefix}strategy")
        by_turn = any(v is not None for v in per_turn.values()) or any(row[2] for row in rows)
        if total is None and not rows and not by_turn:
            return None
        if total is None:
            total = sum(v or 0 for v in per_turn.values())
        if by_turn:
            self._refuse_half_turns(prefix, per_turn, rows, total)
        turns = ()
        if by_turn:  # the turns with something written in them
            last = max([fmt.turns_max, *(row[2] or 0 for row in rows)])
            turns = tuple(TurnScore(turn=t, strategy=per_turn.get(t) or 0,
                                    schemes={key: vp or 0 for key, vp, scored, _ in rows if scored == t})
                          for t in range(1, last + 1)
                          if per_turn.get(t) is not None or any(row[2] == t for row in rows))
        self.turn_order = {**getattr(self, "turn_order", {}), prefix: [t.turn for t in turns]}
        return SideBreakdown(strategy=total, schemes=tuple(SchemeScore(key, vp or 0, note.strip())
                                                           for key, vp, _, note in rows), turns=turns)

    def _refuse_half_turns(self, prefix: str, per_turn: dict, rows: list, total: int) -> None:
        """Turn by turn is all or nothing: every scheme that scored needs its turn, and strategy VP need
        theirs; half of it would be judged as zeros."""
        missing = next((f"{prefix}scheme_{i}_turn" for i, row in enumerate(rows, start=1) if row[1] and not row[2]),
                       None)
        if missing is None and total and all(v is None for v in per_turn.values()):
            missing = f"{prefix}strategy_t1"
        if missing is not None:
            raise Invalid(Problem("turns_incomplete", str(_(
                "Turn by turn, fill in the turn of every scheme that scored and the strategy VP of each turn, "
                "or leave all of it empty.")), missing))

    def table_mission(self) -> TableMission | None:
        data = self.cleaned_data
        pool = tuple(key for i in range(1, pool_size(self.fmt) + 1) if (key := data.get(f"mission_pool_{i}")))
        if not (data.get("mission_strategy") or data.get("mission_deployment") or pool):
            return None
        return TableMission(data.get("mission_strategy", ""), data.get("mission_deployment", ""), pool)

    # Where the rules module's problems go: its attribute paths as this form's fields.
    sides: dict[str, str] = {}  # side ("a", "b") -> field prefix

    def field_for(self, attr: str | None) -> str | None:
        if not attr:
            return None
        if attr.startswith("mission."):
            name = {"mission.strategy": "mission_strategy", "mission.deployment": "mission_deployment",
                    "mission.scheme_pool": "mission_pool_1"}.get(attr)
            return name if name in self.fields else None
        match = re.fullmatch(r"breakdown\.([ab])(?:\.(strategy|schemes|turns)(?:\.(\d+)(?:\.(\w+))?)?)?", attr)
        if match is None:
            return attr if attr in self.fields else None
        side, part, index, leaf = match.groups()
        prefix = self.sides.get(side)
        if prefix is None:
            return None
        if part == "schemes" and index is not None:
            suffix = {"scheme": "", "vp": "_vp", "noted_model": "_note"}.get(leaf or "scheme", "")
            return f"{prefix}scheme_{int(index) + 1}{suffix}"
        if part == "turns" and index is not None:
            order = getattr(self, "turn_order", {}).get(prefix, [])
            turn = order[int(index)] if int(index) < len(order) else None
            scheme_row = next((f"{prefix}scheme_{i}_turn" for i in range(1, self.fmt.vp.schemes_per_player + 1)
                               if self.cleaned_data.get(f"{prefix}scheme_{i}_turn") == turn), None)
            if leaf in ("schemes", "turn") and scheme_row:
                return scheme_row
            name = f"{prefix}strategy_t{turn}"
            return name if name in self.fields else f"{prefix}strategy"
        return f"{prefix}strategy"

    def sheet(self, prefix: str) -> dict:
        """The side's fields grouped for a template: strategy, turn by turn, one row per scheme."""
        return {"strategy": self[f"{prefix}strategy"],
                "turns": [self[f"{prefix}strategy_t{t}"] for t in range(1, self.fmt.turns_max + 1)],
                "schemes": [[self[f"{prefix}scheme_{i}{part}"] for part in ("", "_vp", "_turn", "_note")]
                            for i in range(1, self.fmt.vp.schemes_per_player + 1)]}

    @property
    def sheet_mine(self) -> dict:
        return self.sheet("sheet_")

    @property
    def sheet_a(self) -> dict:
        return self.sheet("a_")

    @property
    def sheet_b(self) -> dict:
        return self.sheet("b_")

    def mission_fields(self) -> list:
        return [self[name] for name in self.fields if name.startswith("mission_")]

    @property
    def sheet_names(self) -> set[str]:
        """The fields the score sheet added (a template lists the others as the form's main fields)."""
        return {name for name in self.fields if name.startswith(("mission_", *self.sides.values()))}


def sheet_initial(part: dict, prefix: str) -> dict:
    """A stored breakdown side ({"strategy", "schemes", "turns"}) as the sheet's initial values."""
    initial = {f"{prefix}strategy": part.get("strategy")}
    for turn in part.get("turns", ()):
        initial[f"{prefix}strategy_t{turn['turn']}"] = turn.get("strategy")
    for i, score in enumerate(part.get("schemes", ()), start=1):
        scored = [t["turn"] for t in part.get("turns", ()) if t.get("schemes", {}).get(score["scheme"])]
        initial.update({f"{prefix}scheme_{i}": score["scheme"], f"{prefix}scheme_{i}_vp": score["vp"],
                        f"{prefix}scheme_{i}_note": score.get("noted_model", ""),
                        f"{prefix}scheme_{i}_turn": scored[0] if scored else None})
    return initial


def mission_initial(strategy: str, deployment: str, pool: list[str]) -> dict:
    return {"mission_strategy": strategy, "mission_deployment": deployment,
            **{f"mission_pool_{i}": key for i, key in enumerate(pool, start=1)}}
