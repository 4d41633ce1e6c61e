"""Emails after the change commits: pairings to each player with an address, a report to the opponent,
a dispute to the reporter and the organizers; each sent once however often its task runs."""
import pytest
from django.core import mail
from rest_framework.test import APIClient

from notifications.models import Notification
from notifications.tasks import send_notification
from tests.factories import Api

pytestmark = pytest.mark.usefixtures("eager_celery")


def make_event(api, emails):
    _, event = api.post("/api/events/", {"name": "Mail", "date": "2017-05-06", "format": "gg2017", "rounds": 3})
    for name, email in emails.items():
        api.post(f"/api/events/{event['id']}/players/", {"name": name, "faction": "guild", "email": email})
    return event


def test_a_published_round_tells_each_player_with_an_email(api, django_capture_on_commit_callbacks):
    event = make_event(api, {"Ann": "ann@example.org", "Bob": "bob@example.org", "Cid": ""})
    with django_capture_on_commit_callbacks(execute=True):
        status, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1})
    assert status == 201
    assert sorted(m.to[0] for m in mail.outbox) == ["ann@example.org", "bob@example.org"]
    assert all("round 1" in m.subject for m in mail.outbox)
    assert any("table" in m.subject or "bye" in m.subject for m in mail.outbox)
    assert Notification.objects.count() == 2 and all(n.sent_at for n in Notification.objects.all())


def test_nothing_is_sent_before_the_commit_and_a_task_run_twice_sends_once(api, django_capture_on_commit_callbacks):
    event = make_event(api, {"Ann": "ann@example.org", "Bob": "bob@example.org"})
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1})
    assert mail.outbox == [] and len(callbacks) >= 2
    note = Notification.objects.first()
    send_notification.apply(args=[note.pk])
    send_notification.apply(args=[note.pk])
    assert len(mail.outbox) == 1


def test_report_and_dispute_tell_the_people_concerned(api, organizer, django_capture_on_commit_callbacks):
    organizer[0].email = "to@example.org"
    organizer[0].save()
    event = make_event(api, {"Ann": "ann@example.org", "Bob": "bob@example.org"})
    with django_capture_on_commit_callbacks(execute=True):
        _, rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1})
    mail.outbox.clear()
    game = rnd["games"][0]
    keys = {p["id"]: p["key"] for p in api.get(f"/api/events/{event['id']}/players/")[1]}
    names = {p["id"]: p["name"] for p in api.get(f"/api/events/{event['id']}/players/")[1]}
    reporter, opponent = game["player_a"], game["player_b"]
    with django_capture_on_commit_callbacks(execute=True):
        Api(APIClient(), key=keys[reporter]).post(f"/api/games/{game['id']}/report/", {"vp_a": 6, "vp_b": 2})
    assert [m.to for m in mail.outbox] == [[f"{names[opponent].lower()}@example.org"]]
    assert "confirm or dispute" in mail.outbox[0].subject
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        Api(APIClient(), key=keys[opponent]).post(f"/api/games/{game['id']}/dispute/", {"vp_a": 2, "vp_b": 6})
    assert sorted(m.to[0] for m in mail.outbox) == sorted([f"{names[reporter].lower()}@example.org",
                                                           "to@example.org"])


def test_emails_are_for_organizers_only(api, anon_api):
    event = make_event(api, {"Ann": "ann@example.org"})
    assert api.get(f"/api/events/{event['id']}/players/")[1][0]["email"] == "ann@example.org"
    assert "email" not in anon_api.get(f"/api/events/{event['id']}/players/")[1][0]


def test_with_the_broker_down_notifications_wait_and_go_out_later(api, settings, monkeypatch,
                                                                   django_capture_on_commit_callbacks):
    from notifications import tasks
    from notifications.services import enqueue_pending

    event = make_event(api, {"Ann": "ann@example.org", "Bob": "bob@example.org"})

    def broker_down(*args, **kwargs):
        raise ConnectionError("Redis is not answering")

    monkeypatch.setattr(tasks.send_notification, "apply_async", broker_down)
    with django_capture_on_commit_callbacks(execute=True):
        status, _ = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1})
    assert status == 201 and mail.outbox == [] and Notification.objects.filter(sent_at=None).count() == 2
    monkeypatch.undo()
    assert enqueue_pending() == 2 and len(mail.outbox) == 2
    assert enqueue_pending() == 0


def test_beat_queues_again_only_what_has_waited_a_full_round(api, settings):
    from datetime import timedelta

    from django.utils import timezone

    from notifications.tasks import requeue_pending_notifications

    settings.NOTIFICATION_RETRY_SECONDS = 60
    event = make_event(api, {})
    fresh = Notification.objects.create(event_id=event["id"], to="ann@example.org", kind=Notification.ROUND_PUBLISHED,
                                        about="round:1", subject="Round 1", body="Table 1")
    # Just written: its own task is on its way, so beat leaves it alone.
    assert requeue_pending_notifications() == 0 and mail.outbox == []
    Notification.objects.filter(pk=fresh.pk).update(created_at=timezone.now() - timedelta(minutes=2))
    assert requeue_pending_notifications() == 1 and len(mail.outbox) == 1
    assert requeue_pending_notifications() == 0 and len(mail.outbox) == 1
