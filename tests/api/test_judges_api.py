"""Issue 54's staff through the API: /api/events/{id}/judges/. Organizers invite an account by name, mark the
head judge, allow correcting results and remove a judge; the staff read the list; every refusal changes
nothing; each change is an audit line under the organizer's name."""
import pytest
from rest_framework.test import APIClient

from audit.models import AuditRecord
from tests.factories import Api, db_state, event_made, make_user, rejected
from tournaments.models import Event, EventJudge


@pytest.fixture
def world(db, organizer):
    event = event_made(organizer[0], players=4)
    sam, sam_token = make_user("sam")
    return event, sam, sam_token


def judges(event):
    return f"/api/events/{event.pk}/judges/"


def test_invite_change_list_and_remove(api, world):
    event, sam, sam_token = world
    status, body = api.post(judges(event), {"username": "sam", "may_correct": True})
    assert status == 201, body
    assert body["username"] == "sam" and body["may_correct"] and not body["head"] and body["added_by"] == "organizer"
    status, changed = api.call("PATCH", f"{judges(event)}{body['id']}/", {"head": True})
    assert status == 200 and changed["head"] and changed["may_correct"]
    as_sam = Api(APIClient(), sam_token)
    status, listed = as_sam.get(judges(event))
    assert status == 200 and [j["username"] for j in listed] == ["sam"]
    assert api.call("DELETE", f"{judges(event)}{body['id']}/")[0] == 204
    assert not EventJudge.objects.exists()
    assert as_sam.get(judges(event))[0] == 403  # no longer staff
    lines = list(AuditRecord.objects.filter(event=event, action__startswith="judge_").order_by("pk"))
    assert [(line.action, line.by) for line in lines] == [
        ("judge_added", "organizer"), ("judge_changed", "organizer"), ("judge_removed", "organizer")]
    assert lines[1].before["head"] is False and lines[1].after["head"] is True
    assert lines[2].before == {"username": "sam", "head": True, "may_correct": True}


def test_refusals_change_nothing(api, world, client):
    event, sam, sam_token = world
    api.post(judges(event), {"username": "sam"})
    other, _ = make_user("co")
    event.organizers.add(other)
    for body, status, code in [
        ({"username": "nobody"}, 400, "unknown_user"), ({"username": "  "}, 400, None), ({}, 400, None),
        ({"username": "x" * 151}, 400, None), ({"username": ["sam"]}, 400, None),
        ({"username": "sam"}, 409, "already_judge"), ({"username": "co"}, 409, "already_organizer"),
        ({"username": "organizer"}, 409, "already_organizer"), ({"username": "sam", "head": "maybe"}, 400, None),
    ]:
        before = db_state()
        got, answer = api.post(judges(event), body)
        assert got == status, (body, answer)
        if code:
            assert code in str(answer), answer
        assert db_state() == before
    judge = EventJudge.objects.get()
    rejected(api, "PATCH", f"{judges(event)}{judge.pk}/", {}, 400)
    rejected(api, "PATCH", f"{judges(event)}{judge.pk}/", {"head": "yes please"}, 400)
    rejected(api, "PATCH", f"{judges(event)}999999/", {"head": True}, 404)
    rejected(api, "DELETE", f"{judges(event)}999999/", None, 404)
    rejected(api, "PATCH", f"{judges(event)}{judge.pk}/", None, 400, raw="{not json")


def test_only_organizers_change_and_only_staff_read(api, world):
    event, sam, sam_token = world
    _, invited = api.post(judges(event), {"username": "sam"})
    as_sam, stranger = Api(APIClient(), sam_token), Api(APIClient(), make_user("stray")[1])
    elsewhere = event_made(make_user("else")[0], players=2, name="Elsewhere")
    for caller, path in [(as_sam, judges(event)), (stranger, judges(event)), (as_sam, judges(elsewhere))]:
        before = db_state()
        assert caller.post(path, {"username": "stray"})[0] == 403
        assert caller.call("PATCH", f"{judges(event)}{invited['id']}/", {"may_correct": True})[0] == 403
        assert caller.call("DELETE", f"{judges(event)}{invited['id']}/")[0] == 403
        assert db_state() == before
    assert stranger.get(judges(event))[0] == 403 and as_sam.get(judges(elsewhere))[0] == 403
    assert Api(APIClient()).get(judges(event))[0] == 401
    # A judge of another event is found nowhere under this one.
    other = EventJudge.objects.create(event=elsewhere, user=make_user("oj")[0])
    assert api.call("DELETE", f"{judges(event)}{other.pk}/")[0] == 404
    assert Event.objects.get(pk=elsewhere.pk).judges.count() == 1
