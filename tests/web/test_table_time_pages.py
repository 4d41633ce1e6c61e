"""Issue 54, time on the pages: the judge desk's form gives a table minutes (staff only); the table's players see
their own clock with "+4 min", the hall and the public round page say "table N: +4 min", the results board's row
shows it; every other table's clock is the round's."""
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import event_made, make_user, round_paired
from tournaments import services
from tournaments.models import EventJudge, Game


@pytest.fixture
def floor(db):
    organizer = make_user("org")[0]
    judge = make_user("sam")[0]
    event = event_made(organizer, players=4)
    EventJudge.objects.create(event=event, user=judge, added_by=organizer)
    rnd = round_paired(event, organizer)
    services.round_clock(rnd=rnd, action="start")
    first, second = Game.objects.filter(round=rnd).select_related("player_a", "player_b").order_by("table")
    client = Client()
    client.force_login(judge)
    return event, rnd, first, second, client, organizer


def time_url(event, game) -> str:
    return reverse("console:table-time", args=[event.slug, game.pk])


def seconds_shown(html: str) -> int:
    return int(re.search(r'class="clock" data-left="(\d+)"', html)[1])


def test_a_judge_gives_a_table_four_minutes_and_only_that_table_moves(floor):
    event, _rnd, first, second, client, _organizer = floor
    answer = client.post(time_url(event, first), {"action": "extend", "minutes": "4"})
    assert answer.status_code == 302 and answer["Location"].endswith(f"#table-{first.table}")
    assert Game.objects.get(pk=first.pk).extra_minutes == 4
    mine = Client().get(reverse("public:private", args=[first.player_a.key])).content.decode()
    theirs = Client().get(reverse("public:private", args=[second.player_a.key])).content.decode()
    assert "+4 min for your table" in mine and "for your table" not in theirs
    assert 235 <= seconds_shown(mine) - seconds_shown(theirs) <= 241
    hall = Client().get(reverse("public:hall", args=[event.slug])).content.decode()
    assert f"table {first.table}" in hall and "+4 min" in hall
    public = Client().get(reverse("public:round", args=[event.slug, 1])).content.decode()
    assert re.search(rf"table {first.table}\W+\+4 min", re.sub(r"<[^>]+>", "", public))
    desk = client.get(reverse("console:judge-desk", args=[event.slug])).content.decode()
    assert "+4 min" in desk


def test_the_results_board_shows_the_extension_and_taking_it_back_clears_it(floor):
    event, _rnd, first, _second, client, organizer = floor
    client.post(time_url(event, first), {"action": "extend", "minutes": "6"})
    board = Client()
    board.force_login(organizer)
    page = board.get(reverse("console:round", args=[event.slug, 1])).content.decode()
    assert 'class="tag extension"' in page and "+6 min" in page
    client.post(time_url(event, first), {"action": "reset"})
    assert Game.objects.get(pk=first.pk).extra_minutes == 0
    assert "+6 min" not in board.get(reverse("console:round", args=[event.slug, 1])).content.decode()


@pytest.mark.parametrize("minutes", ["0", "61", "-3", "", "four", "²", "9" * 40])
def test_bad_minutes_are_said_and_change_nothing(floor, minutes):
    event, _rnd, first, _second, client, _organizer = floor
    answer = client.post(time_url(event, first), {"action": "extend", "minutes": minutes}, follow=True)
    assert answer.status_code == 200 and "minutes at a time" in answer.content.decode()
    assert Game.objects.get(pk=first.pk).extra_minutes == 0


def test_only_staff_may_and_only_by_post(floor):
    event, _rnd, first, _second, client, _organizer = floor
    stranger = Client()
    stranger.force_login(make_user("stray")[0])
    assert stranger.post(time_url(event, first), {"action": "extend", "minutes": "4"}).status_code == 403
    assert Client().post(time_url(event, first), {"action": "extend", "minutes": "4"}).status_code == 302  # sign in
    assert client.get(time_url(event, first)).status_code == 405
    other = event_made(make_user("else")[0], players=2, name="Elsewhere")
    assert client.post(reverse("console:table-time", args=[other.slug, first.pk]), {"action": "reset"}
                       ).status_code == 403
    assert client.post(time_url(event, first), {"action": "nothing"}).status_code == 302
    assert Game.objects.get(pk=first.pk).extra_minutes == 0


def test_the_form_in_french(floor):
    event, _rnd, first, _second, client, _organizer = floor
    services.table_time_extend(game=first, minutes=4, by=None)
    mine = Client().get(reverse("public:private", args=[first.player_a.key]), HTTP_ACCEPT_LANGUAGE="fr")
    assert "+4 min pour votre table" in mine.content.decode()
    hall = Client().get(reverse("public:hall", args=[event.slug]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Temps supplémentaire" in hall


def test_the_desks_form_per_table(floor):
    """templates/console/_table_time.html, which the judge desk includes per table still playing."""
    from django.template.loader import render_to_string
    from django.test import RequestFactory
    from django.utils import translation

    event, _rnd, first, _second, _client, _organizer = floor
    request = RequestFactory().get("/")
    html = render_to_string("console/_table_time.html", {"event": event, "game": first}, request=request)
    assert html.count("<form") == 1 and time_url(event, first) in html and 'name="minutes"' in html
    first.extra_minutes = 4
    with translation.override("fr"):
        html = render_to_string("console/_table_time.html", {"event": event, "game": first}, request=request)
    assert html.count("<form") == 2 and "Reprendre les +4 min" in html and "Donner du temps" in html
