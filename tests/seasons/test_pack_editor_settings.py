"""Issue 55, the pack editor's other sections: an organizer changes a copy's suggested rounds, round time and last
turn call, its bye/concession/forfeit awards and which of them are our choice, its scheme pool and missions, its
sources and (GG2017) its rotation, all through the forms as a browser posts them; each problem lands beside its
field, in a fold that opens for it; the section just saved is open, the others folded; French throughout."""
import re

import pytest

from seasons import web
from seasons.models import PackVersion
from tests.seasons.test_pack_pages import PACKS, Folds, Forms, field_problems, form, post_section, start_copy


def copy_of(client, key: str) -> PackVersion:
    listing = client.get(PACKS)
    answer = client.post(PACKS, {**form(listing, "start"), "name": f"Copy of {key}", "from_key": key,
                                 "action": "start"})
    return PackVersion.objects.get(pk=int(answer["Location"].rstrip("/").split("/")[-1]))


def test_rounds_and_time(ann):
    draft = start_copy(ann)
    page = post_section(ann, draft, "settings", **{"rounds-3-from_players": "50", "rounds-3-rounds": "6",
                                                   "round_minutes": "45", "last_turn_call": "50"})
    assert draft.data["suggested_rounds"][-1] == {"from_players": 50, "rounds": 6}
    assert draft.data["round_minutes"] == 45
    assert 'aria-describedby="h-round_minutes"' in field_problems(page, "round_minutes")  # its hint, read out
    assert "The last turn is called before the round ends" in field_problems(page, "last_turn_call")
    assert Folds(page)["settings"] == (True, "Rounds and time — 1 problem")
    page = post_section(ann, draft, "settings", **{"last_turn_call": "", "rounds-1-remove": "1",
                                                   "rounds-2-from_players": "0"})
    assert "last_turn_call" not in draft.data  # emptied: the clock only warns
    assert [r["from_players"] for r in draft.data["suggested_rounds"]] == [0, 0, 50]
    assert "Each line starts from more players than the line above." in field_problems(page, "rounds-1-from_players")


def test_bye_concession_forfeit_and_our_choices(ann):
    draft = start_copy(ann)
    post_section(ann, draft, "awards", **{"awards-bye-tp": "2", "awards-forfeit-loser-diff": "-10",
                                          "conceder": "leaves", "default-bye": ""})
    assert draft.data["awards"]["bye"] == {"tp": 2, "diff": 4, "vp": 6}
    assert draft.data["awards"]["forfeit"]["loser"] == {"tp": 0, "diff": -10, "vp": 0}
    assert draft.data["conceder"] == "leaves"
    assert draft.data["award_defaults"] == ["concession", "forfeit", "conceder"]
    page = post_section(ann, draft, "awards", **{"awards-concession-winner-tp": "three", "default-forfeit.loser": "1"})
    assert draft.data["award_defaults"] == ["concession", "forfeit", "conceder", "forfeit.loser"]
    assert "Must be a whole number." in field_problems(page, "awards-concession-winner-tp")
    assert 'value="three"' in field_problems(page, "awards-concession-winner-tp")  # what was typed, kept


def test_scheme_pool_and_missions(ann):
    draft = start_copy(ann)
    post_section(ann, draft, "pool", missions="per_round")
    assert draft.data["missions"] == "per_round"
    page = post_section(ann, draft, "pool", missions="", pool_rule="five-values")
    assert "missions" not in draft.data and draft.data["pool_rule"] == "five-values"
    folds = Folds(page)  # a deck in a pool of flipped values, and fifteen chains a five-values pool has not
    assert folds["schemes"][0] and folds["schemes"][1].startswith("Schemes — ")
    assert "this chart needs its 13 schemes by value" in page.content.decode()
    assert not folds["pool"][0]  # saved without a problem of its own, and not opened by the save (no ?open)


def test_sources(ann):
    draft = start_copy(ann)
    count = len(draft.data["sources"])
    page = post_section(ann, draft, "sources", **{
        f"sources-{count}-title": "GG One rules", f"sources-{count}-where": "https://example.org/gg1.pdf",
        f"sources-{count}-evidence": "seed", "sources-0-remove": "1", "sources-1-title": ""})
    sources = draft.data["sources"]
    assert len(sources) == count and sources[-1] == {"title": "GG One rules", "where": "https://example.org/gg1.pdf",
                                                      "evidence": "seed"}
    assert "title" not in sources[0]  # emptied: the check asks for it, beside its field
    assert "This field is required." in page.content.decode().split('id="sources-0"')[1].split("</fieldset>")[0]


def test_rotation_where_the_edition_has_one(ann):
    assert "rotation" not in Forms(ann.get(f"{PACKS}{start_copy(ann).pk}/").content.decode()).forms  # GG Zero
    draft = copy_of(ann, "gg2017")
    page = post_section(ann, draft, "rotation", **{"rot-1-0-0": "Turf War", "rot-1-5-0": "Extraction",
                                                   "rot-1-5-1": "Flank", "rot-4-0-remove": "1"})
    rotation = draft.data["rotation"]
    assert rotation["1"][0] == ["Turf War", "Close"] and rotation["1"][-1] == ["Extraction", "Flank"]
    assert len(rotation["1"]) == 6 and rotation["4"][0] == ["Reckoning", "Corner"]
    assert "Quarter 1: January to March" in page.content.decode()
    answer = ann.post(f"{PACKS}{draft.pk}/", {**form(page, "rotation"), "rot-2-0-0": "Plant Explosives",
                                              "action": "rotation"})  # a name no select offers, posted anyway
    page = ann.get(answer["Location"])
    assert "Plant Explosives is not one of the strategies above." in field_problems(page, "rot-2-0-0")
    assert Folds(page)["rotation"] == (True, "Rotation of missions — 1 problem")


@pytest.mark.parametrize("section", [s for s in web.SECTIONS if s != "rotation"])
def test_the_section_saved_is_open_the_others_folded_and_each_form_is_in_its_fold(ann, section):
    draft = start_copy(ann)
    page = ann.get(f"{PACKS}{draft.pk}/")
    answer = ann.post(f"{PACKS}{draft.pk}/", {**form(page, section), "action": section})
    assert answer["Location"] == f"{PACKS}{draft.pk}/?open={section}#{section}"
    page = ann.get(answer["Location"])
    assert {name for name, (is_open, _title) in Folds(page).folds.items() if is_open} == {section}
    html = page.content.decode()
    for name in Folds(page).folds:  # each section's form, and its summary first, inside its own fold
        fold = html.split(f'<details class="pack-part" id="{name}"')[1].split("</details>")[0]
        assert re.match(r"[^>]*><summary>", fold) and f'name="action" value="{name}"' in fold
    assert 'id="check"' not in "".join(html.split("<details")[1:])  # the check stays outside the folds


def test_the_new_sections_speak_french(ann):
    ann.cookies["django_language"] = "fr"
    draft = start_copy(ann)
    page = post_section(ann, draft, "settings", last_turn_call="200")
    text = page.content.decode()
    assert "Rondes et temps — 1 problème" in text and "Exempt, abandon et forfait" in text
    assert "Pot de Combines et missions" in text and "Par table\u202f: chaque table tire la sienne" in text
    assert "<h2>Combines</h2>" in text


def test_the_fewest_deployments_an_event_plays_is_the_packs_own(ann):
    """GG2017's "at least 3 different deployments" is a field of the season, not a rule of one key: a copy keeps
    it, an M4E pack may ask for it, more than the pack has is a problem beside the field, emptied it is gone."""
    from scoring.deck import Dealer
    from scoring.formats import format_from_data
    from scoring.missions import MissionHistory, plan_mission

    gg = copy_of(ann, "gg2017")
    assert gg.data["fewest_deployments"] == 3
    draft = start_copy(ann)
    assert "fewest_deployments" not in draft.data
    page = post_section(ann, draft, "settings", fewest_deployments="9")
    assert draft.data["fewest_deployments"] == 9
    assert "An event cannot play 9 different deployments: the pack has" in field_problems(page, "fewest_deployments")
    post_section(ann, draft, "settings", fewest_deployments="2")
    fmt = format_from_data({**draft.data, "key": draft.key})
    one = fmt.deployments[0].key
    warned = plan_mission(fmt, fmt.scheme_charts[0], Dealer.for_event("s"), number=2, quarter=1, planned_rounds=2,
                          history=MissionHistory(deployments=(one,)), deployment=one)
    assert [w.code for w in warned.warnings] == ["few_deployments"] and fmt.name in warned.warnings[0].detail
    post_section(ann, draft, "settings", fewest_deployments="")
    assert "fewest_deployments" not in draft.data
