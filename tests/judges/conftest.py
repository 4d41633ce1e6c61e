import pytest

from tests.factories import event_made, make_user, round_paired
from tournaments.models import EventJudge


@pytest.fixture(autouse=True)
def many_reports(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "report_player": "10000/minute"}


@pytest.fixture
def floor(db):
    """An event in round 1 with two tables, its organizer, a judge (Sam), a stranger organizing elsewhere."""
    organizer, judge, stranger = (make_user(name)[0] for name in ("org", "sam", "stray"))
    judge.first_name = "Sam"
    judge.save()
    event = event_made(organizer, players=4)
    EventJudge.objects.create(event=event, user=judge, added_by=organizer)
    event_made(stranger, players=2, name="Elsewhere")
    rnd = round_paired(event, organizer)
    games = list(rnd.games.select_related("round__event", "player_a", "player_b").order_by("table"))
    return {"event": event, "organizer": organizer, "judge": judge, "stranger": stranger, "games": games}
