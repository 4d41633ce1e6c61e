"""The live game tracker: the players keep the score turn by turn on their private pages, judged by the
rules module after every line; the opponent sees it and can object; spectators see it on the round page
and the hall; at the end it becomes the report to confirm. And the M2E Avatar's Manifest cost."""
import html
import re

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.avatars import ManifestCost, manifest_cost
from scoring.problems import DomainError
from tournaments.models import AWAITING, CONFIRMED, Game, PlayerReport
from tracker import services, sheet
from tracker.models import Tracker


def page(player):
    return f"/p/{player.key}/"


def track(player, **form):
    return Client().post(page(player), {k.replace("__", ":"): v for k, v in form.items()})


def sides(game):
    return game.player_a, game.player_b


def pool_of(game):
    return game.mission()[2]


OWN_SIDE = "You record your own side's turns; if your opponent's line is wrong, object to it."


def problem_of(response) -> str:
    """The tracker's problem on the page a refused form answers with ("" when none)."""
    said = re.search(r'<p class="error" role="alert">(.*?)</p>', response.content.decode(), re.S)
    return html.unescape(said.group(1)) if said else ""


def test_a_turn_recorded_by_one_player_is_seen_by_the_other_and_the_spectators(round_two):
    game = round_two
    ann, bob = sides(game)
    assert track(ann, action="track-line", side="a", turn=1, strategy=0).status_code == 302
    track(ann, action="track-turn", turn=2)
    response = track(ann, action="track-line", side="a", turn=2, strategy=1)
    assert response.status_code == 302 and response["Location"].endswith("#tracker")
    html = Client().get(page(bob)).content.decode()
    assert f"{bob.name} 0–1 {ann.name}" in html  # the reader first
    round_page = Client().get("/e/spring-open/rounds/2/").content.decode()
    assert '<span class="vp live">1–0</span> <small class="turn">turn 2</small>' in round_page
    assert 'data-poll="5"' in round_page  # spectators see it move
    hall = Client().get("/e/spring-open/hall/").content.decode()
    assert '<span class="live">1–0</span>' in hall


def test_a_line_the_rules_refuse_changes_nothing_and_says_why(round_two):
    game = round_two
    ann, _ = sides(game)
    html = track(ann, action="track-line", side="a", turn=1, strategy=3).content.decode()
    # GG2017: the strategy scores from turn 2, one VP a turn.
    assert 'class="error" role="alert"' in html and "turn 1" in html
    assert not Tracker.objects.filter(game=game).exists() or Tracker.objects.get(game=game).lines == []
    html = track(ann, action="track-line", side="a", turn=4, strategy=1).content.decode()
    assert "Turn 4 is not played yet" in html


@pytest.mark.parametrize("value", ["-1", "21", "x", "1.5", "²"])
def test_typing_slips_are_refused_with_a_sentence(round_two, value):
    html = track(round_two.player_a, action="track-line", side="a", turn=1, strategy=value).content.decode()
    assert "VP in a turn are whole numbers from 0 to 20." in html


def test_a_scheme_is_secret_until_revealed_and_only_its_owner_scores_it_before(round_two):
    game = round_two
    ann, bob = sides(game)
    scheme = pool_of(game)[0]
    track(ann, action="track-scheme", scheme=scheme, noted_model="Death Marshal")
    assert "Death Marshal" in Client().get(page(ann)).content.decode()
    assert "Death Marshal" not in Client().get(page(bob)).content.decode()
    for turn in (2, 3):
        track(ann, action="track-turn", turn=turn)
    refused = track(bob, action="track-line", side="a", turn=3, strategy=0, **{f"scheme__{scheme}": 1})
    assert OWN_SIDE in problem_of(refused)
    assert track(ann, action="track-line", side="a", turn=3, strategy=0, **{f"scheme__{scheme}": 1}).status_code == 302
    tracker = Tracker.objects.get(game=game)
    assert tracker.schemes["a" if game.player_a_id == ann.pk else "b"][0]["revealed"] is True


def test_no_answer_tells_which_scheme_the_opponent_chose_in_secret(round_two):
    """A zero-VP line for the opponent's side, with each scheme of the pool in turn: once the one they
    chose was accepted and every other refused. Now each is the same refusal, and nothing changes."""
    game = round_two
    ann, bob = sides(game)
    pool = pool_of(game)
    track(bob, action="track-scheme", scheme=pool[1], noted_model="Death Marshal")
    before = list(Tracker.objects.filter(game=game).values("lines", "schemes"))
    answers = {scheme: track(ann, action="track-line", side="b", turn=1, strategy=0, **{f"scheme__{scheme}": 0})
               for scheme in pool}
    assert {(r.status_code, problem_of(r)) for r in answers.values()} == {(200, OWN_SIDE)}
    for scheme in pool:  # the service alone answers alike
        with pytest.raises(DomainError) as refused:
            services.tracker_line(game=game, player=ann, side="b", turn=1, strategy=0, schemes={scheme: 0})
        assert [p.code for p in refused.value.problems] == ["not_your_side"]
    assert list(Tracker.objects.filter(game=game).values("lines", "schemes")) == before
    # Her own side: a scheme she did not choose is refused for what it is, hers to know.
    assert problem_of(track(ann, action="track-line", side="a", turn=1, strategy=0, **{f"scheme__{pool[1]}": 0})) \
        == "You have not chosen that scheme."
    assert "Death Marshal" not in Client().get(page(ann)).content.decode()


def test_the_opponent_objects_and_the_report_waits_for_agreement(round_two):
    game = round_two
    ann, bob = sides(game)
    track(ann, action="track-turn", turn=2)
    track(bob, action="track-line", side="b", turn=2, strategy=1)
    assert "You can object only" in track(bob, action="track-object", side="b", turn=2, note="").content.decode()
    assert track(ann, action="track-object", side="b", turn=2, note="You had 0").status_code == 302
    html = Client().get(page(bob)).content.decode()
    assert "objected" in html and "You had 0" in html
    assert "A line is objected to" in track(ann, action="track-report").content.decode()
    track(bob, action="track-line", side="b", turn=2, strategy=0)  # recorded again: the objection goes
    assert track(ann, action="track-report").status_code == 302
    version = PlayerReport.objects.get(game=game)
    assert (version.vp_a, version.vp_b, version.turns) == (0, 0, 2)
    assert version.breakdown["b"]["turns"] == [{"turn": 2, "strategy": 0, "schemes": {}}]


def test_at_the_end_it_becomes_the_report_with_nothing_to_type_again(round_two):
    game = round_two
    ann, bob = sides(game)
    scheme = pool_of(game)[0]
    track(ann, action="track-scheme", scheme=scheme, noted_model="a model")
    for turn in range(2, 6):
        track(ann, action="track-turn", turn=turn)
        track(ann, action="track-line", side="a", turn=turn, strategy=1,
              **({f"scheme__{scheme}": 1} if turn >= 4 else {}))
        track(bob, action="track-line", side="b", turn=turn, strategy=1 if turn > 3 else 0)
    assert track(bob, action="track-report").status_code == 302
    assert Game.objects.get(pk=game.pk).result_status() == AWAITING
    assert Client().post(page(ann), {"action": "confirm"}).status_code == 302
    result = Game.objects.get(pk=game.pk).result
    assert (result.vp_a, result.vp_b) == (6, 2)
    # Once confirmed, the tracker is closed and the round page shows the result, not the live score.
    assert "Live score" not in Client().get(page(ann)).content.decode()
    late = track(ann, action="track-line", side="a", turn=5, strategy=0).content.decode()
    assert "only an organizer can correct it now" in late
    assert Game.objects.get(pk=game.pk).result_status() == CONFIRMED


def test_only_the_games_players_keep_its_score(round_two):
    game = round_two
    stranger = next(p for p in game.round.event.players.all() if p.pk not in (game.player_a_id, game.player_b_id))
    with pytest.raises(DomainError):
        services.tracker_line(game=game, player=stranger, side="a", turn=1, strategy=0, schemes={})


def test_the_manifest_cost_follows_the_clock_of_the_seed():
    assert manifest_cost(2, 1) == ManifestCost.CANNOT and manifest_cost(3, 1) == ManifestCost.AP_2
    assert manifest_cost(2, 2) == ManifestCost.AP_2 and manifest_cost(5, 2) == ManifestCost.AUTOMATIC
    assert manifest_cost(6, 0) == ManifestCost.CANNOT


def test_an_m2e_player_sees_what_manifest_costs_this_turn(round_two):
    game = round_two
    ann, _ = sides(game)
    html = Client().get(page(ann)).content.decode()
    assert "cannot Manifest yet" in html  # turn 1, nothing met
    track(ann, action="track-manifest", met="2")
    for turn in (2, 3):
        track(ann, action="track-turn", turn=turn)
    html = Client().get(page(ann)).content.decode()
    assert "Turn 3: Manifest costs 1 AP" in html
    assert "An Avatar has two requirements" in track(ann, action="track-manifest", met="3").content.decode()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("ab"), st.integers(1, 5), st.integers(0, 3),
                          st.dictionaries(st.sampled_from(["x", "y"]), st.integers(0, 3), max_size=2)),
                max_size=12))
def test_the_report_always_adds_up_to_the_lines(entries):
    """Whatever lines are kept (a side's line for a turn typed again replaces it), the report's totals are
    the test's own: the last figures entered for each side and turn, added up."""
    lines, kept = [], {}
    for side, turn, strategy, schemes in entries:
        lines = sheet.with_line(lines, {"side": side, "turn": turn, "strategy": strategy, "schemes": schemes,
                                        "by": side, "objection": ""})
        kept[side, turn] = (strategy, schemes)
    chosen = {"a": [{"scheme": "x"}, {"scheme": "y"}], "b": [{"scheme": "x"}, {"scheme": "y"}]}
    report = sheet.report_of(lines, chosen, 5)
    for side, vp in (("a", report.vp_a), ("b", report.vp_b)):
        own = {turn: figures for (whose, turn), figures in kept.items() if whose == side}
        strategy = sum(figures[0] for figures in own.values())
        schemes = {name: sum(figures[1].get(name, 0) for figures in own.values()) for name in ("x", "y")}
        part = report.breakdown[side]
        assert vp == strategy + sum(schemes.values())
        assert part.strategy == strategy
        assert {s.scheme: s.vp for s in part.schemes} == schemes
        assert [(t.turn, t.strategy, t.schemes) for t in part.turns] == [
            (turn, own[turn][0], {k: v for k, v in own[turn][1].items() if v}) for turn in sorted(own)]


def test_the_organizer_sees_which_turn_each_table_is_in_when_time_is_called(round_two):
    from tournaments import services as tournament
    from tournaments.models import Event, Round

    game = round_two
    ann, _ = sides(game)
    track(ann, action="track-turn", turn=2)
    track(ann, action="track-line", side="a", turn=2, strategy=1)
    organizer = Client()
    organizer.force_login(Event.objects.get(slug="spring-open").created_by)
    board = organizer.get("/console/e/spring-open/rounds/2/").content.decode()
    assert f"table {game.table} in turn 2 (1–0)" in board and "Last turn called" not in board
    rnd = Round.objects.get(pk=game.round_id)
    tournament.round_clock(rnd=rnd, action="start")
    tournament.clock_notice_say(round_id=rnd.pk, run=Round.objects.get(pk=rnd.pk).clock_started_at.isoformat(), left=0)
    assert "Last turn called" in organizer.get("/console/e/spring-open/rounds/2/").content.decode()


FIELDS = st.fixed_dictionaries({
    "action": st.sampled_from(["track-line", "track-object", "track-scheme", "track-reveal", "track-turn",
                               "track-manifest", "track-report", "track-nonsense"]),
    "side": st.sampled_from(["a", "b", "", "c", "ab"]),
    "turn": st.sampled_from(["1", "2", "0", "9", "-1", "x", "²", "9" * 30]),
    "strategy": st.sampled_from(["0", "1", "2", "", "-3", "1e3", "🙂"]),
    "scheme": st.text(max_size=12),
    "met": st.sampled_from(["0", "1", "2", "3", "", "x"]),
    "note": st.text(max_size=300),
})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=FIELDS, extra=st.dictionaries(st.text(min_size=1, max_size=10).map(lambda k: "scheme:" + k),
                                          st.sampled_from(["0", "1", "5", "x", ""]), max_size=2))
def test_no_tracker_form_however_malformed_is_a_500_and_a_refused_one_changes_nothing(round_two, settings, form,
                                                                                      extra):
    """One game for every example: what one example changed, the next starts from."""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "report_player": "10000/minute"}
    ann = round_two.player_a
    before = list(Tracker.objects.filter(game=round_two).values("turn", "lines", "schemes", "manifest"))
    response = Client().post(page(ann), {**form, **extra})
    assert response.status_code in (200, 302)
    if response.status_code == 200:  # refused: said, and nothing changed
        assert list(Tracker.objects.filter(game=round_two).values("turn", "lines", "schemes", "manifest")) == before


def test_a_turn_started_too_soon_can_be_taken_back_but_not_past_a_line(round_two):
    ann = round_two.player_a
    track(ann, action="track-turn", turn=2)
    track(ann, action="track-line", side="a", turn=2, strategy=1)
    track(ann, action="track-turn", turn=3)
    assert "Back to turn 2" in Client().get(page(ann)).content.decode()
    assert track(ann, action="track-turn", turn=2).status_code == 302
    assert Tracker.objects.get(game=round_two).turn == 2
    assert "Back to turn" not in Client().get(page(ann)).content.decode()
    assert "The turn is from 2 to 7." in track(ann, action="track-turn", turn=1).content.decode()
