"""Console pages beyond the browser walk: exports, printing, the round clock, settings."""
import csv
import io
import json
from datetime import date, timedelta

import pytest
from django.utils import timezone

from jobs.models import Job
from tournaments.models import Event, Round


@pytest.fixture
def organizer_client(client, event):
    client.force_login(Event.objects.get(slug="spring-open").created_by)
    return client


def test_standings_and_results_export_as_csv(organizer_client):
    rows = list(csv.reader(io.StringIO(organizer_client.post("/console/e/spring-open/export/standings/")
                                       .content.decode())))
    assert rows[0][:3] == ["rank", "name", "faction"] and len(rows) == 6 and rows[1][4] == "3"
    rows = list(csv.reader(io.StringIO(organizer_client.post("/console/e/spring-open/export/results/")
                                       .content.decode())))
    assert len(rows) == 4 and {r[12] for r in rows[1:]} == {"played", "bye"}
    assert organizer_client.post("/console/e/spring-open/export/nothing/").status_code == 404
    assert organizer_client.get("/console/e/spring-open/export/standings/").status_code == 405


@pytest.mark.django_db(transaction=True)  # the job runs on a connection of its own
def test_a_large_event_s_export_is_a_job_page_with_a_download(organizer_client, settings, eager_celery,
                                                               jobs_in_threads):
    settings.EXPORT_JOB_THRESHOLD = 5
    answer = organizer_client.post("/console/e/spring-open/export/backup/")
    jobs_in_threads()
    job = Job.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/console/jobs/{job.pk}/"
    page = organizer_client.get(answer["Location"]).content.decode()
    assert "Backup (JSON)" in page and f"/console/jobs/{job.pk}/download/" in page and "hx-trigger" not in page
    download = organizer_client.get(f"/console/jobs/{job.pk}/download/")
    assert download["Content-Disposition"] == 'attachment; filename="spring-open-backup.json"'
    assert json.loads(download.content)["event"]["slug"] == "spring-open"


@pytest.mark.django_db(transaction=True)  # the job runs on a connection of its own
def test_a_large_field_s_pairing_leads_to_its_job_page(organizer_client, settings, eager_celery, jobs_in_threads):
    settings.PAIRING_JOB_THRESHOLD = 5
    answer = organizer_client.post("/console/e/spring-open/rounds/", {"method": "swiss"})
    jobs_in_threads()
    job = Job.objects.get()
    assert answer["Location"] == f"/console/jobs/{job.pk}/"
    page = organizer_client.get(answer["Location"]).content.decode()
    assert "/console/e/spring-open/rounds/2/" in page and "Round 2 is paired." in page


def test_a_job_still_running_is_followed_by_polling(organizer_client):
    event = Event.objects.get(slug="spring-open")
    job = Job.objects.create(event=event, kind=Job.EXPORT, params={"what": "results"}, status=Job.RUNNING)
    page = organizer_client.get(f"/console/jobs/{job.pk}/").content.decode()
    assert 'hx-trigger="every 2s"' in page and "<progress" in page
    assert organizer_client.get(f"/console/jobs/{job.pk}/download/").status_code == 404


def test_print_has_a_wall_sheet_and_a_private_slip_per_seated_player(organizer_client):
    html = organizer_client.get("/console/e/spring-open/rounds/1/print/").content.decode()
    assert html.count('class="slip"') == 4 and 'class="sheet"' in html and "Headhunter" in html
    # Each slip carries its player's own link, in text and as an inline SVG QR code (no outside host).
    rnd = Round.objects.get(event__slug="spring-open", number=1)
    seated = [p for g in rnd.games.exclude(player_b=None) for p in (g.player_a, g.player_b)]
    for player in seated:
        assert html.count(f"http://testserver/p/{player.key}/") == 1
    assert html.count("<svg") == 4 and "<img" not in html and "https://" not in html


def test_round_clock_start_pause_reset_and_the_public_countdown(organizer_client):
    rnd = Round.objects.get(event__slug="spring-open", number=1)
    organizer_client.post("/console/e/spring-open/rounds/1/clock/start/")
    rnd.refresh_from_db()
    assert rnd.clock_left == 120 * 60 and rnd.clock_started_at is not None
    Round.objects.filter(pk=rnd.pk).update(clock_started_at=timezone.now() - timedelta(minutes=30))
    organizer_client.post("/console/e/spring-open/rounds/1/clock/pause/")
    rnd.refresh_from_db()
    assert rnd.clock_started_at is None and 89 * 60 <= rnd.clock_left <= 90 * 60
    html = organizer_client.get("/e/spring-open/rounds/1/").content.decode()
    assert 'data-running="0"' in html and "paused" in html
    asked = organizer_client.post("/console/e/spring-open/rounds/1/clock/reset/").content.decode()
    assert "Are you sure?" in asked and Round.objects.get(pk=rnd.pk).clock_left is not None  # asked first
    organizer_client.post("/console/e/spring-open/rounds/1/clock/reset/", {"confirmed": "yes"})
    rnd.refresh_from_db()
    assert rnd.clock_left is None and 'class="clock"' not in organizer_client.get("/e/spring-open/rounds/1/") \
        .content.decode()


def test_settings_change_and_the_bye_award_is_locked_once_started(organizer_client):
    form = {"name": "Spring Open", "date": "2017-03-18", "format": "gg2017", "scheme_chart": "gg2017", "rounds": "4",
            "rematch_window": "2", "bye_tp": "3", "bye_diff": "5", "bye_vp": "10", "concession_winner_vp": "10",
            "forfeit_winner_vp": "10"}
    response = organizer_client.post("/console/e/spring-open/settings/", form)
    assert response.status_code == 302
    event = Event.objects.get(slug="spring-open")
    assert (event.rounds, event.rematch_window) == (4, 2)
    response = organizer_client.post("/console/e/spring-open/settings/", {**form, "bye_vp": "8"})
    assert response.status_code == 200 and "cannot change once round 1 is paired" in response.content.decode()
    assert Event.objects.get(slug="spring-open").awards == {}


def test_settings_before_round_one_vary_the_awards_and_chart(client, db):
    from tests.factories import Api, make_user

    user, token = make_user("owner")
    Api(client, token).post("/api/events/", {"name": "Fresh", "date": "2017-01-01", "format": "gg2017"})
    client.force_login(user)
    form = {"name": "Fresh", "date": "2017-01-01", "format": "gg2017", "scheme_chart": "m2e-core", "rounds": "3",
            "rematch_window": "3", "bye_tp": "3", "bye_diff": "5", "bye_vp": "10", "concession_winner_vp": "8",
            "forfeit_winner_vp": "10"}
    assert client.post("/console/e/fresh/settings/", form).status_code == 302
    event = Event.objects.get(slug="fresh")
    assert event.chart().key == "m2e-core"
    assert event.rules().concession.winner.vp == 8 and event.rules().concession.loser.diff == -8
    assert event.rules().forfeit.winner.vp == 10


def test_the_console_sets_how_missions_are_set_and_dead_mans_hand(client, db):
    from tests.factories import Api, make_user

    user, token = make_user("owner")
    Api(client, token).post("/api/events/", {"name": "Third", "date": "2022-01-01", "format": "m3e"})
    client.force_login(user)
    form = {"name": "Third", "date": "2022-01-01", "format": "m3e", "scheme_chart": "m3e", "rematch_window": "3",
            "bye_tp": "3", "bye_diff": "4", "bye_vp": "6", "concession_winner_vp": "8", "forfeit_winner_vp": "8",
            "missions": "at_table", "dead_mans_hand": "on"}
    assert client.post("/console/e/third/settings/", form).status_code == 302
    event = Event.objects.get(slug="third")
    assert (event.missions, event.dead_mans_hand) == ("at_table", True)
    refused = client.post("/console/e/third/settings/", {**form, "format": "gg2017", "scheme_chart": "gg2017"})
    assert refused.status_code == 200 and "plays one mission at every table" in refused.content.decode()
    assert Event.objects.get(slug="third").format == "m3e"


def test_swap_two_seats_from_the_console(organizer_client):
    from tournaments.models import Game, Result

    rnd = Round.objects.get(event__slug="spring-open", number=1)
    Result.objects.filter(game__round=rnd).exclude(outcome="bye").delete()  # seats move only before results
    games = list(Game.objects.filter(round=rnd, player_b__isnull=False).order_by("table"))
    a, b = games[0].player_b_id, games[1].player_a_id
    response = organizer_client.post("/console/e/spring-open/rounds/1/swap/", {"player_1": a, "player_2": b})
    assert response.status_code == 302
    games = list(Game.objects.filter(round=rnd, player_b__isnull=False).order_by("table"))
    assert games[0].player_b_id == b and games[1].player_a_id == a
    rnd.refresh_from_db()
    assert rnd.report["adjustments"][-1]["swap"] == [a, b]


@pytest.mark.parametrize("path", ["/console/", "/console/e/spring-open/", "/console/e/spring-open/import/",
                                  "/console/e/spring-open/rounds/", "/console/e/spring-open/rounds/1/",
                                  "/console/e/spring-open/rounds/1/swap/", "/console/e/spring-open/settings/",
                                  "/console/e/spring-open/rounds/1/clock/explode/",
                                  "/console/e/spring-open/players/1/teleport/"])
@pytest.mark.parametrize("junk", [{}, {"game": "abc", "player_1": "x", "csv": "\x00,,", "method": "??",
                                       "date": "yesterday", "g1-vp_a": "lots", "rounds": "-3"}])
def test_console_forms_answer_junk_without_a_server_error(organizer_client, path, junk):
    from tests.factories import db_state

    before = db_state()
    assert organizer_client.post(path, junk).status_code < 500
    assert db_state() == before


def test_renaming_on_the_settings_page_keeps_awards_set_through_the_api_even_after_round_one(client, db):
    """The page shows only the winner's VP of a concession; saving it unchanged must not rewrite the
    rest of an award announced through the API (here 2 TP), nor be refused once round 1 is paired."""
    from tests.factories import Api, make_user

    user, token = make_user("owner")
    api = Api(client, token)
    odd = {"winner": {"tp": 2, "diff": 10, "vp": 10}, "loser": {"tp": 0, "diff": -10, "vp": 0}}
    status, made = api.post("/api/events/", {"name": "Odd Awards", "date": "2017-01-01", "format": "gg2017",
                                             "concession": odd})
    assert status == 201
    for name in ("Ann", "Bob"):
        api.post(f"/api/events/{made['id']}/players/", {"name": name, "faction": "guild"})
    assert api.post(f"/api/events/{made['id']}/rounds/", {"seed": 1})[0] == 201
    client.force_login(user)
    page = client.get("/console/e/odd-awards/settings/").context["form"]
    form = {**{k: v for k, v in page.initial.items() if v is not None}, "name": "Odd Awards Renamed"}
    form = {k: ("on" if v is True else v) for k, v in form.items() if v is not False}
    response = client.post("/console/e/odd-awards/settings/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(slug="odd-awards")
    assert event.name == "Odd Awards Renamed"
    assert event.rules().concession.winner.tp == 2 and api.get(f"/api/events/{made['id']}/")[1]["concession"] == odd


def test_console_guard_checks_sign_in_then_method_then_rights(event, client):
    """Anonymous: the sign-in page; a GET to a POST-only address: 405 for anyone signed in, before the
    event or the rights are looked at; a stranger's POST: 403; an unknown event: 404."""
    from tests.factories import make_user

    pair = "/console/e/spring-open/rounds/"
    assert client.get(pair).status_code == 302 and "/console/login/" in client.get(pair)["Location"]
    client.force_login(make_user("stranger")[0])
    assert client.get(pair).status_code == 405 and client.get(pair)["Allow"] == "POST"
    assert client.get("/console/e/no-such-event/rounds/").status_code == 405
    assert client.post(pair, {"method": "swiss"}).status_code == 403
    assert client.post("/console/e/no-such-event/rounds/", {"method": "swiss"}).status_code == 404
    assert client.get("/console/e/spring-open/").status_code == 403


@pytest.mark.parametrize("query", ["table=%C2%B2", "player=%C2%B2", f"player={2**63}", "table=" + "9" * 5000])
def test_the_audit_page_reads_junk_filters_as_none(organizer_client, query):
    response = organizer_client.get(f"/console/e/spring-open/audit/?{query}")
    assert response.status_code == 200


def test_an_import_with_a_cell_too_long_for_the_csv_module_says_so_and_saves_nothing(organizer_client):
    players = Event.objects.get(slug="spring-open").players.count()
    text = "Zed," + "x" * 140_000 + ",club\nYann,guild,\n"
    response = organizer_client.post("/console/e/spring-open/import/", {"csv": text}, follow=True)
    assert response.status_code == 200 and "This CSV cannot be read" in response.content.decode()
    assert Event.objects.get(slug="spring-open").players.count() == players


def test_dropping_and_redoing_ask_first_saying_what_will_happen(organizer_client):
    from tournaments.models import Player

    player = Player.objects.filter(event__slug="spring-open").first()
    asked = organizer_client.post(f"/console/e/spring-open/players/{player.pk}/drop/").content.decode()
    assert "not paired from the next round" in asked and 'name="confirmed" value="yes"' in asked
    assert Player.objects.get(pk=player.pk).status == "active"
    done = organizer_client.post(f"/console/e/spring-open/players/{player.pk}/drop/", {"confirmed": "yes"},
                                 follow=True).content.decode()
    assert Player.objects.get(pk=player.pk).status == "dropped" and f"{player.name} dropped" in done
    asked = organizer_client.post("/console/e/spring-open/rounds/1/redo/").content.decode()
    assert "Redo round 1?" in asked and Round.objects.filter(event__slug="spring-open", number=1).exists()
    refused = organizer_client.post("/console/e/spring-open/rounds/1/redo/", {"confirmed": "yes"}, follow=True)
    assert Round.objects.filter(event__slug="spring-open", number=1).exists(), "a round with results stays"
    assert refused.status_code == 200


def test_a_player_is_edited_in_the_console(organizer_client):
    from tournaments.models import Player

    ada, ben = Player.objects.filter(event__slug="spring-open").order_by("name")[:2]
    url = f"/console/e/spring-open/players/{ada.pk}/edit/"
    assert 'value="Ada Ortega"' in organizer_client.get(url).content.decode()
    answer = organizer_client.post(url, {"name": "Ada Ortega-Ruiz", "faction": "arcanists", "club": "Lyon",
                                         "email": "ada@example.org", "is_ringer": "", "pinned_table": "4"})
    assert answer.status_code == 302
    ada.refresh_from_db()
    assert (ada.name, ada.faction, ada.club, ada.email, ada.pinned_table) == (
        "Ada Ortega-Ruiz", "arcanists", "Lyon", "ada@example.org", 4)
    taken = organizer_client.post(url, {"name": ben.name, "faction": "guild"}).content.decode()
    assert "already registered" in taken and Player.objects.get(pk=ada.pk).name == "Ada Ortega-Ruiz"


def test_a_second_ringer_is_refused_not_a_server_error(api):
    from tests.factories import new_event

    event, ids = new_event(api, players=2)
    assert api.call("patch", f"/api/events/{event['id']}/players/{ids[0]}/", {"is_ringer": True})[0] == 200
    status, body = api.call("patch", f"/api/events/{event['id']}/players/{ids[1]}/", {"is_ringer": True})
    assert status == 400 and body["errors"][0]["code"] == "ringer_exists"


def test_the_console_pairs_round_one_keeping_clubmates_apart(client, db):
    """Two clubs of two: paired at random, a same-club game comes one time in three; asked to keep them
    apart, never (twelve events: a console that dropped the option would pass by luck under 1 % of runs)."""
    from tests.factories import make_user
    from tournaments import services
    from tournaments.models import Player

    user, _ = make_user("clubs")
    client.force_login(user)
    for n in range(12):
        event = services.event_create(user=user, name=f"Clubs {n}", date=date(2017, 3, 18), format="gg2017")
        for i, club in enumerate(("Bristol", "Bristol", "Lyon", "Lyon")):
            services.player_register(event=event, by=user, name=f"P{i}", faction="guild", club=club)
        answer = client.post(f"/console/e/{event.slug}/rounds/", {"method": "random", "avoid_same_club": "on"})
        assert answer.status_code == 302
        clubs = dict(Player.objects.filter(event=event).values_list("id", "club"))
        for a, b in Round.objects.get(event=event).games.values_list("player_a_id", "player_b_id"):
            assert clubs[a] != clubs[b]


def test_dates_reach_the_date_picker_as_iso_in_french_too(organizer_client):
    organizer_client.cookies["django_language"] = "fr"
    page = organizer_client.get("/console/e/spring-open/settings/").content.decode()
    assert "Enregistrer" in page or "Nom" in page
    assert 'type="date"' in page and 'value="2017-03-18"' in page


def test_a_french_import_takes_french_faction_names(organizer_client):
    from tournaments.models import Player

    organizer_client.cookies["django_language"] = "fr"
    form = organizer_client.get("/console/e/spring-open/").content.decode()
    assert ">Guilde<" in form  # the register form's factions in the reader's language
    organizer_client.post("/console/e/spring-open/import/", {"csv": "Zoé Lune,Guilde,\nYann Roc,Parias,",
                                                                "confirm": "1"})
    assert Player.objects.filter(name="Zoé Lune", faction="guild").exists()
    assert Player.objects.filter(name="Yann Roc", faction="outcasts").exists()


def test_french_pages_set_a_narrow_space_before_a_colon(organizer_client):
    organizer_client.cookies["django_language"] = "fr"
    page = organizer_client.get("/console/e/spring-open/").content.decode()
    assert "Exporter\u202f:" in page and "Exporter:" not in page
    organizer_client.cookies["django_language"] = "en"
    assert "Export:" in organizer_client.get("/console/e/spring-open/").content.decode()


def test_an_m4e_events_settings_offer_no_dead_mans_hand_and_keep_it_as_it_was(client, db):
    from tests.factories import Api, make_user

    user, token = make_user("owner")
    Api(client, token).post("/api/events/", {"name": "Zero", "date": "2026-11-01", "format": "m4e-gg0"})
    client.force_login(user)
    page = client.get("/console/e/zero/settings/").content.decode()
    assert "Dead Man" not in page and 'name="dead_mans_hand"' not in page
    event = Event.objects.get(slug="zero")
    form = {"name": "Zero renamed", "date": "2026-11-01", "format": "m4e-gg0", "scheme_chart": event.chart().key,
            "rematch_window": "3", "bye_tp": str(event.rules().bye.tp), "bye_diff": str(event.rules().bye.diff),
            "bye_vp": str(event.rules().bye.vp), "concession_winner_vp": str(event.rules().concession.winner.vp),
            "forfeit_winner_vp": str(event.rules().forfeit.winner.vp)}
    assert client.post("/console/e/zero/settings/", form).status_code == 302
    event.refresh_from_db()
    assert event.name == "Zero renamed" and event.dead_mans_hand is False
