"""The organizer's whole lineup (an event where the organizer sets who plays whom) is checked as a whole:
each player of both teams plays exactly one game of the match. A player missing, a player twice (even with
everyone else there), a player of neither team or the sides swapped is refused with one clear sentence and
changes nothing, through the service, the API's `pairs` and the console's lineup form alike; the right
lineup seats exactly the games the organizer chose."""
import re
from datetime import date

import pytest
from django.test import Client

from scoring.problems import Invalid
from teams import roster, rounds, selectors
from teams.models import TeamMatch
from tests.factories import Api, db_state, error_codes, make_user, rejected
from tournaments import services
from tournaments.models import Game

SAID = "Each player of both teams plays exactly one game of the match."
FACTIONS = ["guild", "arcanists", "neverborn", "outcasts", "resurrectionists", "ten-thunders", "gremlins"]


@pytest.fixture
def published(db):
    """Four teams of three, lineups set by the organizer, round 1 published: its two matches, and the
    organizer (the account, a token)."""
    user, token = make_user("lineup-organizer")
    event = services.event_create(user=user, name="Lineup Cup", date=date(2026, 11, 28), format="gg2017", rounds=3)
    roster.team_rules_set(event=event, by=user, size=3, lineups="organizer")
    for t in range(4):
        team = roster.team_create(event=event, name=f"Team {t}", club=f"Club {t}", by=user)
        for m in range(3):
            roster.member_register(team=team, name=f"T{t} P{m}", faction=FACTIONS[(t + m) % 7], by=user)
    event.refresh_from_db()
    rnd = rounds.team_round_generate(event=event, by=user, publish=True)
    matches = list(TeamMatch.objects.filter(round=rnd).select_related("round__event", "team_a", "team_b")
                   .order_by("pk"))
    assert len(matches) == 2 and not any(m.is_bye for m in matches)
    return event, matches, user, token


def wrong_lineups(match) -> dict[str, list[tuple[int, int]]]:
    (a1, a2, a3), (b1, b2, b3) = selectors.member_ids(match.team_a), selectors.member_ids(match.team_b)
    stranger = next(pid for m in TeamMatch.objects.filter(round=match.round).exclude(pk=match.pk)
                    for pid in selectors.member_ids(m.team_a))
    return {
        "nobody": [],
        "a player of each team missing": [(a1, b1), (a2, b2)],
        "team a's player twice, one missing": [(a1, b1), (a1, b2), (a2, b3)],
        "team b's player twice, one missing": [(a1, b1), (a2, b1), (a3, b3)],
        "everyone, and a player twice": [(a1, b1), (a2, b2), (a3, b3), (a3, b2)],
        "everyone, and a game twice": [(a1, b1), (a2, b2), (a3, b3), (a1, b1)],
        "the sides swapped": [(b1, a1), (b2, a2), (b3, a3)],
        "a player of another match": [(a1, b1), (a2, b2), (stranger, b3)],
    }


def seated(match) -> set[tuple[int, int]]:
    return set(Game.objects.filter(team_game__match=match).values_list("player_a", "player_b"))


def test_the_service_refuses_a_lineup_that_is_not_whole(published):
    event, (match, _other), user, _token = published
    for why, pairs in wrong_lineups(match).items():
        before = db_state()
        with pytest.raises(Invalid) as refused:
            rounds.lineup_set(match=match, pairs=pairs, by=user)
        problem = refused.value.problems[0]
        assert (problem.code, problem.attr, problem.detail) == ("lineup_incomplete", "pairs", SAID), why
        assert db_state() == before, why
    (a1, a2, a3), (b1, b2, b3) = selectors.member_ids(match.team_a), selectors.member_ids(match.team_b)
    rounds.lineup_set(match=match, pairs=[(a1, b3), (a2, b1), (a3, b2)], by=user)
    assert seated(match) == {(a1, b3), (a2, b1), (a3, b2)}


def test_the_api_refuses_pairs_that_are_not_the_whole_lineup(published):
    event, (match, _other), _user, token = published
    organizer, path = Api(Client(), token), f"/api/team-matches/{match.pk}/lineup/"
    for why, pairs in wrong_lineups(match).items():
        answer = rejected(organizer, "POST", path, {"pairs": [list(p) for p in pairs]}, 400)
        assert error_codes(answer) == {("pairs", "lineup_incomplete")}, why
        assert answer["errors"][0]["detail"] == SAID, why
    (a1, a2, a3), (b1, b2, b3) = selectors.member_ids(match.team_a), selectors.member_ids(match.team_b)
    status, body = organizer.post(path, {"pairs": [[a1, b2], [a2, b3], [a3, b1]]})
    assert status == 200 and {(g["player_a"], g["player_b"]) for g in body["games"]} == {(a1, b2), (a2, b3),
                                                                                          (a3, b1)}
    assert seated(match) == {(a1, b2), (a2, b3), (a3, b1)}
    answer = rejected(organizer, "POST", path, {"pairs": [[a1, b1], [a2, b2], [a3, b3]]}, 409)
    assert error_codes(answer) == {(None, "lineup_complete")}, "set once: the games stand"


def test_the_consoles_lineup_form_refuses_a_lineup_that_is_not_whole(published):
    event, (match, other), user, _token = published
    console = Client()
    console.force_login(user)
    path = f"/console/e/{event.slug}/teams/rounds/1/"
    form = console.get(path).content.decode()
    assert form.count(f'name="match" value="{match.pk}"') == 1 and 'name="a"' in form and 'name="b"' in form
    for why, pairs in wrong_lineups(match).items():
        before = db_state()
        answer = console.post(path, {"match": match.pk, "a": [a for a, _ in pairs], "b": [b for _, b in pairs]})
        assert (answer.status_code, answer["Location"]) == (302, path), why
        assert SAID in console.get(path).content.decode(), why  # the refusal, said on the page it leads to
        assert db_state() == before, why
    before = db_state()  # a number typed wrong is no player: the lineup is then incomplete
    (a1, a2, a3), (b1, b2, b3) = selectors.member_ids(other.team_a), selectors.member_ids(other.team_b)
    console.post(path, {"match": other.pk, "a": [a1, a2, "x"], "b": [b1, b2, b3]})
    assert SAID in console.get(path).content.decode() and db_state() == before
    answer = console.post(path, {"match": other.pk, "a": [a1, a2, a3], "b": [b2, b3, b1]}, follow=True)
    assert "Lineup set: the match&#x27;s games are seated." in answer.content.decode()
    assert seated(other) == {(a1, b2), (a2, b3), (a3, b1)}
    assert re.search(rf'name="match" value="{other.pk}"', console.get(path).content.decode()) is None, "no form"
