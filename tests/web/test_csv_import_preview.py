"""The players' import as an organizer uses it: a pasted CSV previewed as fields to correct in place, the
nearest faction for a typo, faction names in the reader's language, the people who played before under
that name (never one who keeps their profile private), an import that is one transaction; and the merge
page, which never says "Chloé Martin is now Chloé Martin"."""
from datetime import date

import pytest

from people.models import Person
from tests.factories import db_state, event_made
from tournaments import services
from tournaments.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def user(client, organizer):
    client.force_login(organizer[0])
    return organizer[0]


@pytest.fixture
def event(user):
    return event_made(user, players=1)  # "Player 0", guild


def played_before(user, name, *, club="", when=date(2017, 1, 7), event_name="Earlier"):
    """A person who played an earlier event under `name`."""
    earlier = event_made(user, players=0, name=event_name, date=when)
    return services.player_register(event=earlier, by=user, name=name, faction="guild", club=club).person


def rows(*cells, offset=0, **extra) -> dict:
    """The preview's fields as the browser posts them back: one (name, faction, club[, person]) a row."""
    posted = {"rows": str(len(cells)), "offset": str(offset), **extra}
    for i, row in enumerate(cells, start=1):
        for field, value in zip(("name", "faction", "club", "person"), row, strict=False):
            posted[f"row-{i}-{field}"] = value
    return posted


def preview(client, event, data) -> str:
    answer = client.post(f"/console/e/{event.slug}/import/", data)
    assert answer.status_code == 200, answer.status_code
    return answer.content.decode()


# 1. People who played before


def test_a_returning_person_is_suggested_and_linked_when_the_organizer_confirms(client, user, event):
    chloe = played_before(user, "Chloé Martin", club="Rook Club")
    before = db_state()
    page = preview(client, event, {"csv": "name,faction,club\nCHLOE martin,guild,\nNew Face,guild,"})
    assert db_state() == before  # a preview saves nothing
    assert "Same person as Chloé Martin (1 event, Rook Club, latest event 7 January 2017)" in page
    assert f'name="row-1-person" value="{chloe.pk}"' in page and 'name="row-1-person" value="" checked' in page
    assert 'name="row-2-person"' not in page  # nobody of that name
    answer = client.post(f"/console/e/{event.slug}/import/", rows(
        ("CHLOE martin", "guild", "", str(chloe.pk)), ("New Face", "guild", ""), offset=1, confirm=""))
    assert answer.status_code == 302
    assert event.players.get(name="CHLOE martin").person_id == chloe.pk  # the name as the organizer left it
    assert event.players.get(name="New Face").person_id not in (None, chloe.pk)


def test_left_as_a_new_person_the_entry_gets_a_profile_of_its_own(client, user, event):
    chloe = played_before(user, "Chloé Martin")
    client.post(f"/console/e/{event.slug}/import/", rows(("Chloé Martin", "guild", "", ""), confirm=""))
    entry = event.players.get(name="Chloé Martin")
    assert entry.person_id is not None and entry.person_id != chloe.pk


def test_a_person_who_keeps_their_profile_private_is_never_shown_nor_accepted(client, user, event):
    private = played_before(user, "Ada Secret", club="Hidden Club")
    Person.objects.filter(pk=private.pk).update(hidden=True)
    page = preview(client, event, {"csv": "Ada Secret,guild,"})
    assert "Same person" not in page and "Hidden Club" not in page and "-person" not in page
    before = db_state()
    answer = client.post(f"/console/e/{event.slug}/import/", rows(("Ada Secret", "guild", "", str(private.pk)),
                                                                 confirm=""))
    page = answer.content.decode()
    assert answer.status_code == 200 and "Nothing was imported" in page
    assert "Choose one of the people offered, or a new person." in page and "Hidden Club" not in page
    assert db_state() == before


@pytest.mark.parametrize("person", ["999999", "abc", "-1", "1e3", " ", "0"])
def test_an_unknown_person_is_refused_and_nothing_is_imported(client, user, event, person):
    played_before(user, "Ben Okafor")
    before = db_state()
    answer = client.post(f"/console/e/{event.slug}/import/", rows(("Ben Okafor", "guild", "", person),
                                                                 ("Good Row", "guild", ""), confirm=""))
    assert answer.status_code == 200 and "Nothing was imported" in answer.content.decode()
    assert db_state() == before


def test_someone_already_in_the_event_or_merged_away_is_not_offered(client, user, event):
    here = event.players.get().person  # Player 0
    gone = played_before(user, "Dev Patel", event_name="Gone")
    kept = played_before(user, "Dev Patel", event_name="Kept", when=date(2017, 2, 4))
    Person.objects.filter(pk=gone.pk).update(merged_into=kept)
    page = preview(client, event, {"csv": "Player 0,guild,\nDev Patel,guild,"})
    offered = {f'-person" value="{pk}"' for pk in (here.pk, gone.pk, kept.pk)}
    assert {o for o in offered if o in page} == {f'-person" value="{kept.pk}"'}


def test_one_person_chosen_on_two_rows_is_refused(client, user, event):
    ann = played_before(user, "Ann Lee")
    before = db_state()
    page = client.post(f"/console/e/{event.slug}/import/", rows(
        ("Ann Lee", "guild", "", str(ann.pk)), ("ann lee", "guild", "", str(ann.pk)), confirm="")).content.decode()
    assert "Ann Lee is already chosen on line 1." in page and "Nothing was imported" in page
    assert db_state() == before


def test_the_service_refuses_a_private_person_and_saves_no_row_of_the_import(user, event):
    from scoring.problems import DomainError

    private = played_before(user, "Ada Secret")
    Person.objects.filter(pk=private.pk).update(hidden=True)
    before = db_state()
    with pytest.raises(DomainError):
        services.players_import(event=event, rows=[["First", "guild"], ["Ada Secret", "guild"]], by=user,
                                persons={2: private.pk}, header=False)
    assert db_state() == before  # the first row went with the second: one transaction


# 2. The nearest faction for a typo


def test_a_misspelt_faction_is_suggested_and_accepted_in_one_tap(client, event):
    page = preview(client, event, {"csv": "Zoé Lune,Nevrborn,Lyon"})
    assert "Did you mean Neverborn?" in page and 'name="accept" value="1"' in page
    assert 'value="Nevrborn" selected' in page and "to fix" in page
    before = db_state()
    page = preview(client, event, rows(("Zoé Lune", "Nevrborn", "Lyon"), accept="1", confirm=""))
    assert db_state() == before  # accepting corrects the row; it does not import
    assert '<option value="neverborn" selected>Neverborn</option>' in page and "ready" in page
    assert "Did you mean" not in page


def test_nothing_close_suggests_nothing(client, event):
    page = preview(client, event, {"csv": "Zoé Lune,Xyzzy,"})
    assert "Did you mean" not in page and "“Xyzzy” is not a faction of Gaining Grounds 2017" in page


def test_the_suggestion_is_found_from_french_names_and_said_in_french(client, event):
    client.cookies["django_language"] = "fr"
    page = preview(client, event, {"csv": "Zoé Lune,Guilde,\nYann Roc,Parrias,"})
    above_the_fields = page.split('id="row-2"')[1].split('class="versions"')[0]
    assert 'name="accept" value="2"' in above_the_fields and "Parias" in above_the_fields  # not "Outcasts"
    assert '<option value="guild" selected>Guilde</option>' in page


# 3. Faction names, never keys


def test_the_preview_names_factions_in_the_reader_s_language(client, event):
    page = preview(client, event, {"csv": "Zoé Lune,ten-thunders,\nYann Roc,outcasts,"})
    assert '<option value="ten-thunders" selected>Ten Thunders</option>' in page
    assert ">ten-thunders<" not in page and ">outcasts<" not in page
    client.cookies["django_language"] = "fr"
    page = preview(client, event, {"csv": "Zoé Lune,ten-thunders,\nYann Roc,outcasts,"})
    assert '<option value="ten-thunders" selected>Dix-Tonnerres</option>' in page
    assert '<option value="outcasts" selected>Parias</option>' in page


# 4. A row corrected in place


def test_a_bad_row_is_corrected_on_the_page_checked_again_and_imported(client, event):
    page = preview(client, event, {"csv": "name,faction,club\n,guild,Lyon\nPlayer 0,guild,\nEve Noir,guild,"})
    assert page.count("to fix") >= 2 and "The name is missing." in page and "already registered" in page
    assert "Line 2" in page and "Line 4" in page  # the CSV's own lines, its header counted
    before = db_state()
    page = preview(client, event, rows(("Ann Ode", "guild", "Lyon"), ("Player 0", "guild", ""),
                                       ("Eve Noir", "guild", ""), offset=1, check=""))
    assert db_state() == before
    assert "The name is missing." not in page and "already registered" in page and "Line 2" in page
    assert "2 of 3 rows are ready." in page and "Import 2 valid rows" in page
    answer = client.post(f"/console/e/{event.slug}/import/", rows(
        ("Ann Ode", "guild", "Lyon"), ("Player 0", "guild", ""), ("Eve Noir", "guild", ""), offset=1, confirm=""),
        follow=True)
    assert "2 players imported. 1 row with problems was left out." in answer.content.decode()
    assert set(event.players.values_list("name", flat=True)) == {"Player 0", "Ann Ode", "Eve Noir"}
    assert event.players.get(name="Ann Ode").club == "Lyon"


def test_importing_rows_that_all_have_problems_keeps_the_page_and_saves_nothing(client, event):
    before = db_state()
    page = preview(client, event, rows(("", "guild", ""), ("Zed", "nope", "Lyon"), confirm=""))
    assert "Nothing was imported: every row still has a problem." in page
    assert 'name="row-2-club" value="Lyon"' in page and db_state() == before  # the corrections are still there


def test_a_pasted_csv_confirmed_at_once_still_imports_its_good_rows(client, event):
    answer = client.post(f"/console/e/{event.slug}/import/", {"csv": "Ann Ode,guild,\nBad,nope,", "confirm": ""},
                         follow=True)
    assert "1 player imported. 1 row with problems was left out." in answer.content.decode()
    assert event.players.filter(name="Ann Ode").exists() and not event.players.filter(name="Bad").exists()


# Malformed posts: a clear answer, never a server error, nothing changed


@pytest.mark.parametrize("data", [
    {}, {"csv": ""}, {"csv": "\x00,,"}, {"rows": "abc"}, {"rows": "0", "confirm": ""}, {"rows": "-2"},
    {"rows": "999999", "confirm": ""}, {"rows": "2", "confirm": ""}, {"rows": "2", "check": ""},
    {"rows": "1", "row-1-name": "Zed", "confirm": ""},
    {"rows": "1", "row-1-name": "Zed", "row-1-faction": "no-such-faction", "confirm": ""},
    {"rows": "1", "row-1-name": "Zed", "row-1-faction": "guild", "row-1-person": "12", "confirm": ""},
    {"rows": "1", "row-1-name": "Zed", "row-1-faction": "guild", "accept": "7", "confirm": ""},
    {"rows": "1", "row-1-name": "Zed", "row-1-faction": "guild", "accept": "x", "offset": "q"},
    {"rows": "1", "row-1-name": "x" * 5000, "row-1-faction": "guild", "row-1-club": "\u202e", "confirm": ""},
    {"rows": "1", "row-1-name": "Zed\x00", "row-1-faction": "\x00", "confirm": ""},
])
def test_malformed_posts_are_answered_without_a_server_error_and_change_nothing(client, event, data):
    before = db_state()
    answer = client.post(f"/console/e/{event.slug}/import/", data, follow=True)
    assert answer.status_code == 200
    assert db_state() == before


def test_empty_and_oversized_lists_say_what_to_do(client, event):
    page = client.post(f"/console/e/{event.slug}/import/", {"csv": ""}, follow=True).content.decode()
    assert "Paste the players to import first" in page
    page = client.post(f"/console/e/{event.slug}/import/", {"rows": "abc"}, follow=True).content.decode()
    assert "This import cannot be read" in page
    text = "\n".join(f"P{n},guild," for n in range(201))
    page = client.post(f"/console/e/{event.slug}/import/", {"csv": text, "confirm": ""},
                       follow=True).content.decode()
    assert "At most 200 players at a time" in page and event.players.count() == 1


def test_a_stranger_cannot_preview_or_import(client, event):
    from tests.factories import make_user

    client.force_login(make_user("stranger")[0])
    assert client.post(f"/console/e/{event.slug}/import/", rows(("Zed", "guild", ""), confirm="")).status_code == 403
    assert not event.players.filter(name="Zed").exists()


# 5. Merging two people of the same name


def test_merging_namesakes_tells_them_apart_and_never_says_a_name_is_itself(client, user):
    kept = played_before(user, "Chloé Martin", club="Rook Club")
    services.player_register(event=event_made(user, players=0, name="Later", date=date(2017, 2, 4)), by=user,
                             name="Chloé Martin", faction="guild", person=kept.pk)
    event = event_made(user, players=0, name="Spring Open", date=date(2017, 3, 18))
    entry = services.player_register(event=event, by=user, name="Chloé Martin", faction="guild")
    asked = client.post(f"/console/e/{event.slug}/people/", {"entry": entry.pk, "keep": kept.pk}).content.decode()
    assert ("Chloé Martin (1 event, latest event 18 March 2017) and Chloé Martin (2 events, Rook Club, latest event "
            "4 February 2017) become one person: Chloé Martin.") in asked
    assert "Chloé Martin is now Chloé Martin" not in asked and "into Chloé Martin?" not in asked
    done = client.post(f"/console/e/{event.slug}/people/", {"entry": entry.pk, "keep": kept.pk, "confirmed": "yes"},
                       follow=True).content.decode()
    assert ("Chloé Martin (1 event, latest event 18 March 2017) and Chloé Martin (2 events, Rook Club, latest event "
            "4 February 2017) are now one person: Chloé Martin.") in done
    assert "is now Chloé Martin" not in done
    assert Player.objects.get(pk=entry.pk).person_id == kept.pk


def test_namesakes_with_the_same_history_are_told_apart_by_their_profile_numbers(client, user):
    kept = played_before(user, "Chloé Martin", when=date(2017, 3, 18), event_name="Other Hall")
    event = event_made(user, players=0, name="Spring Open", date=date(2017, 3, 18))
    entry = services.player_register(event=event, by=user, name="Chloé Martin", faction="guild")
    asked = client.post(f"/console/e/{event.slug}/people/", {"entry": entry.pk, "keep": kept.pk}).content.decode()
    assert f"profile #{entry.person_id}) and Chloé Martin" in asked and f"profile #{kept.pk}) become one" in asked


def test_a_row_without_a_faction_is_to_fix_not_the_first_faction_without_a_french_name(client, event):
    page = preview(client, event, {"csv": "Zed,,"})
    assert "to fix" in page and "— choose a faction —" in page and "<option value=\"neverborn\" selected" not in page
    client.post(f"/console/e/{event.slug}/import/", {"csv": "Zed,,", "confirm": ""})
    assert not event.players.filter(name="Zed").exists()
