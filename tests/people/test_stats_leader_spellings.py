"""Statistics of play: a leader typed as free text (earlier editions) is one row however it was spelt, named by
its most played spelling; two leaders stay two rows; M4E's listed leaders are counted as before."""
import csv
import io

import pytest
from django.contrib.auth import get_user_model
from hypothesis import given
from hypothesis import strategies as st

from people import rating_store
from people.stats_tables import Names, tables
from ratings.tallies import LEADER, Tally
from scoring.report import Report
from tests.factories import event_made, round_paired
from tournaments import services

M2E = Names("gg2017")


def leader_rows(counted: dict, names: Names = M2E) -> list[tuple[str, str, int, int]]:
    return [(row["name"], row["faction"], row["games"], row.get("wins", 0))
            for row in tables(counted, names)["leaders"]]


def test_spellings_of_one_leader_are_one_row_with_the_counts_summed():
    counted = {(LEADER, "Lady Justice", "guild"): Tally(games=3, wins=2, losses=1),
               (LEADER, "lady justice", "guild"): Tally(games=1, wins=1),
               (LEADER, "Lady  Justice ", "guild"): Tally(games=1, losses=1),
               (LEADER, "LADY-JUSTICE", "guild"): Tally(games=1, draws=1),
               (LEADER, "Perdita Ortega", "guild"): Tally(games=2, wins=1, losses=1),
               (LEADER, "Lady Justice", "resurrectionists"): Tally(games=1, wins=1)}
    assert leader_rows(counted) == [("Lady Justice", "Guild", 6, 3), ("Perdita Ortega", "Guild", 2, 1),
                                    ("Lady Justice", "Resurrectionists", 1, 1)]


def test_the_row_is_named_by_the_most_played_spelling():
    counted = {(LEADER, "Lady Justice", "guild"): Tally(games=1, wins=1),
               (LEADER, "lady justice", "guild"): Tally(games=3, wins=3)}
    assert leader_rows(counted) == [("lady justice", "Guild", 4, 4)]


@given(st.lists(st.tuples(st.sampled_from(["Lady Justice", "lady justice", "Lady  Justice ", "LADY JUSTICE",
                                           "Lady-Justice", "Lady Justice."]), st.integers(1, 9)),
                min_size=1, max_size=6, unique_by=lambda pair: pair[0]))
def test_any_spellings_sum_to_one_row(spellings):
    counted = {(LEADER, spelling, "guild"): Tally(games=games, wins=games) for spelling, games in spellings}
    (name, faction, games, wins), = leader_rows(counted)
    assert games == wins == sum(n for _s, n in spellings) and faction == "Guild"
    assert name == min(spellings, key=lambda pair: (-pair[1], pair[0]))[0]


def test_m4e_listed_leaders_are_counted_as_before():
    m4e = Names("m4e-gg0")
    counted = {(LEADER, "Lady Justice, Death-Touched", "guild"): Tally(games=2, wins=2),
               (LEADER, "Lady Justice, Arbiter of the Undead", "guild"): Tally(games=1, wins=1),
               (LEADER, "lady justice death touched", "guild"): Tally(games=1)}
    assert leader_rows(counted, m4e) == [("Lady Justice, Death-Touched", "Guild", 2, 2),
                                         ("Lady Justice, Arbiter of the Undead", "Guild", 1, 1),
                                         ("lady justice death touched", "Guild", 1, 0)]


@pytest.mark.django_db
def test_the_event_page_csv_counts_free_text_spellings_once(client):
    user = get_user_model().objects.create_user("org", password="x")
    event = event_made(user, players=4, factions=("guild",))
    typed = [[("Lady Justice", "Perdita Ortega"), ("lady justice", "perdita ortega")],
             [("  Lady  Justice ", "Sonnia Criid"), ("Lady Justice", "Sonnia Criid")]]
    for masters in typed:
        rnd = round_paired(event, user)
        for game, pair in zip(rnd.games.select_related("round__event", "player_a", "player_b").order_by("table"),
                              masters, strict=True):
            services.result_record(game=game, by=user, report=Report(outcome="played", vp_a=5, vp_b=3),
                                   masters=pair)
    services.event_finish(event=event, by=user)
    rating_store.ratings_refresh("M2E")
    rows = list(csv.reader(io.StringIO(client.get(f"/e/{event.slug}/stats/leaders.csv").content.decode())))
    assert [(name, faction, games) for name, faction, games, *_rest in rows[1:]] == [
        ("Lady Justice", "Guild", "4"), ("Perdita Ortega", "Guild", "2"), ("Sonnia Criid", "Guild", "2")]
    page = client.get(f"/e/{event.slug}/stats/").content.decode()
    assert "Lady Justice" in page and "lady justice" not in page and "Lady  Justice" not in page
