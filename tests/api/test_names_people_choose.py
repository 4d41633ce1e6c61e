"""Names, clubs and Masters as people type them: stored in one Unicode form without surrounding space,
compared for uniqueness after case folding, and never holding a control or invisible character; a mail
that cannot be built is given up with its reason, not retried forever."""
import pytest
from django.core import mail

from notifications import services as notifications
from notifications.models import Notification
from tests.factories import db_state, error_codes, new_event, play_round, rejected
from tournaments.models import Event, Player


def register(api, event, **fields):
    return api.post(f"/api/events/{event['id']}/players/", {"faction": "guild", **fields})


def test_a_name_is_stored_composed_and_trimmed(api):
    event, _ = new_event(api, players=0)
    status, player = register(api, event, name="  Zoe\u0301 Durand ", club=" Les Ore\u0301s ")
    assert status == 201 and (player["name"], player["club"]) == ("Zoé Durand", "Les Orés")


@pytest.mark.parametrize("twin", ["Zoe\u0301", "ZOÉ", "zoé", " Zoé "])
def test_the_same_name_in_another_form_or_case_is_a_duplicate(api, twin):
    event, _ = new_event(api, players=0)
    assert register(api, event, name="Zoé")[0] == 201
    body = rejected(api, "POST", f"/api/events/{event['id']}/players/", {"name": twin, "faction": "guild"}, 400)
    assert ("name", "duplicate_name") in error_codes(body)


@pytest.mark.parametrize("field, value", [("name", "Ann\nBob"), ("name", "Ann\u202eboB"), ("name", "A\u200bnn"),
                                          ("name", "Ann\x07"), ("club", "Club\u2066x"), ("club", "Tab\tbed")])
def test_hidden_characters_are_refused_with_their_code(api, field, value):
    event, _ = new_event(api, players=0)
    fields = {"name": "Ann", field: value}
    body = rejected(api, "POST", f"/api/events/{event['id']}/players/", {**fields, "faction": "guild"}, 400)
    assert (field, "hidden_characters") in error_codes(body)


def test_a_correction_and_an_import_follow_the_same_rules(api):
    event, ids = new_event(api, players=2)
    body = rejected(api, "PATCH", f"/api/events/{event['id']}/players/{ids[1]}/", {"name": "PLAYER 0"}, 400)
    assert ("name", "duplicate_name") in error_codes(body)
    from tournaments import services
    checked = services.import_rows_checked(event=Event.objects.get(pk=event["id"]),
                                           rows=[["player 1", "guild"], ["Eve\u200b", "guild"], ["Fay ", "guild"]])
    assert [[p.code for p in problems] for _, problems in checked] == [["duplicate_name"], ["hidden_characters"], []]
    assert checked[2][0]["name"] == "Fay"


def test_masters_are_checked_too(api):
    event, _ = new_event(api, players=2)
    rnd = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1})[1]
    game = rnd["games"][0]["id"]
    body = rejected(api, "POST", f"/api/games/{game}/result/", {"vp_a": 5, "vp_b": 3, "master_a": "Lady\nJustice"},
                    400)
    assert ("master_a", "hidden_characters") in error_codes(body)
    assert api.post(f"/api/games/{game}/result/", {"vp_a": 5, "vp_b": 3, "master_a": " Perdita "})[1]["master_a"] \
        == "Perdita"


def test_a_name_from_before_the_rules_never_breaks_a_mail(api, eager_celery, django_capture_on_commit_callbacks):
    event, ids = new_event(api, players=2)
    Player.objects.filter(pk=ids[0]).update(name="Old\nName", email="old@example.org")
    Player.objects.filter(pk=ids[1]).update(email="new@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        play_round(api, event)
    subjects = [m.subject for m in mail.outbox]
    assert any("Old Name" in s for s in subjects) and not any("\n" in s for s in subjects)


def test_a_mail_that_cannot_be_built_is_given_up_with_its_reason(api):
    event, _ = new_event(api, players=0)
    note = Notification.objects.create(event_id=event["id"], to="ann@example.org", kind="round_published",
                                       about="round:x", subject="Round 1\nBcc: everyone@example.org", body="-")
    notifications.notification_send(note.pk)
    note.refresh_from_db()
    assert mail.outbox == [] and note.sent_at is None and note.failure.startswith("BadHeaderError")
    given_up = db_state()  # a mail given up is never queued again: nothing more changes
    assert notifications.enqueue_pending() == 0 and db_state() == given_up
