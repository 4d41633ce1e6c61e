"""GET /api/events/ costs the same few queries however many events there are, signed in or not (a signed-in
reader's organizer rights come from the prefetched organizers, not one query per event)."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import Api, make_user


def add_events(api: Api, count: int) -> None:
    for n in range(count):
        assert api.post("/api/events/", {"name": f"Open {n}", "date": "2026-05-01", "format": "gg2017"})[0] == 201


def queries_to_list(api: Api, expected: int) -> int:
    with CaptureQueriesContext(connection) as queries:
        status, page = api.get("/api/events/")
    assert status == 200 and page["count"] == expected
    return len(queries)


@pytest.mark.parametrize("signed_in", [True, False])
def test_the_event_list_costs_a_constant_number_of_queries(client, db, signed_in):
    organizer = Api(client, make_user("organizer")[1])
    reader = organizer if signed_in else Api(client)
    add_events(organizer, 2)
    few = queries_to_list(reader, 2)
    add_events(organizer, 10)
    assert queries_to_list(reader, 12) == few
