"""Issue 55, a pack as a shared file: read with the safe loader and no aliases, within a size and a depth,
JSON's values only; a clear refusal for anything else; a shipped season written and read back unchanged."""
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.formats import FORMAT_FILES
from scoring.problems import Invalid
from seasons.files import MOST_BYTES, MOST_DEPTH, read_pack, write_pack


def refused(text) -> str:
    with pytest.raises(Invalid) as error:
        read_pack(text)
    return error.value.problems[0].code


@pytest.mark.parametrize("key", ["gg2017", "m3e", "m4e-gg0"])
def test_a_shipped_season_goes_out_and_back_unchanged(key):
    data = yaml.safe_load((FORMAT_FILES / f"{key}.yaml").read_text(encoding="utf-8"))
    text = write_pack(data, comment="Shared by the Bristol league\nversion 2")
    assert text.startswith("# Shared by the Bristol league\n# version 2\n")
    assert read_pack(text) == data and read_pack(text.encode("utf-8")) == data


def test_aliases_and_tags_are_refused_not_expanded():
    bomb = 'a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b]\n'
    assert refused(bomb) == "not_yaml"
    assert refused("name: !!python/object/apply:os.system ['true']\n") == "not_yaml"
    assert refused("name: &n Zero\nkey: zero\n") == "not_yaml"


def test_size_depth_and_shape_are_refused_in_words():
    assert refused("name: " + "x" * MOST_BYTES) == "too_big"
    assert refused(b"name: " + b"x" * MOST_BYTES) == "too_big"
    assert refused("a: " + "[" * (MOST_DEPTH + 1) + "]" * (MOST_DEPTH + 1)) == "too_deep"
    assert refused("[" * 5000 + "]" * 5000) in ("too_deep", "not_yaml")
    assert refused("- just\n- a list\n") == "not_a_pack"
    assert refused("") == "not_a_pack"
    assert refused(b"\xff\xfe name") == "not_utf8"
    assert refused("name: [unclosed\n") == "not_yaml"
    assert refused("{1: one}") == "bad_key"
    assert refused("x: .nan") == "bad_number"
    assert refused("x: !!binary aGVsbG8=") == "bad_value"
    assert refused(12) == "not_text"


def test_dates_become_their_iso_text():
    assert read_pack("released: 2026-09-01\nat: 2026-09-01 10:00:00\n") == {
        "released": "2026-09-01", "at": "2026-09-01T10:00:00"}


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400) | st.binary(max_size=400))
def test_any_input_is_a_pack_or_a_clear_refusal(text):
    try:
        data = read_pack(text)
    except Invalid as error:
        assert error.problems[0].detail
    else:
        assert isinstance(data, dict)
