"""The public pages, rendered by the server from the same data as the API."""
import gzip
import re


def page(client, path, lang="en", **headers):
    response = client.get(path, HTTP_ACCEPT_LANGUAGE=lang, **headers)
    assert response.status_code == 200, path
    return response.content.decode()


def test_home_lists_events_by_phase(client, event):
    html = page(client, "/")
    assert "Spring Open" in html and "Running" in html


def test_event_page_lists_players_with_factions(client, event):
    html = page(client, "/e/spring-open/")
    assert "5 registered, 5 played" in html and "Ada Ortega" in html and "Ten Thunders" in html and "3 rounds" in html


def test_round_page_shows_mission_pairings_and_results(client, event):
    html = page(client, "/e/spring-open/rounds/1/")
    assert "Headhunter" in html and "Close" in html  # January-March rotation, round 1
    assert html.count('class="game"') == 3 and "5–5" in html and "Bye" in html
    assert 'hx-trigger="poll" data-poll="20"' in html


def test_find_your_table_filters_by_part_of_a_name(client, event):
    fragment = page(client, "/e/spring-open/rounds/1/?q=chlo", HTTP_HX_REQUEST="true")
    assert "<html" not in fragment and fragment.count('class="game"') == 1 and "Chloé Martin" in fragment
    assert "No table matches" in page(client, "/e/spring-open/rounds/1/?q=zzz", HTTP_HX_REQUEST="true")


def test_standings_show_shared_ranks_and_dropped_players(client, event):
    dev = event["ids"]["Dev Patel"]
    from tournaments.models import Player
    Player.objects.filter(pk=dev).update(status="dropped")
    html = page(client, "/e/spring-open/standings/")
    # The bye (3 TP) leads alone; the four drawn players share second place.
    assert re.search(r"<td>1</td>", html) and html.count("<td>2=</td>") == 4
    assert 'class="dropped"' in html and "dropped" in html


def test_player_page_lists_games_round_by_round(client, event):
    html = page(client, f"/e/spring-open/players/{event['ids']['Ada Ortega']}/")
    assert "Round 1" in html and ("5–5" in html or "Bye" in html)


def test_pages_speak_french(client, event):
    html = page(client, "/e/spring-open/standings/", lang="fr")
    assert 'lang="fr"' in html and "Classement" in html and "Après la ronde 1" in html and "PT" in html
    round_html = page(client, "/e/spring-open/rounds/1/", lang="fr")
    assert "Stratégie" in round_html and "Trouver votre table" in round_html


def test_unknown_pages_are_404(client, db):
    assert client.get("/e/nope/").status_code == 404
    assert client.get("/e/nope/rounds/1/").status_code == 404


def test_each_page_is_small_on_a_slow_phone(client, event):
    """HTML + CSS + JS under 60 KB compressed, and nothing from another host."""
    from django.contrib.staticfiles import finders
    assets = sum(len(gzip.compress(open(finders.find(path), "rb").read()))
                 for path in ("css/site.css", "vendor/htmx-2.0.11.min.js", "js/clock.js"))
    for path in ("/", "/e/spring-open/", "/e/spring-open/rounds/1/", "/e/spring-open/standings/",
                 f"/e/spring-open/players/{event['ids']['Ben Okafor']}/"):
        html = page(client, path)
        assert len(gzip.compress(html.encode())) + assets < 60_000, path
        assert not re.search(r'(src|href)="(https?:)?//', html), f"{path} asks another host"


def test_the_french_catalogue_is_complete_and_compiled():
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "locale" / "fr" / "LC_MESSAGES"
    catalogue = (folder / "django.po").read_text()
    assert "#, fuzzy" not in catalogue
    # An empty msgstr not continued on the next line (a long translation wraps as msgstr "" + "...").
    assert not re.search(r'msgid "(?:[^"\\]|\\.)+"\nmsgstr ""\n(?!")', catalogue + "\n"), "an untranslated entry"
    assert not re.search(r'msgstr\[\d\] ""\n(?!")', catalogue + "\n"), "an untranslated plural"
    assert not re.search(r'msgid ""\n(?:".*"\n)+msgstr ""\n(?!")', catalogue + "\n"), "an untranslated long entry"
    import gettext

    with open(folder / "django.mo", "rb") as compiled:
        translated = gettext.GNUTranslations(compiled)._catalog
    msgids = {m.replace('\\"', '"') for m in re.findall(r'^msgid "((?:[^"\\]|\\.)+)"$', catalogue, re.M)}
    singular = {k if isinstance(k, str) else k[0] for k in translated}
    assert msgids <= singular, f"the .mo is older than the .po: {sorted(msgids - singular)[:5]}"


def test_the_console_speaks_french(client, event):
    from tournaments.models import Event

    client.force_login(Event.objects.get(slug="spring-open").created_by)
    html = page(client, "/console/e/spring-open/", lang="fr")
    assert "Apparier la ronde suivante" in html and "Inscrire un joueur" in html


def test_rule_messages_speak_the_readers_language(client, event):
    from tournaments.models import Event

    client.force_login(Event.objects.get(slug="spring-open").created_by)
    game = event["round"]["games"][0]
    form = {"game": game["id"], f"g{game['id']}-vp_a": "12", f"g{game['id']}-vp_b": "3",
            f"g{game['id']}-outcome": "played"}
    html = client.post("/console/e/spring-open/rounds/1/", form, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "en permet au plus 10 par partie" in html
    response = client.post(f"/api/games/{game['id']}/result/", {"vp_a": -1, "vp_b": 3},
                           content_type="application/json", HTTP_ACCEPT_LANGUAGE="fr")
    assert "ne peuvent pas être négatifs" in response.json()["errors"][0]["detail"]
    english = client.post(f"/api/games/{game['id']}/result/", {"vp_a": -1, "vp_b": 3},
                          content_type="application/json", HTTP_ACCEPT_LANGUAGE="en")
    assert "cannot be negative" in english.json()["errors"][0]["detail"]


def test_round_and_standings_rows_follow_each_result_and_each_language(client, event, round_two, organizer_api):
    """Rows are kept per process between renders (tournaments.web.rows): a changed game must be
    rendered afresh, and a row kept for one language never shown in another."""
    path = "/e/spring-open/rounds/2/"
    before = page(client, path)
    assert "not reported" in before and "6–4" not in before
    assert "non déclaré" in page(client, path, lang="fr") and "contre" in page(client, path, lang="fr")
    status, _ = organizer_api.post(f"/api/games/{round_two.pk}/result/", {"vp_a": 6, "vp_b": 4})
    assert status in (200, 201)
    after = page(client, path)
    assert "6–4" in after and ">confirmed<" in after and after.count("not reported") == before.count("not reported") - 1
    assert "6–4" in page(client, path, lang="fr") and "confirmé" in page(client, path, lang="fr")
    assert ">confirmé<" not in page(client, path) and ">confirmed<" not in page(client, path, lang="fr")
    standings = page(client, "/e/spring-open/standings/")
    leader = round_two.player_a.name
    assert re.search(r"<td>1</td>\s*<td><a href=\"[^\"]+\">" + re.escape(leader), standings)


def test_kept_rows_are_rendered_once_escaped_and_again_when_they_change():
    from django.utils import translation

    from tournaments.web import rows

    row = {"place": "1", "name": "<script>x</script>", "href": "/e/x/players/1/", "faction": "Guild",
           "dropped": False, "tp": "3", "diff": "2", "vp": "6", "played": "1"}
    rows.row_html.cache_clear()
    first = rows.rendered_rows("public/_standings_row.html", [row])
    assert rows.rendered_rows("public/_standings_row.html", [dict(row)]) == first
    assert rows.row_html.cache_info().misses == 1 and rows.row_html.cache_info().hits == 1
    assert "&lt;script&gt;" in first[0] and "<script>" not in first[0]
    changed = rows.rendered_rows("public/_standings_row.html", [{**row, "tp": "4"}])
    assert rows.row_html.cache_info().misses == 2 and "<td>4</td>" in changed[0] and "<td>3</td>" in first[0]
    gone = {**row, "dropped": True}
    with translation.override("en"):
        english = rows.rendered_rows("public/_standings_row.html", [gone])[0]
    with translation.override("fr"):
        french = rows.rendered_rows("public/_standings_row.html", [gone])[0]
    assert "dropped" in english and "abandon" in french and "abandon" not in english


def test_kept_rows_are_bounded_least_recently_used_first_out():
    from tournaments.web import rows

    rows.row_html.cache_clear()
    assert rows.row_html.cache_info().maxsize == rows.MOST_ROWS
    template = "public/_standings_row.html"
    row = {"place": "1", "name": "Ada", "href": "/e/x/players/1/", "faction": "Guild", "dropped": False,
           "tp": "3", "diff": "2", "vp": "6", "played": "1"}
    many = [{**row, "vp": str(n)} for n in range(rows.MOST_ROWS + 10)]
    for start in range(0, len(many), 1000):
        rows.rendered_rows(template, many[start:start + 1000])
    assert rows.row_html.cache_info().currsize == rows.MOST_ROWS
    misses = rows.row_html.cache_info().misses
    rows.rendered_rows(template, [many[-1]])  # recent: still kept
    assert rows.row_html.cache_info().misses == misses
    rows.rendered_rows(template, [many[0]])  # the oldest went first
    assert rows.row_html.cache_info().misses == misses + 1


def test_event_page_marks_dropped_and_disqualified_players_in_each_language(client, event):
    from tournaments.models import Player

    Player.objects.filter(pk=event["ids"]["Dev Patel"]).update(status="dropped")
    Player.objects.filter(pk=event["ids"]["Emma Lind"]).update(status="disqualified")
    html = page(client, "/e/spring-open/")
    assert re.search(r"Dev Patel</a> <span class=\"muted\">[^<]+</span> <span class=\"tag\">dropped", html)
    assert re.search(r"Emma Lind</a> <span class=\"muted\">[^<]+</span> <span class=\"tag\">disqualified", html)
    assert html.count('class="tag"') == 2
    assert re.search(r"Dev Patel</a> <span class=\"muted\">[^<]+</span> <span class=\"tag\">abandon",
                     page(client, "/e/spring-open/", lang="fr"))


def test_a_concession_reads_in_words_on_the_round_page_and_the_hall(db):
    from django.test import Client

    from scoring.report import CONCEDED, FORFEITED, Report
    from tests.factories import event_made, make_user, round_paired
    from tournaments import services

    user = make_user("words")[0]
    event = event_made(user, players=4)
    first, second = round_paired(event, user).games.all()
    services.result_record(game=first, by=user, report=Report(outcome=CONCEDED, loser="b"))
    services.result_record(game=second, by=user, report=Report(outcome=FORFEITED, loser="a"))
    page = Client().get(f"/e/{event.slug}/rounds/1/").content.decode()
    assert f"{first.player_b.name} conceded" in page and f"forfeit by {second.player_a.name}" in page
    hall = Client().get(f"/e/{event.slug}/hall/").content.decode()
    assert f"{first.player_b.name} conceded" in hall and "10–0" in hall
