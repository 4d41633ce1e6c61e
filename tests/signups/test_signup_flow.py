"""A place before the day: asked for by email (nothing held until the link is followed) or with an
account, a cap and a waitlist in order, promotion when a place comes free, and every refusal with its
code."""
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from notifications.models import Notification
from scoring.problems import Conflict, Invalid
from signups import announcements, services
from signups.models import REGISTERED, UNCONFIRMED, WAITLISTED, WITHDRAWN, Announcement, SignUp
from signups.selectors import places_taken, position_of
from tests.factories import make_user
from tests.signups.helpers import mailed_token, open_event, signed_up
from tournaments import services as tournament
from tournaments.models import Player


def code_of(raised) -> str:
    return raised.value.problems[0].code


def test_an_email_sign_up_holds_nothing_until_its_link_is_followed_once(db):
    event, _ = open_event(cap=4)
    signup = services.signup_request(event=event, name="Zoé Lamar", faction="neverborn", email="Zoe@Example.org")
    assert signup.state == UNCONFIRMED and signup.email == "zoe@example.org"
    assert not Player.objects.filter(event=event).exists() and places_taken(event) == 0
    token = mailed_token("zoe@example.org")
    assert token not in signup.confirm_digest  # only the digest is kept
    confirmed = services.signup_confirm(token=token)
    assert confirmed.state == REGISTERED and confirmed.player.name == "Zoé Lamar"
    assert confirmed.player.email == "zoe@example.org"
    with pytest.raises(Invalid) as again:
        services.signup_confirm(token=token)
    assert code_of(again) == "link_unknown"
    placed = Notification.objects.get(to="zoe@example.org", kind="signup_placed")
    assert "you have a place" in placed.subject and f"/p/{confirmed.player.key}/" in placed.body
    assert f"/sign-ups/{confirmed.key}/" in placed.body  # the withdrawal link is in every confirmation


def test_an_expired_link_is_refused_and_signing_up_again_sends_a_new_one(db):
    event, _ = open_event()
    signup = services.signup_request(event=event, name="Ike", faction="guild", email="ike@example.org")
    old = mailed_token("ike@example.org")
    SignUp.objects.filter(pk=signup.pk).update(confirm_expires=timezone.now() - timedelta(seconds=1))
    with pytest.raises(Conflict) as expired:
        services.signup_confirm(token=old)
    assert code_of(expired) == "link_expired" and not Player.objects.exists()
    again = services.signup_request(event=event, name="Ike", faction="guild", email="ike@example.org")
    assert again.pk == signup.pk  # the same sign-up, a new link
    new = mailed_token("ike@example.org")
    assert new != old
    with pytest.raises(Invalid):
        services.signup_confirm(token=old)
    assert services.signup_confirm(token=new).state == REGISTERED


def test_past_the_cap_sign_ups_join_the_waitlist_in_order_and_a_withdrawal_promotes_the_first(db):
    event, organizer = open_event(cap=2)
    first, second = signed_up(event, "Ann"), signed_up(event, "Bob")
    third, fourth = signed_up(event, "Cid"), signed_up(event, "Dee")
    assert [s.state for s in (first, second, third, fourth)] == [REGISTERED, REGISTERED, WAITLISTED, WAITLISTED]
    assert (position_of(third), position_of(fourth)) == (1, 2)
    assert Notification.objects.get(to="cid@example.org", kind="signup_placed").subject.endswith(
        "number 1 on the waitlist")
    services.signup_withdraw(signup=first)
    third.refresh_from_db()
    first.refresh_from_db()
    assert first.state == WITHDRAWN and first.player is None
    assert third.state == REGISTERED and third.player.name == "Cid"
    assert position_of(SignUp.objects.get(pk=fourth.pk)) == 1
    assert Notification.objects.filter(to="cid@example.org", kind="signup_promoted").exists()
    assert sorted(event.players.values_list("name", flat=True)) == ["Bob", "Cid"]
    # The organizer removing an entry frees its place the same way.
    tournament.player_remove(player=Player.objects.get(event=event, name="Bob"), by=organizer)
    assert SignUp.objects.get(pk=fourth.pk).state == REGISTERED
    assert SignUp.objects.get(pk=second.pk).state == WITHDRAWN


def test_the_organizer_promotes_by_hand_over_the_cap_reorders_and_a_raised_cap_fills_places(db):
    event, organizer = open_event(cap=2)
    for name in ("Ann", "Bob", "Cid", "Dee", "Eve"):
        signed_up(event, name)
    waiting = services.waitlist(event)
    assert [s.name for s in waiting] == ["Cid", "Dee", "Eve"]
    services.waitlist_reorder(event=event, order=[waiting[2].pk, waiting[0].pk, waiting[1].pk], by=organizer)
    assert [s.name for s in services.waitlist(event)] == ["Eve", "Cid", "Dee"]
    with pytest.raises(Invalid) as mismatch:
        services.waitlist_reorder(event=event, order=[waiting[0].pk], by=organizer)
    assert code_of(mismatch) == "order_mismatch"
    services.signup_promote(signup=SignUp.objects.get(name="Dee"), by=organizer)
    assert places_taken(event) == 3  # over the cap: the organizer's choice
    with pytest.raises(Conflict):
        services.signup_promote(signup=SignUp.objects.get(name="Dee"), by=organizer)
    announcements.announcement_update(event=event, by=organizer, cap=5)
    assert [s.name for s in services.waitlist(event)] == [] and places_taken(event) == 5
    assert SignUp.objects.get(name="Eve").state == REGISTERED


def test_one_person_signs_up_once_and_a_stranger_learns_nothing_by_typing_an_address(db):
    event, organizer = open_event()
    ann = signed_up(event, "Ann", email="ann@example.org")
    again = services.signup_request(event=event, name="Someone", faction="outcasts", email="ANN@example.org")
    assert again.pk == ann.pk and SignUp.objects.get(pk=ann.pk).name == "Ann"  # nothing changed...
    told = Notification.objects.get(kind="signup_already")  # ...and Ann is told, not the one who typed
    assert told.to == "ann@example.org" and f"/sign-ups/{ann.key}/" in told.body
    with pytest.raises(Invalid) as same_name:  # the players' names are public already
        services.signup_request(event=event, name="ann", faction="guild", email="other@example.org")
    assert code_of(same_name) == "duplicate_name"
    account = make_user("zed", email="zed@example.org")[0]  # its address proven
    mine = services.signup_request(event=event, name="Zed", faction="guild", user=account,
                                   email="someone.else@example.org")
    assert mine.state == REGISTERED and mine.player.user == account and mine.email == "zed@example.org"
    with pytest.raises(Conflict) as twice:  # signed in, a person is told of their own sign-up
        services.signup_request(event=event, name="Zed Two", faction="guild", user=account)
    assert code_of(twice) == "already_registered"
    # An entry the organizer typed in counts as a sign-up too: its address is mailed its sign-up (asked
    # under a name of its own: a player's name is refused before the address is looked at).
    kim = tournament.player_register(event=event, by=organizer, name="Kim", faction="guild", email="kim@example.org")
    services.signup_request(event=event, name="Kimberly", faction="guild", email="kim@example.org")
    assert Notification.objects.filter(kind="signup_already", to="kim@example.org").exists()
    assert event.players.filter(name="Kim").count() == 1 and SignUp.objects.get(player=kim).state == REGISTERED


def test_nobody_passes_the_waitlist_and_nothing_is_promoted_while_cancelled(db):
    event, organizer = open_event(cap=2)
    signed_up(event, "Ann")
    signed_up(event, "Bob")
    cid = signed_up(event, "Cid")
    announcements.event_cancel(event=event, by=organizer)
    tournament.player_remove(player=event.players.get(name="Ann"), by=organizer)
    assert SignUp.objects.get(pk=cid.pk).state == WAITLISTED  # not "a place came free" for a cancelled event
    assert not Notification.objects.filter(kind="signup_promoted").exists()
    announcements.event_cancel(event=event, by=organizer, cancelled=False)
    assert SignUp.objects.get(pk=cid.pk).state == REGISTERED  # the place freed meanwhile is Cid's now
    dee = signed_up(event, "Dee")
    assert dee.state == WAITLISTED
    tournament.player_drop(player=event.players.get(name="Bob"), by=organizer)
    eve = signed_up(event, "Eve")  # a player dropped before round 1 keeps the place until removed
    assert eve.state == WAITLISTED and position_of(eve) == 2


def test_the_confirmation_mail_shows_what_is_confirmed(db):
    event, _ = open_event()
    services.signup_request(event=event, name="Zoé", faction="neverborn", club="Rook Club", email="z@example.org")
    body = Notification.objects.get(kind="signup_confirm").body
    assert "Zoé, Neverborn, Rook Club" in body


@pytest.mark.parametrize("closing, code", [
    ({"registration_open": False}, "registration_closed"),
    ({"deadline": -1}, "deadline_passed"),
    ({"cancelled": True}, "event_cancelled"),
    ({"started": True}, "event_started"),
])
def test_closed_sign_ups_say_why(db, closing, code):
    event, organizer = open_event(players=4 if "started" in closing else 0)
    if "registration_open" in closing:  # closed by the organizer since this page's event was read
        tournament.event_update(event=event.__class__.objects.get(pk=event.pk), by=organizer,
                                registration_open=False)
    if "deadline" in closing:
        announcements.announcement_update(event=event, by=organizer, deadline=timezone.now() - timedelta(minutes=1))
    if "cancelled" in closing:
        announcements.event_cancel(event=event, by=organizer)
    if "started" in closing:
        tournament.round_generate(event=event, by=organizer)
    before = SignUp.objects.count()
    with pytest.raises(Conflict) as refused:
        services.signup_request(event=event, name="Late", faction="guild", email="late@example.org")
    assert code_of(refused) == code and SignUp.objects.count() == before


def test_bad_input_is_every_problem_at_once_and_saves_nothing(db):
    event, _ = open_event()
    with pytest.raises(Invalid) as refused:
        services.signup_request(event=event, name="", faction="no-such", email="not-an-address",
                                crew_list="Lady J")
    codes = {(p.attr, p.code) for p in refused.value.problems}
    assert {("name", "name_missing"), ("faction", "unknown_faction"), ("email", "email_invalid"),
            ("crew_list", "lists_not_asked")} <= codes, codes
    with pytest.raises(Invalid) as no_address:
        services.signup_request(event=event, name="Ann", faction="guild")
    assert code_of(no_address) == "email_missing"
    assert not SignUp.objects.exists() and not Notification.objects.exists()


def test_a_withdrawal_after_the_start_is_for_the_organizer(db):
    event, organizer = open_event(players=3)
    ann = signed_up(event, "Ann")
    tournament.round_generate(event=event, by=organizer)
    with pytest.raises(Conflict) as late:
        services.signup_withdraw(signup=ann)
    assert code_of(late) == "event_started" and Player.objects.filter(pk=ann.player_id).exists()


def test_mails_speak_the_language_signed_up_in(db):
    event, _ = open_event(cap=2)
    services.signup_request(event=event, name="Zoé", faction="guild", email="zoe@example.org", language="fr")
    note = Notification.objects.get(to="zoe@example.org")
    assert "confirmez votre inscription" in note.subject and "Suivez ce lien" in note.body, note.subject


def test_crew_lists_are_checked_and_close_at_their_due_date(db):
    event, organizer = open_event()
    announcements.announcement_update(event=event, by=organizer, crew_lists="by_date",
                                      lists_due=timezone.localdate() + timedelta(days=3))
    ann = signed_up(event, "Ann")
    with pytest.raises(Invalid) as long:
        services.crew_list_set(signup=ann, crew_list="x" * 5001)
    assert code_of(long) == "list_too_long"
    with pytest.raises(Invalid) as hidden:
        services.crew_list_set(signup=ann, crew_list="Lady J\u202eevil")
    assert hidden.value.problems[0].attr == "crew_list"
    assert services.crew_list_set(signup=ann, crew_list="Lady Justice\nJudge").crew_list == "Lady Justice\nJudge"
    announcements.announcement_update(event=event, by=organizer, lists_due=timezone.localdate() - timedelta(days=1))
    with pytest.raises(Conflict) as late:
        services.crew_list_set(signup=SignUp.objects.get(pk=ann.pk), crew_list="Perdita")
    assert code_of(late) == "lists_closed" and SignUp.objects.get(pk=ann.pk).crew_list == "Lady Justice\nJudge"


@pytest.mark.parametrize("zone", ["Pacific/Pago_Pago", "Pacific/Kiritimati"])  # UTC-11 and UTC+14
def test_a_crew_list_is_taken_all_through_its_due_date_where_the_event_is(db, client, monkeypatch, zone):
    """"Due by 10 March": the 10th is fine until its last minute in the event's time zone, and the 11th is
    late there, whatever day the server's clock (UTC) says; the page offers the form as the service takes it."""
    event, organizer = open_event(date=date(2027, 3, 14))
    due = date(2027, 3, 10)
    announcements.announcement_update(event=event, by=organizer, time_zone=zone, crew_lists="by_date",
                                      lists_due=due)
    ann = signed_up(event, "Ann")

    def now_there(day, hour, minute):
        moment = datetime.combine(day, time(hour, minute), tzinfo=ZoneInfo(zone)).astimezone(UTC)
        monkeypatch.setattr(timezone, "now", lambda: moment)

    for hour, minute in ((0, 1), (12, 0), (23, 59)):
        now_there(due, hour, minute)
        assert 'name="crew_list"' in client.get(f"/sign-ups/{ann.key}/").content.decode()
        client.post(f"/sign-ups/{ann.key}/crew-list/", {"crew_list": f"Lady Justice at {hour}:{minute}"})
        assert SignUp.objects.get(pk=ann.pk).crew_list == f"Lady Justice at {hour}:{minute}"
    now_there(due + timedelta(days=1), 0, 1)
    assert 'name="crew_list"' not in client.get(f"/sign-ups/{ann.key}/").content.decode()
    with pytest.raises(Conflict) as late:
        services.crew_list_set(signup=SignUp.objects.get(pk=ann.pk), crew_list="Perdita")
    assert code_of(late) == "lists_closed" and SignUp.objects.get(pk=ann.pk).crew_list == "Lady Justice at 23:59"


def test_the_announcement_refuses_what_it_cannot_show(db):
    event, organizer = open_event()
    with pytest.raises(Invalid) as refused:
        announcements.announcement_update(event=event, by=organizer, venue="Dice\u200bCup", contact="a\nb",
                                          time_zone="Mars/Olympus", cap=1, country="XX")
    assert {p.attr for p in refused.value.problems} == {"venue", "contact", "time_zone", "cap", "country"}
    assert not Announcement.objects.filter(event=event).exists()  # nothing saved
