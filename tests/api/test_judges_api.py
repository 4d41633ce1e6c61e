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


def test_the_backup_carries_the_judges_and_each_tables_extension(api, world):
    from tests.factories import round_paired
    from tournaments.backup import BackupError, export_event, import_event
    from tournaments.models import Game

    event, sam, _ = world
    api.post(judges(event), {"username": "sam", "head": True, "may_correct": True})
    ghost, _ = make_user("ghost")
    api.post(judges(event), {"username": "ghost"})
    rnd = round_paired(event, event.created_by, publish=True)
    table = rnd.games.exclude(player_b=None).first()
    Game.objects.filter(pk=table.pk).update(extra_minutes=4)
    data = export_event(event)
    assert data["staff"] == [{"username": "sam", "head": True, "may_correct": True, "added_by": "organizer"},
                              {"username": "ghost", "head": False, "may_correct": False, "added_by": "organizer"}]
    assert sorted(g["extra_minutes"] for g in data["rounds"][0]["games"]) == [0, 4]
    ghost.delete()  # an account not on this server: that judge is left out
    copy = import_event(data)
    restored = list(copy.judges.select_related("user", "added_by"))
    assert [(j.user.username, j.head, j.may_correct, j.added_by.username) for j in restored] == [
        ("sam", True, True, "organizer")]
    assert sorted(Game.objects.filter(round__event=copy).values_list("extra_minutes", flat=True)) == [0, 4]
    assert copy.audit.filter(action="judge_added", by="organizer").count() == 2
    # A file made before judges and extensions existed restores without them.
    for game in data["rounds"][0]["games"]:
        del game["extra_minutes"]
    older = import_event({key: value for key, value in data.items() if key != "staff"})
    assert not older.judges.exists() and not Game.objects.filter(round__event=older, extra_minutes__gt=0).exists()
    # A judge who is an organizer where it is restored is not named twice.
    data["staff"] = [{"username": "organizer", "head": False, "may_correct": False, "added_by": None}]
    assert not import_event(data).judges.exists()
    for judges_given, says in [
        ([{"username": "sam", "head": True, "may_correct": True, "added_by": None}] * 2, "given twice"),
        ([{"username": 7, "head": True, "may_correct": True}], r"staff\[0\]\.username"),
        ([{"username": "sam", "head": "yes", "may_correct": True}], r"staff\[0\]\.head"),
        ([{"username": "sam", "head": True}], "may_correct"), ("sam", "staff"),
    ]:
        before = db_state()
        with pytest.raises(BackupError, match=says):
            import_event({**data, "staff": judges_given})
        assert db_state() == before
    data["rounds"][0]["games"][0]["extra_minutes"] = 70000
    with pytest.raises(BackupError, match="extra_minutes"):
        import_event(data)
