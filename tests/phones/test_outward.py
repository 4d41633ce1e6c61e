"""Outward requests go only where they may (gaininggrounds.outward): an address is read by the parser that
sends it, only a plain https address of an allowed service is taken, the name is resolved at connection
time and refused when it leads into this network, and the connection goes to the address so checked.
Names reach Discord and mails as text, never as links. DNS here is the one stand-in: a resolver that
answers what a hostile name server would (nothing else on this machine can change what a name resolves to)."""
import json
import socket

import pytest
import requests
from django.core import mail
from django.test import Client

from gaininggrounds import outward
from notifications import discord, push, services
from notifications.models import DiscordHook, DiscordPost, Push, PushSubscription
from notifications.services import plain_text
from tests.phones.receivers import Browser, Receiver
from tests.phones.test_push import publish_round_three
from tournaments.models import Event, Game, Player

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]
KEYS = {"p256dh": "BB" + "A" * 85, "auth": "A" * 22}
HOOK = "https://discord.com/api/webhooks/123456789012345678/" + "aB3_-" * 13
REAL_LOOKUP = socket.getaddrinfo


@pytest.fixture
def dns(monkeypatch):
    """Names resolve as the test says; address literals as always. Returns the names asked, in order."""
    answers, asked = {}, []

    def lookup(host, port, *args, **kwargs):
        try:
            socket.inet_pton(socket.AF_INET6 if ":" in host else socket.AF_INET, host)
        except OSError:
            asked.append(host)
            if host not in answers:
                raise socket.gaierror(socket.EAI_NONAME, "unknown name") from None
            return [(socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port))
                    for a in answers[host]]
        return REAL_LOOKUP(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    return answers, asked


@pytest.fixture
def vapid(settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = push.vapid_pair()
    settings.VAPID_SUBJECT = "mailto:organizer@example.org"
    return settings


def subscribe_raw(key, body):
    return Client().post(f"/p/{key}/push/", body, content_type="application/json")


@pytest.mark.parametrize("endpoint", [
    "https://127.0.0.1\\.fcm.googleapis.com/x",  # urlsplit reads fcm.googleapis.com, requests sends to 127.0.0.1
    "https://fcm.googleapis.com\\@127.0.0.1/x", "https://fcm.googleapis.com#@127.0.0.1/x",
    "https://fcm.googleapis.com /x", "https://fcm.googleapis.com/x y", "https://fcm.googleapis.com/\u00e9",
    "https://fcm.googleapis.com:8443/x", "https://fcm.googleapis.com:443@127.0.0.1/x",
    "https://fcm.googleapis.com./x", "https://fcm.googleapis.com/x#fragment", "//fcm.googleapis.com/x",
    "https://xn--fcm-googleapis-com.example/x", "https://fcm.googleapis.com:abc/x",
    "https://fcm.googleapis.com/" + "%zz" * 320,  # 987 characters as typed, 1627 as requests sends it
])
def test_an_address_is_taken_only_as_requests_would_send_it(endpoint):
    assert outward.destination(endpoint, push.PUSH_SERVICES) is None


def test_a_plain_address_is_taken_as_it_is_sent():
    url = "https://updates.push.services.mozilla.com/wpush/v2/gAAA?x=1"
    assert outward.destination(url, push.PUSH_SERVICES) == url
    assert outward.destination("https://FCM.googleapis.com:443/fcm/send/a", push.PUSH_SERVICES) is not None


def test_the_backslash_address_is_refused_by_the_push_endpoint(round_two, vapid):
    response = subscribe_raw(round_two.player_a.key, json.dumps(
        {"subscription": {"endpoint": "https://127.0.0.1\\.fcm.googleapis.com/x", "keys": KEYS}, "kinds": ["round"]}))
    assert response.status_code == 400 and response.json()["attr"] == "endpoint"
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize("body", [
    json.dumps({"subscription": {"endpoint": "https://fcm.googleapis.com:abc/x", "keys": KEYS}, "kinds": ["round"]}),
    '{"subscription": {"endpoint": "https://fcm.googleapis.com/x\\ud800", "keys": {"p256dh": "'
    + KEYS["p256dh"] + '", "auth": "' + KEYS["auth"] + '"}}, "kinds": ["round"]}',
    '{"remove": true, "endpoint": "https://fcm.googleapis.com/x\\ud800"}',
    '{"subscription": ' * 100_000 + "{}" + "}" * 100_000,
    "[" * 100_000 + "]" * 100_000,
])
def test_malformed_subscriptions_are_clear_400s(round_two, vapid, body):
    """Each a clear answer, never a 500: a refusal with its reason, or the removal of nothing kept."""
    response = subscribe_raw(round_two.player_a.key, body)
    answer = response.json()
    assert (response.status_code, answer.get("kinds")) == (200, []) if "remove" in body else (
        response.status_code == 400 and answer["detail"])
    assert not PushSubscription.objects.exists()


def test_a_name_that_leads_into_this_network_is_never_connected(dns, settings):
    answers, asked = dns
    for inside in (["127.0.0.1"], ["10.0.0.7"], ["169.254.169.254"], ["::1"], ["::ffff:127.0.0.1"],
                   ["93.184.216.34", "192.168.1.1"], ["100.64.0.1"], ["0.0.0.0"], ["64:ff9b::a00:1"],
                   ["2002:7f00:1::1"], ["::7f00:1"], ["2001:0:4136:e378:8000:63bf:3fff:fdd2"]):
        answers["fcm.googleapis.com"] = inside
        with pytest.raises(outward.Refused):
            outward.Session(push.PUSH_SERVICES).post("https://fcm.googleapis.com/fcm/send/x", data=b"", timeout=2)
    assert asked.count("fcm.googleapis.com") == 12
    answers["fcm.googleapis.com"] = ["93.184.216.34", "2a00:1450:4007:80c::200a"]
    assert outward.public_address("fcm.googleapis.com", 443) == "93.184.216.34"


def test_a_name_that_does_not_resolve_now_is_a_connection_error_to_retry(dns):
    """A DNS hiccup is not a refusal: push and Discord retry a requests error, never a refusal."""
    with pytest.raises(requests.ConnectionError):
        outward.Session(push.PUSH_SERVICES).post("https://fcm.googleapis.com/fcm/send/x", data=b"", timeout=2)


def test_discord_is_tried_again_after_a_dns_hiccup(round_two, organizer_api, event, dns):
    hooked()
    publish_round_three(organizer_api, event["id"])
    post = DiscordPost.objects.get()
    assert post.failure == "" and post.sent_at is None  # left for beat's next round
    assert DiscordHook.objects.get().last_failure == "Discord did not answer; trying again"


def test_the_connection_goes_to_the_address_checked_not_a_second_lookup(dns, settings):
    """Resolved once, connected to that address: a name server answering otherwise the second time (DNS
    rebinding) is never asked again. The stand-in listens on 127.0.0.1, so local addresses are let through."""
    settings.OUTWARD_LOCAL = True
    answers, asked = dns
    receiver = Receiver((204,))
    try:
        answers["push.example"] = ["127.0.0.1"]
        port = receiver.url.rsplit(":", 1)[1]
        answer = outward.Session(("push.example",)).post(f"http://push.example:{port}/x", data=b"hi", timeout=5)
        assert answer.status_code == 204 and asked == ["push.example"]
        assert receiver.received[0]["headers"]["host"] == f"push.example:{port}"
    finally:
        receiver.close()


def test_a_push_whose_service_now_resolves_inside_is_given_up_not_sent(round_two, organizer_api, event, vapid, dns):
    answers, _ = dns
    endpoint = "https://fcm.googleapis.com/fcm/send/abc"
    response = subscribe_raw(round_two.player_a.key, json.dumps(
        {"subscription": {"endpoint": endpoint, "keys": Browser(Receiver()).subscription["keys"]},
         "kinds": ["round"]}))
    assert response.status_code == 200
    answers["fcm.googleapis.com"] = ["127.0.0.1"]
    publish_round_three(organizer_api, event["id"])
    assert Push.objects.get().failure == "push service address refused" and Push.objects.get().sent_at is None


def test_a_subscription_kept_from_a_looser_rule_is_dropped_unsent(round_two, organizer_api, event, vapid):
    kept = PushSubscription.objects.create(event=round_two.round.event, player=round_two.player_a, kinds=["round"],
                                           endpoint="https://127.0.0.1\\.fcm.googleapis.com/x", language="en",
                                           **KEYS)
    publish_round_three(organizer_api, event["id"])
    assert not PushSubscription.objects.filter(pk=kept.pk).exists()


def test_discord_is_never_posted_to_inside_this_network(round_two, organizer_api, event, dns, settings):
    answers, _ = dns
    answers["discord.com"] = ["10.1.2.3"]
    hooked()
    publish_round_three(organizer_api, event["id"])
    assert DiscordPost.objects.get().failure == "address refused"
    assert DiscordHook.objects.get().last_failure == "Discord's address did not lead to Discord: not posted."


def hooked():
    """The Spring Open's organizer pastes the Discord webhook."""
    organizer = Client()
    organizer.force_login(Event.objects.get(slug="spring-open").created_by)
    organizer.post("/console/e/spring-open/phones/", {"discord_webhook": HOOK})


PHISH = "[Claim your prize](https://phish.example/claim) <@123> @everyone **x**"


def test_names_reach_discord_as_text(round_two, organizer_api, event, settings):
    receiver = Receiver((204,))
    settings.DISCORD_API_ORIGIN, settings.OUTWARD_LOCAL = receiver.url, True
    try:
        Player.objects.filter(pk=round_two.player_a_id).update(name=PHISH)
        hooked()
        publish_round_three(organizer_api, event["id"])
        content = json.loads(receiver.received[0]["body"])["content"]
    finally:
        receiver.close()
    escaped = discord.text(PHISH)
    assert escaped in content and "](https://phish" not in content and "<@123>" not in content
    assert escaped == ("\\[Claim your prize\\]\\(https\\:\\/\\/phish\\.example\\/claim\\) \\<\\@123\\> "
                       "\\@everyone \\*\\*x\\*\\*")


def test_names_reach_mails_as_text_and_the_sites_own_links_stay(round_two, settings):
    """Round 2's mails, told again once the opponent has an address: the phishing name is no link."""
    settings.SITE_URL = "https://gg.example.org"
    Player.objects.filter(pk=round_two.player_a_id).update(name=PHISH + " www.phish.example")
    Player.objects.filter(pk=round_two.player_b_id).update(email="bob@example.org")
    mail.outbox.clear()
    rnd = round_two.round
    services.round_published(rnd, list(Game.objects.filter(round=rnd)))
    (sent,) = [m for m in mail.outbox if m.to == ["bob@example.org"]]
    assert "Claim your prize" in sent.subject
    for text in (sent.subject, sent.body):
        assert "https://phish" not in text and "www.phish" not in text and "hxxps[://]phish[.]example/claim" in text
    assert plain_text("Open https://gg.example.org/p/abc/ now") == "Open https://gg.example.org/p/abc/ now"
    assert plain_text("https://gg.example.org.phish.example/x") == "hxxps[://]gg[.]example[.]org[.]phish[.]example/x"
