"""Every audit action reads as a sentence, with names and results in words, never a stored dictionary."""
from types import SimpleNamespace

import pytest

from audit.services import ACTIONS
from tournaments.web.audit_words import sentence

RESULT = {"outcome": "played", "vp_a": 6, "vp_b": 4, "loser": None}
EXAMPLES = {
    "judge_added": (None, {"username": "sam", "head": True, "may_correct": True}),
    "judge_changed": ({"username": "sam", "head": False, "may_correct": False},
                      {"username": "sam", "head": True, "may_correct": False}),
    "judge_removed": ({"username": "sam", "head": True, "may_correct": True}, None),
    "table_time_extended": ({"extra_minutes": 0}, {"extra_minutes": 4, "minutes": 4}),
    "ruling_recorded": (None, {"text": "Cover applies"}),
    "settings_changed": ({"rounds": 3, "self_reporting": True}, {"rounds": 4, "self_reporting": False}),
    "result_entered": ({"outcome": "played", "vp_a": 4, "vp_b": 6, "loser": None}, RESULT),
    "player_dropped": (None, {"status": "dropped", "conceded": True}),
    "player_reinstated": ({"status": "disqualified"}, {"status": "active", "disqualification_lifted": True}),
    "player_warned": (None, {"reason": "slow play", "warning": 1}),
    "seats_swapped": (None, {"forced": True}),
}


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_every_action_is_a_sentence(action):
    before, after = EXAMPLES.get(action, (RESULT, RESULT))
    record = SimpleNamespace(action=action, by="anna", player_id=1, other_player_id=2, table=3, round_number=2,
                             before=before, after=after)
    text = sentence(record, {1: "Ada", 2: "Ben"})
    assert text.startswith("anna ") and "{" not in text and ":" not in text.split(" ", 1)[0], text


def test_a_corrected_result_says_what_it_was():
    record = SimpleNamespace(action="result_entered", by="anna", player_id=1, other_player_id=2, table=3,
                             round_number=2, before=EXAMPLES["result_entered"][0], after=RESULT)
    assert sentence(record, {1: "Ada", 2: "Ben"}) == "anna entered Ada 6–4 Ben for table 3 (was Ada 4–6 Ben)"
    conceded = SimpleNamespace(**{**record.__dict__, "before": None,
                                  "after": {"outcome": "conceded", "loser": "b", "vp_a": 8, "vp_b": 0}})
    assert sentence(conceded, {1: "Ada", 2: "Ben"}) == "anna entered Ben conceded for table 3"
    settings = SimpleNamespace(**{**record.__dict__, "action": "settings_changed",
                                  "before": EXAMPLES["settings_changed"][0], "after": EXAMPLES["settings_changed"][1]})
    assert sentence(settings, {}) == "anna changed the settings: rounds 3 → 4; self-reporting on → off"
