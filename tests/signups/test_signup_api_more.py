"""What the sign-up pages do, through the API (issue 53): the crew list by the sign-up's key (and GET
showing it, its due date and the paid state), a player withdrawing by their private key as from their
private page, and the organizer withdrawing a sign-up as from the console. Same services, same refusals;
a refusal changes nothing."""
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from audit.models import AuditRecord
from signups import announcements, payments, services
from signups.models import REGISTERED, WAITLISTED, WITHDRAWN, SignUp
from tests.factories import Api, db_state, make_user, rejected, round_paired
from tests.signups.helpers import open_event, signed_up
from tournaments import services as tournament
from tournaments.models import Player


def anyone():
    return Api(APIClient())


def by_key(player):
    return Api(APIClient(), key=player.key)


@pytest.fixture
def asking(db):
    """An open event of two places asking for crew lists by a date three days ahead, Ann and Zoe registered
    (the next one waitlisted)."""
    event, organizer = open_event(cap=2)
    announcements.announcement_update(event=event, by=organizer, crew_lists="by_date",
                                      lists_due=timezone.localdate() + timedelta(days=3))
    ann = signed_up(event, "Ann")
    signed_up(event, "Zoe", faction="arcanists")
    return event, organizer, ann


def test_the_holder_sends_a_crew_list_and_reads_it_back(asking):
    event, organizer, ann = asking
    status, body = anyone().call("PUT", f"/api/sign-ups/{ann.key}/crew-list/", {"crew_list": "Lady Justice\n  Judge"})
    assert status == 200 and body["crew_list"] == "Lady Justice\n  Judge" and body["state"] == REGISTERED
    assert SignUp.objects.get(pk=ann.pk).crew_list == "Lady Justice\n  Judge"
    payments.paid_set(player=ann.player, paid="paid", by=organizer)
    status, body = anyone().get(f"/api/sign-ups/{ann.key}/")
    assert status == 200 and body["crew_list"] == "Lady Justice\n  Judge" and body["paid"] == "paid"
    assert body["lists_asked"] is True and body["lists_due"] == (timezone.localdate() + timedelta(days=3)).isoformat()
    assert anyone().call("PUT", f"/api/sign-ups/{ann.key}/crew-list/", {"crew_list": ""})[1]["crew_list"] == ""


def test_a_crew_list_is_refused_as_the_page_refuses_it(asking):
    event, organizer, ann = asking
    path = f"/api/sign-ups/{ann.key}/crew-list/"
    answer = rejected(anyone(), "PUT", path, {"crew_list": "x" * 5001}, 400)
    assert answer["errors"][0]["code"] == "list_too_long"
    assert rejected(anyone(), "PUT", path, {"crew_list": "a\u202eb"}, 400)["errors"][0]["code"] == "hidden_characters"
    rejected(anyone(), "PUT", path, {}, 400)
    rejected(anyone(), "PUT", path, {"crew_list": ["x"]}, 400)
    rejected(anyone(), "PUT", "/api/sign-ups/no-such-key/crew-list/", {"crew_list": "x"}, 404)
    announcements.announcement_update(event=event, by=organizer, lists_due=timezone.localdate() - timedelta(days=1))
    assert rejected(anyone(), "PUT", path, {"crew_list": "x"}, 409)["errors"][0]["code"] == "lists_closed"
    announcements.announcement_update(event=event, by=organizer, crew_lists="")
    assert rejected(anyone(), "PUT", path, {"crew_list": "x"}, 400)["errors"][0]["code"] == "lists_not_asked"


def test_no_crew_list_for_a_withdrawn_sign_up_nor_once_the_event_started(asking):
    event, organizer, ann = asking
    bob = signed_up(event, "Bob")  # waitlisted
    services.signup_withdraw(signup=bob)
    answer = rejected(anyone(), "PUT", f"/api/sign-ups/{bob.key}/crew-list/", {"crew_list": "x"}, 409)
    assert answer["errors"][0]["code"] == "already_withdrawn"
    round_paired(event, organizer)
    answer = rejected(anyone(), "PUT", f"/api/sign-ups/{ann.key}/crew-list/", {"crew_list": "x"}, 409)
    assert answer["errors"][0]["code"] == "event_started"


def test_a_sign_up_by_email_answers_the_same_new_fields(asking):
    event, _, _ = asking
    status, body = anyone().post(f"/api/events/{event.pk}/sign-ups/", {"name": "Dee", "email": "dee@example.org",
                                                                       "faction": "guild"})
    assert status == 202 and body["paid"] == "unpaid" and body["crew_list"] == "" and body["lists_asked"] is True


def test_a_player_withdraws_by_their_key_and_the_waitlist_moves_up(asking):
    event, organizer, ann = asking
    bob = signed_up(event, "Bob")
    assert bob.state == WAITLISTED
    status, body = by_key(ann.player).post(f"/api/events/{event.pk}/withdraw/")
    assert status == 200 and body["state"] == WITHDRAWN and body["key"] == ann.key
    assert not Player.objects.filter(name="Ann", event=event).exists()
    assert SignUp.objects.get(pk=bob.pk).state == REGISTERED
    assert AuditRecord.objects.filter(action="signup_withdrawn", event=event).exists()


def test_an_entry_the_organizer_made_withdraws_too_and_a_refusal_keeps_nothing(db):
    event, organizer = open_event()
    entered = tournament.player_register(event=event, name="Eli", faction="guild", by=organizer)
    other = tournament.player_register(event=event, name="Flo", faction="guild", by=organizer)
    assert not SignUp.objects.exists()
    round_paired(event, organizer)
    before = db_state()
    answer = rejected(by_key(entered), "POST", f"/api/events/{event.pk}/withdraw/", {}, 409)
    assert answer["errors"][0]["code"] == "event_started" and db_state() == before, "no sign-up left behind"
    fresh, _ = open_event()
    late = tournament.player_register(event=fresh, name="Gus", faction="guild", by=organizer)
    status, body = by_key(late).post(f"/api/events/{fresh.pk}/withdraw/")
    assert status == 200 and body["state"] == WITHDRAWN and not Player.objects.filter(pk=late.pk).exists()
    assert Player.objects.filter(pk=other.pk).exists()


def test_only_a_player_of_the_event_withdraws_from_it(asking):
    event, organizer, ann = asking
    path = f"/api/events/{event.pk}/withdraw/"
    rejected(anyone(), "POST", path, {}, 401)
    _, token = make_user("someone")
    rejected(Api(APIClient(), token), "POST", path, {}, 403)
    elsewhere, _ = open_event()
    outsider = tournament.player_register(event=elsewhere, name="Out", faction="guild", by=organizer)
    rejected(by_key(outsider), "POST", path, {}, 403)
    rejected(anyone(), "POST", "/api/events/999999/withdraw/", {}, 404)


def test_the_private_page_still_withdraws_through_the_same_service(asking):
    event, organizer, ann = asking
    answer = APIClient().post(f"/p/{ann.player.key}/withdraw/", {"sure": "1"})
    assert answer.status_code == 302 and SignUp.objects.get(pk=ann.pk).state == WITHDRAWN


def test_the_organizer_withdraws_a_sign_up_by_its_id(asking):
    event, organizer, ann = asking
    bob = signed_up(event, "Bob")
    co, token = make_user("orla-api")
    tournament.organizer_add(event=event, username="orla-api", by=organizer)
    api = Api(APIClient(), token)
    path = f"/api/events/{event.pk}/sign-ups/{bob.pk}/withdraw/"
    status, body = api.post(path)
    assert status == 200 and body["state"] == WITHDRAWN and body["position"] is None
    assert AuditRecord.objects.get(action="signup_withdrawn", event=event).by_user == co, "who withdrew it"
    assert rejected(api, "POST", path, {}, 409)["errors"][0]["code"] == "already_withdrawn"
    rejected(api, "POST", f"/api/events/{event.pk}/sign-ups/999999/withdraw/", {}, 404)
    _, stranger = make_user("stranger-api")
    rejected(Api(APIClient(), stranger), "POST", f"/api/events/{event.pk}/sign-ups/{ann.pk}/withdraw/", {}, 403)
    rejected(by_key(ann.player), "POST", f"/api/events/{event.pk}/sign-ups/{ann.pk}/withdraw/", {}, 403)
    other, _ = open_event()
    rejected(api, "POST", f"/api/events/{other.pk}/sign-ups/{ann.pk}/withdraw/", {}, 403)


def test_the_organizer_cannot_withdraw_a_registered_player_once_round_1_is_paired(asking):
    event, organizer, ann = asking
    round_paired(event, organizer)
    _, token = make_user("orla-api")
    tournament.organizer_add(event=event, username="orla-api", by=organizer)
    answer = rejected(Api(APIClient(), token), "POST", f"/api/events/{event.pk}/sign-ups/{ann.pk}/withdraw/", {}, 409)
    assert answer["errors"][0]["code"] == "event_started"
