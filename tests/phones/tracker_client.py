"""A phone keeping a game's score through the API, as a player's app would: one player's key (or account
token) and their game, the tracker's operations by name, and a helper that plays turns for both players.
For the tracker's own tests and any end-to-end test of a game played on phones."""
from __future__ import annotations

from rest_framework.test import APIClient

from tests.factories import Api


class TrackerClient:
    """One player's phone on one game's tracker: each call answers (status, body); `ok` ones assert 200 and
    answer the tracker."""

    def __init__(self, game_id: int, key: str | None = None, token: str | None = None, client=None):
        self.api = Api(client or APIClient(), token=token, key=key)
        self.game_id = game_id
        self.base = f"/api/games/{game_id}/tracker/"

    def call(self, what: str = "", body: dict | None = None):
        return self.api.get(self.base) if not what else self.api.post(f"{self.base}{what}/", body or {})

    def ok(self, what: str = "", body: dict | None = None) -> dict:
        status, answer = self.call(what, body)
        assert status == 200, (what, body, status, answer)
        return answer

    def read(self) -> dict:
        return self.ok()

    def line(self, turn: int, strategy: int = 0, **schemes: int) -> dict:
        return self.ok("lines", {"turn": turn, "strategy": strategy, "schemes": schemes})

    def turn(self, turn: int) -> dict:
        return self.ok("turn", {"turn": turn})

    def next_turn(self) -> dict:
        return self.turn(self.read()["turn"] + 1)

    def object(self, turn: int, note: str = "") -> dict:
        return self.ok("objections", {"turn": turn, "note": note})

    def choose(self, scheme: str, noted_model: str = "") -> dict:
        return self.ok("schemes", {"scheme": scheme, "noted_model": noted_model})

    def reveal(self, scheme: str) -> dict:
        return self.ok("reveal", {"scheme": scheme})

    def manifest(self, met: int) -> dict:
        return self.ok("manifest", {"met": met})

    def report(self) -> dict:
        return self.ok("report")

    def confirm(self):
        """The opponent's report accepted (the game's own operation, answering the game)."""
        return self.api.post(f"/api/games/{self.game_id}/confirm/")


def play_turns(first: TrackerClient, second: TrackerClient, turns: list[tuple[dict, dict]]) -> dict:
    """Each turn's figures for both players, in order: {"strategy": n, scheme key: VP, ...} for `first`, then
    for `second`, each recording their own line; `first` starts the next turn before each one whose turn
    being played has a line already (so a game goes on where it stands). Answers the tracker as `first`
    reads it after the last line."""
    for mine, theirs in turns:
        tracker = first.read()
        if any(line["turn"] == tracker["turn"] for line in tracker["lines"]):
            tracker = first.turn(tracker["turn"] + 1)
        for phone, figures in ((first, mine), (second, theirs)):
            figures = dict(figures)
            phone.line(tracker["turn"], figures.pop("strategy", 0), **figures)
    return first.read()
