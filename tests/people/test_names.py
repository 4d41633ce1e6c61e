"""The search key the tournament's migration 0019 froze for the people it made is the key people compare with
today: a person made by that migration is found by name as one made since."""
from importlib import import_module

from hypothesis import given
from hypothesis import strategies as st

from people.names import search_key

frozen = import_module("tournaments.migrations.0019_player_person_and_place").search_key


@given(st.text(max_size=120))
def test_the_migrations_frozen_key_is_todays_key(name):
    assert frozen(name) == search_key(name)


def test_accents_case_spaces_and_hidden_characters_are_set_aside():
    assert frozen("  Zoé \u0000 DURAND ") == search_key("zoe durand") == "zoe durand"
