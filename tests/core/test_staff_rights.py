"""Issue 54's staff: an event's judges beside its organizers. A judge is staff (the judge desk) but no
organizer; corrects results only when the organizer allows it; a judge of one event is nobody in another."""
import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError

from tests.factories import event_made, make_user
from tournaments import access
from tournaments.models import EventJudge


@pytest.fixture
def staff(db):
    organizer, judge, trusted, stranger = (make_user(name)[0] for name in ("org", "sam", "tess", "stray"))
    event = event_made(organizer, players=2)
    other = event_made(make_user("other")[0], players=2, name="Elsewhere")
    EventJudge.objects.create(event=event, user=judge, added_by=organizer)
    EventJudge.objects.create(event=event, user=trusted, head=True, may_correct=True, added_by=organizer)
    return event, other, organizer, judge, trusted, stranger


def test_who_is_staff_judge_and_may_correct(staff):
    event, other, organizer, judge, trusted, stranger = staff
    assert [access.is_staff(u, event) for u in (organizer, judge, trusted, stranger)] == [True, True, True, False]
    assert [access.is_judge(u, event) for u in (organizer, judge, trusted, stranger)] == [False, True, True, False]
    assert [access.is_organizer(u, event) for u in (organizer, judge, trusted)] == [True, False, False]
    assert [access.may_correct(u, event) for u in (organizer, judge, trusted, stranger)] == [True, False, True, False]
    assert not any(access.is_staff(u, other) or access.may_correct(u, other) for u in (judge, trusted))
    assert not access.is_staff(AnonymousUser(), event) and not access.may_correct(AnonymousUser(), event)


def test_a_judge_is_named_once_per_event(staff):
    event, _other, organizer, judge, *_ = staff
    with pytest.raises(IntegrityError):
        EventJudge.objects.create(event=event, user=judge, added_by=organizer)
