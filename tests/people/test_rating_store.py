"""Stored ratings: the same numbers as the pure module from scratch, whatever order the changes came in."""
from datetime import date

import pytest
from django.contrib.auth import get_user_model

from people import rating_store
from people import services as people
from people.models import Rating, RatingsDue, RatingStep
from ratings import longshanks
from ratings.skill import rate
from scoring.report import Report
from tests.factories import event_made, finished, results_entered, round_paired
from tournaments import services
from tournaments.models import Game

pytestmark = pytest.mark.django_db
FACTIONS = ("guild", "arcanists", "neverborn", "outcasts", "resurrectionists", "ten-thunders")


@pytest.fixture
def user(db):
    return get_user_model().objects.create_user("org", password="x")


def stored() -> dict:
    return {r.person_id: (r.mu, r.sigma, r.games, r.wins, r.draws, r.losses, r.rpi, r.faction)
            for r in Rating.objects.all()}


def steps() -> list:
    return list(RatingStep.objects.order_by("person_id", "edition", "date").values_list(
        "person_id", "date", "mu", "sigma", "games"))


def played(event, user, rounds=2, scores=((6, 4), (5, 5))):
    """Rounds played and the event finished: only a finished event's games are rated."""
    for number in range(rounds):
        results_entered(round_paired(event, user), user, vp=scores[number % len(scores)])
    finished(event, user)


def test_stored_ratings_are_the_pure_modules_from_scratch(user):
    first = event_made(user, players=6, factions=FACTIONS)
    played(first, user)
    rating_store.ratings_refresh("M2E")
    games = [rating_store.rated_game(row) for row in rating_store.rated_rows("M2E")]
    expected = rate(games)
    assert {p: (r.mu, r.sigma, r.games) for p, r in expected.items()} == {
        p: values[:3] for p, values in stored().items()}
    assert {p: values[6] for p, values in stored().items()} == {
        p: round(v, rating_store.RPI_DECIMALS) for p, v in longshanks.rpi(games).items()}
    assert RatingsDue.objects.count() == 0


def test_byes_forfeits_concessions_and_the_ringer_are_not_rated_but_draws_are(user):
    event = event_made(user, players=5, factions=FACTIONS)  # odd: a bye
    rnd = round_paired(event, user)
    games = [g for g in rnd.games.select_related("round__event", "player_a", "player_b") if not g.is_bye]
    services.result_record(game=games[0], by=user, report=Report(outcome="played", vp_a=5, vp_b=5))
    services.result_record(game=games[1], by=user, report=Report(outcome="forfeited", loser="b"))
    finished(event, user)
    rating_store.ratings_refresh("M2E")
    rated = {games[0].player_a.person_id, games[0].player_b.person_id}
    assert {p: (v[2], v[4]) for p, v in stored().items()} == {p: (1, 1) for p in rated}  # one game, a draw
    ringer_event = event_made(user, players=3, name="With a Ringer", date=date(2017, 5, 1))
    services.player_register(event=ringer_event, by=user, name="Ringer", faction="guild", is_ringer=True)
    rnd = round_paired(ringer_event, user)
    results_entered(rnd, user)
    finished(ringer_event, user)
    rating_store.ratings_refresh("M2E")
    ringer_game = rnd.games.get(player_a__is_ringer=True) if rnd.games.filter(player_a__is_ringer=True).exists() \
        else rnd.games.get(player_b__is_ringer=True)
    other = ringer_game.player_b if ringer_game.player_a.is_ringer else ringer_game.player_a
    assert not Rating.objects.filter(person_id=other.person_id).exists()


def test_a_result_marks_its_edition_due_and_the_refresh_follows_the_commit(user, eager_celery,
                                                                          django_capture_on_commit_callbacks):
    event = event_made(user, players=2)
    rnd = round_paired(event, user)
    with django_capture_on_commit_callbacks(execute=True):
        results_entered(rnd, user)
    assert RatingsDue.objects.count() == 0 and Rating.objects.count() == 0  # not finished: nobody is rated yet
    with django_capture_on_commit_callbacks(execute=True):
        finished(event, user)
    assert RatingsDue.objects.count() == 0 and Rating.objects.count() == 2


def test_updating_after_each_event_equals_recomputing_from_scratch(user):
    first = None
    for n, day in enumerate((date(2017, 3, 18), date(2017, 5, 6), date(2017, 4, 1))):  # the last one is older
        event = event_made(user, players=6, factions=FACTIONS, name=f"Event {n}", date=day)
        first = first or event
        for entry in event.players.all():  # the same six people every time
            if event != first:
                people.person_merge(keep=first.players.get(name=entry.name).person, absorb=entry.person, by=user)
        played(event, user, scores=((7, 2), (3, 3), (2, 8)))
        rating_store.ratings_refresh("M2E")
    incremental, incremental_steps = stored(), steps()
    rating_store.ratings_rebuild("M2E")
    assert stored() == incremental and steps() == incremental_steps
    assert len({s[1] for s in incremental_steps}) == 3  # one step per day played


def test_a_correction_to_an_old_game_moves_only_the_ratings_from_its_day_on(user):
    early = event_made(user, players=4, factions=FACTIONS, name="Early", date=date(2017, 3, 18))
    played(early, user)
    late = event_made(user, players=4, factions=FACTIONS, name="Late", date=date(2017, 6, 1))
    for entry in late.players.all():
        people.person_merge(keep=early.players.get(name=entry.name).person, absorb=entry.person, by=user)
    played(late, user)
    rating_store.ratings_refresh("M2E")
    before = steps()
    services.event_reopen(event=early, by=user)
    game = Game.objects.filter(round__event=early, round__number=2).select_related(
        "round__event", "player_a", "player_b").first()
    services.result_record(game=game, by=user, report=Report(outcome="played", vp_a=0, vp_b=10))
    finished(early, user)
    assert {due.since for due in RatingsDue.objects.all()} == {early.date}
    rating_store.ratings_refresh("M2E")
    after = steps()
    assert [s for s in after if s[1] < early.date] == [s for s in before if s[1] < early.date]
    assert [s for s in after if s[1] >= early.date] != [s for s in before if s[1] >= early.date]
    snapshot = stored()
    rating_store.ratings_rebuild("M2E")
    assert stored() == snapshot


def test_a_merge_rates_the_two_records_as_one_person_and_its_undoing_splits_them(user):
    spring = event_made(user, players=4, factions=FACTIONS)
    played(spring, user)
    autumn = event_made(user, players=4, factions=FACTIONS, name="Autumn", date=date(2017, 9, 9))
    played(autumn, user)
    rating_store.ratings_refresh("M2E")
    keep, absorb = spring.players.get(name="Player 0").person, autumn.players.get(name="Player 0").person
    merge = people.person_merge(keep=keep, absorb=absorb, by=user)
    rating_store.ratings_refresh("M2E")
    assert Rating.objects.get(person=keep).games == 4
    assert not Rating.objects.filter(person=absorb).exists()
    people.person_merge_undo(merge=merge, by=user)
    rating_store.ratings_refresh("M2E")
    assert Rating.objects.get(person=keep).games == Rating.objects.get(person=absorb).games == 2


def test_an_events_new_date_rates_its_games_on_that_day(user):
    event = event_made(user, players=2)
    played(event, user, rounds=1)
    rating_store.ratings_refresh("M2E")
    services.event_update(event=event, by=user, date=date(2016, 1, 2))
    assert RatingsDue.objects.get().since == date(2016, 1, 2)
    rating_store.ratings_refresh("M2E")
    assert set(RatingStep.objects.values_list("date", flat=True)) == {date(2016, 1, 2)}


def test_with_a_worker_a_burst_of_changes_waits_for_one_refresh(monkeypatch, settings,
                                                                django_capture_on_commit_callbacks):
    """Twenty results in a second queue one refresh, a few seconds later, which rates all of them; a
    change once it has started queues the next."""
    from django.utils import timezone

    queued = []
    monkeypatch.setattr(rating_store, "runs_later", lambda: True)
    monkeypatch.setattr(rating_store, "queue", lambda name, edition, eta=None: queued.append((name, edition, eta)))
    settings.RATINGS_REFRESH_SECONDS = 10
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(20):
            rating_store.ratings_due(edition="M2E", since=date(2017, 5, 6))
        rating_store.ratings_due(edition="M3E", since=date(2019, 5, 6))
    assert [(name, edition) for name, edition, _ in queued] == [("people.tasks.refresh_ratings", "M2E"),
                                                                ("people.tasks.refresh_ratings", "M3E")]
    assert 9 <= (queued[0][2] - timezone.now()).total_seconds() <= 10
    from people.tasks import refresh_ratings

    refresh_ratings("M2E")  # the worker takes it: everything due is rated, and the next change queues again
    assert not RatingsDue.objects.filter(edition="M2E").exists()
    with django_capture_on_commit_callbacks(execute=True):
        rating_store.ratings_due(edition="M2E", since=date(2017, 5, 6))
    assert [edition for _, edition, _ in queued] == ["M2E", "M3E", "M2E"]


def test_only_a_finished_events_games_move_a_rating_and_reopening_takes_them_back(user):
    """A throwaway event nobody closes moves nobody: its games count from its finish, and stop counting
    while it is reopened; the site's statistics follow the same rule (an event's own page counts as it goes)."""
    from people.tally_store import edition_tallies, event_tallies

    event = event_made(user, players=4, factions=FACTIONS)
    for _ in range(2):
        results_entered(round_paired(event, user), user, vp=(8, 0))
    rating_store.ratings_refresh("M2E")
    assert not Rating.objects.exists() and not RatingStep.objects.exists()
    assert event_tallies(event) and not edition_tallies("M2E")
    finished(event, user)
    rating_store.ratings_refresh("M2E")
    assert Rating.objects.count() == 4 and {r.games for r in Rating.objects.all()} == {2}
    assert edition_tallies("M2E") == event_tallies(event)
    services.event_reopen(event=event, by=user)
    rating_store.ratings_refresh("M2E")
    assert not Rating.objects.exists() and not RatingStep.objects.exists() and not edition_tallies("M2E")
