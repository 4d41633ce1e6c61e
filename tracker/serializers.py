"""The live tracker as the API reads and writes it: what one of a game's two players may see of it (the
same parts as the private page's tracker, raw: keys and figures, with the schemes' names in the request's
language), and the bodies of the writes. Only the reader's own schemes are whole; of the opponent's, the
revealed ones only (tracker.sheet.schemes_seen), so no answer tells what they chose in secret."""
from __future__ import annotations

from rest_framework import serializers

from scoring.avatars import ManifestCost, manifest_cost
from scoring.report import SIDES, other_side
from tournaments.models import GAME_STATUSES
from tracker import selectors, services, sheet
from tracker.services import NO_NOTE
from tracker.web import MANIFEST_WORDS, scheme_name


class LineSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=SIDES, help_text="Whose figures: a or b.")
    turn = serializers.IntegerField()
    strategy = serializers.IntegerField(help_text="The turn's strategy VP.")
    schemes = serializers.DictField(child=serializers.IntegerField(), help_text="Scheme key -> VP scored this "
                                    "turn (those that scored only: scoring a scheme reveals it).")
    vp = serializers.IntegerField(help_text="The turn's VP: strategy and schemes.")
    by = serializers.ChoiceField(choices=SIDES, help_text="The side that recorded the line.")
    objected = serializers.BooleanField(help_text="The other side objects to it, until it is recorded again.")
    note = serializers.CharField(allow_blank=True, help_text="The objection's note (empty: none given, or no "
                                 "objection).")


class TrackerSchemeSerializer(serializers.Serializer):
    scheme = serializers.CharField(help_text="The scheme's key in the format.")
    name = serializers.CharField(help_text="Its name, in the request's language where the format has one.")
    noted_model = serializers.CharField(allow_blank=True, help_text="What its owner noted with it.")
    revealed = serializers.BooleanField()


class SchemeChoiceSerializer(serializers.Serializer):
    scheme = serializers.CharField()
    name = serializers.CharField()


class SidesSerializer(serializers.Serializer):
    a = serializers.IntegerField()
    b = serializers.IntegerField()


class SeenSchemesSerializer(serializers.Serializer):
    a = TrackerSchemeSerializer(many=True)
    b = TrackerSchemeSerializer(many=True)


class ManifestSerializer(serializers.Serializer):
    met = serializers.IntegerField(help_text="How many of the reader's Avatar's two Manifest requirements are met.")
    cost = serializers.ChoiceField(choices=[c.value for c in ManifestCost], help_text="What Manifest costs this "
                                   "turn.")
    words = serializers.CharField(help_text="The same, in words.")


class TrackerSerializer(serializers.Serializer):
    """A game's tracker as one of its players reads it."""

    game = serializers.IntegerField()
    side = serializers.ChoiceField(choices=SIDES, help_text="The reader's side of the game.")
    status = serializers.ChoiceField(choices=GAME_STATUSES, help_text="Where the game's result stands.")
    open = serializers.BooleanField(help_text="Whether the players may keep the score here now.")
    closed = serializers.CharField(allow_null=True, help_text="Why not, as the code a write would be refused "
                                   "with (`result_confirmed`, `round_over`, `event_finished`, `mission_unknown`, "
                                   "`not_your_game`); null while open.")
    started = serializers.BooleanField(help_text="A line is recorded.")
    turn = serializers.IntegerField(help_text="The turn being played.")
    last_turn = serializers.IntegerField(help_text="The format's last turn.")
    back = serializers.IntegerField(allow_null=True, help_text="The turn the players may go back to (a turn started "
                                    "too soon, never before a turn with a line); null: none.")
    totals = SidesSerializer(help_text="Each side's VP so far.")
    lines = LineSerializer(many=True, help_text="Both sides' lines, turn by turn.")
    objected = serializers.BooleanField(help_text="A line stands objected: the report waits until it is recorded "
                                        "again.")
    schemes = SeenSchemesSerializer(help_text="Each side's schemes as the reader may see them: all of their own, "
                                    "the opponent's revealed ones only.")
    choices = SchemeChoiceSerializer(many=True, help_text="The schemes the reader may choose next.")
    manifest = ManifestSerializer(allow_null=True, help_text="M2E: the reader's Avatar; null in other editions.")
    may_report = serializers.BooleanField(help_text="Whether the reader may end the game into a report now (as the "
                                          "page offers it): open, started, no line objected, the event's players "
                                          "report, and no report of the opponent's to answer instead.")


def tracker_of(game, player) -> dict:
    """The tracker as `player` (one of the game's two) reads it; `game` with its round, event and result."""
    state = selectors.tracker_seen(game, player)
    tracker, fmt, mine = state["tracker"], state["format"], state["mine"]
    why = services.closed(game)
    objected = any(line["objection"] for line in tracker.lines)
    versions = {version.side for version in game.reports.all()}
    body = {
        "game": game.pk, "side": mine, "status": game.result_status(), "open": why is None,
        "closed": why.problems[0].code if why else None, "started": bool(tracker.lines), "turn": tracker.turn,
        "last_turn": fmt.turns_max, "back": state["back"] if why is None else None,
        "totals": sheet.totals(tracker.lines), "objected": objected,
        "lines": [{"side": line["side"], "turn": line["turn"], "strategy": line["strategy"],
                   "schemes": line["schemes"], "vp": line["strategy"] + sum(line["schemes"].values()),
                   "by": line["by"], "objected": bool(line["objection"]),
                   "note": "" if line["objection"] == NO_NOTE else line["objection"]} for line in tracker.lines],
        "schemes": {side: [{**s, "name": scheme_name(fmt, s["scheme"])} for s in seen]
                    for side, seen in state["seen"].items()},
        "choices": [{"scheme": key, "name": scheme_name(fmt, key)} for key in state["choices"]] if why is None else [],
        "manifest": None,
        "may_report": (why is None and bool(tracker.lines) and not objected and game.round.event.self_reporting
                       and other_side(mine) not in versions),
    }
    if fmt.edition == "M2E":
        met = tracker.manifest.get(mine, 0)
        cost = manifest_cost(tracker.turn, met)
        body["manifest"] = {"met": met, "cost": cost.value, "words": str(MANIFEST_WORDS[cost])}
    return TrackerSerializer(body).data


class LineInputSerializer(serializers.Serializer):
    turn = serializers.IntegerField(help_text="The turn (played already, or the one being played).")
    strategy = serializers.IntegerField(default=0, help_text="Strategy VP this turn (0 to 20).")
    schemes = serializers.DictField(child=serializers.IntegerField(), default=dict, help_text="The reader's own "
                                    "schemes' VP this turn, by key (chosen first); a scheme scored is revealed.")


class TurnInputSerializer(serializers.Serializer):
    turn = serializers.IntegerField(help_text="The next turn, or back to one before (never before a line).")


class ObjectionInputSerializer(serializers.Serializer):
    turn = serializers.IntegerField(help_text="The turn of the opponent's line.")
    note = serializers.CharField(default="", allow_blank=True, trim_whitespace=False,
                                 help_text=f"Why, optional (kept to {services.NOTE_LENGTH} characters).")


class SchemeInputSerializer(serializers.Serializer):
    scheme = serializers.CharField(max_length=80, help_text="The scheme's key (one of `choices`).")
    noted_model = serializers.CharField(default="", allow_blank=True, help_text="What the scheme asks to note (a "
                                        "model, a marker), kept to 60 characters; secret until revealed.")


class RevealInputSerializer(serializers.Serializer):
    scheme = serializers.CharField(max_length=80, help_text="One of the reader's chosen schemes.")


class ManifestInputSerializer(serializers.Serializer):
    met = serializers.IntegerField(help_text="How many of the Avatar's two Manifest requirements are met: 0, 1 or 2.")
