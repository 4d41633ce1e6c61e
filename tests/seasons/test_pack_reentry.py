"""The pure re-entry (tests/seasons/reentry.py, on which tests/scoring runs every rule test a second time) is
what the real editor page sends: for each shipped season, every section's form parsed from the page equals
the POST the helper builds from the same data, saving them section by section gives the helper's data, and
the published version reads as the helper's Format (issue 55)."""
from dataclasses import replace
from datetime import date

import pytest

from scoring.formats import FORMATS
from seasons import catalogue, services, web
from seasons.models import PackVersion
from tests.seasons import reentry
from tests.seasons.test_pack_pages import Forms

PACKS = "/console/packs/"


class Sent(Forms):
    """The page's forms as a browser sends them, line breaks too: none in a one-line input, a textarea's
    first one dropped and the others sent as CRLF (the parser of test_pack_pages keeps them as written)."""

    def handle_starttag(self, tag, attrs):
        super().handle_starttag(tag, attrs)
        a = dict(attrs)
        if self.current is not None and tag == "input" and a.get("type", "text") == "text" and a.get("name"):
            self.current[a["name"]] = reentry.sent_text(self.current[a["name"]], one_line=True)

    def handle_endtag(self, tag):
        if tag == "textarea" and self.textarea:
            self.current[self.textarea] = reentry.sent_text(self.current[self.textarea], textarea=True)
        elif tag == "select" and self.select:
            self.current[self.select] = reentry.sent_text(self.current[self.select] or "")
        super().handle_endtag(tag)


def sent_forms(page) -> dict:
    """{action: {name: value}} without the CSRF token (the helper's POST leaves it to the test client)."""
    return {action: {k: v for k, v in fields.items() if k != "csrfmiddlewaretoken"}
            for action, fields in Sent(page.content.decode()).forms.items()}


def resave_through_the_page(client, version: PackVersion) -> None:
    """Every section saved unchanged as the page sends it, each checked against the helper's POST first."""
    for section in reentry.sections(version.data):
        forms = sent_forms(client.get(f"{PACKS}{version.pk}/"))
        pairs = reentry.posted(version.data, section)
        assert len(dict(pairs)) == len(pairs), f"{section}: two fields of one name"
        assert forms[section] == dict(pairs), section
        answer = client.post(f"{PACKS}{version.pk}/", {**forms[section], "action": section})
        assert answer.status_code == 302, answer.content.decode()[:2000]
        version.refresh_from_db()


def test_the_helper_knows_every_section_of_the_editor():
    assert set(reentry.FORMS) == set(web.SECTIONS)
    assert reentry.sections(services.shipped_data("gg2017")) == web.SECTIONS, "GG2017 has a rotation"
    assert "rotation" not in reentry.sections(services.shipped_data("m3e")), "M3E has none"


@pytest.mark.parametrize("key", sorted(FORMATS))
def test_the_pages_forms_send_what_the_helper_builds_and_the_pack_reads_as_its_format(ann, people, key):
    listing = ann.get(PACKS)
    answer = ann.post(PACKS, {**sent_forms(listing)["start"], "name": f"Copy of {key}", "from_key": key,
                              "action": "start"})
    draft = PackVersion.objects.get(pk=int(answer["Location"].rstrip("/").split("/")[-1]))
    page = sent_forms(ann.get(f"{PACKS}{draft.pk}/"))
    assert set(page) & set(web.SECTIONS) == set(reentry.sections(draft.data)), "each section is its own form"
    before = draft.data
    resave_through_the_page(ann, draft)
    assert draft.data == reentry.reentered_data(before)

    published = services.version_publish(version=draft, user=people["ann"], released_on=date(2026, 9, 1))
    read = catalogue.as_format(published)
    assert read.key == published.key and read.name == f"Copy of {key}"
    assert replace(read, key=key, name=FORMATS[key].name) == replace(reentry.reentered(key), key=key)


def test_what_the_template_adds_to_the_fields_is_sent_as_the_helper_says(ann, people):
    """Odd data an imported file may hold: no edition (its select selects nothing, so the first edition is
    sent), a suit of null (the blank option), a French name of null (written "None"), a secret the choices
    lack (kept as a choice of its own), a title left out (a lone comma), a box ticked by any true value, a
    round's minutes of null (an empty number), a source without evidence, an award default of the file's own,
    a rotation naming a strategy the pack lacks."""
    data = services.shipped_data("m3e")
    del data["edition"]
    data["strategies"][0]["suit"] = None
    data["strategies"][1] = {**data["strategies"][1], "name_fr": None, "bonus_once": "yes", "doubled_turn": None}
    data["scheme_charts"][0]["by_value"][0] = {"name": "Odd Scheme", "secret": 5, "first_turn": 3}
    data["leaders"] = {"guild": [{"name": "Lady Justice"}, {"name": "Perdita", "title": "Ortega"}]}
    data["round_minutes"], data["award_defaults"] = None, ["forfeit", "house-rule"]
    del data["sources"][0]["evidence"]
    data["rotation"] = {"2": [["Unknown Strategy", "Standard"]]}
    draft = services.pack_start(user=people["ann"], name="Odd pack", data=data)
    sent = sent_forms(ann.get(f"{PACKS}{draft.pk}/"))
    assert sent["name"]["edition"] == "M4E" and sent["strategies"]["strategies-0-suit"] == ""
    assert sent["strategies"]["strategies-1-name_fr"] == "None" and sent["strategies"]["strategies-1-bonus_once"]
    assert sent["schemes"]["s-0-by_value-0-secret"] == "5" and sent["schemes"]["s-0-by_value-0-first_turn"] == "3"
    assert sent["factions"]["factions-0-leaders"] == "Lady Justice, \r\nPerdita, Ortega"
    assert sent["settings"]["round_minutes"] == "" and sent["sources"]["sources-0-evidence"] == ""
    assert {name for name in sent["awards"] if name.startswith("default-")} == {"default-forfeit", "default-house-rule"}
    assert sent["rotation"]["rot-2-0-0"] == "Unknown Strategy" and sent["rotation"]["rot-1-0-0"] == ""
    before = draft.data
    resave_through_the_page(ann, draft)
    assert draft.data == reentry.reentered_data(before)
