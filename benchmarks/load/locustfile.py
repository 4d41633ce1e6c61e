"""The hall during a round, for locust (run by scenario.py): phones polling the round and standings
pages every 20 s, players reporting their games from their private keys, and the organizer entering
the rest and pairing the next round."""
import json
import os
import time
from itertools import count

from locust import HttpUser, between, constant, task

EVENT = json.loads(os.environ["LOAD_EVENT"])
ROUND = "/e/{slug}/rounds/2/".format(**EVENT)
STANDINGS = "/e/{slug}/standings/".format(**EVENT)
next_reporter = count()
STARTED = time.monotonic()


class Phone(HttpUser):
    """A spectator's or player's phone: polls like the round page's htmx does."""

    weight = 500
    wait_time = constant(20)

    @task(2)
    def round_page(self):
        self.client.get(ROUND, name="round page (cached)")

    @task(1)
    def standings_page(self):
        self.client.get(STANDINGS, name="standings page (cached)")


class Reporter(HttpUser):
    """A player reporting their table's result with their private key, once, then watching."""

    fixed_count = 30
    wait_time = between(5, 15)

    def on_start(self):
        self.game, self.key = EVENT["reporters"][next(next_reporter) % len(EVENT["reporters"])]
        self.reported = False

    @task
    def report(self):
        if self.reported:
            self.client.get(ROUND, name="round page (cached)")
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
