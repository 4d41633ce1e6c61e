"""Issue 55, an event's backup carries its season pack: on this server a restore pins the same version (no new
row); where the version is gone or is another organizer's own, the restore enters the file's pack as the
creator's own, frozen, and the event runs under its caps; a pack-less file restores only with a key its
creator may use; a bad pack refuses the whole file and writes nothing; a shipped season's file is as before."""
import json
from dataclasses import replace
from datetime import date

import pytest
from django.db import IntegrityError

from scoring.formats import M4E_GG0, get_format, provisional
from scoring.report import Report
from seasons import catalogue
from seasons import services as packs
from seasons.models import OWN, PackVersion, SeasonPack
from tests.factories import event_made, round_paired
from tournaments import restore as restoring
from tournaments import services
from tournaments.backup import BackupError, export_event, import_event
from tournaments.backup_format import VERSION
from tournaments.models import Event

RELEASED = date(2026, 9, 1)


def high_scores(user):
    """A pack of `user`'s, published for their own events: GG Zero with a strategy worth 6 VP (a game 12)."""
    draft = packs.pack_start(user=user, name="High Scores", from_key="m4e-gg0")
    draft = packs.draft_save(version=draft, user=user,
                             data={**draft.data, "vp": {**draft.data["vp"], "strategy": 6, "game": 12}})
    return packs.version_publish(version=draft, user=user, released_on=RELEASED)


def twelve_to_three(event, user):
    """A round of `event` paired and its game scored 12-3, which only the pack's caps allow."""
    game = round_paired(event, user).games.select_related("round__event", "player_a", "player_b").get()
    services.result_record(game=game, by=user, report=Report(outcome="played", vp_a=12, vp_b=3))


def corrected_to_twelve_to_two(event, user):
    """The restored game's result corrected by the organizer to 12-2, which only the pack's caps allow."""
    game = event.round_set.get().games.select_related("round__event", "player_a", "player_b").get()
    services.result_record(game=game, by=user, report=Report(outcome="played", vp_a=12, vp_b=2))
    assert game.result.vp_b == 2


def backup_of(user):
    """A pack event of `user`'s with a 12-3 result, its pack version and its backup as a file gives it."""
    version = high_scores(user)
    event = event_made(user, players=2, format=version.key, factions=("guild", "bayou"))
    twelve_to_three(event, user)
    return version, json.loads(json.dumps(export_event(Event.objects.get(pk=event.pk))))


def counts():
    return SeasonPack.objects.count(), PackVersion.objects.count(), Event.objects.count()


def test_the_file_carries_the_pack_and_a_round_trip_here_pins_the_same_version(people):
    ann = people["ann"]
    version, data = backup_of(ann)
    assert data["version"] == VERSION == 5
    assert data["season_pack"] == {"name": "High Scores", "edition": "M4E", "number": 1, "released_on": "2026-09-01",
                                   "published_by_name": "ann", "data": version.data}
    before = counts()
    copy = import_event(data)
    assert counts() == (before[0], before[1], before[2] + 1)  # no new pack, no new version
    assert copy.format == version.key and copy.created_by == ann
    assert copy.round_set.get().games.get().result.vp_a == 12


def test_a_restore_without_the_version_enters_it_frozen_as_the_creators_own(people):
    ann = people["ann"]
    version, data = backup_of(ann)
    SeasonPack.objects.filter(pk=version.pack_id).delete()  # the pack is gone: "pack-<id>" names nothing here
    copy = import_event(data)
    made = PackVersion.objects.select_related("pack").get()
    assert copy.format == made.key != version.key
    assert (made.pack.owner, made.pack.name, made.pack.edition, made.number, made.state) == \
        (ann, "High Scores", "M4E", 1, OWN)
    assert (made.released_on, made.published_by_name, made.data) == (RELEASED, "ann", data["season_pack"]["data"])
    assert made.published_at is not None and packs.usable(ann, made.key)
    assert get_format(copy.format).vp.game == 12 and copy.rules().vp.game == 12
    corrected_to_twelve_to_two(copy, ann)  # the copy scores under the pack's caps still


def test_another_organizers_own_version_is_not_pinned_the_creator_gets_theirs(people):
    ann, ben = people["ann"], people["ben"]
    version, data = backup_of(ann)
    data["event"]["created_by"], data["event"]["organizers"] = "ghost", []  # no such account: ben restores it
    copy = import_event(data, organizer=ben)
    made = PackVersion.objects.select_related("pack").exclude(pk=version.pk).get()
    assert copy.created_by == ben and copy.format == made.key and made.pack.owner == ben
    assert PackVersion.objects.get(pk=version.pk).pack.owner == ann  # ann's own version untouched
    assert not packs.usable(ben, version.key) and packs.usable(ben, made.key)
    corrected_to_twelve_to_two(copy, ben)


def test_a_site_wide_equal_version_is_pinned_for_anyone(people):
    ann, ben = people["ann"], people["ben"]
    version, data = backup_of(ann)
    packs.version_publish(version=version, user=people["staff"], released_on=RELEASED, site=True)
    data["event"]["created_by"], data["event"]["organizers"] = "ghost", []
    before = counts()
    copy = import_event(data, organizer=ben)
    assert copy.format == version.key and counts()[:2] == before[:2]


def test_a_packless_version_4_file_restores_with_a_key_its_creator_may_use(people):
    ann, ben = people["ann"], people["ben"]
    version, data = backup_of(ann)
    del data["season_pack"]
    data["version"] = 4
    before = counts()
    assert import_event(data).format == version.key and counts()[:2] == before[:2]
    data["event"]["created_by"] = "ghost"  # ben may not run ann's own pack
    with pytest.raises(BackupError, match=r"^event\.format: 'pack-\d+' is an unknown season pack"):
        import_event(data, organizer=ben)
    assert counts() == (before[0], before[1], before[2] + 1)


@pytest.mark.parametrize("key, said", [
    ("pack-999999", r"^event\.format: 'pack-999999' is an unknown season pack"),
    ("pack-x", r"^event\.format: 'pack-x' is no format known here"),
    ("m9e", r"^event\.format: 'm9e' is no format known here"),
])
def test_an_unknown_format_is_refused_plainly(people, key, said):
    _, data = backup_of(people["ann"])
    del data["season_pack"]
    data["event"]["format"] = key
    before = counts()
    with pytest.raises(BackupError, match=said):
        import_event(data)
    assert counts() == before


def deep(data):
    nested = data["season_pack"]["data"]["notes"] = {}
    for _ in range(20):
        nested["in"] = {}
        nested = nested["in"]


@pytest.mark.parametrize("change, said", [
    (lambda d: d["season_pack"]["data"]["vp"].update(game=99), r"^season_pack\.data\.vp\.game: "),
    (lambda d: d["season_pack"]["data"]["factions"].append(7), r"^season_pack\.data\.factions\[\d+\]: "),
    (lambda d: d["season_pack"].update(data=[]), r"^season_pack\.data: a season's data"),
    (deep, r"^season_pack\.data: nests deeper"),
    (lambda d: d["season_pack"]["data"].update(notes="x" * 300_000), r"^season_pack\.data: larger than"),
    (lambda d: d["season_pack"].update(name=""), r"^season_pack\.name: "),
    (lambda d: d["season_pack"].update(edition="M9E"), r"^season_pack\.edition: "),
    (lambda d: d["season_pack"].update(released_on="soon"), r"^season_pack\.released_on: "),
    (lambda d: d.update(season_pack="High Scores"), r"^season_pack: an object is expected"),
    (lambda d: d["event"].update(format="m4e-gg0"), r"^event\.format: 'm4e-gg0' is no season pack's key"),
])
def test_a_bad_pack_refuses_the_whole_file_and_writes_nothing(people, change, said):
    version, data = backup_of(people["ann"])
    SeasonPack.objects.filter(pk=version.pack_id).delete()  # else an equal version would be pinned
    change(data)
    before = counts()
    with pytest.raises(BackupError, match=said):
        import_event(data)
    assert counts() == before


def test_a_refusal_while_writing_keeps_no_pack_and_no_format_in_the_catalogue(people, monkeypatch):
    version, data = backup_of(people["ann"])
    SeasonPack.objects.filter(pk=version.pack_id).delete()
    catalogue.forget()
    before = counts()

    def refused(event, kind, **_):  # a receiver reads the event's rules, then the database refuses
        assert event.rules().vp.game == 12
        raise IntegrityError("the database says no")

    monkeypatch.setattr(restoring, "announce", refused)
    with pytest.raises(BackupError, match="refused while writing"):
        import_event(data)
    assert counts() == before and catalogue._BUILT == {}  # noqa: SLF001 - a rolled-back id is not kept


def test_a_shipped_seasons_file_has_no_pack_and_restores_unchanged(people):
    ann = people["ann"]
    event = event_made(ann, players=2, format="m4e-gg0", factions=("guild", "bayou"))
    data = json.loads(json.dumps(export_event(event)))
    assert "season_pack" not in data
    before = counts()
    assert import_event(data).format == "m4e-gg0" and counts()[:2] == before[:2]


def test_a_provisional_format_is_found_by_its_key_within_its_block_only(db):
    with provisional(replace(M4E_GG0, key="pack-424242")) as settled:
        assert get_format("pack-424242") is settled and get_format("m4e-gg0") is M4E_GG0
    with pytest.raises(KeyError):
        get_format("pack-424242")
