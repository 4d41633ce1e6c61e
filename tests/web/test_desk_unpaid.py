"""The check-in desk shows who has not paid (issue 52): each row says unpaid or refunded (from the entry's
sign-up, marked on *Sign-ups and payments*; an entry never marked is unpaid), the counts say how many, and the
desk shows them alone on request, with search and the one-tap check-in keeping it; in English and French."""
import re

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.web.test_check_in_desk import HTMX, desk_event

NAMES = ("Inès Duarte", "Ben Okafor", "Chloé Martin", "Dev Patel", "Eva Novak")


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def row_of(html: str, player) -> str:
    return text(re.search(rf'<li class="desk-row[^"]*" id="desk-{player.pk}">(.*?)</li>', html, re.S).group(1))


def marked(client):
    """Inès paid, Ben free, Chloé refunded, Dev never marked, Eva unpaid then dropped."""
    event, organizer, api = desk_event(client, players=NAMES)
    players = {p.name: p for p in event.players.all()}
    for name, paid in (("Inès Duarte", "paid"), ("Ben Okafor", "free"), ("Chloé Martin", "refunded"),
                       ("Eva Novak", "unpaid")):
        status, body = api.call("PUT", f"/api/events/{event.id}/players/{players[name].pk}/payment/", {"paid": paid})
        assert status == 200, body
    assert api.post(f"/api/events/{event.id}/players/{players['Eva Novak'].pk}/drop/")[0] == 200
    return event, organizer, players


def test_each_row_and_the_counts_say_who_has_not_paid(client, db):
    event, organizer, players = marked(client)
    html = organizer.get(f"/console/e/{event.slug}/desk/").content.decode()
    assert re.search(r"\bunpaid\b", row_of(html, players["Dev Patel"])), "never marked: not paid"
    assert "refunded" in row_of(html, players["Chloé Martin"])
    for name in ("Inès Duarte", "Ben Okafor", "Eva Novak"):  # paid, free, and one no longer playing
        assert not re.search(r"unpaid|refunded", row_of(html, players[name])), name
    counts = text(re.search(r'<div id="desk-counts".*?</div>', html, re.S).group(0))
    assert "1 unpaid" in counts and "1 refunded" in counts, counts
    payments = f"/console/e/{event.slug}/sign-ups/#player-{players['Dev Patel'].pk}"
    assert f'href="{payments}"' in html, "the tag opens the player's payment, to mark it"
    organizer.cookies["django_language"] = "fr"
    french = organizer.get(f"/console/e/{event.slug}/desk/").content.decode()
    assert "non payé" in row_of(french, players["Dev Patel"]) and "remboursé" in row_of(french, players["Chloé Martin"])
    assert "1 non payé" in text(french) and "1 remboursé" in text(french)


def test_the_desk_shows_the_unpaid_alone_and_keeps_to_them_while_searching(client, db):
    event, organizer, players = marked(client)
    page = text(organizer.get(f"/console/e/{event.slug}/desk/?paid=unpaid").content.decode())
    listed = [name for name in NAMES if name in page]
    assert listed == ["Dev Patel"] and "Only those who have not paid" in page and "show everyone" in page
    refunded = text(organizer.get(f"/console/e/{event.slug}/desk/?paid=refunded").content.decode())
    assert [name for name in NAMES if name in refunded] == ["Chloé Martin"]
    html = organizer.get(f"/console/e/{event.slug}/desk/?paid=unpaid").content.decode()
    assert "hx-vals='{\"paid\": \"unpaid\"}'" in html, "the search box keeps to the unpaid"
    found = organizer.get(f"/console/e/{event.slug}/desk/?q=patel&paid=unpaid", **HTMX).content.decode()
    assert "Dev Patel" in found and "<html" not in found
    none = text(organizer.get(f"/console/e/{event.slug}/desk/?q=ines&paid=unpaid", **HTMX).content.decode())
    assert "No player matches that search." in none
    everyone = text(organizer.get(f"/console/e/{event.slug}/desk/?paid=nonsense").content.decode())
    assert all(name in everyone for name in NAMES[:4]), "an unknown filter shows everyone"
    organizer.cookies["django_language"] = "fr"
    french = text(organizer.get(f"/console/e/{event.slug}/desk/?paid=unpaid").content.decode())
    assert "Seulement ceux qui n’ont pas payé" in french


def test_a_check_in_at_the_desk_keeps_the_unpaid_mark_and_the_counts(client, db):
    event, organizer, players = marked(client)
    dev = players["Dev Patel"]
    answer = organizer.post(f"/console/e/{event.slug}/players/{dev.pk}/check-in/", {"from": "desk"},
                            **HTMX).content.decode()
    assert "arrived" in answer and re.search(r"\bunpaid\b", row_of(answer, dev))
    assert "1 arrived" in text(answer) and "1 unpaid" in text(answer) and 'hx-swap-oob="true"' in answer


def test_the_desk_reads_the_paid_states_without_a_query_per_player(client, db):
    event, organizer, players = marked(client)
    with CaptureQueriesContext(connection) as five:
        organizer.get(f"/console/e/{event.slug}/desk/")
    for n in range(6):
        event.players.create(name=f"Walk-in {n}", faction="guild")
    with CaptureQueriesContext(connection) as eleven:
        organizer.get(f"/console/e/{event.slug}/desk/")
    assert len(eleven) == len(five), [q["sql"][:80] for q in eleven.captured_queries]
