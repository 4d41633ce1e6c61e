"""Writes that race each other end in an answer, never a deadlock or a 500: a round removed while one of
its results is entered, on PostgreSQL's row locks (SQLite's writes take turns, see test_round_gone)."""
import threading
from functools import partial

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from scoring.problems import Conflict
from scoring.report import Report
from tests.factories import event_made, round_paired
from tournaments import services
from tournaments.models import Game


def race(*writes):
    """Run the writes at once, each in its own thread (and database connection); their outcomes."""
    start, outcomes = threading.Barrier(len(writes)), [None] * len(writes)

    def run(index, write):
        start.wait()
        try:
            write()
            outcomes[index] = "done"
        except Conflict as refused:
            outcomes[index] = refused.problems[0].code
        except Exception as error:  # noqa: BLE001 - what the test is here to catch
            outcomes[index] = repr(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, w)) for i, w in enumerate(writes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL (CI's second pass)")
def test_removing_a_round_while_its_result_is_entered_is_one_or_the_other(transactional_db):
    user = get_user_model().objects.create_user("orla", password="-")
    for attempt in range(8):
        event = event_made(user, players=4, name=f"Race {attempt}")
        game = round_paired(event, user).games.select_related("round__event", "player_a", "player_b").first()
        outcomes = race(partial(services.result_record, game=game, by=user,
                                report=Report(outcome="played", vp_a=6, vp_b=4)),
                        partial(services.round_delete, event=event, number=1, by=user))
        assert sorted(outcomes) in (["done", "round_has_results"], ["done", "game_removed"]), outcomes
        kept = Game.objects.filter(pk=game.pk).exists()
        assert kept == (outcomes[0] == "done")


def test_round_gone_before_its_result_is_a_conflict(db):
    user = get_user_model().objects.create_user("orla", password="-")
    event = event_made(user, players=4)
    game = round_paired(event, user).games.select_related("round__event", "player_a", "player_b").first()
    services.round_delete(event=event, number=1, by=user)
    with pytest.raises(Conflict) as refused:
        services.result_record(game=game, by=user, report=Report(outcome="played", vp_a=6, vp_b=4))
    assert refused.value.problems[0].code == "game_removed"
