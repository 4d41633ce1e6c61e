"""Each shipped season re-entered through the console's pack editor (tests/seasons/reentry.py) is the season
an event reads from the file, under a pack's key: every rule test of tests/scoring runs on both."""
from dataclasses import replace

import pytest

from scoring.formats import FORMATS
from seasons.services import shipped_data
from tests.seasons.reentry import pack_key, reentered, reentered_data


@pytest.mark.parametrize("key", sorted(FORMATS))
def test_a_season_re_entered_through_the_forms_is_the_shipped_one_under_a_packs_key(key):
    fmt = reentered(key)
    assert fmt.key == pack_key(key) and fmt.key.startswith("pack-") and fmt.key not in FORMATS
    assert replace(fmt, key=key) == FORMATS[key]
    assert reentered_data(shipped_data(key)) == shipped_data(key), "every section's form gives back what it showed"


def test_each_season_has_its_own_pack_key():
    assert len({pack_key(key) for key in FORMATS}) == len(FORMATS)


def test_the_fixtures_give_the_same_season_each_way(formats, entered):
    """A test comparing keys sees which one it has: the files' keys, or the packs'."""
    assert set(formats) == set(FORMATS)
    keys = {fmt.key for fmt in formats.values()}
    assert keys == (set(FORMATS) if entered == "shipped" else {pack_key(key) for key in FORMATS})
    assert all(replace(fmt, key=key) == FORMATS[key] for key, fmt in formats.items())
