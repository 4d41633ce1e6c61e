"""The hall during a round, for locust (run by scenario.py): phones polling the round and standings
pages every 20 s, players reporting their games from their private keys, and the organizer entering
the rest and pairing the next round."""
import json
import os
import random
import time
from itertools import count

from locust import HttpUser, between, constant, task

EVENT = json.loads(os.environ["LOAD_EVENT"])
ROUND = "/e/{slug}/rounds/2/".format(**EVENT)
STANDINGS = "/e/{slug}/standings/".format(**EVENT)
next_reporter = count()
STARTED = time.monotonic()


class Browser(HttpUser):
    """A phone's browser: it keeps each page's ETag and revalidates with If-None-Match, since the
    pages say `no-cache` with an ETag."""

    abstract = True

    def fetch(self, path, headers, name):
        key = (path, headers.get("HX-Request"))
        if key in self.etags:
            headers = {**headers, "If-None-Match": self.etags[key]}
        with self.client.get(path, headers=headers, name=name, catch_response=True) as response:
            if response.status_code in (200, 304):
                self.etags[key] = response.headers.get("ETag", self.etags.get(key))
                response.success()


class Phone(Browser):
    """A spectator's or player's phone, as its browser behaves: opens the round page when its owner
    sits down (not all in the same second), then the page's htmx asks for the pairings every 20 s and
    the owner now and then reloads the standings."""

    weight = 500
    wait_time = constant(20)

    def on_start(self):
        time.sleep(random.uniform(0, 20))  # locust's gevent makes this sleep cooperative
        self.etags = {}
        self.fetch(ROUND, {}, "round page: open")

    @task(2)
    def round_poll(self):
        self.fetch(ROUND, {"HX-Request": "true"}, "round page: htmx poll")

    @task(1)
    def standings_page(self):
        self.fetch(STANDINGS, {}, "standings page: reload")


class Reporter(Browser):
    """A player reporting their table's result with their private key, once, then watching the round
    page (its htmx polls)."""

    fixed_count = 30
    wait_time = between(5, 15)

    def on_start(self):
        time.sleep(random.uniform(0, 20))  # games end at different moments, not all in one second
        self.game, self.key = EVENT["reporters"][next(next_reporter) % len(EVENT["reporters"])]
        self.reported = False
        self.etags = {}

    @task
    def report(self):
        if self.reported:
            self.fetch(ROUND, {"HX-Request": "true"}, "round page: htmx poll")
            return
        with self.client.post(f"/api/games/{self.game}/report/", json={"vp_a": 6, "vp_b": 4},
                              headers={"Authorization": f"Key {self.key}"}, name="report a result",
                              catch_response=True) as response:
            # 409: the organizer entered this table first; a real answer, not an error.
            if response.status_code in (200, 409):
                response.success()
        self.reported = True


class Organizer(HttpUser):
    """After a while, enters every result still missing and pairs the next round, once."""

    fixed_count = 1
    wait_time = constant(1)
    done = False

    @task
    def close_the_round(self):
        if Organizer.done or time.monotonic() - STARTED < 20:
            return
        Organizer.done = True
        headers = {"Authorization": f"Token {EVENT['token']}"}
        games = self.client.get(f"/api/events/{EVENT['id']}/rounds/2/", headers=headers,
                                name="organizer: round").json()["games"]
        for game in games:
            if game["status"] != "confirmed" and not game["bye"]:
                self.client.post(f"/api/games/{game['id']}/result/", json={"vp_a": 5, "vp_b": 5}, headers=headers,
                                 name="organizer: enter a result")
        self.client.post(f"/api/events/{EVENT['id']}/rounds/", json={}, headers=headers,
                         name="organizer: pair the next round")
