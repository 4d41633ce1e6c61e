"""Formats are data files (scoring/formats/*.yaml), checked against schema.json and for consistency when
loaded: a new season is a file. Moving gg2017 and m3e into files changed nothing in them."""
import dataclasses
import json
from pathlib import Path

import pytest
import yaml

from scoring.formats import FORMAT_FILES, FORMATS, FormatFileError, format_from_data, load_format

BEFORE = Path(__file__).parent / "data" / "formats-before-files.json"


def plain(value):
    if dataclasses.is_dataclass(value):
        return {k: plain(v) for k, v in dataclasses.asdict(value).items()}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def shaped_as(now, before):
    """`now` with only the fields `before` had: fields added later for other seasons are checked apart."""
    if isinstance(before, dict) and isinstance(now, dict):
        return {k: shaped_as(now[k], before[k]) if k in before else now[k] for k in now if k in before}
    if isinstance(before, list) and isinstance(now, list) and len(before) == len(now):
        return [shaped_as(n, b) for n, b in zip(now, before, strict=True)]
    return now


def test_gg2017_and_m3e_are_what_they_were_as_python():
    """The formats as the Python definitions made them the commit before the move (a snapshot); the
    fields M4E added hold their defaults in them."""
    before = json.loads(BEFORE.read_text())
    for key in ("gg2017", "m3e"):
        now = plain(FORMATS[key])
        assert now.pop("sources"), f"{key} names its sources"
        # Added with GG Zero: whether a conceder leaves (both stand down, as the code did) and M3E's being ours.
        assert now.pop("conceder_leaves") is True
        now["award_defaults"] = [k for k in now["award_defaults"] if k != "conceder"]
        for faction in now["factions"]:  # named in French later (issue 52): the French community's name
            if faction["name"] == "Explorer's Society":
                assert faction["name_fr"] == "Société des Explorateurs"
                faction["name_fr"] = next(f["name_fr"] for f in before[key]["factions"] if f["name"] == faction["name"])
        assert shaped_as(now, before[key]) == before[key], key
        fmt = FORMATS[key]
        assert (fmt.missions, fmt.last_turn_call, fmt.leaders, fmt.scheme_chains) == ("per_round", None, {}, False)
        assert (fmt.vp.schemes_total, fmt.vp.schemes_turn_total) == (None, None)
        assert not any(s.next or s.bonus_once or s.doubled_turn for s in (*fmt.schemes, *fmt.strategies))


def data_of(key: str) -> dict:
    return yaml.safe_load((FORMAT_FILES / f"{key}.yaml").read_text(encoding="utf-8"))


def test_every_file_in_the_folder_is_a_format_named_as_its_file():
    files = sorted(p.stem for p in FORMAT_FILES.glob("*.yaml"))
    assert files == sorted(FORMATS) and {"gg2017", "m3e"} <= set(files)


def test_a_new_season_is_a_new_file(tmp_path):
    data = data_of("m3e")
    data.update(key="m3e-next", name="A later M3E season")
    (tmp_path / "m3e-next.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    fmt = load_format(tmp_path / "m3e-next.yaml")
    assert fmt.key == "m3e-next" and fmt.vp == FORMATS["m3e"].vp and fmt.schemes == FORMATS["m3e"].schemes
    (tmp_path / "misnamed.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(FormatFileError, match="name the file m3e-next.yaml"):
        load_format(tmp_path / "misnamed.yaml")


@pytest.mark.parametrize(("change", "says"), [
    (lambda d: d["scheme_charts"][0]["by_value"].pop(), "scheme_charts/0/by_value"),
    (lambda d: d["strategies"].append({"name": "Ley Lines", "suit": "spades"}), "strategies/4"),
    (lambda d: d.update(edition="M9E"), "edition"),
    (lambda d: d.pop("sources"), "'sources' is a required property"),
    (lambda d: d["vp"].update(game="eight"), "vp/game"),
    (lambda d: d.update(colour="red"), "Additional properties"),
])
def test_a_malformed_file_is_refused_saying_where(change, says):
    data = data_of("m3e")
    change(data)
    with pytest.raises(FormatFileError, match="m3e.yaml") as refused:
        format_from_data(data, origin="m3e.yaml")
    assert says in str(refused.value)


@pytest.mark.parametrize(("change", "says"), [
    (lambda d: d["factions"].append("Guild"), "duplicate faction key"),
    (lambda d: d["vp"].update(game=9), "VP limits"),
    (lambda d: d["turns"].update(min=6), "turns min above max"),
])
def test_a_file_that_contradicts_itself_is_refused(change, says):
    data = data_of("m3e")
    change(data)
    with pytest.raises(FormatFileError, match=says):
        format_from_data(data, origin="m3e.yaml")


def test_unreadable_yaml_is_refused(tmp_path):
    (tmp_path / "broken.yaml").write_text("key: [unclosed\n", encoding="utf-8")
    with pytest.raises(FormatFileError, match="broken.yaml: not readable YAML"):
        load_format(tmp_path / "broken.yaml")


def test_every_faction_reads_in_french_where_french_players_name_it_otherwise():
    """Issue 52: the Explorer's Society showed its English name on French pages; Bayou, Neverborn and Gremlins
    keep theirs (the French core rules use them as they are)."""
    kept = {"Bayou", "Neverborn", "Gremlins"}
    for fmt in FORMATS.values():
        for faction in fmt.factions:
            french = faction.called("fr")
            assert (french == faction.name) == (faction.name in kept), (fmt.key, faction.name, french)
    assert FORMATS["m4e-gg0"].faction("explorers-society").called("fr") == "Société des Explorateurs"
