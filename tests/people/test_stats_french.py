"""The statistics page and its CSV files in French name the game's things as the rest of the French site
does: Combines (not "Schemes"), Meneurs (not "Leaders" above a "Meneur" column); English unchanged."""
import pytest
from django.test import Client

from tests.factories import event_made, make_user, round_paired

pytestmark = pytest.mark.django_db


def read(path: str, language: str) -> str:
    return Client().get(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()


@pytest.mark.parametrize(("language", "shown", "gone"), [
    ("en", ('id="schemes-title">Schemes<', "<th>Scheme</th><th>Chosen</th><th>Scored</th>",
            'id="leaders-title">Leaders<', "No scheme reported yet", "No leader reported yet."), ()),
    ("fr", ('id="schemes-title">Combines<', "<th>Combine</th><th>Choisie</th><th>Marquée</th>",
            'id="leaders-title">Meneurs<', "Aucune combine déclarée pour l’instant", "Aucun meneur déclaré"),
     (">Schemes<", ">Scheme<", 'aria-label="Schemes"', ">Leaders<", 'aria-label="Leaders"', "Aucun scheme",
      "Aucun leader"))])
def test_the_statistics_page_names_schemes_and_leaders_in_the_language(language, shown, gone):
    page = read("/stats/M2E/", language)
    for words in shown:
        assert words in page, words
    for words in gone:
        assert words not in page, words


@pytest.mark.parametrize(("language", "schemes", "leaders"), [
    ("en", "scheme,chosen,scored,mean VP", "leader,faction,games"),
    ("fr", "combine,choisie,marquée,PV moyens", "meneur,faction,parties")])
def test_the_csv_headers_too(language, schemes, leaders):
    assert read("/stats/M2E/schemes.csv", language).startswith(schemes)
    assert read("/stats/M2E/leaders.csv", language).startswith(leaders)


def test_the_event_pages_link_to_them_says_meneurs():
    organizer = make_user("orla")[0]
    event = event_made(organizer)
    round_paired(event, organizer)
    assert "Statistiques\u202f: factions, meneurs, missions, affrontements" in read(f"/e/{event.slug}/", "fr")
    assert "Statistics: factions, leaders, missions, matchups" in read(f"/e/{event.slug}/", "en")
