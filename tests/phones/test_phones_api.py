"""Phones and Discord through the API: the site's push key, a player's (by private key) or an organizer's
push subscriptions (subscribe, list one's own, stop one), and an event's Discord webhook (set, read masked,
remove, a test post). The same services as the private page and the console, so the same refusals; a
round published after a player subscribed through the API reaches a local push receiver, and a test post
reaches a local stand-in for Discord, its failure shown as any post's."""
import json

import pytest
from django.test import Client
from rest_framework.test import APIClient

from notifications import push
from notifications.models import DiscordHook, DiscordPost, PushSubscription
from tests.factories import Api, make_user
from tests.phones.receivers import Browser, vapid_claims
from tournaments.models import Event, Game, Player

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]
ALL = ["round", "reported", "clock", "final"]
HOOK = "https://discord.com/api/webhooks/123456789012345678/" + "aB3_-" * 13
KEYS = {"p256dh": "BB" + "A" * 85, "auth": "A" * 22}


def player_api(player: Player) -> Api:
    return Api(APIClient(), key=player.key)


def api_subscribe(player: Player, browser: Browser, kinds=ALL, language=None):
    """A player's phone subscribes through the API, by the player's private key: (status, answer)."""
    body = {"subscription": browser.subscription, "kinds": list(kinds)}
    if language:
        body["language"] = language
    return player_api(player).post(f"/api/events/{player.event_id}/push-subscriptions/", body)


def publish_round_three(organizer_api, event_id) -> dict:
    """Round 2's results in (every game 4-4), then round 3 paired and published."""
    for game in Game.objects.filter(round__number=2, player_b__isnull=False):
        organizer_api.post(f"/api/games/{game.pk}/result/", {"vp_a": 4, "vp_b": 4})
    status, rnd = organizer_api.post(f"/api/events/{event_id}/rounds/", {"seed": 3})
    assert status == 201
    return rnd


def test_the_push_key_is_read_where_push_is_offered(db, settings):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    status, answer = Api(APIClient()).get("/api/push/key/")
    assert status == 404 and answer["errors"][0]["code"] == "push_not_offered"
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = push.vapid_pair()
    assert Api(APIClient()).get("/api/push/key/") == (200, {"public_key": settings.VAPID_PUBLIC_KEY})


def test_without_vapid_keys_nobody_subscribes(round_two, settings):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    status, answer = player_api(round_two.player_a).post(
        f"/api/events/{round_two.player_a.event_id}/push-subscriptions/",
        {"subscription": {"endpoint": "https://fcm.googleapis.com/fcm/send/x", "keys": KEYS}, "kinds": ["round"]})
    assert status == 404 and answer["errors"][0]["code"] == "push_not_offered"
    assert not PushSubscription.objects.exists()


def test_a_player_subscribes_lists_their_own_and_stops_one(round_two, vapid, receiver):
    service = receiver()
    ann, bob = round_two.player_a, round_two.player_b
    phone, tablet = Browser(service, "phone"), Browser(service, "tablet")
    status, kept = api_subscribe(ann, phone, kinds=["final", "round"], language="fr")
    assert status == 200 and kept["kinds"] == ["round", "final"] and kept["role"] == "player"
    assert kept["endpoint"] == phone.endpoint and kept["language"] == "fr" and "auth" not in kept
    assert api_subscribe(ann, phone, kinds=ALL)[1]["id"] == kept["id"]  # the same browser: updated, not doubled
    api_subscribe(ann, tablet, kinds=["clock"])
    api_subscribe(bob, Browser(service, "bob"), kinds=["round"])
    path = f"/api/events/{ann.event_id}/push-subscriptions/"
    status, mine = player_api(ann).get(path)
    assert status == 200 and [(s["endpoint"], s["kinds"]) for s in mine] == [(phone.endpoint, ALL),
                                                                            (tablet.endpoint, ["clock"])]
    bobs = player_api(bob).get(path)[1]
    assert [s["endpoint"] for s in bobs] == [f"{service.url}/push/bob"]
    # Another's subscription cannot be stopped (nor told apart from one that does not exist).
    assert player_api(ann).call("DELETE", f"{path}{bobs[0]['id']}/")[0] == 404
    assert player_api(ann).call("DELETE", f"{path}{kept['id']}/")[0] == 204
    assert player_api(ann).call("DELETE", f"{path}{kept['id']}/")[0] == 404
    assert [s["endpoint"] for s in player_api(ann).get(path)[1]] == [tablet.endpoint]
    assert PushSubscription.objects.filter(player=bob).exists()


def test_an_organizer_subscribes_with_the_organizer_kinds(round_two, vapid, organizer_api, receiver):
    ann = round_two.player_a
    phone = Browser(receiver())
    path = f"/api/events/{ann.event_id}/push-subscriptions/"
    status, answer = organizer_api.post(path, {"subscription": phone.subscription, "kinds": ["round"]})
    assert status == 400 and answer["errors"][0]["code"] == "unknown_kind"
    status, kept = organizer_api.post(path, {"subscription": phone.subscription, "kinds": ["dispute", "all_in"]})
    assert status == 200 and kept["role"] == "organizer" and kept["kinds"] == ["all_in", "dispute"]
    api_subscribe(ann, phone, kinds=["round"])  # the same phone, as a player too: one of each
    assert [s["role"] for s in organizer_api.get(path)[1]] == ["organizer"]
    assert [s["role"] for s in player_api(ann).get(path)[1]] == ["player"]
    assert organizer_api.call("DELETE", f"{path}{kept['id']}/")[0] == 204
    assert list(PushSubscription.objects.values_list("player", flat=True)) == [ann.pk]


def test_who_has_no_subscriptions_here(round_two, vapid):
    ann = round_two.player_a
    path = f"/api/events/{ann.event_id}/push-subscriptions/"
    body = {"subscription": {"endpoint": "https://fcm.googleapis.com/fcm/send/x", "keys": KEYS}, "kinds": []}
    assert Api(APIClient()).post(path, body)[0] == 401
    assert Api(APIClient()).get(path)[0] == 401
    stranger = Api(APIClient(), make_user("stranger")[1])
    assert stranger.post(path, body)[0] == 403 and stranger.get(path)[0] == 403
    other = Event.objects.create(name="Other", date="2017-04-01", format="gg2017", created_by=make_user("o")[0])
    fay = Player.objects.create(event=other, name="Fay", faction="guild")
    assert player_api(fay).post(path, body)[0] == 403  # a key of another event
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize("body, code", [
    ({"subscription": "nope", "kinds": []}, "bad_subscription"),
    ({"subscription": {"endpoint": "ftp://x", "keys": {}}, "kinds": []}, "bad_endpoint"),
    ({"subscription": {"endpoint": "https://push.example/x", "keys": KEYS}, "kinds": []}, "bad_endpoint"),
    ({"subscription": {"endpoint": "https://10.0.0.7/x", "keys": KEYS}, "kinds": []}, "bad_endpoint"),
    ({"subscription": {"endpoint": "https://fcm.googleapis.com.evil.example/x", "keys": KEYS}, "kinds": []},
     "bad_endpoint"),
    ({"subscription": {"endpoint": "https://fcm.googleapis.com/x", "keys": {"p256dh": "short", "auth": "b"}},
      "kinds": []}, "bad_keys"),
    ({"subscription": {"endpoint": "https://fcm.googleapis.com/x", "keys": KEYS}, "kinds": ["all_in"]},
     "unknown_kind"),  # an organizer's kind, asked by a player
    ({"subscription": {"endpoint": "https://fcm.googleapis.com/x", "keys": KEYS}, "kinds": "round"}, "not_a_list"),
    ({"subscription": {"endpoint": "https://fcm.googleapis.com/x", "keys": KEYS}}, "required"),
    ({"kinds": ["round"]}, "required"),
    ({"subscription": {"endpoint": "https://fcm.googleapis.com/x", "keys": KEYS}, "kinds": [],
      "language": "xx"}, "invalid_choice"),
])
def test_a_malformed_subscription_is_a_400_and_keeps_nothing(round_two, vapid, body, code):
    vapid.OUTWARD_LOCAL = False  # the push services' rule as in production
    status, answer = player_api(round_two.player_a).post(
        f"/api/events/{round_two.player_a.event_id}/push-subscriptions/", body)
    assert status == 400 and answer["errors"][0]["code"] == code, answer
    assert not PushSubscription.objects.exists()


def test_garbage_is_a_400(round_two, vapid):
    api, path = player_api(round_two.player_a), f"/api/events/{round_two.player_a.event_id}/push-subscriptions/"
    for raw in ("[1]", "\"x\"", "{", "null"):
        assert api.call("POST", path, raw=raw)[0] == 400, raw
    assert api.call("DELETE", f"{path}99999999999999999999/")[0] == 404
    assert not PushSubscription.objects.exists()


def test_a_browsers_push_service_is_taken(round_two, vapid):
    vapid.OUTWARD_LOCAL = False
    endpoint = "https://updates.push.services.mozilla.com/wpush/v2/gAAA"
    status, kept = player_api(round_two.player_a).post(
        f"/api/events/{round_two.player_a.event_id}/push-subscriptions/",
        {"subscription": {"endpoint": endpoint, "keys": KEYS}, "kinds": ["round"]})
    assert status == 200 and PushSubscription.objects.get().endpoint == endpoint == kept["endpoint"]


def test_a_round_published_reaches_a_phone_subscribed_through_the_api(round_two, organizer_api, event, vapid,
                                                                      receiver):
    service = receiver()
    ann = round_two.player_a
    phone = Browser(service)
    assert api_subscribe(ann, phone)[0] == 200
    rnd = publish_round_three(organizer_api, event["id"])
    mine = next(g for g in rnd["games"] if ann.id in (g["player_a"], g["player_b"]))
    (request,) = [r for r in service.received if r["path"] == "/push/phone"]
    assert vapid_claims(request, vapid.VAPID_PUBLIC_KEY)["aud"] == service.url
    message = phone.read(request)
    assert message["title"] == "Round 3: you have the bye" if mine["bye"] else \
        message["title"].startswith(f"Round 3: table {mine['table']} against ")
    assert message["url"] == f"/p/{ann.key}/"


def test_the_private_pages_json_view_and_the_api_keep_one_subscription(round_two, vapid, receiver):
    ann, phone = round_two.player_a, Browser(receiver())
    Client().post(f"/p/{ann.key}/push/", json.dumps({"subscription": phone.subscription, "kinds": ["round"]}),
                  content_type="application/json")
    (listed,) = player_api(ann).get(f"/api/events/{ann.event_id}/push-subscriptions/")[1]
    assert listed["kinds"] == ["round"] and listed["endpoint"] == phone.endpoint
    Client().post(f"/p/{ann.key}/push/", json.dumps({"remove": True, "endpoint": phone.endpoint}),
                  content_type="application/json")
    assert player_api(ann).get(f"/api/events/{ann.event_id}/push-subscriptions/")[1] == []


# Discord


def test_an_organizer_sets_reads_and_removes_the_webhook(event, organizer_api):
    path = f"/api/events/{event['id']}/discord/"
    empty = {"webhook": None, "posted_at": None, "last_failure": "", "failed_at": None}
    assert organizer_api.get(path) == (200, empty)
    status, answer = organizer_api.call("PUT", path, {"discord_webhook": HOOK})
    token = HOOK.rsplit("/", 1)[1]
    assert status == 200 and answer["webhook"] == "…/webhooks/123456789012345678/••••••••" + token[-4:]
    assert token not in json.dumps(organizer_api.get(path)[1]) and DiscordHook.objects.get().url == HOOK
    assert organizer_api.call("DELETE", path) == (204, b"")
    assert organizer_api.get(path) == (200, empty) and not DiscordHook.objects.exists()


@pytest.mark.parametrize("body", [
    {"discord_webhook": "https://example.com/api/webhooks/123456789012345678/token-token-token-token"},
    {"discord_webhook": "http://discord.com/api/webhooks/123456789012345678/" + "a" * 68},
    {"discord_webhook": "https://discord.com.evil.example/api/webhooks/123456789012345678/" + "a" * 68},
    {"discord_webhook": "javascript:alert(1)"},
    {"discord_webhook": ""},
    {"discord_webhook": ["x"]},
    {},
])
def test_only_a_discord_webhook_is_taken(event, organizer_api, body):
    status, answer = organizer_api.call("PUT", f"/api/events/{event['id']}/discord/", body)
    assert status == 400 and answer["errors"][0]["attr"] == "discord_webhook", answer
    assert not DiscordHook.objects.exists()


def test_only_the_events_organizers_reach_its_discord(event, organizer_api):
    path = f"/api/events/{event['id']}/discord/"
    organizer_api.call("PUT", path, {"discord_webhook": HOOK})
    stranger = Api(APIClient(), make_user("stranger")[1])
    key = Api(APIClient(), key=Player.objects.filter(event_id=event["id"]).first().key)
    for caller, expected in ((Api(APIClient()), 401), (stranger, 403), (key, 403)):
        assert caller.get(path)[0] == expected
        assert caller.call("PUT", path, {"discord_webhook": HOOK.replace("aB3", "zzz")})[0] == expected
        assert caller.call("DELETE", path)[0] == expected
        assert caller.post(f"{path}test/")[0] == expected
    assert DiscordHook.objects.get().url == HOOK and not DiscordPost.objects.exists()


def test_a_test_post_needs_a_webhook(event, organizer_api):
    status, answer = organizer_api.post(f"/api/events/{event['id']}/discord/test/")
    assert status == 409 and answer["errors"][0]["code"] == "no_discord_webhook"


def test_a_test_post_reaches_the_channel(event, organizer_api, channel):
    receiver = channel()
    path = f"/api/events/{event['id']}/discord/"
    organizer_api.call("PUT", path, {"discord_webhook": HOOK})
    status, answer = organizer_api.post(f"{path}test/")
    assert status == 202 and answer["webhook"].startswith("…/webhooks/")
    (request,) = receiver.received
    body = json.loads(request["body"])
    assert "test from Gaining Grounds" in body["content"] and "Spring Open" in body["content"]
    assert body["allowed_mentions"] == {"parse": []}
    assert organizer_api.get(path)[1]["posted_at"] is not None
    organizer_api.post(f"{path}test/")  # each test is a post of its own
    assert len(receiver.received) == 2


def test_a_failed_test_post_is_shown_as_any_posts_failure(event, organizer_api, channel):
    channel(answers=(404,))
    path = f"/api/events/{event['id']}/discord/"
    organizer_api.call("PUT", path, {"discord_webhook": HOOK})
    assert organizer_api.post(f"{path}test/")[0] == 202
    read = organizer_api.get(path)[1]
    assert read["last_failure"].startswith("Discord answered 404") and read["failed_at"] is not None
    assert DiscordPost.objects.get().failure == "Discord answered 404"


def test_the_console_page_sends_the_same_test(event, channel):
    receiver = channel()
    organizer = Client()
    organizer.force_login(Event.objects.get(slug="spring-open").created_by)
    assert "Send a test message" not in organizer.get("/console/e/spring-open/phones/").content.decode()
    organizer.post("/console/e/spring-open/phones/", {"discord_webhook": HOOK})
    assert "Send a test message" in organizer.get("/console/e/spring-open/phones/").content.decode()
    page = organizer.post("/console/e/spring-open/phones/", {"test": "1"}, follow=True).content.decode()
    assert "Test message sent to Discord" in page
    (request,) = receiver.received
    assert "test from Gaining Grounds" in json.loads(request["body"])["content"]
    assert DiscordHook.objects.get().url == HOOK  # a test is not a new webhook
    organizer.get("/language/fr/")
    assert "Envoyer un message d’essai" in organizer.get("/console/e/spring-open/phones/").content.decode()
    organizer.post("/console/e/spring-open/phones/", {"test": "1"})
    assert "essai depuis Gaining Grounds" in json.loads(receiver.received[1]["body"])["content"]
