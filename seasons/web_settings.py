"""The pack editor's other forms: the tournament settings (suggested rounds, a round's minutes, the last turn's
call), the awards without a game (bye, concession, forfeit; whether a conceder leaves; which awards are our
choice), the scheme pool and missions, the sources, the rotation of missions (when the edition has one). As
web_sections: data to lines of fields, and a posted section back into the whole data, that section only."""
from __future__ import annotations

import copy

from django.utils.translation import gettext_lazy as _

from seasons.web_sections import Field, Line, _list, _map, _number

SECTIONS = ("settings", "awards", "pool", "sources", "rotation")
AWARDS = (("bye",), ("concession", "winner"), ("concession", "loser"), ("forfeit", "winner"), ("forfeit", "loser"))
POINTS = ("tp", "diff", "vp")
DEFAULTS = ("bye", "concession", "concession.winner", "concession.loser", "forfeit", "forfeit.winner",
            "forfeit.loser", "conceder")
EVIDENCE = {"seed": _("Seed document"), "confirmed": _("Confirmed (two sources)"),
            "secondary": _("Secondary source"), "inferred": _("Inferred"), "speculative": _("Speculative")}
QUARTERS = {"1": _("January to March"), "2": _("April to June"), "3": _("July to September"),
            "4": _("October to December")}
LABELS = {
    "bye": _("Bye"), "concession": _("Concession"), "forfeit": _("Forfeit"), "winner": _("winner"),
    "loser": _("loser"), "tp": _("TP"), "diff": _("Differential"), "vp": _("VP"),
    "concession.winner": _("Concession, the winner's"), "concession.loser": _("Concession, the loser's"),
    "forfeit.winner": _("Forfeit, the winner's"), "forfeit.loser": _("Forfeit, the loser's"),
    "conceder": _("Whether a conceder leaves"),
}
POOL_RULES = [("two-cards", _("Two cards (M2E)")), ("five-values", _("Five values (M3E)")),
              ("three-cards", _("Three cards (M4E)"))]
MISSIONS = [("", _("Not said: per round")), ("per_round", _("Per round")), ("per_table", _("Per table"))]
CONCEDER = [("", "—"), ("leaves", _("Leaves the event (no further pairings)")),
            ("stays", _("Stays: paired on in the next rounds"))]


def visible(data: dict) -> tuple[str, ...]:
    """The sections shown: the rotation only where the pack has one, or its edition (M2E) suggests one."""
    return tuple(s for s in SECTIONS if s != "rotation" or "rotation" in data or data.get("edition") == "M2E")


# Lines of fields from the data


def settings_fields(data: dict) -> list[Field]:
    return [Field("round_minutes", _("A round's minutes"), data.get("round_minutes", ""), ("round_minutes",),
                  "number", hint=_("From 30 to 300, the encounter's set-up included.")),
            Field("last_turn_call", _("Last turn called, minutes before the end (optional)"),
                  data.get("last_turn_call", ""), ("last_turn_call",), "number",
                  hint=_("Empty: the clock only warns. Fewer minutes than the round's.")),
            Field("fewest_deployments", _("Different deployments an event should play (optional)"),
                  data.get("fewest_deployments", ""), ("fewest_deployments",), "number",
                  hint=_("Pairing warns when an event would play fewer (GG2017: 3). Empty: no such rule."))]


def round_lines(data: dict) -> list[Line]:
    """Suggested rounds: a line per attendance step (from so many players, so many rounds), a blank one to add."""
    entries = [_map(e) for e in _list(data.get("suggested_rounds"))]
    lines = []
    for j, entry in enumerate([*entries, {}]):
        prefix, path = f"rounds-{j}", ("suggested_rounds", j)
        lines.append(Line(prefix, path, [
            Field(f"{prefix}-from_players", _("From this many players"), entry.get("from_players", ""),
                  (*path, "from_players"), "number"),
            Field(f"{prefix}-rounds", _("Rounds"), entry.get("rounds", ""), (*path, "rounds"), "number")],
            removable=j < len(entries), blank=j == len(entries)))
    return lines


def award_lines(data: dict) -> list[Line]:
    """The bye, and each side of a concession and a forfeit: TP, differential, VP."""
    awards, lines = _map(data.get("awards")), []
    for at in AWARDS:
        award = _map(awards.get(at[0])) if len(at) == 1 else _map(_map(awards.get(at[0])).get(at[1]))
        prefix, path = "awards-" + "-".join(at), ("awards", *at)
        title = LABELS[at[0]] if len(at) == 1 else f"{LABELS[at[0]]}, {LABELS[at[1]]}"
        lines.append(Line(prefix, path, [Field(f"{prefix}-{p}", LABELS[p], award.get(p, ""), (*path, p), "number")
                                         for p in POINTS], title=str(title)))
    return lines


def award_fields(data: dict) -> list[Field]:
    chosen = _list(data.get("award_defaults"))
    options = [*DEFAULTS, *(v for v in chosen if isinstance(v, str) and v not in DEFAULTS)]
    return [Field("conceder", _("A player who concedes a game"), data.get("conceder", ""), ("conceder",), "select",
                  CONCEDER, hint=_("An event may say otherwise."))] + [
        Field(f"default-{option}", LABELS.get(option, option), option in chosen, (), "check") for option in options]


def pool_fields(data: dict) -> list[Field]:
    return [Field("pool_rule", _("How a scheme pool is drawn"), data.get("pool_rule", ""), ("pool_rule",), "select",
                  [("", "—"), *POOL_RULES], hint=_(
                      "Two cards: Always, two suits and two values. Five values: five cards' values. Three cards: "
                      "three scheme cards, each with its next schemes. The scheme charts below follow it.")),
            Field("missions", _("Missions"), data.get("missions", ""), ("missions",), "select", MISSIONS,
                  hint=_("Per round: every table plays the round's mission. Per table: each table flips its own "
                         "(M4E's set-up). An event may say otherwise."))]


def source_lines(data: dict) -> list[Line]:
    entries = [_map(e) for e in _list(data.get("sources"))]
    lines = []
    for j, entry in enumerate([*entries, {}]):
        prefix, path = f"sources-{j}", ("sources", j)
        lines.append(Line(prefix, path, [
            Field(f"{prefix}-title", _("Title"), entry.get("title", ""), (*path, "title")),
            Field(f"{prefix}-where", _("Where (an address, a file, a book)"), entry.get("where", ""), (*path, "where")),
            Field(f"{prefix}-evidence", _("How sure"), entry.get("evidence", ""), (*path, "evidence"), "select",
                  [("", "—"), *EVIDENCE.items()])],
            removable=j < len(entries), blank=j == len(entries)))
    return lines


def _names(data: dict, label: str) -> list:
    found = [e if isinstance(e, str) else _map(e).get("name", "") for e in _list(data.get(label))]
    return [("", "—"), *((name, name) for name in found if isinstance(name, str) and name)]


def _quarters(data: dict) -> list[str]:
    rotation = _map(data.get("rotation"))
    return [*rotation, *(q for q in QUARTERS if q not in rotation)]


def rotation_quarters(data: dict) -> list[dict]:
    """Each quarter of the year: its rounds' suggested strategy and deployment, a blank line to add."""
    rotation, strategies, deployments, quarters = _map(data.get("rotation")), _names(data, "strategies"), _names(
        data, "deployments"), []
    for q in _quarters(data):
        plan = [[*(_list(pair)), "", ""][:2] for pair in _list(rotation.get(q))]
        lines = []
        for r, pair in enumerate([*plan, ["", ""]]):
            prefix, path = f"rot-{q}-{r}", ("rotation", q, r)
            lines.append(Line(prefix, path, [
                Field(f"{prefix}-0", _("Strategy"), pair[0], (*path, 0), "select", strategies),
                Field(f"{prefix}-1", _("Deployment"), pair[1], (*path, 1), "select", deployments)],
                removable=r < len(plan), blank=r == len(plan), title=_("Round %(n)s") % {"n": r + 1}))
        title = _("Quarter %(q)s: %(months)s") % {"q": q, "months": QUARTERS[q]} if q in QUARTERS else str(q)
        quarters.append({"quarter": q, "title": title, "lines": lines, "path": ("rotation", q)})
    return quarters


# The whole data again, one section changed by a post


def saved(data: dict, section: str, post) -> dict:
    """The data with `section` as posted (`post`: a QueryDict); the rest as it was."""
    data = copy.deepcopy(data)
    if section == "settings":
        data["suggested_rounds"] = _kept(data.get("suggested_rounds"), "rounds", post, ("from_players", "rounds"))
        for name in ("round_minutes", "last_turn_call", "fewest_deployments"):
            _put(data, name, _number(post.get(name)))
    elif section == "awards":
        _awards(data, post)
    elif section == "pool":
        for name in ("pool_rule", "missions"):
            _put(data, name, post.get(name, "").strip())
    elif section == "sources":
        data["sources"] = _kept(data.get("sources"), "sources", post, (), ("title", "where", "evidence"))
    elif section == "rotation":
        _rotation(data, post)
    return data


def _put(data: dict, name: str, value) -> None:
    """A value typed, or the field left out when emptied."""
    if value in (None, ""):
        data.pop(name, None)
    else:
        data[name] = value


def _kept(entries, label: str, post, numbers: tuple, texts: tuple = ()) -> list:
    """Lines as posted: a removed one left out, the blank one kept once something is typed in it."""
    entries, kept = [_map(e) for e in _list(entries)], []
    for j, entry in enumerate([*entries, {}]):
        prefix = f"{label}-{j}"
        if post.get(f"{prefix}-remove"):
            continue
        entry = dict(entry)
        for name in numbers:
            entry[name] = _number(post.get(f"{prefix}-{name}"))
        for name in texts:
            _put(entry, name, post.get(f"{prefix}-{name}", "").strip())
        if j < len(entries) or any(entry.get(name) not in (None, "") for name in (*numbers, *texts)):
            kept.append(entry)
    return kept


def _awards(data: dict, post) -> None:
    awards = dict(_map(data.get("awards")))
    for at in AWARDS:
        prefix = "awards-" + "-".join(at)
        values = {p: _number(post.get(f"{prefix}-{p}")) for p in POINTS}
        if len(at) == 1:
            awards[at[0]] = {**_map(awards.get(at[0])), **values}
        else:
            awards[at[0]] = {**_map(awards.get(at[0])), at[1]: {**_map(_map(awards.get(at[0])).get(at[1])), **values}}
    data["awards"] = awards
    _put(data, "conceder", post.get("conceder", "").strip())
    before = [v for v in _list(data.get("award_defaults")) if isinstance(v, str)]
    options = [*before, *(option for option in DEFAULTS if option not in before)]
    data["award_defaults"] = [option for option in options if post.get(f"default-{option}")]


def _rotation(data: dict, post) -> None:
    rotation = _map(data.get("rotation"))
    plans = {}
    for q in _quarters(data):
        plan = _list(rotation.get(q))
        kept = []
        for r in range(len(plan) + 1):
            prefix = f"rot-{q}-{r}"
            pair = [post.get(f"{prefix}-0", "").strip(), post.get(f"{prefix}-1", "").strip()]
            if not post.get(f"{prefix}-remove") and (r < len(plan) or any(pair)):
                kept.append(pair)
        if kept:
            plans[q] = kept
    if plans or "rotation" in data:
        data["rotation"] = plans
