"""Late arrivals: a player who joins after round 1 starts on 0, or (an event setting) takes the forfeit
loser's award for each round before their first game, so they rank below those who played and lost."""
import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from scoring.formats import Award
from scoring.problems import Conflict
from scoring.report import Report
from tests.factories import Api, event_made, make_user, rejected, results_entered, round_paired
from tournaments import selectors, services
from tournaments.pairing.report import REMATCH_IN_WINDOW
from tournaments.services.rounds import REMATCH_AVOIDED
from tournaments.standings import LATE_ON_ZERO, LATE_WITH_LOSSES, missed_round_losses

LOSS = Award(tp=0, diff=-10, vp=0)


@given(st.dictionaries(st.integers(1, 50), st.one_of(st.none(), st.integers(1, 6)), max_size=12),
       st.integers(0, 6))
def test_each_player_loses_every_round_before_their_first_seat(first_rounds, played):
    first_rounds = {p: (f if f is None or f <= played + 1 else played + 1) for p, f in first_rounds.items()}
    losses = missed_round_losses(first_rounds, played, LOSS)
    for player, first in first_rounds.items():
        mine = sorted(side.round for side in losses if side.player == player)
        assert mine == list(range(1, (first if first is not None else played + 1)))
    assert all((s.tp, s.diff, s.vp, s.opponent, s.missed) == (0, -10, 0, None, True) for s in losses)


def late_event(setting):
    user = make_user("anna")[0]
    event = event_made(user, players=5, late_arrivals=setting)  # six with the late player: no bye in round 2
    results_entered(round_paired(event, user), user, vp=(6, 4))
    late = services.player_register(event=event, by=user, name="Zed Late", faction="guild")
    return event, user, late


def totals_of(event, player):
    return next(s.totals for s in selectors.event_standings(event) if s.entrant.id == player.pk)


def test_starting_on_zero_counts_nothing_for_the_missed_round(db):
    event, user, late = late_event(LATE_ON_ZERO)
    mine = totals_of(event, late)
    assert (mine.tp, mine.diff, mine.vp, mine.played) == (0, 0, 0, 0)


def test_a_loss_per_missed_round_ranks_a_late_player_below_the_losers_of_round_1(db):
    event, user, late = late_event(LATE_WITH_LOSSES)
    mine = totals_of(event, late)
    assert (mine.tp, mine.diff, mine.vp, mine.played) == (0, -10, 0, 0)  # a loss, not a game played
    assert selectors.event_standings(event)[-1].entrant.id == late.pk
    # The pairing sees it too: round 2 pairs on these totals.
    _, totals = selectors.pairing_history(event)
    assert totals[late.pk].diff == -10
    second = round_paired(event, user, seed="3")
    results_entered(second, user, vp=(5, 5))
    mine = totals_of(event, late)
    assert (mine.tp, mine.diff, mine.played) == (1, -10, 1)  # the loss for round 1, a draw in round 2
    assert [s.entrant.id for s in selectors.event_standings(event, after_round=1)][-1] == late.pk


def test_the_setting_goes_through_the_api_and_the_console(client, db):
    user, token = make_user("owner")
    api = Api(client, token)
    status, body = api.post("/api/events/", {"name": "Late", "date": "2017-03-18", "format": "gg2017",
                                             "late_arrivals": LATE_WITH_LOSSES})
    assert status == 201 and body["late_arrivals"] == LATE_WITH_LOSSES
    rejected(api, "PATCH", f"/api/events/{body['id']}/", {"late_arrivals": "never"}, 400)
    from django.test import Client

    from tournaments.models import Event

    organizer = Client()
    organizer.force_login(user)
    event = Event.objects.get(pk=body["id"])
    page = organizer.get(f"/console/e/{event.slug}/settings/").content.decode()
    assert "A player who joins after round 1" in page
    assert 'value="loss_per_missed_round" selected' in page



def test_someone_registered_who_never_came_takes_no_loss(db):
    event, user, late = late_event(LATE_WITH_LOSSES)
    services.player_mark_absent(player=late, by=user)
    mine = totals_of(event, late)
    assert (mine.tp, mine.diff, mine.played) == (0, 0, 0)
    services.player_check_in(player=late, by=user)  # arrived after all: the round missed counts
    assert totals_of(event, late).diff == -10


def test_the_setting_is_fixed_once_round_1_is_paired(db):
    event, user, late = late_event(LATE_ON_ZERO)
    with pytest.raises(Conflict, match="late_arrivals"):
        services.event_update(event=event, by=user, late_arrivals=LATE_WITH_LOSSES)


def rematch_at_the_free_seat(user):
    """Round 1 played by six; the winner of table 1 (10-0, so his opponent is last) is away when round 2
    is drafted, and that opponent gets the bye. Returns (event, the late player, his round-1 opponent)."""
    event = event_made(user, players=6)
    first = round_paired(event, user)
    games = list(first.games.select_related("round__event", "player_a", "player_b").order_by("table"))
    for game in games:
        services.result_record(game=game, by=user, report=Report(vp_a=10 if game == games[0] else 6,
                                                                 vp_b=0 if game == games[0] else 4))
    late, beaten = games[0].player_a, games[0].player_b
    services.player_check_out(player=late, by=user)
    draft = services.round_generate(event=event, by=user, seed="2", publish=False)
    assert draft.games.get(player_b=None).player_a == beaten  # the free seat is against his last opponent
    services.player_check_in(player=late, by=user)
    return event, late, beaten


def test_a_late_player_is_never_seated_against_last_rounds_opponent_at_a_tap(db):
    user = make_user("org")[0]
    event, late, beaten = rematch_at_the_free_seat(user)
    rnd, how = services.round_seat_late(event=event, number=2, player=late, by=user)
    assert how == REMATCH_AVOIDED and rnd.is_draft and rnd.games.count() == 3
    mine = rnd.games.get(seats__player=late)
    assert beaten.pk not in (mine.player_a_id, mine.player_b_id)
    assert not [g for g in rnd.games.all() if REMATCH_IN_WINDOW in g.flags]


def test_the_console_tells_the_organizer_why_the_round_was_paired_again(db):
    user = make_user("org")[0]
    event, late, _beaten = rematch_at_the_free_seat(user)
    organizer = Client()
    organizer.force_login(user)
    answer = organizer.post(f"/console/e/{event.slug}/rounds/2/late/", {"player": late.pk}, follow=True)
    assert "would have been a rematch inside the window for" in answer.content.decode()
