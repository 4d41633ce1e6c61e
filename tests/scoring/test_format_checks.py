"""Issue 55: a season's data is checked by one function, `format_problems`, which lists every problem with the
path of the field at fault and a plain sentence: the schema first, then the cross-checks (keys, chains,
pools that can be drawn, caps that add up). The shipped files have none; each small change of one gives
exactly its problem; `format_from_data` refuses exactly what it finds."""
import copy

import pytest
import yaml
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.formats import FORMAT_FILES, FormatFileError, format_from_data
from scoring.formats.checks import FormatProblem, format_problems

SHIPPED = {p.stem: yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(FORMAT_FILES.glob("*.yaml"))}
GG0_DECK = ("scheme_charts", 0, "deck")
SAME_CHOICES = "Must be one of: rams, crows, masks, tomes."


def changed(key: str, change) -> dict:
    data = copy.deepcopy(SHIPPED[key])
    change(data)
    return data


def test_the_shipped_files_have_no_problem():
    assert sorted(SHIPPED) == ["gg2017", "m3e", "m4e-gg0"]
    for key, data in SHIPPED.items():
        assert format_problems(data) == [], key


def test_shipped_files_build_as_they_load():
    for key, data in SHIPPED.items():
        assert format_from_data(data, origin=f"{key}.yaml").key == key


@pytest.mark.parametrize(("key", "change", "path", "message"), [
    ("m3e", lambda d: d["vp"].update(game="eight"), ("vp", "game"), "Must be a whole number."),
    ("m3e", lambda d: d["vp"].update(scheme_per_turn="a"), ("vp", "scheme_per_turn"),
     "Must be a whole number, or empty."),
    ("m3e", lambda d: d.update(colour="red"), ("colour",), "Unknown field colour: remove it or check its spelling."),
    ("m3e", lambda d: d.pop("sources"), ("sources",), "This field is required."),
    ("m4e-gg0", lambda d: d["leaders"]["bayou"][0].pop("title"), ("leaders", "bayou", 0, "title"),
     "This field is required."),
    ("m3e", lambda d: d["strategies"].append({"name": "Ley Lines", "suit": "spades"}), ("strategies", 4, "suit"),
     SAME_CHOICES),
    ("m3e", lambda d: d["strategies"].append(5), ("strategies", 4), "Must be a name, or fields with a name."),
    ("m3e", lambda d: d["strategies"].append(""), ("strategies", 4), "Must not be empty."),
    ("m3e", lambda d: d["scheme_charts"][0]["by_value"].pop(), ("scheme_charts", 0, "by_value"),
     "Must have exactly 13 entries (this has 12)."),
    ("m4e-gg0", lambda d: d["scheme_charts"][0].update(deck=d["scheme_charts"][0]["deck"][:2]), GG0_DECK,
     "Needs at least 3 entries (this has 2)."),
    ("gg2017", lambda d: d["rotation"]["1"][0].append("Corner"), ("rotation", "1", 0),
     "Must have exactly 2 entries (this has 3)."),
    ("m3e", lambda d: d.update(key="M3E"), ("key",),
     "Only lowercase letters, digits and hyphens, starting with a letter or a digit."),
    ("m3e", lambda d: d.update(name=""), ("name",), "Must not be empty."),
    ("m3e", lambda d: d.update(name=5), ("name",), "Must be text."),
    ("m3e", lambda d: d.update(edition="M9E"), ("edition",), "Must be one of: M2E, M3E, M4E."),
    ("m3e", lambda d: d["turns"].update(min=0), ("turns", "min"), "Must be at least 1."),
    ("m3e", lambda d: d.update(round_minutes=500), ("round_minutes",), "Must be at most 300."),
    ("m3e", lambda d: d.update(sources={}), ("sources",), "Must be a list."),
    ("m4e-gg0", lambda d: d["leaders"].update(bayou=[]), ("leaders", "bayou"), "Must not be empty."),
    ("m4e-gg0", lambda d: d["scheme_charts"][0]["deck"][1].update(noted_model="yes"),
     (*GG0_DECK, 1, "noted_model"), "Must be true or false."),
    ("m4e-gg0", lambda d: d["scheme_charts"][0]["deck"][0]["next"].__setitem__(1, "Scout the Rooftops"),
     (*GG0_DECK, 0, "next", 1), "This entry is already in the list above."),
    ("gg2017", lambda d: d.update(award_defaults=["concession.loser", "bye", "concession.loser"]),
     ("award_defaults", 2), "This entry is already in the list above."),
    ("gg2017", lambda d: d["rotation"].update({"5": d["rotation"]["1"]}), ("rotation", "5"),
     "5 is not allowed here: use one of 1, 2, 3, 4."),
    ("m4e-gg0", lambda d: d["scheme_charts"][0].pop("deck"), ("scheme_charts", 0), "Needs one of by_value, deck."),
    ("m4e-gg0", lambda d: d["scheme_charts"][0].update(by_value=["A"] * 13), ("scheme_charts", 0),
     "Give only one of these, not both: by_value, deck."),
])
def test_a_shape_problem_is_said_plainly_at_its_field(key, change, path, message):
    assert format_problems(changed(key, change)) == [FormatProblem(path, message)]


def test_data_that_is_no_mapping_at_all():
    for data in (None, [], "m3e", 3):
        assert format_problems(data) == [FormatProblem((), "Must be a set of named fields.")]


def strategies_key(d):
    d["strategies"][2]["name"] = "plant explosives!"


@pytest.mark.parametrize(("key", "change", "path", "message"), [
    ("m3e", lambda d: d["factions"].append("Guild"), ("factions", 8),
     "Another faction above has the same name (Guild)."),
    ("m4e-gg0", strategies_key, ("strategies", 2, "name"),
     "Another strategy above has the same name (plant explosives!)."),
    ("gg2017", lambda d: d["deployments"].append("CORNER"), ("deployments", 4),
     "Another deployment above has the same name (CORNER)."),
    ("gg2017", lambda d: d["strategies"].append("Ωμέγα"), ("strategies", 10),
     "A name needs at least one plain letter or digit (a to z, 0 to 9): its key is made of them."),
    ("gg2017", lambda d: d["scheme_charts"][1].update(key="gg2017"), ("scheme_charts", 1, "key"),
     "Another chart above has the key gg2017."),
    ("m3e", lambda d: d["scheme_charts"][0]["by_value"].__setitem__(2, "Breakthrough"),
     ("scheme_charts", 0, "by_value", 2), "This chart already has Breakthrough above."),
    ("gg2017", lambda d: d["scheme_charts"][1]["by_value"][11].update(noted_model=False),
     ("scheme_charts", 1, "by_value", 11),
     "Frame for Murder reads differently in the chart Gaining Grounds 2017: a scheme reads the same in every chart."),
    ("gg2017", lambda d: d["rotation"]["1"][0].__setitem__(0, "Ley Lines"), ("rotation", "1", 0, 0),
     "Ley Lines is not one of the strategies above."),
    ("gg2017", lambda d: d["rotation"]["3"][4].__setitem__(1, "Wedge"), ("rotation", "3", 4, 1),
     "Wedge is not one of the deployments above."),
    ("m3e", lambda d: d["vp"].update(game=9), ("vp", "game"),
     "The game's most VP (9) is the strategy's (4) plus the schemes' (4): 8."),
    ("m4e-gg0", lambda d: d["vp"].update(schemes_total=7), ("vp", "game"),
     "The game's most VP (11) is the strategy's (5) plus the schemes' (7): 12."),
    ("m3e", lambda d: d["vp"].update(strategy_per_turn=5), ("vp", "strategy_per_turn"),
     "A turn cannot give more VP (5) than a game (4)."),
    ("m4e-gg0", lambda d: d["vp"].update(schemes_turn_total=7, schemes_total=6), ("vp", "schemes_turn_total"),
     "A turn cannot give more VP (7) than a game (6)."),
    ("m4e-gg0", lambda d: d["vp"].update(schemes_total=9, game=14), ("vp", "schemes_total"),
     "Schemes together cannot give more than 4 schemes of 2 VP: 8."),
    ("m3e", lambda d: d["awards"]["bye"].update(vp=9), ("awards", "bye", "vp"),
     "An award gives from 0 to the game's most VP (8)."),
    ("m3e", lambda d: d["awards"]["forfeit"]["loser"].update(diff=-9), ("awards", "forfeit", "loser", "diff"),
     "A differential is at most the game's most VP (8), either way."),
    ("m3e", lambda d: d["turns"].update(min=6), ("turns", "min"),
     "The fewest turns (6) cannot be more than the most (5)."),
    ("m3e", lambda d: d["vp"].update(strategy_first_turn=6), ("vp", "strategy_first_turn"),
     "No game reaches turn 6: the most turns are 5."),
    ("m4e-gg0", lambda d: d["strategies"][1].update(doubled_turn=5), ("strategies", 1, "doubled_turn"),
     "No game reaches turn 5: the most turns are 4."),
    ("gg2017", lambda d: d["scheme_charts"][0]["always"].update(first_turn=8),
     ("scheme_charts", 0, "always", "first_turn"), "No game reaches turn 8: the most turns are 7."),
    ("m4e-gg0", lambda d: d["leaders"].update(gremlins=[{"name": "Som'er", "title": "Boss"}]), ("leaders", "gremlins"),
     "No faction above has the key gremlins."),
    ("m4e-gg0", lambda d: d["leaders"]["guild"].append({"name": "lady justice", "title": "death touched"}),
     ("leaders", "guild", 16), "This leader is already listed above."),
    ("m3e", lambda d: d["suggested_rounds"][1].update(from_players=0), ("suggested_rounds", 1, "from_players"),
     "Each line starts from more players than the line above."),
    ("m4e-gg0", lambda d: d.update(last_turn_call=60, round_minutes=60), ("last_turn_call",),
     "The last turn is called before the round ends: fewer minutes than the round's 60."),
])
def test_a_contradiction_is_said_plainly_at_its_field(key, change, path, message):
    assert format_problems(changed(key, change)) == [FormatProblem(path, message)]


def next_of(j: int, *names: str):
    return lambda d: d["scheme_charts"][0]["deck"][j].update(next=list(names))


@pytest.mark.parametrize(("key", "change", "path", "message"), [
    # Every chain names schemes of its own chart, never itself, three of them.
    ("m4e-gg0", next_of(0, "Dig Their Graves", "Detonate Charges", "Runic Binding"), (*GG0_DECK, 0, "next", 0),
     "Dig Their Graves is not a scheme of this chart."),
    ("m4e-gg0", next_of(1, "Breakthrough", "Public Demonstration", "Frame Job"), (*GG0_DECK, 1, "next", 0),
     "A scheme cannot follow itself."),
    ("m4e-gg0", next_of(1, "Assassinate", "Frame Job"), (*GG0_DECK, 1, "next"),
     "A scheme card names the three schemes that may follow it (this one names 2)."),
    ("m4e-gg0", lambda d: d["scheme_charts"][0]["deck"].__setitem__(1, "Breakthrough"), (*GG0_DECK, 1, "next"),
     "A scheme card names the three schemes that may follow it (this one names 0)."),
    # Every pool can be drawn, and every scheme of a chart can be in a pool.
    ("m4e-gg0", lambda d: d["scheme_charts"].__setitem__(0, SHIPPED["m3e"]["scheme_charts"][0]),
     ("scheme_charts", 0, "by_value"),
     "A three-cards pool draws scheme cards: give this chart a deck, not schemes by value."),
    ("m4e-gg0", lambda d: d["scheme_charts"][0].update(by_suit={"rams": "Claim Jump"}),
     ("scheme_charts", 0, "by_suit", "rams"),
     "A three-cards pool never draws this scheme: remove it or change the pool rule."),
    ("m3e", lambda d: d["scheme_charts"][0].update(always="Stake a Claim"), ("scheme_charts", 0, "always"),
     "A five-values pool never draws this scheme: remove it or change the pool rule."),
    ("m3e", lambda d: d["scheme_charts"].__setitem__(0, {"key": "m3e", "name": "M3E", "deck": ["A", "B", "C"]}),
     ("scheme_charts", 0, "deck"),
     "A five-values pool flips card values: this chart needs its 13 schemes by value, not a deck."),
    ("m3e", lambda d: d["scheme_charts"][0]["by_value"][0].update(next=["Breakthrough"]),
     ("scheme_charts", 0, "by_value", 0, "next"),
     "Only a three-cards pool has schemes that follow one another: remove these."),
    ("gg2017", lambda d: d["scheme_charts"][1].pop("doubles"), ("scheme_charts", 1, "doubles"),
     "A two-cards pool needs this scheme: a flip can call for it."),
    ("gg2017", lambda d: d["scheme_charts"][0]["by_suit"].pop("crows"), ("scheme_charts", 0, "by_suit", "crows"),
     "A two-cards pool needs this scheme: a flip can call for it."),
    # Strategies and deployments flipped by suit: the four suits, one each.
    ("m4e-gg0", lambda d: d["deployments"].append({"name": "Diagonal", "suit": "rams"}), ("deployments", 4, "suit"),
     "Another deployment above has this suit: this one would never be flipped."),
    ("m3e", lambda d: d["strategies"].append("Ley Lines"), ("strategies", 4, "suit"),
     "Strategies are flipped by suit: give this one a suit."),
])
def test_every_chain_and_pool_can_be_drawn(key, change, path, message):
    assert format_problems(changed(key, change)) == [FormatProblem(path, message)]


def test_a_suit_no_card_has():
    data = changed("m4e-gg0", lambda d: d["strategies"][1].update(suit="tomes"))
    assert format_problems(data) == [
        FormatProblem(("strategies", 1, "suit"),
                      "Another strategy above has this suit: this one would never be flipped."),
        FormatProblem(("strategies",), "No strategy has the suit masks: a flip of it would find none.")]
    data = changed("m4e-gg0", lambda d: d["deployments"][0].pop("suit"))
    assert [p.path for p in format_problems(data)] == [("deployments", 0, "suit"), ("deployments",)]


def test_a_table_flipping_its_own_mission_needs_suits():
    """GG2017's strategies are rotated, never flipped; a table flipping its own would find none."""
    data = changed("gg2017", lambda d: d.update(missions="per_table"))
    paths = [p.path for p in format_problems(data)]
    assert paths[:10] == [("strategies", j, "suit") for j in range(10)]
    assert ("strategies",) in paths and ("deployments", 0, "suit") in paths and ("deployments",) in paths


def test_several_problems_are_all_reported_in_order():
    data = changed("m4e-gg0", lambda d: (
        d["vp"].update(game=12), d["turns"].update(min=5), d["leaders"].update(gremlins=[{"name": "A", "title": "B"}]),
        next_of(3, "Ensnare", "Nowhere", "Frame Job")(d), d["strategies"].append("Plant Explosives")))
    assert [p.path for p in format_problems(data)] == [
        ("strategies", 4), (*GG0_DECK, 3, "next", 0), (*GG0_DECK, 3, "next", 1), ("strategies", 4, "suit"),
        ("vp", "game"), ("turns", "min"), ("leaders", "gremlins")]


def test_shape_problems_are_all_reported_and_cross_checks_wait_for_them():
    data = changed("m3e", lambda d: (d.update(colour="red", edition="M9E"), d.pop("turns"), d["vp"].update(
        game=99, scheme="two"), d["factions"].append("Guild")))
    assert [p.path for p in format_problems(data)] == [
        ("colour",), ("turns",), ("edition",), ("vp", "scheme")]


def test_format_from_data_refuses_with_its_origin_and_the_first_problems():
    data = changed("m3e", lambda d: (d["vp"].update(game=9), d["turns"].update(min=6)))
    with pytest.raises(FormatFileError) as refused:
        format_from_data(data, origin="a pack")
    said = str(refused.value)
    assert said.startswith("a pack: vp/game: The game's most VP (9)") and "turns/min: The fewest turns (6)" in said
    assert "(VP limits)" in said and "(turns min above max)" in said, "the developer's words stay for the logs"
    many = changed("gg2017", lambda d: d.update(missions="per_table"))
    assert len(format_problems(many)) > 5
    with pytest.raises(FormatFileError) as refused:
        format_from_data(many, origin="many")
    assert str(refused.value).count("; ") == 4


def test_a_long_jsonschema_detail_is_cut():
    data = changed("m4e-gg0", lambda d: d["scheme_charts"][0].update(by_value=["A"] * 13))
    with pytest.raises(FormatFileError) as refused:
        format_from_data(data)
    assert len(str(refused.value)) < 320 and "…" in str(refused.value)


def test_the_problems_read_in_french():
    data = changed("m3e", lambda d: (d["vp"].update(game=9), d["turns"].update(min=6)))
    with translation.override("fr"):
        problems = format_problems(data)
    assert [p.message for p in problems] == [
        "Le maximum de PV d’une partie (9) est celui de la Stratégie (4) plus celui des Combines (4), soit 8.",
        "Le nombre minimal de tours (6) ne peut dépasser le maximal (5)."]
    with translation.override("fr"):
        assert format_problems(changed("m3e", lambda d: d.pop("sources")))[0].message == "Ce champ est obligatoire."


# Invariants: never a crash, a problem next to a field that exists (or is missing from a mapping that does),
# and format_from_data refuses exactly what has problems.

JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=15)
TOP_KEYS = sorted(SHIPPED["m4e-gg0"]) + ["rotation"]


def holds(data: object, path: tuple) -> bool:
    """Whether every step of `path` but the last names something in `data`."""
    for step in path[:-1]:
        if isinstance(data, dict) and step in data:
            data = data[step]
        elif isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data):
            data = data[step]
        else:
            return False
    return True


def agrees(data: object) -> None:
    problems = format_problems(data)
    assert all(isinstance(p.message, str) and p.message and holds(data, p.path) for p in problems), problems
    try:
        format_from_data(data)
    except FormatFileError:
        assert problems
    else:
        assert not problems


@settings(max_examples=150, deadline=None)
@given(st.one_of(JSON, st.dictionaries(st.sampled_from(TOP_KEYS), JSON, max_size=8)))
def test_any_json_like_data_is_checked_without_a_crash(data):
    agrees(data)


def places(data: object, path: tuple = ()) -> list[tuple]:
    found = [path]
    children = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for step, value in children:
        found += places(value, (*path, step))
    return found


def value_at(data: object, path: tuple) -> object:
    for step in path:
        data = data[step]
    return data


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_change_of_a_shipped_file_is_checked_without_a_crash(draw):
    data = copy.deepcopy(SHIPPED[draw.draw(st.sampled_from(sorted(SHIPPED)))])
    for _ in range(draw.draw(st.integers(1, 3))):
        spots = places(data)[1:]
        path = draw.draw(st.sampled_from(spots))
        parent, step = value_at(data, path[:-1]), path[-1]
        how = draw.draw(st.sampled_from(["json", "elsewhere", "drop", "again"]))
        if how == "json":
            parent[step] = draw.draw(JSON)
        elif how == "elsewhere":  # another value of the file: often the right shape, not the right sense
            parent[step] = copy.deepcopy(value_at(data, draw.draw(st.sampled_from(spots))))
        elif how == "drop":
            del parent[step]
        elif isinstance(parent, list):
            parent.append(copy.deepcopy(parent[step]))
    agrees(data)
