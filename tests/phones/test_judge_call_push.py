"""Issue 54, the call on the staff's phones: a judge (or an organizer) of the event allows "judge calls" for
their phone from the staff's phone page (the judge desk links to it) or the API; when a player calls a judge,
each such phone is told which table and what about, in its own language, with the calls' queue a tap opens,
through a local stand-in for the push service that decrypts it. A judge who did not allow it, a judge of
another event, a player and a phone stopped (or a judge no longer judging) hear nothing; the call itself
never waits for, nor fails with, the push."""
import json

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from judges.models import JudgeCall
from notifications.models import Push, PushSubscription
from tests.factories import event_made, make_user, round_paired
from tests.phones.receivers import Browser, vapid_claims
from tournaments.models import EventJudge

# Real commits: the call is announced once committed (transaction.on_commit), and the push leaves after it.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]
CALLS = ["judge_calls"]


@pytest.fixture
def hall(db):
    """The Spring Open in round 1 (two tables), its organizer, its judge Sam; Tia judges another event."""
    organizer, sam, tia = (make_user(name)[0] for name in ("org", "sam", "tia"))
    event = event_made(organizer, players=4)
    EventJudge.objects.create(event=event, user=sam, added_by=organizer)
    elsewhere = event_made(tia, players=2, name="Elsewhere")
    EventJudge.objects.create(event=elsewhere, user=tia, added_by=tia)
    rnd = round_paired(event, organizer)
    games = list(rnd.games.select_related("round__event", "player_a", "player_b").order_by("table"))
    return {"event": event, "elsewhere": elsewhere, "organizer": organizer, "sam": sam, "tia": tia, "games": games}


def signed_in(user, language=""):
    client = Client()
    client.force_login(user)
    if language:
        client.get(f"/language/{language}/")
    return client


def allow(client, event, browser, kinds=CALLS):
    return client.post(reverse("notifications:console-push", args=[event.slug]), json.dumps(
        {"subscription": browser.subscription, "kinds": kinds}), content_type="application/json")


def call(game, kind="rules", note=""):
    """Ann calls a judge from her private page."""
    return Client().post(reverse("public:private", args=[game.player_a.key]),
                         {"action": "judge-call", "game": game.pk, "kind": kind, "note": note})


def test_a_judge_who_allowed_calls_is_told_the_table_and_what_about(hall, vapid, receiver):
    service, event, game = receiver(), hall["event"], hall["games"][1]
    phone = Browser(service, "sam")
    answer = allow(signed_in(hall["sam"]), event, phone)
    assert answer.status_code == 200 and answer.json() == {"kinds": CALLS}
    assert call(game, "rules", "Cover and LoS").status_code == 302
    assert len(service.received) == 1
    told = phone.read(service.received[0])
    assert told["title"] == f"Table {game.table}: a judge is called (rules question)"
    assert told["url"] == reverse("judges:queue", args=[event.slug]) == f"/console/e/{event.slug}/calls/"
    assert game.player_a.name in told["body"] and game.player_b.name in told["body"]
    assert "Cover and LoS" in told["body"] and told["tag"].startswith("judge-call:")
    claims = vapid_claims(service.received[0], vapid.VAPID_PUBLIC_KEY)
    assert claims["aud"] == service.url
    assert Push.objects.get().sent_at is not None


def test_each_phone_reads_it_in_its_own_language(hall, vapid, receiver):
    service, event, game = receiver(), hall["event"], hall["games"][0]
    french, english = Browser(service, "sam"), Browser(service, "org")
    allow(signed_in(hall["sam"], "fr"), event, french)
    allow(signed_in(hall["organizer"]), event, english, kinds=["all_in", "judge_calls"])
    call(game, "time")
    by_path = {request["path"]: request for request in service.received}
    assert french.read(by_path["/push/sam"])["title"] == f"Table {game.table}\u202f: un arbitre est appelé (temps)"
    assert english.read(by_path["/push/org"])["title"] == f"Table {game.table}: a judge is called (time)"


def test_who_did_not_allow_it_or_is_not_staff_here_hears_nothing(hall, vapid, receiver):
    service, event, game = receiver(), hall["event"], hall["games"][0]
    assert allow(signed_in(hall["sam"]), event, Browser(service, "sam"), kinds=[]).status_code == 200
    # The organizer's phone told of results and disputes only, Tia's of her own event's calls.
    allow(signed_in(hall["organizer"]), event, Browser(service, "org"), kinds=["all_in", "dispute"])
    assert allow(signed_in(hall["tia"]), hall["elsewhere"], Browser(service, "tia")).status_code == 200
    assert allow(signed_in(hall["tia"]), event, Browser(service, "tia-here")).status_code == 403
    # Ann's own phone, every player's kind: a call is not one of them, nor can she ask for it.
    ann = game.player_a
    asked = Client().post(reverse("notifications:player-push", args=[ann.key]), json.dumps(
        {"subscription": Browser(service, "ann").subscription, "kinds": CALLS}), content_type="application/json")
    assert asked.status_code == 400 and asked.json()["attr"] == "kinds"
    Client().post(reverse("notifications:player-push", args=[ann.key]), json.dumps(
        {"subscription": Browser(service, "ann").subscription, "kinds": ["round", "reported", "clock", "final"]}),
        content_type="application/json")
    assert PushSubscription.objects.count() == 4
    assert call(game).status_code == 302 and JudgeCall.objects.filter(game=game).exists()
    assert not service.received and not Push.objects.exists()


def test_a_judge_chooses_only_calls_and_an_organizer_may_add_them(hall, vapid, receiver):
    service, event = receiver(), hall["event"]
    refused = allow(signed_in(hall["sam"]), event, Browser(service, "sam"), kinds=["dispute", "judge_calls"])
    assert refused.status_code == 400 and refused.json()["attr"] == "kinds" and not PushSubscription.objects.exists()
    kept = allow(signed_in(hall["organizer"]), event, Browser(service, "org"), kinds=["judge_calls", "dispute"])
    assert kept.status_code == 200 and kept.json() == {"kinds": ["dispute", "judge_calls"]}
    call(hall["games"][0], "dispute")
    assert [request["path"] for request in service.received] == ["/push/org"]


def test_a_phone_stopped_or_a_judge_removed_hears_nothing_more(hall, vapid, receiver):
    service, event = receiver(), hall["event"]
    first, second = hall["games"]
    sam, phone = signed_in(hall["sam"]), Browser(service, "sam")
    allow(sam, event, phone)
    stopped = sam.post(reverse("notifications:console-push", args=[event.slug]), json.dumps(
        {"remove": True, "endpoint": phone.endpoint}), content_type="application/json")
    assert stopped.status_code == 200 and stopped.json() == {"kinds": []} and not PushSubscription.objects.exists()
    call(first)
    assert not service.received
    allow(sam, event, phone)
    EventJudge.objects.filter(event=event, user=hall["sam"]).delete()  # no longer judging here
    call(second)
    assert not service.received and not Push.objects.exists()


def test_the_api_lets_a_judge_subscribe_list_and_stop(hall, vapid, receiver):
    service, event, game = receiver(), hall["event"], hall["games"][0]
    sam = APIClient()
    sam.force_authenticate(hall["sam"])
    phone = Browser(service, "sam")
    base = f"/api/events/{event.pk}/push-subscriptions/"
    made = sam.post(base, {"subscription": phone.subscription, "kinds": CALLS, "language": "en"}, format="json")
    assert made.status_code == 200 and made.json()["role"] == "judge" and made.json()["kinds"] == CALLS
    assert [s["id"] for s in sam.get(base).json()] == [made.json()["id"]]
    ann = APIClient()
    ann.credentials(HTTP_AUTHORIZATION=f"Key {game.player_a.key}")
    assert ann.post(f"/api/games/{game.pk}/judge-calls/", {"kind": "other"}, format="json").status_code == 201
    assert phone.read(service.received[0])["title"] == f"Table {game.table}: a judge is called (other)"
    assert sam.delete(f"{base}{made.json()['id']}/").status_code == 204 and not PushSubscription.objects.exists()
    assert ann.delete(f"/api/judge-calls/{JudgeCall.objects.get().pk}/").status_code in (200, 204)
    assert ann.post(f"/api/games/{game.pk}/judge-calls/", {"kind": "time"}, format="json").status_code == 201
    assert len(service.received) == 1  # stopped: the second call tells nobody
    tia = APIClient()
    tia.force_authenticate(hall["tia"])
    assert tia.post(base, {"subscription": phone.subscription, "kinds": CALLS}, format="json").status_code == 403


def test_the_staff_phone_page_offers_the_holders_own_choice(hall, vapid):
    event = hall["event"]
    page = reverse("notifications:console-staff-phone", args=[event.slug])
    html = signed_in(hall["sam"]).get(page).content.decode()
    assert 'value="judge_calls"' in html and 'value="dispute"' not in html
    assert f'data-url="{reverse("notifications:console-push", args=[event.slug])}"' in html
    assert reverse("judges:queue", args=[event.slug]) in html
    organizers = signed_in(hall["organizer"]).get(page).content.decode()
    assert all(f'value="{kind}"' in organizers for kind in ("all_in", "dispute", "judge_calls"))
    phones = signed_in(hall["organizer"]).get(reverse("notifications:console-phones", args=[event.slug]))
    assert 'value="judge_calls"' in phones.content.decode()
    assert signed_in(hall["tia"]).get(page).status_code == 403
    assert signed_in(hall["sam"]).get(reverse("notifications:console-phones", args=[event.slug])).status_code == 403
    assert "Appels aux arbitres sur ce téléphone" in signed_in(hall["sam"], "fr").get(page).content.decode()


def test_the_call_never_waits_for_a_push_service_that_fails(hall, vapid, receiver):
    service, event, game = receiver(answers=(500,)), hall["event"], hall["games"][0]
    allow(signed_in(hall["sam"]), event, Browser(service, "sam"))
    assert call(game).status_code == 302 and JudgeCall.objects.filter(game=game).count() == 1
    assert Push.objects.get().sent_at is None  # left for the task's retries and beat's round
