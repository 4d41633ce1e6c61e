"""Issue 54, the call: a player calls a judge to their table, both players see the call and who is on the
way, a judge takes it and closes it with a ruling both players then see; a call withdrawn; a flood stopped;
the same rules behind the page and the API; the audit trail and the backup carry it."""
import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from audit.models import AuditRecord
from judges import selectors, services
from judges.models import JudgeCall, Ruling
from scoring.problems import Conflict, Invalid


def test_a_call_taken_and_closed_with_a_ruling(floor):
    game, judge = floor["games"][0], floor["judge"]
    call = services.call_open(game=game, player=game.player_a, kind="rules", note="Cover and LoS")
    assert selectors.queue(floor["event"]) == [call]
    services.call_take(call=call, by=judge)
    ruling = services.call_close(call=call, by=judge, text="Soft cover applies.", rule="p. 34")
    call.refresh_from_db()
    assert not call.is_open and call.taken_by == judge and ruling.call == call
    assert selectors.queue(floor["event"]) == [] and selectors.game_rulings(game) == [ruling]
    stats = selectors.statistics(floor["event"])
    assert stats["calls"] == 1 and stats["answered"] == 1 and stats["median_wait"] is not None
    actions = list(AuditRecord.objects.filter(event=floor["event"], action__startswith="judge_").values_list(
        "action", "by"))
    assert ("judge_called", f"{game.player_a.name} (player)") in actions and ("judge_call_taken", "sam") in actions
    assert AuditRecord.objects.filter(action="ruling_recorded", by="sam", table=game.table).exists()


def test_one_open_call_per_table_and_a_flood_stops(floor):
    game = floor["games"][0]
    first = services.call_open(game=game, player=game.player_a, kind="time")
    with pytest.raises(Conflict) as refused:
        services.call_open(game=game, player=game.player_b, kind="rules")
    assert refused.value.problems[0].code == "call_open"
    services.call_withdraw(call=first, player=game.player_a)
    for _ in range(services.CALLS_PER_ROUND - 1):
        services.call_withdraw(call=services.call_open(game=game, player=game.player_a, kind="other"),
                               player=game.player_a)
    with pytest.raises(Conflict) as refused:
        services.call_open(game=game, player=game.player_a, kind="other")
    assert refused.value.problems[0].code == "too_many_calls"
    assert JudgeCall.objects.filter(game=game).count() == services.CALLS_PER_ROUND


def test_refusals_change_nothing(floor):
    game, other = floor["games"]
    with pytest.raises(Invalid):
        services.call_open(game=game, player=game.player_a, kind="lunch")
    with pytest.raises(Conflict):
        services.call_open(game=game, player=other.player_a, kind="rules")
    call = services.call_open(game=game, player=game.player_a, kind="rules")
    with pytest.raises(Conflict):
        services.call_withdraw(call=call, player=game.player_b)
    with pytest.raises(Conflict):
        services.call_take(call=call, by=floor["stranger"])
    with pytest.raises(Invalid):
        services.call_close(call=call, by=floor["judge"], text="  ")
    with pytest.raises(Invalid):
        services.call_close(call=call, by=floor["judge"], text="x" * 1001)
    call.refresh_from_db()
    assert call.is_open and call.taken_by is None and not Ruling.objects.exists()


def test_both_players_pages_show_the_call_and_the_ruling(floor):
    game, judge = floor["games"][0], floor["judge"]
    ann, bob = Client(), Client()
    page = reverse("public:private", args=[game.player_a.key])
    answer = ann.post(page, {"action": "judge-call", "game": game.pk, "kind": "dispute", "note": "LoS"})
    assert answer.status_code == 302 and JudgeCall.objects.filter(game=game, kind="dispute").exists()
    shown = bob.get(reverse("public:private", args=[game.player_b.key]))
    assert shown.context["judge_call"]["open"] is not None and not shown.context["judge_call"]["mine"]
    call = JudgeCall.objects.get(game=game)
    services.call_take(call=call, by=judge)
    assert bob.get(reverse("public:private", args=[game.player_b.key])).context["judge_call"]["taker"] == "Sam"
    services.call_close(call=call, by=judge, text="Both models see each other.")
    for key in (game.player_a.key, game.player_b.key):
        context = Client().get(reverse("public:private", args=[key])).context["judge_call"]
        assert context["open"] is None and [r.text for r in context["rulings"]] == ["Both models see each other."]
    other = floor["games"][1]
    assert Client().get(reverse("public:private", args=[other.player_a.key])).context["judge_call"]["rulings"] == []


def test_the_queue_and_rulings_pages_are_staff_only(floor):
    event, game = floor["event"], floor["games"][0]
    call = services.call_open(game=game, player=game.player_a, kind="rules", note="Hazardous terrain")
    queue, rulings = (reverse(f"judges:{name}", args=[event.slug]) for name in ("queue", "rulings"))
    judge = Client()
    judge.force_login(floor["judge"])
    assert b"Hazardous terrain" in judge.get(queue).content
    assert b"Hazardous terrain" in judge.get(reverse("console:judge-desk", args=[event.slug])).content
    judge.post(queue, {"call": call.pk, "action": "take", "from": "desk"})
    judge.post(queue, {"call": call.pk, "action": "close", "text": "Two damage on entry.", "rule": "Terrain"})
    assert Ruling.objects.get().text == "Two damage on entry."
    found = judge.get(rulings, {"q": game.player_a.name})
    assert b"Two damage on entry." in found.content and found.context["stats"] is None  # the organizer's
    assert judge.get(rulings, {"q": "nothing like it"}).context["rulings"] == []
    organizer = Client()
    organizer.force_login(floor["organizer"])
    assert organizer.get(rulings).context["stats"]["answered"] == 1
    stranger = Client()
    stranger.force_login(floor["stranger"])
    assert stranger.get(queue).status_code == 403 and stranger.get(rulings).status_code == 403
    assert stranger.post(queue, {"call": call.pk, "action": "take"}).status_code == 403
    assert judge.post(queue, {"call": "x" * 30, "action": "take"}).status_code == 404


def test_the_api(floor):
    event, game, judge = floor["event"], floor["games"][0], floor["judge"]
    ann, bob, sam, stray = APIClient(), APIClient(), APIClient(), APIClient()
    ann.credentials(HTTP_AUTHORIZATION=f"Key {game.player_a.key}")
    bob.credentials(HTTP_AUTHORIZATION=f"Key {game.player_b.key}")
    sam.force_authenticate(judge)
    stray.force_authenticate(floor["stranger"])
    made = ann.post(f"/api/games/{game.pk}/judge-calls/", {"kind": "time", "note": "Slow"}, format="json")
    assert made.status_code == 201, made.content
    call = made.json()["id"]
    again = bob.post(f"/api/games/{game.pk}/judge-calls/", {"kind": "time"}, format="json")
    assert again.status_code == 409 and again.json()["errors"][0]["code"] == "call_open"
    assert ann.post(f"/api/games/{game.pk}/judge-calls/", {"kind": "x"}, format="json").status_code == 400
    assert bob.delete(f"/api/judge-calls/{call}/").status_code == 409
    assert stray.get(f"/api/events/{event.pk}/judge-calls/?open=1").status_code == 403
    assert ann.get(f"/api/events/{event.pk}/judge-calls/?open=1").status_code in (401, 403)
    queue = sam.get(f"/api/events/{event.pk}/judge-calls/?open=1").json()
    assert [c["id"] for c in queue] == [call] and queue[0]["table"] == game.table
    assert sam.post(f"/api/judge-calls/{call}/take/").json()["taken_by"] == "Sam"
    assert stray.post(f"/api/judge-calls/{call}/close/", {"text": "No"}, format="json").status_code == 403
    assert sam.post(f"/api/judge-calls/{call}/close/", {"text": ""}, format="json").status_code == 400
    closed = sam.post(f"/api/judge-calls/{call}/close/", {"text": "Call time.", "rule": "Timing"}, format="json")
    assert closed.status_code == 201
    assert sam.post(f"/api/judge-calls/{call}/take/").status_code == 409
    for client in (ann, bob, sam):
        assert [r["text"] for r in client.get(f"/api/games/{game.pk}/rulings/").json()] == ["Call time."]
    other = APIClient()
    other.credentials(HTTP_AUTHORIZATION=f"Key {floor['games'][1].player_a.key}")
    assert other.get(f"/api/games/{game.pk}/rulings/").status_code == 403
    assert stray.get(f"/api/games/{game.pk}/rulings/").status_code == 403
    assert sam.get(f"/api/events/{event.pk}/rulings/?q=timing").json()[0]["rule"] == "Timing"
    withdrawn = ann.post(f"/api/games/{game.pk}/judge-calls/", {"kind": "rules"}, format="json").json()["id"]
    assert ann.delete(f"/api/judge-calls/{withdrawn}/").json()["open"] is False
    assert ann.delete("/api/judge-calls/999999/").status_code == 404


def test_no_input_breaks_it(floor):
    """A NUL in a note or a search, a call id that is no number, a kind that is no word: refused, no 500."""
    game, judge = floor["games"][0], floor["judge"]
    with pytest.raises(Invalid):
        services.call_open(game=game, player=game.player_a, kind="rules", note="a\x00b")
    with pytest.raises(Invalid):
        services.call_open(game=game, player=game.player_a, kind=["rules"])
    assert selectors.rulings(floor["event"], "\x00" * 500) == []
    client = Client()
    client.force_login(judge)
    rulings = reverse("judges:rulings", args=[floor["event"].slug])
    assert client.get(rulings, {"q": "x\x00y"}).status_code == 200
    ann = APIClient()
    ann.credentials(HTTP_AUTHORIZATION=f"Key {game.player_a.key}")
    for body in ({"kind": "rules", "note": "a\x00b"}, {"kind": None}, {"note": "x" * 301, "kind": "time"}, []):
        assert ann.post(f"/api/games/{game.pk}/judge-calls/", body, format="json").status_code == 400, body
    assert not JudgeCall.objects.exists()


def test_a_ruling_without_a_call(floor):
    game = floor["games"][1]
    ruling = services.ruling_record(game=game, by=floor["organizer"], text="Markers are not models.")
    assert ruling.call is None and selectors.game_rulings(game) == [ruling]
    with pytest.raises(Conflict):
        services.ruling_record(game=game, by=floor["stranger"], text="No.")
    assert Ruling.objects.count() == 1
