"""GG2017 'Standings': TP, then Differential, then VP; shared places skip the next."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.standings import DISQUALIFIED, DROPPED, Entrant, SideResult, standings


def side(player, round_, vp, tp, diff):
    return SideResult(player=player, round=round_, vp=vp, tp=tp, diff=diff)


def test_gg2017_four_player_example():
    people = [Entrant(1, "Clare"), Entrant(2, "Tom"), Entrant(3, "Emma"), Entrant(4, "Josh")]
    # Totals: Clare 9 TP +6 19 VP; Tom 4 +1 16; Emma 4 0 14; Josh 0 -8 10 (split over three rounds).
    results = [
        side(1, 1, 7, 3, 2), side(1, 2, 6, 3, 2), side(1, 3, 6, 3, 2),
        side(2, 1, 5, 0, -2), side(2, 2, 5, 1, 0), side(2, 3, 6, 3, 3),
        side(3, 1, 4, 1, 0), side(3, 2, 4, 0, -2), side(3, 3, 6, 3, 2),
        side(4, 1, 4, 0, -2), side(4, 2, 3, 0, -3), side(4, 3, 3, 0, -3),
    ]
    rows = standings(people, results)
    assert [(r.entrant.name, r.rank, r.totals.tp, r.totals.diff, r.totals.vp) for r in rows] == [
        ("Clare", 1, 9, 6, 19), ("Tom", 2, 4, 1, 16), ("Emma", 3, 4, 0, 14), ("Josh", 4, 0, -8, 10)]


def test_two_players_tied_for_seventh_are_both_seventh_and_the_next_is_ninth():
    people = [Entrant(i, f"P{i}") for i in range(1, 11)]
    tps = [27, 24, 21, 18, 15, 12, 9, 9, 6, 3]
    results = [side(i, 1, 5, tp, 1) for i, tp in zip(range(1, 11), tps)]
    ranks = [r.rank for r in standings(people, results)]
    assert ranks == [1, 2, 3, 4, 5, 6, 7, 7, 9, 10]


def test_tiebreaks_in_order_tp_then_diff_then_vp():
    people = [Entrant(1, "A"), Entrant(2, "B"), Entrant(3, "C"), Entrant(4, "D")]
    results = [side(1, 1, 2, 3, 1), side(2, 1, 9, 3, 5), side(3, 1, 10, 3, 5), side(4, 1, 10, 1, 0)]
    assert [r.entrant.name for r in standings(people, results)] == ["C", "B", "A", "D"]


def test_ringer_and_disqualified_are_never_listed_dropped_players_are():
    people = [Entrant(1, "Ringer", is_ringer=True), Entrant(2, "Cheat", status=DISQUALIFIED),
              Entrant(3, "Gone", status=DROPPED), Entrant(4, "Here")]
    results = [side(1, 1, 10, 3, 10), side(2, 1, 10, 3, 10), side(3, 1, 4, 0, -2), side(4, 1, 6, 3, 2)]
    rows = standings(people, results)
    assert [(r.entrant.name, r.rank, r.entrant.status) for r in rows] == [("Here", 1, "active"), ("Gone", 2, DROPPED)]


def test_standings_after_an_earlier_round_ignore_later_results():
    people = [Entrant(1, "A"), Entrant(2, "B")]
    results = [side(1, 1, 6, 3, 2), side(2, 1, 4, 0, -2), side(1, 2, 0, 0, -8), side(2, 2, 8, 3, 8)]
    after_one = standings(people, results, after_round=1)
    assert [(r.entrant.name, r.totals.tp, r.totals.played) for r in after_one] == [("A", 3, 1), ("B", 0, 1)]
    assert [r.entrant.name for r in standings(people, results)] == ["B", "A"]


totals = st.tuples(st.integers(0, 4), st.integers(-3, 3), st.integers(0, 3))


@given(st.lists(totals, min_size=1, max_size=30))
def test_rank_is_one_plus_the_number_strictly_ahead(rows):
    people = [Entrant(i, f"P{i}") for i in range(len(rows))]
    results = [side(i, 1, vp, tp, diff) for i, (tp, diff, vp) in enumerate(rows)]
    table = standings(people, results)
    assert sorted(r.entrant.id for r in table) == list(range(len(rows)))
    for row in table:
        key = (row.totals.tp, row.totals.diff, row.totals.vp)
        ahead = sum(1 for tp, diff, vp in rows if (tp, diff, vp) > key)
        assert row.rank == ahead + 1
    keys = [(r.totals.tp, r.totals.diff, r.totals.vp) for r in table]
    assert keys == sorted(keys, reverse=True)


# Two rounds of four, worked by hand (name: TP, Diff, VP, opponents -> SOS):
#   A beat B 6-5, lost to C 7-10:  3, -2, 13, (B, C) -> 7
#   B lost to A 5-6, beat D 4-3:   3,  0,  9, (A, D) -> 4
#   C drew D 5-5, beat A 10-7:     4,  3, 15, (D, A) -> 4
#   D drew C 5-5, lost to B 3-4:   1, -1,  8, (C, B) -> 7
FOUR = [Entrant(1, "A"), Entrant(2, "B"), Entrant(3, "C"), Entrant(4, "D")]
TWO_ROUNDS = [
    SideResult(1, 1, 6, 3, 1, opponent=2), SideResult(2, 1, 5, 0, -1, opponent=1),
    SideResult(3, 1, 5, 1, 0, opponent=4), SideResult(4, 1, 5, 1, 0, opponent=3),
    SideResult(1, 2, 7, 0, -3, opponent=3), SideResult(3, 2, 10, 3, 3, opponent=1),
    SideResult(2, 2, 4, 3, 1, opponent=4), SideResult(4, 2, 3, 0, -1, opponent=2),
]


@pytest.mark.parametrize(("chain", "expected"), [
    (("tp",), [("C", 1), ("A", 2), ("B", 2), ("D", 4)]),  # A and B share second place
    (("tp", "diff"), [("C", 1), ("B", 2), ("A", 3), ("D", 4)]),  # Differential puts B first
    (("tp", "vp"), [("C", 1), ("A", 2), ("B", 3), ("D", 4)]),  # VP puts A first
    (("tp", "sos"), [("C", 1), ("A", 2), ("B", 3), ("D", 4)]),  # so does strength of schedule
    (("diff", "tp"), [("C", 1), ("B", 2), ("D", 3), ("A", 4)]),  # Differential first: D above A
    (("vp",), [("C", 1), ("A", 2), ("B", 3), ("D", 4)]),
    (("sos",), [("A", 1), ("D", 1), ("B", 3), ("C", 3)]),  # the strongest schedules first, C last
    (("sos", "vp"), [("A", 1), ("D", 2), ("C", 3), ("B", 4)]),
])
def test_every_tiebreak_option_orders_the_standings_as_worked_by_hand(chain, expected):
    rows = standings(FOUR, TWO_ROUNDS, tiebreaks=chain)
    assert [(r.entrant.name, r.rank) for r in rows] == expected
    assert {r.entrant.name: (r.totals.tp, r.totals.diff, r.totals.vp, r.totals.sos) for r in rows} == {
        "A": (3, -2, 13, 7), "B": (3, 0, 9, 4), "C": (4, 3, 15, 4), "D": (1, -1, 8, 7)}


def test_each_option_changes_the_order_somewhere_in_the_worked_field():
    """The worked field above has power: each tiebreak, put first, orders it unlike every other."""
    orders = {key: [r.entrant.name for r in standings(FOUR, TWO_ROUNDS, tiebreaks=(key,))]
              for key in ("tp", "diff", "vp", "sos")}
    assert orders["sos"] != orders["tp"] != orders["diff"] and orders["vp"] != orders["diff"]


def test_who_did_not_play_is_listed_apart_unranked_never_below_those_who_lost():
    """Issue 34: a player marked absent sat 8th of 12 after round 1, above those who lost (0 Diff beats a
    negative one). Never seated, or only forfeits and double losses: listed apart, after everyone."""
    people = [Entrant(1, "Absent"), Entrant(2, "Winner"), Entrant(3, "Loser"), Entrant(4, "Forfeits"),
              Entrant(5, "Playing")]
    results = [side(2, 1, 6, 3, 4), side(3, 1, 2, 0, -4),
               SideResult(4, 1, 0, 0, -11, opponent=5, no_show=True), SideResult(5, 1, 11, 3, 11, opponent=4)]
    rows = standings(people, results, seated={2, 3, 4, 5})
    assert [(r.entrant.name, r.rank) for r in rows] == [
        ("Playing", 1), ("Winner", 2), ("Loser", 3), ("Absent", None), ("Forfeits", None)]
    assert [r.played for r in rows] == [True, True, True, False, False]
    # Without who was seated (before round 1, or a caller that does not know), nobody is set apart.
    assert all(r.rank is not None for r in standings(people, results))


def test_a_no_show_after_playing_a_round_is_ranked_by_the_forfeit():
    people = [Entrant(1, "Came once"), Entrant(2, "Other")]
    results = [side(1, 1, 4, 0, -2), side(2, 1, 6, 3, 2),
               SideResult(1, 2, 0, 0, -11, opponent=2, no_show=True), SideResult(2, 2, 11, 3, 11, opponent=1)]
    rows = standings(people, results, seated={1, 2})
    assert [(r.entrant.name, r.rank, r.totals.diff) for r in rows] == [("Other", 1, 13), ("Came once", 2, -13)]
    # Seated in round 1 with the result not in yet: taking part, ranked.
    assert standings(people, [], seated={1, 2})[0].rank == 1


@given(st.lists(st.tuples(totals, st.booleans()), min_size=1, max_size=20))
def test_setting_non_players_apart_never_changes_the_others_order(rows):
    people = [Entrant(i, f"P{i}") for i in range(len(rows))]
    results = [side(i, 1, vp, tp, diff) for i, ((tp, diff, vp), _) in enumerate(rows)]
    seated = {i for i, (_, came) in enumerate(rows) if came}
    apart = standings(people, results, seated=seated)
    played = [r for r in apart if r.played]
    assert [r.entrant.id for r in played] == [r.entrant.id for r in standings(
        [p for p in people if p.id in seated], results)]
    assert all(not r.played for r in apart[len(played):]) and {r.entrant.id for r in apart} == set(range(len(rows)))
