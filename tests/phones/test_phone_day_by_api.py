"""Issue 53, done when: a scripted client using only the API, over HTTP, does what a phone does on the day.
The organizer's app makes the event and publishes round 1; Ann's phone subscribes to web push with her
private key and receives her round on a local push service (decrypted with the phone's own keys); Ann and
her opponent keep three turns on the live tracker, the opponent objects to Ann's first turn and Ann records
it again (the same figures stand); Ann reports from the tracker and the opponent confirms: a real HTTP client
(requests) asking only /api/."""
import re

import pytest
import requests

from tests.phones.receivers import Browser, Receiver
from tournaments.models import Game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]


class Client:
    """A JSON client over HTTP with one identity: a token (an organizer's app) or a key (a phone)."""

    def __init__(self, base: str, token: str | None = None, key: str | None = None):
        self.base, self.session = f"{base}/api", requests.Session()
        if token or key:
            self.session.headers["Authorization"] = f"Token {token}" if token else f"Key {key}"

    def call(self, method: str, path: str, body=None, expect: int = 200):
        answer = self.session.request(method, self.base + path, json=body, timeout=10)
        assert answer.status_code == expect, (method, path, answer.status_code, answer.text[:500])
        return answer.json() if answer.content else None

    def get(self, path, **kw):
        return self.call("GET", path, **kw)

    def post(self, path, body=None, **kw):
        return self.call("POST", path, {} if body is None else body, **kw)


def test_a_phone_on_the_day_through_the_api_alone(live_server, django_user_model, vapid):
    django_user_model.objects.create_user("td", password="td-Pass-12345")
    anonymous = Client(live_server.url)
    token = anonymous.post("/auth/token/", {"username": "td", "password": "td-Pass-12345"})["token"]
    desk = Client(live_server.url, token=token)
    event = desk.post("/events/", {"name": "Phone Day", "date": "2017-06-03", "format": "gg2017", "rounds": 3},
                      expect=201)
    for name, faction in (("Ann", "guild"), ("Bob", "arcanists"), ("Cid", "neverborn"), ("Dee", "outcasts")):
        desk.post(f"/events/{event['id']}/players/", {"name": name, "faction": faction}, expect=201)
    listed = desk.get(f"/events/{event['id']}/players/")
    keys = {p["name"]: re.search(r"/p/([^/]+)/", p["link"]).group(1) for p in listed}
    names = {p["id"]: p["name"] for p in listed}

    service = Receiver()
    try:
        phone, ann = Browser(service), Client(live_server.url, key=keys["Ann"])
        assert ann.get("/push/key/")["public_key"] == vapid.VAPID_PUBLIC_KEY
        ann.post(f"/events/{event['id']}/push-subscriptions/", {"subscription": phone.subscription,
                                                                  "kinds": ["round"]})
        rnd = desk.post(f"/events/{event['id']}/rounds/", {"seed": 1}, expect=201)
        game = next(g for g in rnd["games"] if "Ann" in (names[g["player_a"]], names.get(g["player_b"])))
        (sent,) = [r for r in service.received if r["path"] == "/push/phone"]
        message = phone.read(sent)
        assert message["title"].startswith(f"Round 1: table {game['table']} against ")
        assert message["url"] == f"/p/{keys['Ann']}/"
    finally:
        service.close()

    ann_is_a = names[game["player_a"]] == "Ann"
    other = names[game["player_b"] if ann_is_a else game["player_a"]]
    theirs = Client(live_server.url, key=keys[other])
    tracker = f"/games/{game['id']}/tracker/"
    for turn, (mine, their) in enumerate(((0, 0), (1, 1), (1, 0)), start=1):
        if turn > 1:
            ann.post(f"{tracker}turn/", {"turn": turn})
        ann.post(f"{tracker}lines/", {"turn": turn, "strategy": mine, "schemes": {}})
        theirs.post(f"{tracker}lines/", {"turn": turn, "strategy": their, "schemes": {}})
    theirs.post(f"{tracker}objections/", {"turn": 1, "note": "Let us check turn 1 again"})
    held = ann.post(f"{tracker}report/", expect=409)
    assert "objection_open" in str(held)
    ann.post(f"{tracker}lines/", {"turn": 1, "strategy": 0, "schemes": {}})
    seen = ann.get(tracker)
    assert seen["turn"] == 3 and not any(line["objected"] for line in seen["lines"])
    ann.post(f"{tracker}report/")
    confirmed = theirs.post(f"/games/{game['id']}/confirm/")
    assert confirmed["status"] == "confirmed"

    stored = Game.objects.select_related("result").get(pk=game["id"])
    assert (stored.result.vp_a, stored.result.vp_b) == ((2, 1) if ann_is_a else (1, 2))
    assert stored.result.turns == 3
