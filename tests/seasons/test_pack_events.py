"""Issue 55, an event pinned to a season pack: its organizer may run it under a version they published or
one published for everyone (nobody else's), through the services, the console's form and the API alike; its
results are judged by the pack's caps while a GG Zero event beside it keeps GG Zero's."""
from datetime import date

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scoring.problems import Invalid
from scoring.report import Report
from seasons import services as packs
from tests.factories import event_made, round_paired
from tournaments import services
from tournaments.models import Event


def published(user, *, site_by=None):
    draft = packs.pack_start(user=user, name="High Scores", from_key="m4e-gg0")
    draft = packs.draft_save(version=draft, user=user,
                             data={**draft.data, "vp": {**draft.data["vp"], "strategy": 6, "game": 12}})
    own = packs.version_publish(version=draft, user=user, released_on=date(2026, 9, 1))
    if site_by is not None:
        return packs.version_publish(version=own, user=site_by, released_on=date(2026, 9, 1), site=True)
    return own


def test_an_event_under_a_pack_judges_by_its_caps(people):
    ann = people["ann"]
    version = published(ann)
    event = event_made(ann, players=2, format=version.key, factions=("guild", "bayou"))
    zero = event_made(ann, players=2, format="m4e-gg0", factions=("guild", "bayou"), name="Zero Open")
    for ran, accepted in ((event, True), (zero, False)):
        game = round_paired(ran, ann).games.select_related("round__event", "player_a", "player_b").get()
        if accepted:
            services.result_record(game=game, by=ann, report=Report(outcome="played", vp_a=12, vp_b=3))
            assert game.result.vp_a == 12
        else:
            with pytest.raises(Invalid):
                services.result_record(game=game, by=ann, report=Report(outcome="played", vp_a=12, vp_b=3))
    assert Event.objects.get(pk=event.pk).rules().vp.game == 12 and zero.rules().vp.game == 11


def test_only_its_owner_runs_an_own_pack_until_staff_publish_it_for_everyone(people):
    ann, ben = people["ann"], people["ben"]
    version = published(ann)
    with pytest.raises(Invalid) as refused:
        services.event_create(user=ben, name="Ben's", date=date(2026, 12, 5), format=version.key)
    assert refused.value.problems[0].code == "unknown_format"
    for unknown in ("pack-999999", "nope", ""):
        with pytest.raises(Invalid):
            services.event_create(user=ann, name="Odd", date=date(2026, 12, 5), format=unknown)
    everyone = published(ann, site_by=people["staff"])
    assert services.event_create(user=ben, name="Ben's", date=date(2026, 12, 5), format=everyone.key).format == \
        everyone.key


def test_the_console_form_and_the_api_offer_the_pack(people):
    ann, ben = people["ann"], people["ben"]
    version = published(ann)
    console = Client()
    console.force_login(ann)
    page = console.get("/console/").content.decode()
    assert f'value="{version.key}"' in page and "High Scores" in page
    answer = console.post("/console/", {"name": "Pack Night", "date": "2026-12-05", "format": version.key})
    assert answer.status_code == 302 and Event.objects.get(name="Pack Night").format == version.key
    other = Client()
    other.force_login(ben)
    assert f'value="{version.key}"' not in other.get("/console/").content.decode()
    api = APIClient()
    api.force_authenticate(ben)
    refused = api.post("/api/events/", {"name": "x", "date": "2026-12-05", "format": version.key}, format="json")
    assert refused.status_code == 400 and not Event.objects.filter(name="x").exists()
    api.force_authenticate(ann)
    made = api.post("/api/events/", {"name": "y", "date": "2026-12-05", "format": version.key}, format="json")
    assert made.status_code == 201 and made.json()["format"] == version.key


@pytest.mark.parametrize("released, day, warned", [
    (date(2026, 9, 1), date(2026, 9, 30), True), (date(2026, 9, 1), date(2026, 10, 1), False),
    (date(2026, 1, 31), date(2026, 2, 27), True), (date(2026, 1, 31), date(2026, 2, 28), False),
    (date(2026, 12, 15), date(2027, 1, 14), True), (date(2026, 12, 15), date(2027, 1, 15), False),
    (date(2026, 9, 1), date(2026, 8, 1), True)])
def test_the_errata_rule_counts_a_calendar_month(released, day, warned):
    from seasons.errata import too_recent

    assert too_recent(released, day) is warned


def test_the_console_warns_of_a_pack_released_less_than_a_month_before(people):
    ann = people["ann"]
    version = published(ann)  # released 1 September 2026
    soon = services.event_create(user=ann, name="Soon", date=date(2026, 9, 20), format=version.key)
    later = services.event_create(user=ann, name="Later", date=date(2026, 10, 3), format=version.key)
    zero = services.event_create(user=ann, name="Zero", date=date(2026, 9, 20), format="m4e-gg0")
    console = Client()
    console.force_login(ann)
    pages = {e.name: console.get(f"/console/e/{e.slug}/").content.decode() for e in (soon, later, zero)}
    assert "less than a month before this event" in pages["Soon"] and "High Scores" in pages["Soon"]
    assert "pack-warning" not in pages["Later"] and "pack-warning" not in pages["Zero"]
    french = Client(HTTP_ACCEPT_LANGUAGE="fr")
    french.force_login(ann)
    french.cookies["django_language"] = "fr"
    assert "moins d’un mois avant ce tournoi" in french.get(f"/console/e/{soon.slug}/").content.decode()


def test_a_new_event_defaults_to_the_newest_pack_of_todays_edition(people):
    from tournaments.web.forms import EventForm

    assert EventForm(who=people["ben"]).fields["format"].initial == "m4e-gg0"
    version = published(people["ann"], site_by=people["staff"])
    assert EventForm(who=people["ben"]).fields["format"].initial == version.key


def test_an_event_moves_to_the_next_season_of_its_edition_until_round_1(people):
    """Players registered under GG Zero; the organizer publishes the pack that follows it and moves the event
    there (the factions are the same): allowed until round 1 is paired. Another edition, or a season lacking
    a registered player's faction, is refused by name and changes nothing."""
    from scoring.problems import Conflict

    ann = people["ann"]
    event = event_made(ann, players=2, format="m4e-gg0", factions=("guild", "bayou"), date=date(2026, 12, 5))
    for key, code in (("m3e", "settings_locked"), (_without_bayou(ann).key, "format_factions")):
        with pytest.raises(Conflict) as refused:
            services.event_update(event=event, by=ann, format=key)
        assert refused.value.problems[0].code == code
        assert Event.objects.get(pk=event.pk).format == "m4e-gg0"
    assert "Player 1" in str(refused.value.problems[0].detail)  # who declared Bayou
    version = published(ann)
    services.event_update(event=event, by=ann, format=version.key)
    assert Event.objects.get(pk=event.pk).format == version.key
    round_paired(Event.objects.get(pk=event.pk), ann)
    with pytest.raises(Conflict):
        services.event_update(event=Event.objects.get(pk=event.pk), by=ann, format="m4e-gg0")


def _without_bayou(user):
    draft = packs.pack_start(user=user, name="No Bayou", from_key="m4e-gg0")
    data = {**draft.data, "factions": [f for f in draft.data["factions"] if f != "Bayou"]}
    data["leaders"] = {k: v for k, v in data.get("leaders", {}).items() if k != "bayou"}
    draft = packs.draft_save(version=draft, user=user, data=data)
    assert not packs.problems(draft), packs.problems(draft)
    return packs.version_publish(version=draft, user=user, released_on=date(2026, 9, 1))


def _settings_post(page) -> dict:
    """The console's settings form as a browser sends it unchanged (its fields' shown values)."""
    form = page.context["form"]
    post = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if isinstance(value, bool):
            if value:
                post[name] = "on"
        elif value is not None:
            post[name] = value.isoformat() if hasattr(value, "isoformat") else str(value)
    return post


def test_the_console_moves_an_event_to_the_next_season_and_says_why_another_edition_is_refused(people):
    """Through the settings page: the chart posted was the old season's, so a new season's own first chart is
    taken (no "select a valid choice" on the chart); another edition is refused in the edition's words."""
    ann = people["ann"]
    event = event_made(ann, players=2, format="m4e-gg0", factions=("guild", "bayou"), date=date(2026, 12, 5))
    console = Client()
    console.force_login(ann)
    url = f"/console/e/{event.slug}/settings/"
    post = _settings_post(console.get(url))
    refused = console.post(url, {**post, "format": "m3e"}).content.decode()
    assert "The edition cannot change once players have registered" in refused
    assert "Select a valid choice" not in refused and Event.objects.get(pk=event.pk).format == "m4e-gg0"
    version = published(ann)
    moved = console.post(url, {**post, "format": version.key})
    assert moved.status_code == 302 and Event.objects.get(pk=event.pk).format == version.key
