"""An event's Discord channel: the organizer pastes a webhook (checked, never shown back whole), a
published round and the final podium are posted to a local stand-in for Discord, "slow down" and outages
are retried, a deleted webhook is shown to the organizer."""
import json

import pytest
from django.test import Client

from notifications import discord
from notifications.models import DiscordHook, DiscordPost
from tournaments import services
from tournaments.models import Event, Game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]
HOOK = "https://discord.com/api/webhooks/123456789012345678/" + "aB3_-" * 13


@pytest.fixture
def organizer(round_two):
    client = Client()
    client.force_login(Event.objects.get(slug="spring-open").created_by)
    return client


def next_round(organizer_api, event_id, number):
    for game in Game.objects.filter(round__number=number - 1, player_b__isnull=False, result__isnull=True):
        organizer_api.post(f"/api/games/{game.pk}/result/", {"vp_a": 6, "vp_b": 2})
    status, rnd = organizer_api.post(f"/api/events/{event_id}/rounds/", {"seed": number})
    assert status == 201
    return rnd


@pytest.mark.parametrize("url", [
    "https://example.com/api/webhooks/123456789012345678/token-token-token-token",
    "http://discord.com/api/webhooks/123456789012345678/" + "a" * 68,
    "https://discord.com/api/webhooks/12/" + "a" * 68,
    "https://discord.com.evil.example/api/webhooks/123456789012345678/" + "a" * 68,
    "https://discord.com/api/webhooks/123456789012345678/" + "a" * 68 + "?x=1",
    "javascript:alert(1)",
])
def test_only_a_discord_webhook_is_taken(organizer, url):
    html = organizer.post("/console/e/spring-open/phones/", {"discord_webhook": url}).content.decode()
    assert "Paste the webhook&#x27;s address as Discord gives it" in html and not DiscordHook.objects.exists()


def test_the_webhook_is_kept_like_a_secret(organizer):
    response = organizer.post("/console/e/spring-open/phones/", {"discord_webhook": HOOK}, follow=True)
    html = response.content.decode()
    token = HOOK.rsplit("/", 1)[1]
    assert DiscordHook.objects.get().url == HOOK and token not in html and token[-4:] in html
    assert "…/webhooks/123456789012345678/" in html
    organizer.post("/console/e/spring-open/phones/", {"remove": "1"})
    assert not DiscordHook.objects.exists()
    assert Client().get("/console/e/spring-open/phones/").status_code == 302  # organizers only


def test_a_published_round_is_posted_with_its_tables_and_link(organizer, organizer_api, event, channel, settings):
    settings.SITE_URL = "https://tournaments.example.org"
    receiver = channel()
    organizer.post("/console/e/spring-open/phones/", {"discord_webhook": HOOK})
    rnd = next_round(organizer_api, event["id"], 3)
    (request,) = receiver.received
    assert request["path"] == "/api/webhooks/" + HOOK.split("/webhooks/")[1]
    body = json.loads(request["body"])
    assert body["allowed_mentions"] == {"parse": []}  # a name never pings the channel
    lines = body["content"].splitlines()
    assert lines[0] == "**Spring Open: round 3 is up**"
    assert lines[-1] == "https://tournaments.example.org/e/spring-open/rounds/3/"
    tables = [g for g in rnd["games"] if not g["bye"]]
    assert len([line for line in lines if line.startswith("Table ")]) == len(tables)
    assert any(line.startswith("Bye: ") for line in lines) == any(g["bye"] for g in rnd["games"])
    assert DiscordPost.objects.get().sent_at is not None and DiscordHook.objects.get().posted_at is not None


def test_slow_down_and_an_outage_are_retried(organizer, organizer_api, event, channel):
    receiver = channel(answers=(429, 502, 204), body=b'{"retry_after": 0.01}')
    organizer.post("/console/e/spring-open/phones/", {"discord_webhook": HOOK})
    next_round(organizer_api, event["id"], 3)
    assert len(receiver.received) == 3 and DiscordPost.objects.get().sent_at is not None
    assert DiscordHook.objects.get().last_failure == ""  # it went through in the end


def test_a_deleted_webhook_is_given_up_and_shown(organizer, organizer_api, event, channel):
    receiver = channel(answers=(404,))
    organizer.post("/console/e/spring-open/phones/", {"discord_webhook": HOOK})
    next_round(organizer_api, event["id"], 3)
    assert len(receiver.received) == 1  # not retried: it will not come back
    assert DiscordPost.objects.get().failure == "Discord answered 404"
    html = organizer.get("/console/e/spring-open/phones/").content.decode()
    assert "Discord answered 404: is the webhook deleted? Paste it again." in html
    assert "Discord answered 404" in organizer.get("/console/e/spring-open/").content.decode()  # the event page too


def test_the_final_standings_post_the_podium(organizer, organizer_api, event, channel):
    receiver = channel()
    next_round(organizer_api, event["id"], 3)
    organizer.post("/console/e/spring-open/phones/", {"discord_webhook": HOOK})
    for game in Game.objects.filter(round__number=3, player_b__isnull=False):
        organizer_api.post(f"/api/games/{game.pk}/result/", {"vp_a": 6, "vp_b": 2})
    services.event_finish(event=Event.objects.get(slug="spring-open"), by=None)
    (request,) = receiver.received
    lines = json.loads(request["body"])["content"].splitlines()
    assert lines[0] == "**Spring Open: final standings**"
    assert [line[:3] for line in lines[1:4]] == ["1. ", "2. ", "3. "]
    assert lines[-1].endswith("/e/spring-open/final/")


def test_a_long_round_fits_one_message():
    lines = [f"Table {n}: Somebody With A Long Name v Another Long Named Player" for n in range(1, 61)]
    content = discord._fitted("**Big Event: round 1 is up**", lines, "https://x.example/e/big/rounds/1/")
    assert len(content) <= discord.LIMIT and "more: https://x.example/e/big/rounds/1/" in content
    shown = sum(1 for line in content.splitlines() if line.startswith("Table "))
    assert f"…and {60 - shown} more" in content


def test_an_empty_address_is_refused_not_taken_as_a_removal(organizer):
    organizer.post("/console/e/spring-open/phones/", {"discord_webhook": HOOK})
    html = organizer.post("/console/e/spring-open/phones/", {"discord_webhook": "  "}).content.decode()
    assert "Paste the webhook&#x27;s address" in html and DiscordHook.objects.get().url == HOOK


def test_someone_who_does_not_organize_the_event_gets_a_403(organizer):
    from tests.factories import make_user

    stranger = Client()
    stranger.force_login(make_user("stranger")[0])
    assert stranger.get("/console/e/spring-open/phones/").status_code == 403
    push = stranger.post("/console/e/spring-open/phones/push/", "{}", content_type="application/json")
    assert push.status_code == 403
