"""A busy Saturday on one site, for locust (run by weekend.py): 20 events at once, each at its own
round. Phones poll their event's round and standings pages the way the htmx pages do; players report
their games from their private keys and their opponents confirm; each event's organizer enters the
results from paper slips and pairs the next round when the last one is in.

Every answer is checked: an anonymous phone must never get a signed-in page, and a personal answer
(a key, a token) must be marked no-store and never come from the proxy's cache.

Freshness: for every result entered (an organizer's, or a player's confirmation), a watcher asks the
round page as the phones do (through the proxy, no credentials) every 100 ms until the table shows its
result there; the delays go to WEEKEND_FRESHNESS for weekend.py to report.
"""
import json
import os
import random
import time
from itertools import count
from pathlib import Path

import gevent
from geventhttpclient import URL, HTTPClient
from locust import FastHttpUser, between, constant, events, task

EVENTS = json.loads(Path(os.environ["WEEKEND_EVENTS"]).read_text())
for _event in EVENTS:
    _event["open"] = list(_event["tables"])  # tables nobody has reported yet
    _event["keys"] = {}  # player id -> private key, learnt by the organizer
SIGNED_IN = 'href="/accounts/"'  # the header's "My events" link: shown to a signed-in visitor only
FROM_CACHE = ("HIT", "STALE", "UPDATING", "REVALIDATED")
organizers = count()
# A watcher asks every 0.1 s while the delay could still meet the bound, then once a second: asking ten
# times a second for a result that is late made it later still on a saturated machine (docs/performance.md,
# run 42), and past the bound a second's precision says as much.
WATCH_SECONDS, WATCH_EVERY, WATCH_CLOSELY, WATCH_LATE_EVERY = 30, 0.1, 5, 1.0
delays: list[float] = []  # seconds from a result's entry to its first public appearance (inf: never seen)


def settled(page: str, table: int) -> bool:
    """Whether the round page's fragment shows table `table` with its result confirmed."""
    for row in page.split('<li class="game">')[1:]:
        if f'<span class="table">{table}</span>' in row:
            return 'class="vp"' in row and "state-confirmed" in row
    return False


def watch(host: str, slug: str, number: int, table: int, entered: float) -> None:
    """Ask the round page as the phones do (the htmx fragment, through the proxy, no credentials) until
    table `table` shows its result; record how long that took. Being the phones' own request, it adds no
    copy for the site to keep fresh."""
    url = URL(f"{host}/e/{slug}/rounds/{number}/")
    client = HTTPClient.from_url(url, concurrency=1, network_timeout=10)
    try:
        while time.monotonic() - entered < WATCH_SECONDS:
            try:
                response = client.get(url.request_uri, headers={"HX-Request": "true", "Accept": "text/html"})
                if response.status_code == 200 and settled(response.read().decode(), table):
                    delays.append(time.monotonic() - entered)
                    return
            except (OSError, ValueError):
                pass
            gevent.sleep(WATCH_EVERY if time.monotonic() - entered < WATCH_CLOSELY else WATCH_LATE_EVERY)
        delays.append(float("inf"))
    finally:
        client.close()


def watched(user, event, table: int) -> None:
    """A result was just entered at `table` of the event's current round: time its way to the public."""
    gevent.spawn(watch, user.host, event["slug"], event["round"], table, time.monotonic())


@events.quitting.add_listener
def _write_freshness(environment, **_kw):
    target = os.environ.get("WEEKEND_FRESHNESS")
    if target:
        Path(target).write_text(json.dumps([d if d != float("inf") else None for d in delays]))


def round_path(event) -> str:
    return f"/e/{event['slug']}/rounds/{event['round']}/"


def personal(response) -> str | None:
    """What is wrong with a personal answer, if anything."""
    if response.headers.get("X-Proxy-Cache") in FROM_CACHE:
        return "a personal answer came from the proxy's cache"
    if "no-store" not in response.headers.get("Cache-Control", ""):
        return "a personal answer without no-store"
    return None


def judged(response) -> bool:
    """A personal answer marked right and a real answer (409: someone else was first, not an error)."""
    wrong = personal(response)
    if wrong:
        response.failure(wrong)
    elif response.status_code in (200, 201, 409):
        response.success()
        return True
    else:
        response.failure(f"status {response.status_code}: {response.text[:200]}")
    return False


class Phone(FastHttpUser):
    """A spectator's or player's phone on its event's pages: opens the round page when its owner sits
    down, then the page's htmx asks for the pairings every 20 s and now and then the owner reloads the
    standings, revalidating with the ETag it holds. Bigger events have more phones."""

    weight = 1
    wait_time = constant(20)

    def on_start(self):
        time.sleep(random.uniform(0, 20))
        self.event = random.choices(EVENTS, weights=[e["players"] for e in EVENTS])[0]
        self.etags = {}
        self.fetch(round_path(self.event), {}, "public: round page, open")

    def fetch(self, path, headers, name):
        key = (path, headers.get("HX-Request"))
        if key in self.etags:
            headers = {**headers, "If-None-Match": self.etags[key]}
        with self.client.get(path, headers=headers, name=name, catch_response=True) as response:
            if response.status_code == 200 and SIGNED_IN in response.text:
                response.failure("a signed-in page was given to an anonymous phone")
            elif response.status_code in (200, 304):
                self.etags[key] = response.headers.get("ETag", self.etags.get(key))
                response.success()
            else:
                response.failure(f"status {response.status_code}")

    @task(2)
    def round_poll(self):
        self.fetch(round_path(self.event), {"HX-Request": "true"}, "public: round page, htmx poll")

    @task(1)
    def standings(self):
        self.fetch(f"/e/{self.event['slug']}/standings/", {}, "public: standings page")


class Player(FastHttpUser):
    """A player whose game just ended: opens their private page, reports the score with their key, and
    their opponent confirms it with theirs (409: the organizer or the other side was first; a real
    answer, not an error)."""

    fixed_count = 40
    wait_time = between(4, 12)

    def on_start(self):
        # Each player's phone on its own network (mobile data): its own address for the rate limits,
        # as nginx would pass it on (weekend.py trusts one proxy more for this).
        self.address = f"198.18.{random.randrange(256)}.{random.randrange(1, 255)}"

    def write(self, path, body, key, name) -> int | None:
        """The answer's status when it was a real one."""
        with self.client.post(path, json=body, headers={"Authorization": f"Key {key}",
                                                        "X-Forwarded-For": self.address}, name=name,
                              catch_response=True) as response:
            return response.status_code if judged(response) else None

    @task
    def play_a_game(self):
        waiting = [e for e in EVENTS if e["open"]]
        if not waiting:
            return
        event = random.choice(waiting)
        game, key_a, key_b, table = event["open"].pop(random.randrange(len(event["open"])))
        with self.client.get(f"/p/{key_a}/", headers={"X-Forwarded-For": self.address}, name="player: private page",
                             catch_response=True) as response:
            wrong = personal(response)
            if wrong or response.status_code != 200:
                response.failure(wrong or f"status {response.status_code}")
            else:
                response.success()
        vp_a, vp_b = random.randint(0, 10), random.randint(0, 10)
        self.write(f"/api/games/{game}/report/", {"vp_a": vp_a, "vp_b": vp_b}, key_a, "player: report a result")
        if self.write(f"/api/games/{game}/confirm/", {}, key_b, "player: confirm a result") == 200:
            watched(self, event, table)


class Organizer(FastHttpUser):
    """One event's organizer at the desk: every few seconds enters a result from a paper slip (a table
    nobody reported), and once every table of the round has its result, pairs the next round; the
    event's phones and players then move to it."""

    fixed_count = 20
    wait_time = between(3, 6)

    def on_start(self):
        self.event = EVENTS[next(organizers) % len(EVENTS)]
        self.headers = {"Authorization": f"Token {self.event['token']}"}
        players = self.call("get", f"/api/events/{self.event['id']}/players/", "organizer: players")
        self.event["keys"] = {p["id"]: p["key"] for p in players or []}

    def call(self, method, path, name, body=None):
        with getattr(self.client, method)(path, json=body, headers=self.headers, name=name,
                                          catch_response=True) as response:
            if judged(response) and response.status_code != 409:
                return response.json()
        return None

    @task
    def at_the_desk(self):
        event = self.event
        if event["open"]:
            game, _, _, table = event["open"].pop(random.randrange(len(event["open"])))
            if self.call("post", f"/api/games/{game}/result/", "organizer: enter a result",
                         {"vp_a": random.randint(0, 10), "vp_b": random.randint(0, 10)}) is not None:
                watched(self, event, table)
            return
        if event["round"] >= event["rounds"]:
            return
        current = self.call("get", f"/api/events/{event['id']}/rounds/{event['round']}/", "organizer: round")
        if current is None:
            return
        unsettled = [g["id"] for g in current["games"] if not g["bye"] and g["status"] != "confirmed"]
        for game in unsettled[:1]:  # a report still waiting for its confirmation: the slip settles it
            self.call("post", f"/api/games/{game}/result/", "organizer: enter a result", {"vp_a": 5, "vp_b": 5})
        if unsettled:
            return
        paired = self.call("post", f"/api/events/{event['id']}/rounds/", "organizer: pair the next round", {})
        if paired:
            event["tables"] = [[g["id"], event["keys"].get(g["player_a"]), event["keys"].get(g["player_b"]), g["table"]]
                               for g in paired["games"] if not g["bye"]]
            event["open"] = list(event["tables"])
            event["round"] = paired["number"]
