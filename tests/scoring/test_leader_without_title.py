"""A leader typed with the Master's name alone (M4E): matched when the faction has that Master under one title
only, stored as the list writes it; never guessed between two titles; another faction's Master still refused
(the season as shipped and as re-entered through the console's forms: tests/scoring/conftest.py)."""
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.entries import leaders_checked, unlisted_leader_notice
from scoring.formats import Leader
from scoring.problems import Invalid

NAMES = {"a": "Ann", "b": "Bob"}
BOSS = Leader("Som'er Teeth Jones", "Bayou Boss")


@pytest.fixture(scope="module")
def single(gg0):
    """The season lists every Master under two titles or more; a list where one of them has a single title in
    Bayou."""
    return replace(gg0, leaders={**gg0.leaders, "bayou": tuple(
        leader for leader in gg0.leaders["bayou"] if leader != Leader("Som'er Teeth Jones", "Loot Monger"))})


def test_the_season_lists_som_er_teeth_jones_under_two_bayou_titles(gg0, single):
    assert [leader.title for leader in gg0.titles("bayou", "Som'er Teeth Jones")] == ["Bayou Boss",
                                                                                        "Loot Monger"]
    assert BOSS in single.leaders["bayou"] and len(single.titles("bayou", "som'er teeth jones")) == 1


def test_a_master_of_one_title_is_matched_by_name_and_stored_as_the_list_writes_it(single):
    assert single.leader("bayou", "Som'er Teeth Jones") == BOSS
    masters, keys = leaders_checked(single, ("bayou", "guild"), ("som'er teeth jones", ""), NAMES)
    assert masters == ("Som'er Teeth Jones, Bayou Boss", "") and keys == (BOSS.key, "")
    assert (masters, keys) == leaders_checked(single, ("bayou", "guild"), ("Som'er Teeth Jones, Bayou Boss", ""),
                                              NAMES), "stored as a full match is"
    assert unlisted_leader_notice(single, "bayou", "Som'er Teeth Jones") is None


@pytest.mark.parametrize("typed", ["SOM'ER TEETH JONES", "  som'er   teeth jones ", "Somer Teeth-Jones",
                                   "som’er teeth jones", "Som'er Teeth Jones.", "somerteethjones"])
def test_case_spacing_and_punctuation_do_not_matter(typed, single):
    assert single.leader("bayou", typed) == BOSS


@given(st.lists(st.tuples(st.booleans(), st.sampled_from(["", " ", "  ", "\t", "-", "."])), min_size=18,
                max_size=18))
def test_any_case_or_spacing_of_a_unique_master_resolves_to_the_same_leader(single, changes):
    typed = "".join((c.upper() if upper else c.lower()) + gap
                    for c, (upper, gap) in zip(BOSS.name, changes, strict=True))
    assert single.leader("bayou", typed) == BOSS
    assert leaders_checked(single, ("bayou", "guild"), (typed, ""), NAMES)[1] == (BOSS.key, "")


@given(st.data())
def test_a_master_of_several_titles_named_alone_is_never_guessed(gg0, draw):
    faction, leader = draw.draw(st.sampled_from([(faction, leader) for faction, leaders in gg0.leaders.items()
                                                 for leader in leaders]), "leader")
    assert len(gg0.titles(faction, leader.name)) >= 2
    assert gg0.leader(faction, leader.name) is None
    assert gg0.leader_elsewhere(faction, leader.name) is None, "the faction's own Master"


def test_an_ambiguous_name_is_refused_with_the_titles_to_choose_from(gg0):
    """Never guessed, never kept as free text either: whoever typed it (a player, the board, the API) is
    asked which title, so the statistics never hold "Titania" beside "Titania, Withered Rose"."""
    with pytest.raises(Invalid) as refused:
        leaders_checked(gg0, ("bayou", "guild"), ("Som'er Teeth Jones", "Lady Justice"), NAMES)
    assert [(p.code, p.attr) for p in refused.value.problems] == [
        ("leader_title_needed", "master_a"), ("leader_title_needed", "master_b")]
    assert "Bayou Boss, Loot Monger" in refused.value.problems[0].detail
    assert unlisted_leader_notice(gg0, "bayou", "som'er  TEETH jones") == (
        "Som'er Teeth Jones has 2 titles in Bayou: Bayou Boss, Loot Monger; say which.")
    assert unlisted_leader_notice(gg0, "bayou", "Som'er Teeth Jones, Bayou Boss") is None, "a full match"
    assert unlisted_leader_notice(gg0, "bayou", "Brand New Master") is None, "nothing to say"
    assert unlisted_leader_notice(gg0, "guild", "Som'er Teeth Jones") is None, "another faction's"


def test_another_factions_master_is_still_reported_as_theirs(gg0, single):
    with pytest.raises(Invalid) as refused:
        leaders_checked(gg0, ("bayou", "guild"), ("Lady Justice, Death-Touched", ""), NAMES)
    assert [(p.code, p.attr) for p in refused.value.problems] == [("leader_not_in_faction", "master_a")]
    assert "Guild" in refused.value.problems[0].detail and "Bayou" in refused.value.problems[0].detail
    for fmt in (gg0, single):  # named alone too, whether the Master has one title there or several
        assert fmt.leader_elsewhere("guild", "Som'er Teeth Jones") == "bayou"
        assert fmt.leader("guild", "som'er teeth jones") is None
        with pytest.raises(Invalid) as refused:
            leaders_checked(fmt, ("guild", "bayou"), ("Som'er Teeth Jones", ""), NAMES)
        assert [p.code for p in refused.value.problems] == ["leader_not_in_faction"]
    assert gg0.leader_elsewhere("guild", "Brand New Master") is None


def test_editions_without_a_list_keep_free_text(m3e):
    assert leaders_checked(m3e, ("guild", "bayou"), ("lady justice", "Som'er Teeth Jones"), NAMES) == (
        ("lady justice", "Som'er Teeth Jones"), ("", ""))
