"""The pack editor's forms, section by section: each turns the version's data into lines of fields (name,
value, the path of the data it edits, the check's problems at that path) and a posted section back into the
whole data, changed in that section only. No YAML: a field per value, a line per strategy, deployment,
scheme or faction (a blank line to add one, a box to remove one)."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from scoring.formats import SUITS, key_of
from scoring.validator import SECRET_NOTES

SECTIONS = ("name", "vp", "strategies", "deployments", "schemes", "factions")
EDITIONS = ("M4E", "M3E", "M2E")
SECRETS = tuple(SECRET_NOTES)
VP_FIELDS = ("strategy", "scheme", "game", "schemes_per_player", "strategy_per_turn", "scheme_per_turn",
             "strategy_first_turn", "scheme_first_turn", "schemes_total", "schemes_turn_total")
VP_OPTIONAL = ("scheme_per_turn", "schemes_total", "schemes_turn_total")
LABELS = {
    "name": _("Name"), "name_fr": _("French name"), "edition": _("Edition"), "suit": _("Suit"),
    "bonus_once": _("Bonus VP once a game"), "doubled_turn": _("Turn counting double"),
    "secret": _("Noted secretly"), "noted_model": _("Names a model"), "first_turn": _("First scoring turn"),
    "at_game_end": _("Scored at the game's end"), "leaders": _("Leaders (one \"Name, Title\" a line)"),
    "strategy": _("Strategy, a game"), "scheme": _("Each scheme, a game"), "game": _("A game's most VP"),
    "schemes_per_player": _("Schemes scored, at most"), "strategy_per_turn": _("Strategy, a turn"),
    "scheme_per_turn": _("Each scheme, a turn (empty: no limit)"),
    "strategy_first_turn": _("Strategy scores from turn"), "scheme_first_turn": _("Schemes score from turn"),
    "schemes_total": _("Schemes together, a game (optional)"),
    "schemes_turn_total": _("Schemes together, a turn (optional)"), "min": _("Fewest turns"),
    "max": _("Most turns"), "always": _("Always"), "doubles": _("Doubles"), "remove": _("Remove this line"),
}


@dataclass
class Field:
    name: str  # the posted name
    label: str
    value: object
    path: tuple
    kind: str = "text"  # text, number, select, check, textarea
    choices: list = field(default_factory=list)  # (value, label)
    problems: list = field(default_factory=list)
    hint: str = ""  # a plain sentence under the field, where its label is not enough

    def __post_init__(self):
        """A value the choices lack (typed in a file) stays chosen: saving the section does not change it."""
        if self.kind == "select" and self.value and self.value not in [value for value, _label in self.choices]:
            self.choices = [*self.choices, (self.value, str(self.value))]


@dataclass
class Line:
    prefix: str
    path: tuple
    fields: list
    removable: bool = False
    blank: bool = False
    problems: list = field(default_factory=list)
    title: str = ""  # the legend: its number, or its place in a chart (Always, Rams, Value 5)


def _raw(entry) -> dict:
    """A name or fields as a dict (anything else a file held, shown as its text for the check to judge)."""
    if isinstance(entry, dict):
        return dict(entry)
    return {"name": entry if isinstance(entry, str) else str(entry)} if entry not in (None, "") else {}


def _map(value) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value) -> list:
    return value if isinstance(value, list) else []


def _compact(entry: dict):
    """A name alone as the shipped files write it (a string); fields otherwise, the empty ones left out."""
    kept = {k: v for k, v in entry.items() if v not in (None, "", False, [])}
    return kept["name"] if set(kept) == {"name"} else kept


def _number(text: str):
    """A whole number as typed, or the text itself (the check says "Must be a whole number" beside it)."""
    text = (text or "").strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return text


SUIT_WORDS = {"rams": _("Rams"), "crows": _("Crows"), "masks": _("Masks"), "tomes": _("Tomes")}


def _suits():
    return [("", "—"), *((suit, str(SUIT_WORDS.get(suit, suit))) for suit in SUITS)]


# Lines of fields from the data


def name_fields(data: dict) -> list[Field]:
    return [Field("name", LABELS["name"], data.get("name", ""), ("name",)),
            Field("edition", LABELS["edition"], data.get("edition", ""), ("edition",), "select",
                  [(e, e) for e in EDITIONS])]


def vp_fields(data: dict) -> list[Field]:
    vp, turns = _map(data.get("vp")), _map(data.get("turns"))
    found = [Field(f"vp-{name}", LABELS[name], vp.get(name, ""), ("vp", name), "number") for name in VP_FIELDS]
    return found + [Field(f"turns-{name}", LABELS[name], turns.get(name, ""), ("turns", name), "number")
                    for name in ("min", "max")]


def named_lines(data: dict, label: str) -> list[Line]:
    """Strategies or deployments: a line each, and a blank one to add."""
    entries = [_raw(e) for e in _list(data.get(label))] + [{}]
    lines = []
    for j, entry in enumerate(entries):
        prefix, path = f"{label}-{j}", (label, j)
        fields = [Field(f"{prefix}-name", LABELS["name"], entry.get("name", ""), (*path, "name")),
                  Field(f"{prefix}-name_fr", LABELS["name_fr"], entry.get("name_fr", ""), (*path, "name_fr")),
                  Field(f"{prefix}-suit", LABELS["suit"], entry.get("suit", ""), (*path, "suit"), "select", _suits())]
        if label == "strategies":
            fields += [Field(f"{prefix}-bonus_once", LABELS["bonus_once"], entry.get("bonus_once", False),
                             (*path, "bonus_once"), "check"),
                       Field(f"{prefix}-doubled_turn", LABELS["doubled_turn"], entry.get("doubled_turn", ""),
                             (*path, "doubled_turn"), "number")]
        lines.append(Line(prefix, path, fields, removable=bool(entry), blank=not entry))
    return lines


def chart_entries(chart: dict) -> list[tuple[tuple, dict]]:
    """(path inside the chart, raw scheme) as the check lists them."""
    found = [((slot,), _raw(chart[slot])) for slot in ("always", "doubles") if slot in chart]
    found += [(("by_suit", suit), _raw(raw)) for suit, raw in _map(chart.get("by_suit")).items()]
    for slot in ("by_value", "deck"):
        found += [((slot, j), _raw(raw)) for j, raw in enumerate(_list(chart.get(slot)))]
    return found


def scheme_charts(data: dict) -> list[dict]:
    """Each chart: its name and its scheme lines (a blank one to add, for a deck)."""
    chains = data.get("pool_rule") == "three-cards"
    charts = []
    for i, chart in enumerate(_list(data.get("scheme_charts"))):
        chart = _map(chart)
        entries = chart_entries(chart)
        names = [("", "—")] + [(e.get("name", ""), e.get("name", "")) for _, e in entries if e.get("name")]
        if isinstance(chart.get("deck"), list):
            entries.append((("deck", len(chart["deck"])), {}))
        lines = []
        for at, entry in entries:
            path, prefix = ("scheme_charts", i, *at), "s-" + "-".join(map(str, (i, *at)))
            fields = [Field(f"{prefix}-name", LABELS["name"], entry.get("name", ""), (*path, "name")),
                      Field(f"{prefix}-name_fr", LABELS["name_fr"], entry.get("name_fr", ""), (*path, "name_fr")),
                      Field(f"{prefix}-secret", LABELS["secret"], entry.get("secret", ""), (*path, "secret"),
                            "select", [("", "—"), *((s, SECRET_NOTES[s]()) for s in SECRETS)]),
                      Field(f"{prefix}-noted_model", LABELS["noted_model"], entry.get("noted_model", False),
                            (*path, "noted_model"), "check"),
                      Field(f"{prefix}-first_turn", LABELS["first_turn"], entry.get("first_turn", ""),
                            (*path, "first_turn"), "number"),
                      Field(f"{prefix}-at_game_end", LABELS["at_game_end"], entry.get("at_game_end", False),
                            (*path, "at_game_end"), "check")]
            if chains:
                follows = [str(name) for name in _list(entry.get("next"))] + ["", "", ""]
                fields += [Field(f"{prefix}-next-{k}", _("Next scheme %(n)s") % {"n": k + 1}, follows[k],
                                 (*path, "next", k), "select", names) for k in range(3)]
            lines.append(Line(prefix, path, fields, removable=at[0] == "deck" and bool(entry), blank=not entry,
                              title=_place(at)))
        charts.append({"index": i, "name": chart.get("name", ""), "lines": lines, "path": ("scheme_charts", i)})
    return charts


def _place(at: tuple) -> str:
    if at[0] in ("always", "doubles"):
        return str(LABELS[at[0]])
    if at[0] == "by_suit":
        return str(SUIT_WORDS.get(at[1], at[1]))
    if at[0] == "by_value":
        return _("Value %(n)s") % {"n": at[1] + 1}
    return str(at[1] + 1)


def faction_lines(data: dict) -> list[Line]:
    leaders = _map(data.get("leaders"))
    lines = []
    for j, entry in enumerate([_raw(e) for e in _list(data.get("factions"))] + [{}]):
        prefix, path = f"factions-{j}", ("factions", j)
        key = key_of(str(entry.get("name", "")))
        text = "\n".join(f"{_map(x).get('name', '')}, {_map(x).get('title', '')}" for x in _list(leaders.get(key)))
        lines.append(Line(prefix, path, [
            Field(f"{prefix}-name", LABELS["name"], entry.get("name", ""), (*path, "name")),
            Field(f"{prefix}-name_fr", LABELS["name_fr"], entry.get("name_fr", ""), (*path, "name_fr")),
            Field(f"{prefix}-leaders", LABELS["leaders"], text, ("leaders", key) if key else (), "textarea")],
            removable=bool(entry), blank=not entry))
    return lines


# The whole data again, one section changed by a post


def saved(data: dict, section: str, post) -> dict:
    """The data with `section` as posted (`post`: a QueryDict); the rest as it was."""
    data = copy.deepcopy(data)
    if section == "name":
        data["name"], data["edition"] = post.get("name", "").strip(), post.get("edition", "")
    elif section == "vp":
        vp = dict(_map(data.get("vp")))
        for name in VP_FIELDS:
            value = _number(post.get(f"vp-{name}"))
            if value is None and name in VP_OPTIONAL:
                vp.pop(name, None) if name != "scheme_per_turn" else vp.update({name: None})
            else:
                vp[name] = value
        data["vp"] = vp
        data["turns"] = {name: _number(post.get(f"turns-{name}")) for name in ("min", "max")}
    elif section in ("strategies", "deployments"):
        data[section] = _lines(_list(data.get(section)), section, post, section == "strategies")
    elif section == "schemes":
        data["scheme_charts"] = [_chart(_map(chart), i, post)
                                 for i, chart in enumerate(_list(data.get("scheme_charts")))]
    elif section == "factions":
        _factions(data, post)
    return data


def _edited(entry: dict, prefix: str, post, names: tuple, numbers: tuple = (), checks: tuple = ()) -> dict:
    entry = dict(entry)
    for name in names:
        entry[name] = post.get(f"{prefix}-{name}", "").strip()
    for name in numbers:
        entry[name] = _number(post.get(f"{prefix}-{name}"))
    for name in checks:
        entry[name] = bool(post.get(f"{prefix}-{name}"))
    return entry


def _lines(entries: list, label: str, post, strategy: bool) -> list:
    kept = []
    for j, entry in enumerate([_raw(e) for e in entries] + [{}]):
        prefix = f"{label}-{j}"
        if post.get(f"{prefix}-remove"):
            continue
        entry = _edited(entry, prefix, post, ("name", "name_fr", "suit"), ("doubled_turn",) if strategy else (),
                        ("bonus_once",) if strategy else ())
        if entry.get("name") or j < len(entries):
            kept.append(_compact(entry))
    return kept


def _chart(chart: dict, i: int, post) -> dict:
    chart, renamed = copy.deepcopy(chart), {}
    entries = chart_entries(chart)
    if isinstance(chart.get("deck"), list):
        entries.append((("deck", len(chart["deck"])), {}))
    deck = []
    for at, entry in entries:
        prefix = "s-" + "-".join(map(str, (i, *at)))
        if post.get(f"{prefix}-remove") and at[0] == "deck":
            continue
        old = entry.get("name")
        entry = _edited(entry, prefix, post, ("name", "name_fr", "secret"), ("first_turn",),
                        ("noted_model", "at_game_end"))
        if f"{prefix}-next-0" in post:
            entry["next"] = [name for name in (post.get(f"{prefix}-next-{k}", "") for k in range(3)) if name]
        if old and entry["name"] and old != entry["name"]:
            renamed[old] = entry["name"]
        if at[0] == "deck":
            if entry.get("name") or old:
                deck.append(entry)
        elif at[0] == "by_suit":
            chart["by_suit"][at[1]] = entry
        elif at[0] == "by_value":
            chart["by_value"][at[1]] = entry
        else:
            chart[at[0]] = entry
    if isinstance(chart.get("deck"), list):
        chart["deck"] = deck
    for slot in ("always", "doubles"):  # a renamed scheme keeps its place in the chains that name it
        if slot in chart:
            chart[slot] = _compact(_renamed(chart[slot], renamed))
    for suit in _map(chart.get("by_suit")):
        chart["by_suit"][suit] = _compact(_renamed(chart["by_suit"][suit], renamed))
    for slot in ("by_value", "deck"):
        if isinstance(chart.get(slot), list):
            chart[slot] = [_compact(_renamed(entry, renamed)) for entry in chart[slot]]
    return chart


def _renamed(entry, renamed: dict) -> dict:
    entry = _raw(entry)
    if isinstance(entry.get("next"), list):
        entry["next"] = [renamed.get(name, name) if isinstance(name, str) else name for name in entry["next"]]
    return entry


def _factions(data: dict, post) -> None:
    entries, factions, leaders = [_raw(e) for e in _list(data.get("factions"))], [], {}
    for j, entry in enumerate(entries + [{}]):
        prefix = f"factions-{j}"
        if post.get(f"{prefix}-remove"):
            continue
        entry = _edited(entry, prefix, post, ("name", "name_fr"))
        if not entry.get("name") and j >= len(entries):
            continue
        factions.append(_compact(entry))
        rows = [line.split(",", 1) for line in post.get(f"{prefix}-leaders", "").splitlines() if line.strip()]
        if rows:
            leaders[key_of(entry["name"])] = [{"name": row[0].strip(), "title": row[1].strip() if len(row) > 1
                                               else ""} for row in rows]
    data["factions"] = factions
    if leaders or "leaders" in data:
        data["leaders"] = leaders
