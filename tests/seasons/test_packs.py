"""Issue 55, season packs as versioned data: an organizer copies GG Zero into a pack, renames it, changes a
cap; the check finds what is wrong, field by field, and publishing waits for it to find nothing; a published
version serves events by its key through the rules module (a score valid only under its cap accepted, the
shipped season unchanged) and never changes again: editing it starts the next version; who may read, use
and publish what."""
from datetime import date

import pytest

from scoring.formats import M4E_GG0, formats_of, get_format, known_format
from scoring.problems import Conflict, Invalid
from scoring.report import Report
from scoring.validator import validate_report
from seasons import services
from seasons.files import write_pack
from seasons.models import DRAFT, OWN, SITE

RELEASED = date(2026, 9, 1)


def raised_cap(data: dict) -> dict:
    """GG Zero with a strategy worth 6 VP, so a game gives 12."""
    return {**data, "vp": {**data["vp"], "strategy": 6, "game": 12}}


def test_a_copy_of_gg_zero_renamed_checked_and_published(people):
    ann = people["ann"]
    draft = services.pack_start(user=ann, name="Gaining Grounds One", from_key="m4e-gg0")
    assert draft.state == DRAFT and draft.number == 1 and draft.pack.edition == "M4E"
    assert draft.data["name"] == "Gaining Grounds One" and draft.data["key"] == "gaining-grounds-one"
    assert services.problems(draft) == []
    with pytest.raises(KeyError):
        get_format(draft.key)  # a draft serves no event
    draft = services.draft_save(version=draft, user=ann,
                                data={**draft.data, "vp": {**draft.data["vp"], "strategy": 6}})
    found = services.problems(draft)
    assert [problem.path for problem in found] == [("vp", "game")]
    with pytest.raises(Invalid):
        services.version_publish(version=draft, user=ann, released_on=RELEASED)
    draft = services.draft_save(version=draft, user=ann, data=raised_cap(draft.data))
    published = services.version_publish(version=draft, user=ann, released_on=RELEASED)
    assert published.state == OWN and published.published_by == ann and published.released_on == RELEASED
    fmt = get_format(published.key)
    assert fmt.key == published.key and fmt.edition == "M4E" and fmt.vp.game == 12
    assert published.key in formats_of("M4E") and known_format(published.key)


def test_the_rules_module_judges_a_score_by_the_packs_cap(people):
    draft = services.pack_start(user=people["ann"], name="High Scores", from_key="m4e-gg0")
    services.draft_save(version=draft, user=people["ann"], data=raised_cap(draft.data))
    pack = get_format(services.version_publish(version=draft, user=people["ann"], released_on=RELEASED).key)
    twelve = Report(outcome="played", vp_a=12, vp_b=3)
    assert validate_report(pack, twelve) == []
    assert [p.code for p in validate_report(M4E_GG0, twelve)] != []  # the shipped season is unchanged
    assert M4E_GG0.vp.game == 11


def test_a_published_version_never_changes_and_its_edit_is_the_next_version(people):
    ann = people["ann"]
    first = services.version_publish(version=services.pack_start(user=ann, name="One", from_key="m4e-gg0"),
                                     user=ann, released_on=RELEASED)
    with pytest.raises(Conflict):
        services.draft_save(version=first, user=ann, data=raised_cap(first.data))
    second = services.version_next(version=first, user=ann)
    assert second.number == 2 and second.state == DRAFT and second.data == first.data
    assert services.version_next(version=first, user=ann) == second  # one draft at a time
    services.draft_save(version=second, user=ann, data=raised_cap(second.data))
    first.refresh_from_db()
    assert first.data["vp"]["game"] == 11 and get_format(first.key).vp.game == 11


def test_who_reads_uses_and_publishes(people):
    ann, ben, staff = people["ann"], people["ben"], people["staff"]
    mine = services.version_publish(version=services.pack_start(user=ann, name="Mine", from_key="m4e-gg0"),
                                    user=ann, released_on=RELEASED)
    assert services.usable(ann, mine.key) and not services.usable(ben, mine.key)
    assert services.usable(ben, "m4e-gg0") and not services.usable(ben, "pack-999999")
    with pytest.raises(Invalid):  # ben may not copy ann's own version
        services.pack_start(user=ben, name="Theirs", from_key=mine.key)
    with pytest.raises(Conflict):
        services.draft_save(version=services.version_next(version=mine, user=ann), user=ben, data=mine.data)
    with pytest.raises(Conflict):
        services.version_publish(version=mine, user=ann, released_on=RELEASED, site=True)
    site = services.version_publish(version=mine, user=staff, released_on=RELEASED, site=True)
    assert site.state == SITE and site.published_by_name == "sue" and services.usable(ben, mine.key)
    assert services.pack_start(user=ben, name="Theirs", from_key=mine.key).data["vp"] == mine.data["vp"]


def test_a_shared_file_becomes_a_draft_to_check(people):
    text = write_pack(raised_cap(services.shipped_data("m4e-gg0")), comment="from the Bristol league")
    draft = services.pack_import(user=people["ben"], text=text, name="Bristol One")
    assert draft.state == DRAFT and draft.data["vp"]["game"] == 12 and draft.pack.name == "Bristol One"
    broken = services.pack_import(user=people["ben"], text=text.replace("game: 12", "game: 99"))
    assert [p.path for p in services.problems(broken)] and broken.pack.name == "Gaining Grounds Zero (M4E)"
    for bad_name in ("", "x" * 121, "a\x00b", None):
        with pytest.raises(Invalid):
            services.pack_start(user=people["ben"], name=bad_name, from_key="m4e-gg0")


@pytest.mark.parametrize("text", ["a\x00b", "a\ud800b"])
def test_a_draft_holding_what_no_database_stores_is_refused_and_unchanged(people, text):
    """A NUL or a lone surrogate anywhere in a draft's data (PostgreSQL's JSON refuses both) is a clear
    refusal, the draft as it was."""
    draft = services.pack_start(user=people["ann"], name="Odd One", from_key="m4e-gg0")
    data = services.shipped_data("m4e-gg0")
    data["strategies"][0]["name"] = text
    with pytest.raises(Invalid):
        services.draft_save(version=draft, user=people["ann"], data=data)
    draft.refresh_from_db()
    assert draft.data["strategies"][0]["name"] == services.shipped_data("m4e-gg0")["strategies"][0]["name"]


def test_a_draft_saves_only_what_exports_to_a_file_an_import_takes(people):
    """One measure for both: the exported file's bytes. A draft just under the limit exports and imports
    again; one over it is refused."""
    from seasons.files import MOST_BYTES, read_pack

    draft = services.pack_start(user=people["ann"], name="Long One", from_key="m4e-gg0")
    data = services.shipped_data("m4e-gg0")
    room = MOST_BYTES - len(write_pack(data).encode()) - 200
    data["sources"] = [*data.get("sources", []), {"title": "é" * (room // 2)}]  # two bytes each in UTF-8
    saved = services.draft_save(version=draft, user=people["ann"], data=data)
    assert read_pack(write_pack(saved.data).encode())["sources"][-1]["title"] == "é" * (room // 2)
    data["sources"][-1]["title"] += "é" * 200
    with pytest.raises(Invalid):
        services.draft_save(version=draft, user=people["ann"], data=data)


def test_a_shared_file_with_a_nul_escape_is_refused_and_creates_nothing(people):
    """YAML's "\\0" escape makes a NUL character, which no database's JSON keeps."""
    from seasons.models import SeasonPack

    text = write_pack(services.shipped_data("m4e-gg0")).replace("name: Gaining Grounds Zero (M4E)",
                                                                 'name: "Gaining \\0 Grounds"', 1)
    assert '"Gaining \\0 Grounds"' in text
    with pytest.raises(Invalid):
        services.pack_import(user=people["ben"], text=text)
    assert not SeasonPack.objects.exists()
