"""The installable site and the report a phone keeps offline: the manifests, the service worker's source,
and a form sent twice (kept offline, sent again after a lost answer) counted once."""
import json
import re

from django.contrib.staticfiles import finders
from django.test import Client

from audit.models import AuditRecord
from tournaments.models import CONFIRMED, Game, PlayerReport

TOKEN = "0123456789abcdef0123456789abcdef"


def private(player):
    return f"/p/{player.key}/"


def once_of(html: str) -> str:
    return re.search(r'name="once" value="([0-9a-f]{32})"', html).group(1)


def test_the_site_manifest_makes_it_installable(db):
    response = Client().get("/manifest.webmanifest")
    manifest = json.loads(response.content)
    assert response["Content-Type"] == "application/manifest+json"
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone" and manifest["name"]
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon.get("purpose") != "maskable"}
    assert {"192x192", "512x512"} <= sizes and any(i.get("purpose") == "maskable" for i in manifest["icons"])
    for icon in manifest["icons"]:  # each icon is a real PNG of the size it claims
        with open(finders.find(icon["src"].removeprefix("/static/")), "rb") as file:
            head = file.read(24)
        assert head[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
        assert f"{width}x{height}" == icon["sizes"]
    assert "/manifest.webmanifest" in Client().get("/").content.decode()


def test_the_manifest_in_french(db):
    client = Client()
    client.get("/language/fr/")
    assert json.loads(client.get("/manifest.webmanifest").content)["lang"] == "fr"


def test_installed_from_the_private_page_the_phone_opens_on_it(round_two):
    ann = round_two.player_a
    html = Client().get(private(ann)).content.decode()
    assert f'href="/p/{ann.key}/manifest.webmanifest"' in html
    response = Client().get(f"/p/{ann.key}/manifest.webmanifest")
    manifest = json.loads(response.content)
    assert manifest["start_url"] == private(ann) and ann.name in manifest["name"]
    assert "no-store" in response["Cache-Control"] and "noindex" in response["X-Robots-Tag"]
    assert Client().get("/p/not-a-key/manifest.webmanifest").status_code == 404


def test_the_service_worker_is_served_from_the_root_with_its_shell(db):
    response = Client().get("/sw.js")
    source = response.content.decode()
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    assert "__VERSION__" not in source and "__SHELL__" not in source
    shell = json.loads(re.search(r"SHELL = (\[.*?\]);", source).group(1))
    for url in shell:  # everything it keeps when it installs is there to fetch
        assert Client().get(url).status_code == 200, url
    # Only the pages a player reads are kept: never a download, a sign-up form or the console.
    kept = re.search(r"var KEPT = /(.*)/;", source).group(1).replace("\\/", "/")
    for path in ("/", "/e/spring-open/", "/e/spring-open/rounds/2/", "/e/spring-open/standings/", "/p/abc/"):
        assert re.match(kept, path), path
    for path in ("/console/", "/e/spring-open/sign-up/", "/e/spring-open/calendar.ics", "/accounts/", "/p/abc/push/"):
        assert not re.match(kept, path), path


def test_a_report_sent_twice_counts_once(round_two):
    game, ann = round_two, round_two.player_a
    form = {"action": "report", "my_vp": 6, "their_vp": 3, "outcome": "played", "once": TOKEN}
    first = Client().post(private(ann), form)
    again = Client().post(private(ann), form, follow=True)
    assert first.status_code == 302 and again.status_code == 200
    assert "Already received" in again.content.decode()
    assert PlayerReport.objects.filter(game=game).count() == 1
    assert AuditRecord.objects.filter(action="result_reported").count() == 1


def test_a_confirmation_sent_again_after_a_lost_answer_changes_nothing(round_two):
    game, ann, bob = round_two, round_two.player_a, round_two.player_b
    Client().post(private(ann), {"action": "report", "my_vp": 6, "their_vp": 3, "outcome": "played"})
    token = once_of(Client().get(private(bob)).content.decode())
    assert Client().post(private(bob), {"action": "confirm", "once": token}).status_code == 302
    again = Client().post(private(bob), {"action": "confirm", "once": token}, follow=True).content.decode()
    # Without the token, the second confirmation would be refused: nothing left to confirm.
    assert "Already received" in again and "There is no report" not in again
    assert Game.objects.get(pk=game.pk).result_status() == CONFIRMED


def test_a_refused_form_leaves_its_token_free(round_two):
    game, ann = round_two, round_two.player_a
    refused = Client().post(private(ann), {"action": "report", "my_vp": 60, "their_vp": 3, "outcome": "played",
                                           "once": TOKEN})
    assert refused.status_code == 200 and not PlayerReport.objects.filter(game=game).exists()
    fixed = Client().post(private(ann), {"action": "report", "my_vp": 6, "their_vp": 3, "outcome": "played",
                                         "once": TOKEN})
    assert fixed.status_code == 302 and PlayerReport.objects.filter(game=game).count() == 1


def test_each_rendering_carries_its_own_token_and_a_malformed_one_is_ignored(round_two):
    game, ann = round_two, round_two.player_a
    assert once_of(Client().get(private(ann)).content.decode()) != once_of(Client().get(private(ann)).content.decode())
    for token in ("x" * 500, "../../", ""):
        response = Client().post(private(ann), {"action": "report", "my_vp": 5, "their_vp": 3, "outcome": "played",
                                                "once": token})
        assert response.status_code == 302
    assert PlayerReport.objects.get(game=game).updated_at is not None


def test_an_answer_kept_from_an_earlier_game_is_refused_and_changes_nothing(round_two):
    game, ann = round_two, round_two.player_a
    earlier = Game.objects.filter(round__number=1, seats__player=ann).get()
    response = Client().post(private(ann), {"action": "report", "my_vp": 6, "their_vp": 3, "outcome": "played",
                                            "once": TOKEN, "game": earlier.pk}, follow=True)
    assert "That answer was for an earlier game: nothing changed." in response.content.decode()
    assert not PlayerReport.objects.filter(game=game).exists()
    assert Client().post(private(ann), {"action": "report", "my_vp": 6, "their_vp": 3, "outcome": "played",
                                        "once": TOKEN, "game": game.pk}).status_code == 302  # the token is free


def test_a_confirmation_names_the_version_it_confirms(round_two):
    game, ann, bob = round_two, round_two.player_a, round_two.player_b
    Client().post(private(ann), {"action": "report", "my_vp": 6, "their_vp": 3, "outcome": "played"})
    seen = re.search(r'name="version" value="([0-9.]+)"', Client().get(private(bob)).content.decode()).group(1)
    Client().post(private(ann), {"action": "report", "my_vp": 8, "their_vp": 3, "outcome": "played"})  # changed
    stale = Client().post(private(bob), {"action": "confirm", "once": TOKEN, "version": seen, "game": game.pk},
                          follow=True).content.decode()
    assert "Your opponent changed their report since your page showed it" in stale
    assert Game.objects.get(pk=game.pk).result_status() != CONFIRMED
    fresh = re.search(r'name="version" value="([0-9.]+)"', Client().get(private(bob)).content.decode()).group(1)
    assert Client().post(private(bob), {"action": "confirm", "once": TOKEN, "version": fresh}).status_code == 302
    assert Game.objects.get(pk=game.pk).result_status() == CONFIRMED  # the same token: it was left free
