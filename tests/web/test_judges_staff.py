"""Issue 54's staff on the console: the judge desk (the current round's tables, the clock, each table's time
extension, the players, and the sections other apps place there), who may open it, and what a judge may not do."""
import pytest
from django.urls import reverse

from tests.factories import event_made, make_user, round_paired
from tournaments import panels
from tournaments.models import EventJudge, Game


@pytest.fixture
def staff(db):
    organizer, judge, stranger = (make_user(name)[0] for name in ("org", "sam", "stray"))
    event = event_made(organizer, players=4)
    EventJudge.objects.create(event=event, user=judge, added_by=organizer)
    return event, organizer, judge, stranger


def desk(event):
    return reverse("console:judge-desk", args=[event.slug])


def test_the_desk_shows_the_round_tables_extension_and_players(client, staff):
    event, organizer, judge, _stranger = staff
    client.force_login(judge)
    page = client.get(desk(event)).content.decode()
    assert "Judge desk" in page and "No round yet" in page and "Player 3" in page
    rnd = round_paired(event, organizer, publish=True)
    game = rnd.games.exclude(player_b=None).first()
    Game.objects.filter(pk=game.pk).update(extra_minutes=4)
    page = client.get(desk(event)).content.decode()
    assert f'id="table-{game.table}"' in page and page.count('class="tag extension">+4 min') == 1  # that table only
    assert game.player_a.name in page and "Guild" in page
    assert 'class="clock"' not in page  # the clock not started yet: the page says so
    assert "not started" in page


def test_who_opens_the_desk(client, staff):
    event, organizer, judge, stranger = staff
    client.force_login(organizer)
    assert client.get(desk(event)).status_code == 200
    client.force_login(stranger)
    assert client.get(desk(event)).status_code in (403, 404)
    client.logout()
    assert client.get(desk(event)).status_code in (302, 403)


def test_a_judge_is_refused_the_organizer_pages_and_writes(client, staff):
    event, organizer, judge, _stranger = staff
    client.force_login(judge)
    for name in ("console:event", "console:desk", "console:settings", "console:audit"):
        assert client.get(reverse(name, args=[event.slug])).status_code == 403, name
    assert client.post(reverse("console:pair", args=[event.slug]), {"method": "swiss"}).status_code == 403
    assert not event.round_set.exists()
    assert client.post(reverse("console:finish", args=[event.slug, "finish"])).status_code == 403
    assert client.post(reverse("console:event", args=[event.slug]),
                       {"name": "Intruder", "faction": "guild"}).status_code == 403
    assert not event.players.filter(name="Intruder").exists()


def test_the_events_list_shows_the_events_a_user_judges(client, staff):
    event, _organizer, judge, _stranger = staff
    client.force_login(judge)
    page = client.get(reverse("console:events")).content.decode()
    assert "Events you judge" in page and desk(event) in page


def test_apps_place_sections_on_the_desk(client, staff, settings):
    event, _organizer, judge, _stranger = staff

    def section(*, event, **page):
        return {"desk_section_test": {"template": "public/_clock.html", "title": "Calls", "order": 1},
                "clock_left": 90, "clock_running": False}

    panels.register_panel("judge-desk", section)
    try:
        client.force_login(judge)
        page = client.get(desk(event)).content.decode()
        assert 'class="desk-section"' in page and 'data-left="90"' in page
    finally:
        panels._PANELS["judge-desk"].remove(section)


def entry(game, **fields):
    return {f"g{game.pk}-{k}": v for k, v in {"outcome": "played", **fields}.items()}


def test_only_a_judge_allowed_to_correct_enters_results(client, staff):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from audit.models import AuditRecord
    from tests.factories import Api, db_state
    from tournaments.models import Result

    event, organizer, judge, _stranger = staff
    rnd = round_paired(event, organizer, publish=True)
    first, second = rnd.games.exclude(player_b=None).order_by("table")[:2]
    board = reverse("console:round", args=[event.slug, rnd.number])
    result = reverse("console:result", args=[event.slug, first.pk])
    sheet = reverse("console:sheet", args=[event.slug, first.pk])
    api = Api(APIClient(), Token.objects.get_or_create(user=judge)[0].key)
    client.force_login(judge)
    before = db_state()
    assert client.get(board).status_code == 403 and client.get(sheet).status_code == 403
    assert client.post(result, entry(first, vp_a=6, vp_b=4)).status_code == 403
    assert api.post(f"/api/games/{first.pk}/result/", {"vp_a": 6, "vp_b": 4})[0] == 403
    assert db_state() == before
    assert board not in client.get(desk(event)).content.decode()
    EventJudge.objects.filter(user=judge).update(may_correct=True)
    assert board in client.get(desk(event)).content.decode()  # the desk links the board the judge may use
    assert client.get(board).status_code == 200 and client.get(sheet).status_code == 200
    assert client.post(result, entry(first, vp_a=6, vp_b=4)).status_code == 302
    status, body = api.call("PATCH", f"/api/games/{second.pk}/result/", {"vp_a": 5})
    assert status == 409  # nothing to correct yet: the judge is let through to the rules
    assert api.post(f"/api/games/{second.pk}/result/", {"vp_a": 5, "vp_b": 5})[0] == 201
    assert Result.objects.filter(game__in=(first, second)).count() == 2
    assert set(AuditRecord.objects.filter(action="result_entered").values_list("by", flat=True)) == {"sam"}
    # Still no organizer: pairing, publishing, finishing stay refused.
    assert client.post(reverse("console:pair", args=[event.slug]), {"method": "swiss"}).status_code == 403
    assert client.post(reverse("console:finish", args=[event.slug, "finish"])).status_code == 403
    assert api.post(f"/api/events/{event.pk}/rounds/", {})[0] == 403
    assert api.post(f"/api/events/{event.pk}/finish/", {})[0] == 403


def test_a_draft_is_the_organizers_alone(client, staff):
    event, organizer, judge, _stranger = staff
    EventJudge.objects.filter(user=judge).update(may_correct=True)
    rnd = round_paired(event, organizer, publish=False)
    client.force_login(judge)
    assert client.get(reverse("console:round", args=[event.slug, rnd.number])).status_code == 403
    assert client.post(reverse("console:publish", args=[event.slug, rnd.number])).status_code == 403
    assert event.round_set.get().is_draft


def test_the_judges_page_invites_changes_and_removes(client, staff):
    from audit.models import AuditRecord
    from tests.factories import db_state

    event, organizer, judge, stranger = staff
    page = reverse("console:judges", args=[event.slug])
    client.force_login(organizer)
    assert 'href="' + page + '"' in client.get(reverse("console:event", args=[event.slug])).content.decode()
    assert "sam" in client.get(page).content.decode()
    answer = client.post(page, {"action": "invite", "username": "stray", "may_correct": "1"}, follow=True)
    assert "stray is now a judge of this event." in answer.content.decode()
    invited = EventJudge.objects.get(user=stranger)
    assert invited.may_correct and not invited.head and invited.added_by == organizer
    before = db_state()
    for refused, says in [({"action": "invite", "username": "stray"}, "already a judge"),
                          ({"action": "invite", "username": "nobody"}, "No user is called nobody."),
                          ({"action": "invite", "username": "org"}, "is an organizer of this event"),
                          ({"action": "dance"}, "Unknown action.")]:
        assert says in client.post(page, refused, follow=True).content.decode(), refused
    assert client.post(page, {"action": "remove", "judge": "999999"}).status_code == 404
    assert client.post(page, {"action": "remove", "judge": "x" * 40}).status_code == 404
    assert db_state() == before
    client.post(page, {"action": "update", "judge": invited.pk, "head": "1"})
    invited.refresh_from_db()
    assert invited.head and not invited.may_correct
    client.post(page, {"action": "remove", "judge": invited.pk})
    assert not EventJudge.objects.filter(user=stranger).exists()
    assert list(AuditRecord.objects.filter(action__startswith="judge_").order_by("pk").values_list("action", "by")) == [
        ("judge_added", "org"), ("judge_changed", "org"), ("judge_removed", "org")]
    client.force_login(judge)  # a judge reads the desk, not the judges page
    assert client.get(page).status_code == 403
    assert client.post(page, {"action": "invite", "username": "stray"}).status_code == 403


def test_a_table_with_extra_time_shows_its_own_clock_on_the_desk(client, staff):
    import re

    from tests.factories import clock_started

    event, organizer, judge, _stranger = staff
    rnd = round_paired(event, organizer, publish=True)
    game = rnd.games.exclude(player_b=None).order_by("table").last()
    Game.objects.filter(pk=game.pk).update(extra_minutes=4)
    clock_started(event.pk)
    client.force_login(judge)
    page = client.get(desk(event)).content.decode()
    lefts = [int(left) for left in re.findall(r'class="clock" data-left="(\d+)"', page)]
    assert len(lefts) == 2  # the round's, and the one table's with extra time
    assert 235 <= lefts[1] - lefts[0] <= 240
    assert page.index(f'id="table-{game.table}"') < page.rindex('class="clock"')


def test_a_correcting_judges_board_offers_no_organizer_control(client, staff):
    """The results board a judge may correct on shows no clock buttons, seat swap, redo, next round or finish
    (each would be refused); the organizer's board keeps them all."""
    event, organizer, judge, _stranger = staff
    rnd = round_paired(event, organizer, publish=True)
    for game in rnd.games.exclude(player_b=None):  # every result in: the next round is offered to organizers
        client.force_login(organizer)
        assert client.post(reverse("console:result", args=[event.slug, game.pk]), entry(game, vp_a=6, vp_b=2)
                           ).status_code == 302
    EventJudge.objects.filter(user=judge).update(may_correct=True)
    board = reverse("console:round", args=[event.slug, rnd.number])
    controls = ('name="clock"', reverse("console:swap", args=[event.slug, rnd.number]),
                reverse("console:redo", args=[event.slug, rnd.number]), 'name="pair"')
    page = client.get(board).content.decode()
    assert all(control in page for control in controls)
    client.force_login(judge)
    page = client.get(board).content.decode()
    assert not any(control in page for control in controls), [c for c in controls if c in page]
