"""Issue 54, the penalties' pages: a judge asks the ladder then gives the step they choose (advice alone gives
nothing), from the penalties page or the judge desk's form; the player sees their own penalties on their
private page and nobody else's; the public standings say the effect (−1 TP, a game lost, a disqualification)
with a mark, never the reason nor the note; the organizer sets the ladder, a judge only reads it; another
event's organizer is refused; a bad form shows its problem beside its field and changes nothing; French."""
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from judges import penalties
from judges.ladder import DISQUALIFICATION, GAME_LOSS, TP_PENALTY, WARNING
from judges.models import Penalty, PenaltyLadder
from tournaments import services
from tournaments.models import TPAdjustment


def signed_in(user, **headers) -> Client:
    client = Client(**headers)
    client.force_login(user)
    return client


def page_of(event) -> str:
    return reverse("judges:penalties", args=[event.slug])


def test_a_judge_asks_the_ladder_then_gives_the_step(floor):
    event, judge = floor["event"], floor["judge"]
    ada = floor["games"][0].player_a
    penalties.penalty_give(player=ada, by=judge, reason="slow_play", step=WARNING, note="turn 2 ran long")
    sam = signed_in(judge)
    asked = sam.post(page_of(event), {"action": "suggest", "player": ada.pk, "reason": "slow_play", "note": "again"})
    page = asked.content.decode()
    assert asked.status_code == 200
    assert ("Penalty number 2 for slow play (the harshest so far: warning): the ladder says TP penalty." in page)
    assert '<option value="tp_penalty" selected>' in page and 'value="give"' in page
    assert 'value="disqualification"' not in page  # a judge who is not the head judge does not disqualify
    assert "turn 2 ran long" in page  # the player's earlier penalties, beside the advice
    assert Penalty.objects.filter(player=ada).count() == 1 and not TPAdjustment.objects.filter(player=ada).exists()
    given = sam.post(page_of(event), {"action": "give", "player": ada.pk, "reason": "slow_play", "step": TP_PENALTY,
                                      "note": "again"})
    assert given.status_code == 302 and given["Location"] == page_of(event) + "#penalties"
    penalty = Penalty.objects.filter(player=ada).last()
    assert (penalty.step, penalty.note, penalty.adjustment.tp) == (TP_PENALTY, "again", -1)
    shown = sam.get(page_of(event)).content.decode()
    assert f"{ada.name}: TP penalty for slow play." in shown  # the message after the redirect
    assert shown.index("again") < shown.index("turn 2 ran long")  # newest first
    organizer = signed_in(floor["organizer"]).post(page_of(event), {
        "action": "suggest", "player": ada.pk, "reason": "late"})
    assert 'value="disqualification"' in organizer.content.decode()  # an organizer may disqualify


def test_the_judge_desk_gives_through_the_same_two_steps(floor):
    event, ben = floor["event"], floor["games"][1].player_b
    sam = signed_in(floor["judge"])
    desk = sam.get(reverse("console:judge-desk", args=[event.slug])).content.decode()
    assert f'action="{page_of(event)}"' in desk and 'value="suggest"' in desk and 'name="from" value="desk"' in desk
    asked = sam.post(page_of(event), {"action": "suggest", "player": ben.pk, "reason": "late", "from": "desk"})
    assert "First penalty for late: the ladder says warning." in asked.content.decode()
    assert not Penalty.objects.exists()
    given = sam.post(page_of(event), {"action": "give", "player": ben.pk, "reason": "late", "step": WARNING,
                                      "from": "desk"})
    assert given["Location"] == reverse("console:judge-desk", args=[event.slug]) + "#penalties"
    assert ben.name in sam.get(given["Location"]).context["desk_section_penalties"]["last"][0]["player"]


def test_the_player_sees_their_own_penalties_and_no_one_elses(floor):
    game = floor["games"][0]
    penalties.penalty_give(player=game.player_a, by=floor["judge"], reason="list_error", step=WARNING,
                           note="Two copies of a unique model")
    mine = Client().get(reverse("public:private", args=[game.player_a.key])).content.decode()
    assert "Your penalties" in mine and "Two copies of a unique model" in mine
    assert "list or faction error" in mine and "judge: Sam" in mine
    theirs = Client().get(reverse("public:private", args=[game.player_b.key])).content.decode()
    assert "Your penalties" not in theirs and "Two copies" not in theirs


def test_the_public_standings_say_the_effect_and_never_the_reason(floor):
    event, judge, organizer = floor["event"], floor["judge"], floor["organizer"]
    (ada, bob), (cy, dan) = ((g.player_a, g.player_b) for g in floor["games"])
    tp = penalties.penalty_give(player=ada, by=judge, reason="slow_play", step=TP_PENALTY, note="secret words")
    penalties.penalty_give(player=dan, by=judge, reason="unsportsmanlike", step=GAME_LOSS, note="shouted")
    penalties.penalty_give(player=bob, by=organizer, reason="rules_error", step=DISQUALIFICATION)
    penalties.penalty_give(player=cy, by=judge, reason="late", step=WARNING, note="ten minutes")
    page = unescape(Client().get(reverse("public:standings", args=[event.slug])).content.decode())
    assert f"\u2020 {ada.name}: \u22121 TP, a judge's penalty" in page
    assert f"\u2020 {dan.name}: game lost by a judge's penalty (round 1)" in page
    assert f"\u2020 {bob.name}: disqualified by a judge" in page
    assert '<abbr class="penalized"' in page and cy.name + ":" not in page  # a warning moves nothing
    for private in ("secret words", "shouted", "ten minutes", "slow play", "unsportsmanlike", "rules error"):
        assert private not in page
    assert "* includes bonus or penalty Tournament Points" in page  # the organizer's footnote stays
    services.tp_adjustment_remove(adjustment=tp.adjustment, by=organizer)  # taken back: no effect left
    again = unescape(Client().get(reverse("public:standings", args=[event.slug])).content.decode())
    assert f"{ada.name}: \u22121 TP" not in again and f"{dan.name}: game lost" in again


def test_the_organizer_sets_the_ladder_and_a_judge_only_reads_it(floor):
    event = floor["event"]
    boss, sam = signed_in(floor["organizer"]), signed_in(floor["judge"])
    changed = boss.post(page_of(event), {"action": "ladder", "steps": [WARNING, WARNING, "", TP_PENALTY, "", ""],
                                         "tp": "2"})
    assert changed.status_code == 302 and changed["Location"].endswith("#ladder")
    assert penalties.ladder_of(event) == ((WARNING, WARNING, TP_PENALTY), 2)
    shown = sam.get(page_of(event)).content.decode()
    assert "warning → warning → TP penalty" in shown and 'value="ladder"' not in shown
    refused = sam.post(page_of(event), {"action": "ladder", "steps": [GAME_LOSS], "tp": "1"})
    assert refused.status_code == 409 and "Only an organizer of this event may change" in refused.content.decode()
    assert penalties.ladder_of(event) == ((WARNING, WARNING, TP_PENALTY), 2)


def test_another_events_organizer_is_refused(floor):
    event, ada = floor["event"], floor["games"][0].player_a
    stray = signed_in(floor["stranger"])
    assert stray.get(page_of(event)).status_code == 403
    for body in ({"action": "give", "player": ada.pk, "reason": "late", "step": WARNING},
                 {"action": "ladder", "steps": [WARNING], "tp": "1"}):
        assert stray.post(page_of(event), body).status_code == 403
    assert not Penalty.objects.exists() and not PenaltyLadder.objects.exists()
    assert Client().get(page_of(event)).status_code == 302  # signed out: to the sign-in page


def test_a_bad_form_shows_its_problem_and_changes_nothing(floor):
    event, ada = floor["event"], floor["games"][0].player_a
    sam, boss = signed_in(floor["judge"]), signed_in(floor["organizer"])
    bad = sam.post(page_of(event), {"action": "suggest", "player": "x" * 40, "reason": "naughty", "note": "a\x00b"})
    page = bad.content.decode()
    assert bad.status_code == 400
    assert "Choose a player of this event." in page and "Name the reason" in page and "Write it as text." in page
    for body, status, words in (
            ({"player": ada.pk, "reason": "late", "step": "yellow"}, 400, "Name the step"),
            ({"player": ada.pk, "reason": "late", "step": WARNING, "note": "x" * 301}, 400, "At most 300 characters."),
            ({"player": ada.pk, "reason": "late", "step": DISQUALIFICATION}, 409, "head judge may disqualify"),
            ({"player": "", "reason": "late", "step": WARNING}, 400, "Choose a player of this event.")):
        answer = sam.post(page_of(event), {"action": "give", **body})
        assert answer.status_code == status and words in answer.content.decode(), body
    assert sam.post(page_of(event), {"action": "explode"}).status_code == 400
    assert boss.post(page_of(event), {"action": "ladder", "steps": [TP_PENALTY, WARNING], "tp": "x"}).status_code == 400
    assert boss.post(page_of(event), {"action": "ladder", "steps": [WARNING], "tp": "9" * 50}).status_code == 400
    assert not Penalty.objects.exists() and not PenaltyLadder.objects.exists()


def test_the_page_in_french(floor):
    event, ada = floor["event"], floor["games"][0].player_a
    sam = signed_in(floor["judge"], HTTP_ACCEPT_LANGUAGE="fr")
    page = sam.get(page_of(event)).content.decode()
    assert "Donner une pénalité" in page and "Échelle des pénalités" in page and "jeu lent" in page
    asked = sam.post(page_of(event), {"action": "suggest", "player": ada.pk, "reason": "slow_play"}).content.decode()
    assert "Première pénalité pour jeu lent\u202f: l’échelle indique avertissement." in asked


@pytest.mark.parametrize("page_name, marked", [("public:final", '<abbr class="penalized"'),
                                               ("public:hall", "*\u2020 TP")])
def test_the_final_standings_keep_the_footnotes(floor, page_name, marked):
    """Once the event is finished, its final standings (and the hall's projector) say the same effects as the
    standings did, with the same marks."""
    from tests.factories import finished, results_entered

    event, judge, organizer = floor["event"], floor["judge"], floor["organizer"]
    ada = floor["games"][0].player_a
    penalties.penalty_give(player=ada, by=judge, reason="slow_play", step=TP_PENALTY, note="secret words")
    results_entered(floor["games"][0].round, organizer)
    finished(event, organizer)
    page = unescape(Client().get(reverse(page_name, args=[event.slug])).content.decode())
    assert f"\u2020 {ada.name}: \u22121 TP, a judge's penalty" in page and marked in page
    assert "given by the organizer or a judge" in page and "secret words" not in page and "slow play" not in page
