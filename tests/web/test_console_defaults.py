"""Issue 34, the console: a new event starts on the current edition (M4E, Gaining Grounds Zero), listed
first; check-in on the day can be switched on after players are registered (before round 1 they all
become expected), and off again."""
import re

from tournaments import services
from tournaments.models import Event


def test_a_new_event_defaults_to_gaining_grounds_zero_listed_first(client, organizer):
    organizer = organizer[0]
    client.force_login(organizer)
    html = client.get("/console/").content.decode()
    select = re.search(r'<select name="format"[^>]*>(.*?)</select>', html, re.S).group(1)
    options = re.findall(r'<option value="([^"]+)"([^>]*)>', select)
    assert options[0][0] == "m4e-gg0" and "selected" in options[0][1]


def test_check_in_on_the_day_switched_on_after_registering_makes_everyone_expected(organizer):
    organizer = organizer[0]
    from tests.factories import event_made

    event = event_made(organizer, players=4)
    assert set(event.players.values_list("checked_in", flat=True)) == {True}
    services.event_update(event=event, by=organizer, check_in_on_the_day=True)
    assert set(event.players.values_list("checked_in", flat=True)) == {False}
    services.event_update(event=Event.objects.get(pk=event.pk), by=organizer, check_in_on_the_day=False)
    assert set(event.players.values_list("checked_in", flat=True)) == {True}


def test_after_round_1_the_switch_leaves_the_desk_as_it_is(organizer):
    organizer = organizer[0]
    from tests.factories import event_made, round_paired

    event = event_made(organizer, players=4)
    round_paired(event, organizer)
    services.event_update(event=Event.objects.get(pk=event.pk), by=organizer, check_in_on_the_day=True)
    assert set(event.players.values_list("checked_in", flat=True)) == {True}


def test_the_boards_pairing_form_offers_the_event_pages_options(client, organizer):
    from tests.factories import event_made, results_entered, round_paired

    organizer = organizer[0]
    event = event_made(organizer, players=4, unavailable_tables=[2])
    rnd = round_paired(event, organizer)
    results_entered(rnd, organizer)
    client.force_login(organizer)
    board = client.get(f"/console/e/{event.slug}/rounds/1/").content.decode()
    form = board.split('class="stack pair-next"')[1].split("</form>")[0]
    for name in ("method", "unavailable_tables", "fresh_tables", "tables"):
        assert f'name="{name}"' in form, name
    assert 'value="2"' in form.split('name="unavailable_tables"')[1][:200]  # the event's own tables, shown
    event_page = client.get(f"/console/e/{event.slug}/").content.decode()
    assert "Pair round 2" in board and 'name="unavailable_tables"' in event_page
