"""Web Push, end to end on a real socket: a phone subscribes from the private page, a published round, a
report, a dispute, the clock and the final standings reach a local stand-in for the push service, which
decrypts each message with the subscription's keys and checks the VAPID signature; a push service
that fails is retried, and one that says the subscription is gone has it removed."""
import json
import time
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from notifications import push
from notifications.models import Push, PushSubscription
from tests.factories import make_user
from tests.phones.receivers import Browser, Receiver, vapid_claims
from tournaments import services
from tournaments.models import Event, Game, Player, Round

ALL = ["round", "reported", "clock", "final"]
# Real commits: pushes leave after the change commits (transaction.on_commit), as in production; sent in
# this process even on the Redis pass of CI (no worker runs there).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]


def subscribe(player, browser, kinds=ALL, client=None):
    return (client or Client()).post(f"/p/{player.key}/push/", json.dumps(
        {"subscription": browser.subscription, "kinds": kinds}), content_type="application/json")


def publish_round_three(organizer_api, event_id):
    """Round 2's results in (every game 4-4), then round 3 paired and published."""
    for game in Game.objects.filter(round__number=2, player_b__isnull=False):
        organizer_api.post(f"/api/games/{game.pk}/result/", {"vp_a": 4, "vp_b": 4})
    status, rnd = organizer_api.post(f"/api/events/{event_id}/rounds/", {"seed": 3})
    assert status == 201
    return rnd


def test_without_vapid_keys_push_is_not_offered(round_two, settings):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    ann = round_two.player_a
    assert 'id="push"' not in Client().get(f"/p/{ann.key}/").content.decode()
    response = Client().post(f"/p/{ann.key}/push/", "{}", content_type="application/json")
    assert response.status_code == 404 and not PushSubscription.objects.exists()


def test_the_private_page_offers_it_in_both_languages(round_two, vapid):
    ann = round_two.player_a
    html = Client().get(f"/p/{ann.key}/").content.decode()
    assert f'data-key="{vapid.VAPID_PUBLIC_KEY}"' in html and f'data-url="/p/{ann.key}/push/"' in html
    assert "Allow notifications" in html and "Forget this phone" in html
    french = Client()
    french.get("/language/fr/")
    assert "Autoriser les notifications" in french.get(f"/p/{ann.key}/").content.decode()


@pytest.mark.parametrize("body, attr", [
    ({"subscription": "nope"}, "subscription"),
    ({"subscription": {"endpoint": "ftp://x", "keys": {}}}, "endpoint"),
    ({"subscription": {"endpoint": "javascript:alert(1)", "keys": {"p256dh": "a", "auth": "b"}}}, "endpoint"),
    ({"subscription": {"endpoint": "https://push.example/x", "keys": {"p256dh": "short", "auth": "b"}}}, "keys"),
    ({"subscription": {"endpoint": "https://push.example/x", "keys": {"p256dh": "A" * 87, "auth": "A" * 22}},
      "kinds": ["all_in"]}, "kinds"),  # an organizer's kind, asked by a player
    ({"subscription": {"endpoint": "https://push.example/x", "keys": {"p256dh": "A" * 87, "auth": "A" * 22}},
      "kinds": "round"}, "kinds"),
])
def test_a_malformed_subscription_is_refused_whole(round_two, vapid, body, attr):
    response = Client().post(f"/p/{round_two.player_a.key}/push/", json.dumps(body), content_type="application/json")
    assert response.status_code == 400 and response.json()["attr"] == attr and response.json()["detail"]
    assert not PushSubscription.objects.exists()


def test_garbage_is_a_400_and_a_wrong_link_a_404(round_two, vapid):
    key = round_two.player_a.key
    assert Client().post(f"/p/{key}/push/", b"\xff{", content_type="application/json").status_code == 400
    assert Client().post(f"/p/{key}/push/", "[1]", content_type="application/json").status_code == 400
    assert Client().post("/p/nope/push/", "{}", content_type="application/json").status_code == 404
    assert Client().get(f"/p/{key}/push/").status_code == 405


@pytest.mark.parametrize("endpoint", ["http://fcm.googleapis.com/fcm/send/x", "https://127.0.0.1/x", "https://127.1/x",
                                      "https://10.0.0.7/x", "https://localhost/x", "https://metadata.google.internal/x",
                                      "https://user:pw@fcm.googleapis.com/x", "https://[::1]/x",
                                      "https://fcm.googleapis.com.evil.example/x", "https://fcm.googleapis.com:8443/x",
                                      "https://evilfcm.googleapis.com.example/x"])
def test_the_server_never_posts_to_itself_or_its_network(round_two, vapid, endpoint):
    vapid.OUTWARD_LOCAL = False
    response = Client().post(f"/p/{round_two.player_a.key}/push/", json.dumps(
        {"subscription": {"endpoint": endpoint, "keys": {"p256dh": "BB" + "A" * 85, "auth": "A" * 22}},
         "kinds": ["round"]}), content_type="application/json")
    assert response.status_code == 400 and response.json()["attr"] == "endpoint"


@pytest.mark.parametrize("endpoint", ["https://fcm.googleapis.com/fcm/send/abc:def",
                                      "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
                                      "https://wns2-par02p.notify.windows.com/w/?token=BQYA",
                                      "https://web.push.apple.com/QGuQyavXutnMH"])
def test_the_browsers_push_services_are_taken(round_two, vapid, endpoint):
    vapid.OUTWARD_LOCAL = False
    response = Client().post(f"/p/{round_two.player_a.key}/push/", json.dumps(
        {"subscription": {"endpoint": endpoint, "keys": {"p256dh": "BB" + "A" * 85, "auth": "A" * 22}},
         "kinds": ["round"]}), content_type="application/json")
    assert response.status_code == 200 and PushSubscription.objects.get().endpoint == endpoint


def test_a_push_service_that_redirects_is_not_followed(round_two, organizer_api, event, vapid, receiver):
    inside = receiver()
    redirecting = Receiver(answers=(307,), headers={"Location": f"{inside.url}/internal"})
    try:
        subscribe(round_two.player_a, Browser(redirecting))
        publish_round_three(organizer_api, event["id"])
        assert len(redirecting.received) == 1 and not inside.received
        assert Push.objects.get().failure == "push service answered 307"
    finally:
        redirecting.close()


def test_a_phone_follows_an_event_as_a_player_and_as_its_organizer(round_two, vapid, receiver):
    service = receiver()
    phone = Browser(service)
    subscribe(round_two.player_a, phone, kinds=["round"])
    organizer = Client()
    event = Event.objects.get(slug="spring-open")
    organizer.force_login(event.created_by)
    organizer.post("/console/e/spring-open/phones/push/", json.dumps(
        {"subscription": phone.subscription, "kinds": ["dispute"]}), content_type="application/json")
    assert sorted(PushSubscription.objects.values_list("kinds", flat=True)) == [["dispute"], ["round"]]
    event.organizers.remove(event.created_by)  # no longer organizing: told nothing more
    from notifications.phones import _of_organizers
    assert not _of_organizers(event).exists()


def test_a_published_round_reaches_the_phone_encrypted_and_signed(round_two, organizer_api, event, vapid, receiver):
    service = receiver()
    ann = round_two.player_a
    phone = Browser(service)
    assert subscribe(ann, phone).json() == {"kinds": ALL}
    rnd = publish_round_three(organizer_api, event["id"])
    mine = next(g for g in rnd["games"] if ann.id in (g["player_a"], g["player_b"]))
    (request,) = [r for r in service.received if r["path"] == "/push/phone"]
    assert request["headers"]["content-encoding"] == "aes128gcm" and int(request["headers"]["ttl"]) > 0
    claims = vapid_claims(request, vapid.VAPID_PUBLIC_KEY)
    assert claims["aud"] == service.url and claims["sub"] == "mailto:organizer@example.org"
    assert claims["exp"] > time.time()
    message = phone.read(request)
    if mine["bye"]:
        assert message["title"] == "Round 3: you have the bye"
    else:
        assert message["title"].startswith(f"Round 3: table {mine['table']} against ")
        assert message["body"] != ""  # the mission: strategy, deployment, schemes
    assert message["url"] == f"/p/{ann.key}/"
    assert Push.objects.get().sent_at is not None


@pytest.mark.parametrize("gone_status", [410, 404])  # gone, or never known (an expired subscription)
def test_a_failing_push_service_is_retried_and_a_gone_subscription_removed(round_two, organizer_api, event, vapid,
                                                                          receiver, gone_status):
    flaky, gone = receiver(answers=(500, 503, 201)), receiver(answers=(gone_status,))
    ann, bob = round_two.player_a, round_two.player_b
    subscribe(ann, Browser(flaky, "ann"))
    subscribe(bob, Browser(gone, "bob"))
    publish_round_three(organizer_api, event["id"])
    assert [r["path"] for r in flaky.received] == ["/push/ann"] * 3  # two failures, then taken
    assert Push.objects.get(subscription__player=ann).sent_at is not None
    assert len(gone.received) == 1 and not PushSubscription.objects.filter(player=bob).exists()  # asked once
    assert not Push.objects.filter(subscription__player=bob).exists()  # its message gone with it, not retried


def test_a_push_service_down_for_long_leaves_the_push_pending_never_the_page(round_two, organizer_api, event, vapid,
                                                                              receiver):
    down = receiver(answers=(503,))
    subscribe(round_two.player_a, Browser(down))
    publish_round_three(organizer_api, event["id"])  # the organizer's request is answered all the same
    assert len(down.received) == 3
    assert Push.objects.filter(sent_at=None, failure="").count() == 1  # beat queues it again while it is news


def test_a_push_older_than_its_time_to_live_is_given_up_never_queued_again(round_two, vapid, receiver):
    """Pushes left pending (the push service or the broker away): beat's round queues the one still news
    and gives up the one past its TTL; one whose task runs only after its TTL is given up when sent."""
    service = receiver()
    ann, bob = round_two.player_a, round_two.player_b
    subscribe(ann, Browser(service, "ann"))
    subscribe(bob, Browser(service, "bob"))

    def pending(player, about, age):
        made = Push.objects.create(subscription=PushSubscription.objects.get(player=player), about=about,
                                   title=about, body="", url="/")
        Push.objects.filter(pk=made.pk).update(created_at=timezone.now() - timedelta(seconds=age))
        return made

    pending(ann, "news", push.TTL - 120)
    old = pending(bob, "old", push.TTL + 120)
    assert push.pending_pushes_enqueue(older_than_seconds=60) == 1
    assert [r["path"] for r in service.received] == ["/push/ann"]  # the news, sent
    assert Push.objects.get(pk=old.pk).failure == "too late to tell"
    assert push.pending_pushes_enqueue(older_than_seconds=60) == 0  # never again
    late = pending(ann, "late", push.TTL + 120)
    push.push_send(late.pk)  # queued while it was news, its task running only now (a backlog, retries)
    assert len(service.received) == 1 and Push.objects.get(pk=late.pk).failure == "too late to tell"
    assert list(Push.objects.exclude(sent_at=None).values_list("about", flat=True)) == ["news"]


def test_the_opponent_is_told_to_confirm_and_only_what_they_chose(round_two, vapid, receiver):
    service = receiver()
    ann, bob = round_two.player_a, round_two.player_b
    phone = Browser(service, "bob")
    subscribe(bob, phone, kinds=["reported"])
    subscribe(ann, Browser(service, "ann"), kinds=["final"])
    Client().post(f"/p/{ann.key}/", {"action": "report", "my_vp": 6, "their_vp": 3, "outcome": "played"})
    (request,) = service.received
    message = phone.read(request)
    assert message["title"] == f"{ann.name} reported your game: confirm or dispute it"
    assert message["url"] == f"/p/{bob.key}/"


def test_a_dispute_tells_the_reporter_and_the_organizers_phone(round_two, vapid, receiver):
    service = receiver()
    ann, bob = round_two.player_a, round_two.player_b
    event = Event.objects.get(slug="spring-open")
    organizer = Client()
    organizer.force_login(event.created_by)
    desk = Browser(service, "desk")
    assert organizer.post("/console/e/spring-open/phones/push/", json.dumps(
        {"subscription": desk.subscription, "kinds": ["dispute", "all_in"]}),
        content_type="application/json").status_code == 200
    reporter = Browser(service, "ann")
    subscribe(ann, reporter)
    Client().post(f"/p/{ann.key}/", {"action": "report", "my_vp": 6, "their_vp": 3, "outcome": "played"})
    Client().post(f"/p/{bob.key}/", {"action": "dispute", "my_vp": 2, "their_vp": 6, "outcome": "played"})
    told = {r["path"]: r for r in service.received}
    assert reporter.read(told["/push/ann"])["title"] == f"{bob.name} disputes the reported result"
    desk_message = desk.read(told["/push/desk"])
    assert desk_message["title"] == f"Spring Open, table {round_two.table}: a dispute"
    assert desk_message["url"] == "/console/e/spring-open/rounds/2/"


def test_the_organizer_hears_when_every_result_is_in(round_two, organizer_api, vapid, receiver):
    service = receiver()
    event = Event.objects.get(slug="spring-open")
    organizer = Client()
    organizer.force_login(event.created_by)
    desk = Browser(service, "desk")
    organizer.post("/console/e/spring-open/phones/push/", json.dumps(
        {"subscription": desk.subscription, "kinds": ["all_in"]}), content_type="application/json")
    games = list(Game.objects.filter(round__number=2, player_b__isnull=False))
    for game in games:
        assert not service.received  # not before the last one
        organizer_api.post(f"/api/games/{game.pk}/result/", {"vp_a": 4, "vp_b": 2})
    (request,) = service.received
    assert desk.read(request)["title"] == "Spring Open, round 2: all results in"


def test_a_player_cannot_subscribe_as_an_organizer(round_two, vapid, receiver):
    """Ann, signed in with the account her entry is linked to and holding her private link, asks for the
    organizer's kinds for her phone: refused both ways; a dispute reaches the organizer's phone, not hers."""
    service = receiver()
    ann, bob = round_two.player_a, round_two.player_b
    account = make_user("ann", email="ann@example.org")[0]
    Player.objects.filter(pk=ann.pk).update(user=account)
    player = Client()
    player.force_login(account)
    assert player.get(f"/p/{ann.key}/").status_code == 200  # her own page, in this session
    phone = Browser(service, "ann")
    asked = json.dumps({"subscription": phone.subscription, "kinds": ["dispute", "all_in"]})
    answer = player.post("/console/e/spring-open/phones/push/", asked, content_type="application/json")
    assert answer.status_code == 403
    assert subscribe(ann, phone, kinds=["dispute", "all_in"], client=player).status_code == 400
    assert not PushSubscription.objects.exists()
    organizer, desk_user = Client(), Event.objects.get(slug="spring-open").created_by
    organizer.force_login(desk_user)
    organizer.post("/console/e/spring-open/phones/push/", json.dumps(
        {"subscription": Browser(service, "desk").subscription, "kinds": ["dispute", "all_in"]}),
        content_type="application/json")
    Client().post(f"/p/{ann.key}/", {"action": "report", "my_vp": 6, "their_vp": 3, "outcome": "played"})
    Client().post(f"/p/{bob.key}/", {"action": "dispute", "my_vp": 2, "their_vp": 6, "outcome": "played"})
    assert [r["path"] for r in service.received] == ["/push/desk"]
    assert list(PushSubscription.objects.values_list("user", "player")) == [(desk_user.pk, None)]


def test_the_clock_tells_the_last_turn_and_time_up(round_two, vapid, receiver):
    service = receiver()
    ann = round_two.player_a
    phone = Browser(service)
    subscribe(ann, phone, kinds=["clock"])
    rnd = Round.objects.get(event__slug="spring-open", number=2)
    services.round_clock(rnd=rnd, action="start")
    run = Round.objects.get(pk=rnd.pk).clock_started_at.isoformat()
    for left in (30 * 60, 15 * 60, 0):  # a 30-minute step is shown on the page, not pushed
        services.clock_notice_say(round_id=rnd.pk, run=run, left=left)
    titles = [phone.read(r)["title"] for r in service.received]
    assert titles == ["Round 2: 15 minutes left", "Round 2: time is called"]


def test_the_final_standings_reach_every_player_who_asked(round_two, organizer_api, event, vapid, receiver):
    service = receiver()
    ann = round_two.player_a
    phone = Browser(service)
    subscribe(ann, phone, kinds=["final"])
    for number in (2, 3):
        if number == 3:
            organizer_api.post(f"/api/events/{event['id']}/rounds/", {"seed": 3})
        for game in Game.objects.filter(round__number=number, player_b__isnull=False, result__isnull=True):
            organizer_api.post(f"/api/games/{game.pk}/result/", {"vp_a": 4, "vp_b": 2})
    services.event_finish(event=Event.objects.get(slug="spring-open"), by=None)
    (request,) = service.received
    message = phone.read(request)
    assert message["title"] == "Spring Open: final standings" and message["body"].startswith("1. ")
    assert message["url"] == "/e/spring-open/final/"


def test_a_phone_stops_and_only_its_holder_can_stop_it(round_two, vapid, receiver):
    service = receiver()
    ann, bob = round_two.player_a, round_two.player_b
    phone = Browser(service)
    subscribe(ann, phone)
    stop = json.dumps({"remove": True, "endpoint": phone.endpoint})
    Client().post(f"/p/{bob.key}/push/", stop, content_type="application/json")  # another link: nothing
    assert PushSubscription.objects.filter(player=ann).exists()
    assert Client().post(f"/p/{ann.key}/push/", stop, content_type="application/json").json() == {"kinds": []}
    assert not PushSubscription.objects.exists()


def test_a_link_keeps_a_few_browsers_not_a_pile(round_two, vapid, receiver):
    service = receiver()
    ann = round_two.player_a
    for n in range(push.BROWSERS + 3):
        subscribe(ann, Browser(service, f"phone{n}"))
    kept = PushSubscription.objects.filter(player=ann)
    assert kept.count() == push.BROWSERS and not kept.filter(endpoint__endswith="/phone0").exists()


def test_vapid_keys_are_made_once_kept_private_and_printable(tmp_path, settings, capsys):
    settings.VAPID_KEY_FILE = tmp_path / "var" / "vapid.json"
    call_command("vapid_keys")
    keys = json.loads(settings.VAPID_KEY_FILE.read_text())
    assert len(keys["public_key"]) == 87 and (settings.VAPID_KEY_FILE.stat().st_mode & 0o777) == 0o600
    with pytest.raises(Exception, match="--force"):
        call_command("vapid_keys")
    assert json.loads(settings.VAPID_KEY_FILE.read_text()) == keys  # kept: today's subscriptions rely on it
    call_command("vapid_keys", "--env")
    assert "VAPID_PUBLIC_KEY=" in capsys.readouterr().out
