"""Every problem of a season's data, each with the path of the field it concerns and a plain sentence: the
schema (`schema.json`) first, then, once the shape is right, the cross-checks (one key per thing, chains and
rotations naming known cards, pools that can be drawn, caps that add up). The shipped files, a pack typed
in the console and an imported file are checked by this one function; `files.format_from_data` refuses
what it finds."""
from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from jsonschema import Draft202012Validator, ValidationError

from ..messages import say
from .values import SUITS, Named, key_of, loose

Path_ = tuple[str | int, ...]
SCHEMA = Draft202012Validator(json.loads((Path(__file__).parent / "schema.json").read_text(encoding="utf-8")))


@dataclass(frozen=True)
class FormatProblem:
    """One problem: where (("vp", "game"), ("scheme_charts", 0, "deck", 3, "next", 1)), what (a sentence in
    the reader's language), and `detail`, the same in a developer's terms (jsonschema's words, or the
    check's short name), for logs; `detail` does not count when problems are compared."""

    path: Path_
    message: str
    detail: str = field(default="", compare=False)

    @property
    def where(self) -> str:
        return "/".join(map(str, self.path)) or "(top)"

    def __str__(self) -> str:
        detail = self.detail if len(self.detail) <= 200 else self.detail[:199] + "…"  # jsonschema's repeat values
        return f"{self.where}: {self.message}" + (f" ({detail})" if detail else "")


def format_problems(data: object) -> list[FormatProblem]:
    """Everything wrong with a season's data (as its file holds it), in order; empty when it is a format."""
    found = schema_problems(data)
    if not found:
        for check in (_names, _charts, _pools, _suits, _rotation, _caps, _turn_numbers, _leaders, _rounds):
            found += check(data)
    unique: dict[tuple, FormatProblem] = {}
    for problem in found:
        unique.setdefault((problem.path, problem.message), problem)
    return list(unique.values())


def named(raw: str | dict) -> Named:
    """A name as the file holds it (a string, or fields with a name) as a `Named`."""
    if isinstance(raw, str):
        return Named(raw)
    value = Named(**{**raw, "next": tuple(raw.get("next", ()))})
    return replace(value, noted_model=True) if value.secret else value


# The schema, in plain words


def schema_problems(data: object) -> list[FormatProblem]:
    def order(error: ValidationError) -> list:
        return [(0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in error.absolute_path]
    return [p for error in sorted(SCHEMA.iter_errors(data), key=order) for p in _worded(error)]


def _worded(error: ValidationError) -> list[FormatProblem]:
    path, rule, limit, value = tuple(error.absolute_path), error.validator, error.validator_value, error.instance
    if rule == "required":
        return [FormatProblem((*path, name), say("This field is required."), f"{name!r} is a required property")
                for name in limit if name not in value]
    if rule == "additionalProperties":
        known = error.schema.get("properties", {})
        return [FormatProblem((*path, name), say("Unknown field {field}: remove it or check its spelling.",
                                                 field=name), error.message) for name in value if name not in known]
    if "propertyNames" in error.schema_path:
        return [FormatProblem((*path, value), say("{key} is not allowed here: use one of {choices}.", key=value,
                                                  choices=", ".join(map(str, limit))), error.message)]
    if rule == "oneOf":
        return _one_of(error)
    if rule == "uniqueItems":
        at = next((j for j, item in enumerate(value) if any(
            item == other and type(item) is type(other) for other in value[:j])), None)
        return [FormatProblem(path if at is None else (*path, at), say("This entry is already in the list above."),
                              error.message)]
    return [FormatProblem(path, _sentence(rule, limit, value, error.schema), error.message)]


def _sentence(rule: str, limit, value, schema: dict) -> str:
    if rule == "type":
        return _kind(limit)
    if rule == "enum":
        return say("Must be one of: {choices}.", choices=", ".join(map(str, limit)))
    if rule == "pattern":
        return say("Only lowercase letters, digits and hyphens, starting with a letter or a digit.")
    if rule == "minLength" or (rule == "minItems" and limit == 1):
        return say("Must not be empty.")
    if rule in ("minItems", "maxItems") and schema.get("minItems") == schema.get("maxItems"):
        return say("Must have exactly {count} entries (this has {got}).", count=limit, got=len(value))
    if rule == "minItems":
        return say("Needs at least {count} entries (this has {got}).", count=limit, got=len(value))
    if rule == "maxItems":
        return say("Takes at most {count} entries (this has {got}).", count=limit, got=len(value))
    if rule == "minimum":
        return say("Must be at least {limit}.", limit=limit)
    if rule == "maximum":
        return say("Must be at most {limit}.", limit=limit)
    return say("This value is not accepted here.")


def _kind(types: str | list) -> str:
    kinds = tuple(types) if isinstance(types, list) else (types,)
    return {("integer",): lambda: say("Must be a whole number."),
            ("integer", "null"): lambda: say("Must be a whole number, or empty."),
            ("string",): lambda: say("Must be text."),
            ("array",): lambda: say("Must be a list."),
            ("object",): lambda: say("Must be a set of named fields."),
            ("boolean",): lambda: say("Must be true or false."),
            ("string", "object"): lambda: say("Must be a name, or fields with a name."),
            }.get(kinds, lambda: say("This value is not accepted here."))()


def _one_of(error: ValidationError) -> list[FormatProblem]:
    """A choice of shapes (a name as text or as fields; a chart by values or as a deck): the problems of
    the shape the value has, or what the choice asks."""
    path, choices = tuple(error.absolute_path), error.validator_value
    needs = [name for choice in choices for name in choice.get("required", ())]
    if not error.context:  # more than one shape fits
        return [FormatProblem(path, say("Give only one of these, not both: {choices}.", choices=", ".join(needs)),
                              error.message)]
    by_choice: dict[int, list[ValidationError]] = {}
    for sub in error.context:
        by_choice.setdefault(sub.relative_schema_path[0], []).append(sub)
    fitting = [subs for subs in by_choice.values()
               if not any(sub.validator == "type" and not sub.relative_path for sub in subs)]
    if len(fitting) == 1:
        return [p for sub in fitting[0] for p in _worded(sub)]
    if fitting and needs and all(sub.validator == "required" for subs in fitting for sub in subs):
        return [FormatProblem(path, say("Needs one of {choices}.", choices=", ".join(needs)), error.message)]
    kinds = [choice["type"] for choice in choices if isinstance(choice.get("type"), str)]
    return [FormatProblem(path, _kind(kinds) if len(kinds) == len(choices) else say(
        "This value is not accepted here."), error.message)]


# The cross-checks, on data the schema accepted


def _name(raw: str | dict) -> str:
    return raw if isinstance(raw, str) else raw["name"]


def _at_name(path: Path_, raw: str | dict) -> Path_:
    return path if isinstance(raw, str) else (*path, "name")


def _entries(data: dict) -> Iterator[tuple[int, Path_, str | dict]]:
    """(chart index, path, raw scheme) in the order a chart lists its schemes (`SchemeChart.schemes`)."""
    for i, chart in enumerate(data["scheme_charts"]):
        base = ("scheme_charts", i)
        for slot in ("always", "doubles"):
            if slot in chart:
                yield i, (*base, slot), chart[slot]
        for suit, raw in chart.get("by_suit", {}).items():
            yield i, (*base, "by_suit", suit), raw
        for slot in ("by_value", "deck"):
            for j, raw in enumerate(chart.get(slot, ())):
                yield i, (*base, slot, j), raw


def _keys(data: dict, label: str) -> set[str]:
    return {key_of(_name(raw)) for raw in data[label]}


_NO_KEY = "A name needs at least one plain letter or digit (a to z, 0 to 9): its key is made of them."


def _names(data: dict) -> list[FormatProblem]:
    twice = {"factions": ("faction", lambda name: say("Another faction above has the same name ({name}).",
                                                      name=name)),
             "strategies": ("strategy", lambda name: say("Another strategy above has the same name ({name}).",
                                                         name=name)),
             "deployments": ("deployment", lambda name: say("Another deployment above has the same name ({name}).",
                                                            name=name))}
    found = []
    for label, (one, message) in twice.items():
        seen: set[str] = set()
        for j, raw in enumerate(data[label]):
            key, at = key_of(_name(raw)), _at_name((label, j), raw)
            if not key:
                found.append(FormatProblem(at, say(_NO_KEY), "no key"))
            elif key in seen:
                found.append(FormatProblem(at, message(_name(raw)), f"duplicate {one} key"))
            seen.add(key)
    return found


def _charts(data: dict) -> list[FormatProblem]:
    found, chart_keys, first, in_chart = [], set(), {}, {}
    for i, chart in enumerate(data["scheme_charts"]):
        if chart["key"] in chart_keys:
            found.append(FormatProblem(("scheme_charts", i, "key"), say(
                "Another chart above has the key {key}.", key=chart["key"]), "two charts, one key"))
        chart_keys.add(chart["key"])
    for i, path, raw in _entries(data):
        key, at, scheme = key_of(_name(raw)), _at_name(path, raw), named(raw)
        if not key:
            found.append(FormatProblem(at, say(_NO_KEY), "no key"))
        elif (i, key) in in_chart:
            found.append(FormatProblem(at, say("This chart already has {name} above.", name=_name(raw)),
                                       "a scheme twice"))
        elif key in first and first[key][0] != scheme:
            found.append(FormatProblem(path, say(
                "{name} reads differently in the chart {chart}: a scheme reads the same in every chart.",
                name=_name(raw), chart=first[key][1]), f"{_name(raw)} differs between charts"))
        in_chart[i, key] = path
        first.setdefault(key, (scheme, data["scheme_charts"][i]["name"]))
    return found


def _pools(data: dict) -> list[FormatProblem]:
    """Every chart can give the pool its rule draws, and every scheme in it can be drawn; chains (M4E) name
    three other schemes of the same chart."""
    rule, found = data["pool_rule"], []
    never = say("A {rule} pool never draws this scheme: remove it or change the pool rule.", rule=rule)
    for i, chart in enumerate(data["scheme_charts"]):
        at = ("scheme_charts", i)
        if rule == "three-cards" and "by_value" in chart:
            found.append(FormatProblem((*at, "by_value"), say(
                "A three-cards pool draws scheme cards: give this chart a deck, not schemes by value."),
                "a three-cards pool needs scheme cards (deck)"))
        if rule != "three-cards" and "deck" in chart:
            found.append(FormatProblem((*at, "deck"), say(
                "A {rule} pool flips card values: this chart needs its 13 schemes by value, not a deck.",
                rule=rule), "a flipped pool needs a chart of the 13 values"))
        for slot in ("always", "doubles"):
            if rule == "two-cards" and slot not in chart:
                found.append(FormatProblem((*at, slot), say("A two-cards pool needs this scheme: a flip can call "
                                                            "for it."), "a two-cards pool needs Always and Doubles"))
        for suit in SUITS:
            if rule == "two-cards" and suit not in chart.get("by_suit", {}):
                found.append(FormatProblem((*at, "by_suit", suit), say(
                    "A two-cards pool needs this scheme: a flip can call for it."),
                    "a two-cards pool needs the four suits in every chart"))
    keys: dict[int, set[str]] = {}
    for i, _path, raw in _entries(data):
        keys.setdefault(i, set()).add(key_of(_name(raw)))
    for i, path, raw in _entries(data):
        slot, follows = path[2], [] if isinstance(raw, str) else raw.get("next", [])
        if rule != "two-cards" and slot in ("always", "doubles", "by_suit"):
            found.append(FormatProblem(path, never, "never drawn"))
        elif rule != "three-cards" and follows:
            found.append(FormatProblem((*path, "next"), say(
                "Only a three-cards pool has schemes that follow one another: remove these."), "next outside M4E"))
        elif rule == "three-cards" and slot == "deck":
            if len(follows) != 3:
                found.append(FormatProblem((*path, "next"), say(
                    "A scheme card names the three schemes that may follow it (this one names {count}).",
                    count=len(follows)), "a scheme card needs three next schemes"))
            for k, other in enumerate(follows):
                if key_of(other) == key_of(_name(raw)):
                    found.append(FormatProblem((*path, "next", k), say("A scheme cannot follow itself."),
                                               f"{_name(raw)} follows itself"))
                elif key_of(other) not in keys[i]:
                    found.append(FormatProblem((*path, "next", k), say(
                        "{name} is not a scheme of this chart.", name=other),
                        f"{_name(raw)} is followed by unknown scheme(s) {other}"))
    return found


def _suits(data: dict) -> list[FormatProblem]:
    """Strategies and deployments flipped by suit (every one, when a table flips its own mission) have the
    four suits, one each: a flip always finds one, and each can be flipped."""
    words = {"strategies": (lambda: say("Strategies are flipped by suit: give this one a suit."),
                            lambda: say("Another strategy above has this suit: this one would never be flipped."),
                            lambda suit: say("No strategy has the suit {suit}: a flip of it would find none.",
                                             suit=suit)),
             "deployments": (lambda: say("Deployments are flipped by suit: give this one a suit."),
                             lambda: say("Another deployment above has this suit: this one would never be flipped."),
                             lambda suit: say("No deployment has the suit {suit}: a flip of it would find none.",
                                              suit=suit))}
    found = []
    for label, (without, twice, missing) in words.items():
        suits = [None if isinstance(raw, str) else raw.get("suit") for raw in data[label]]
        if not any(suits) and data.get("missions", "per_round") != "per_table":
            continue  # chosen or rotated, never flipped (GG2017)
        for j, suit in enumerate(suits):
            if suit is None:
                found.append(FormatProblem((label, j, "suit"), without(), "no suit"))
            elif suit in suits[:j]:
                found.append(FormatProblem((label, j, "suit"), twice(), "a suit twice"))
        found += [FormatProblem((label,), missing(suit), f"no {suit}") for suit in SUITS if suit not in suits]
    return found


def _rotation(data: dict) -> list[FormatProblem]:
    strategies, deployments, found = _keys(data, "strategies"), _keys(data, "deployments"), []
    for quarter, plan in data.get("rotation", {}).items():
        for r, (strategy, deployment) in enumerate(plan):
            if key_of(strategy) not in strategies:
                found.append(FormatProblem(("rotation", quarter, r, 0), say(
                    "{name} is not one of the strategies above.", name=strategy),
                    f"rotation names unknown strategy {strategy}"))
            if key_of(deployment) not in deployments:
                found.append(FormatProblem(("rotation", quarter, r, 1), say(
                    "{name} is not one of the deployments above.", name=deployment),
                    f"rotation names unknown deployment {deployment}"))
    return found


def _caps(data: dict) -> list[FormatProblem]:
    """The VP limits add up: the game's is the strategy's plus the schemes', a turn gives no more than a
    game, an award no more than a game."""
    vp, found = data["vp"], []
    schemes = vp.get("schemes_total", vp["schemes_per_player"] * vp["scheme"])
    if vp["strategy"] + schemes != vp["game"]:
        found.append(FormatProblem(("vp", "game"), say(
            "The game's most VP ({game}) is the strategy's ({strategy}) plus the schemes' ({schemes}): {total}.",
            game=vp["game"], strategy=vp["strategy"], schemes=schemes, total=vp["strategy"] + schemes), "VP limits"))
    for turn, game in (("strategy_per_turn", "strategy"), ("scheme_per_turn", "scheme"),
                       ("schemes_turn_total", "schemes_total")):
        if vp.get(turn) is not None and vp.get(game) is not None and vp[turn] > vp[game]:
            found.append(FormatProblem(("vp", turn), say(
                "A turn cannot give more VP ({per_turn}) than a game ({most}).", per_turn=vp[turn], most=vp[game]),
                "VP limits: a turn above a game"))
    if vp.get("schemes_total", 0) > vp["schemes_per_player"] * vp["scheme"]:
        found.append(FormatProblem(("vp", "schemes_total"), say(
            "Schemes together cannot give more than {count} schemes of {each} VP: {most}.",
            count=vp["schemes_per_player"], each=vp["scheme"], most=vp["schemes_per_player"] * vp["scheme"]),
            "VP limits: schemes_total above the schemes'"))
    awards = data["awards"]
    sides = [(("bye",), awards["bye"])] + [((name, side), awards[name][side]) for name in ("concession", "forfeit")
                                           for side in ("winner", "loser")]
    for at, award in sides:
        if not 0 <= award["vp"] <= vp["game"]:
            found.append(FormatProblem(("awards", *at, "vp"), say(
                "An award gives from 0 to the game's most VP ({game}).", game=vp["game"]), "award VP"))
        if abs(award["diff"]) > vp["game"]:
            found.append(FormatProblem(("awards", *at, "diff"), say(
                "A differential is at most the game's most VP ({game}), either way.", game=vp["game"]),
                "award differential"))
    return found


def _turn_numbers(data: dict) -> list[FormatProblem]:
    """Turns named (the first that scores, a doubled one) are turns a game can reach; fewest turns no more
    than most."""
    turns, vp, found = data["turns"], data["vp"], []
    if turns["min"] > turns["max"]:
        found.append(FormatProblem(("turns", "min"), say(
            "The fewest turns ({fewest}) cannot be more than the most ({most}).", fewest=turns["min"],
            most=turns["max"]), "turns min above max"))
    named_turns = [(("vp", name), vp[name]) for name in ("strategy_first_turn", "scheme_first_turn")]
    named_turns += [(("strategies", j, "doubled_turn"), raw.get("doubled_turn"))
                    for j, raw in enumerate(data["strategies"]) if isinstance(raw, dict)]
    named_turns += [((*path, "first_turn"), raw.get("first_turn")) for _, path, raw in _entries(data)
                    if isinstance(raw, dict)]
    found += [FormatProblem(path, say("No game reaches turn {turn}: the most turns are {most}.", turn=turn,
                                      most=turns["max"]), "a turn past the last")
              for path, turn in named_turns if turn is not None and turn > turns["max"]]
    return found


def _leaders(data: dict) -> list[FormatProblem]:
    factions, found = _keys(data, "factions"), []
    for faction, leaders in data.get("leaders", {}).items():
        if faction not in factions:
            found.append(FormatProblem(("leaders", faction), say(
                "No faction above has the key {faction}.", faction=faction), f"leaders of unknown faction {faction}"))
        seen: set[str] = set()
        for j, leader in enumerate(leaders):
            if loose(leader["name"] + leader["title"]) in seen:
                found.append(FormatProblem(("leaders", faction, j), say("This leader is already listed above."),
                                           f"a {faction} leader twice"))
            seen.add(loose(leader["name"] + leader["title"]))
    return found


def _rounds(data: dict) -> list[FormatProblem]:
    """Suggested rounds rise with attendance; the last turn is called before the round ends; an event can
    play as many different deployments as the season asks."""
    found, lines = [], data["suggested_rounds"]
    for j in range(1, len(lines)):
        if lines[j]["from_players"] <= lines[j - 1]["from_players"]:
            found.append(FormatProblem(("suggested_rounds", j, "from_players"), say(
                "Each line starts from more players than the line above."), "suggested rounds not ascending"))
    if data.get("last_turn_call") is not None and data["last_turn_call"] >= data["round_minutes"]:
        found.append(FormatProblem(("last_turn_call",), say(
            "The last turn is called before the round ends: fewer minutes than the round's {minutes}.",
            minutes=data["round_minutes"]), "last turn call past the round"))
    fewest, deployments = data.get("fewest_deployments"), len(data["deployments"])
    if fewest is not None and fewest > deployments:
        found.append(FormatProblem(("fewest_deployments",), say(
            "An event cannot play {fewest} different deployments: the pack has {count}.", fewest=fewest,
            count=deployments), "more deployments asked than the pack has"))
    return found
