"""Issue 55, the season packs' console pages: an organizer copies GG Zero from the list page, renames two
strategies, changes one scheme's chain and one VP cap through the editor's forms (posted as a browser posts
them: every field of the section's form, as the page filled it in), sees the check's problem beside the VP
field, fixes it, publishes, exports the file and imports it again; a stranger finds no draft; a bad file is
refused in words and creates nothing; the pages speak French."""
from html.parser import HTMLParser

import pytest
import yaml
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import QueryDict
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.formats.checks import format_problems
from seasons import services, web
from seasons.files import MOST_BYTES
from seasons.models import DRAFT, OWN, PackVersion, SeasonPack

PACKS = "/console/packs/"


class Forms(HTMLParser):
    """The page's forms as a browser sends them: {action value: {name: value}} (text, the checked boxes, the
    selected option, the textareas), and each field's problems (the error list beside it)."""

    def __init__(self, html: str):
        super().__init__()
        self.forms, self.current, self.select, self.textarea, self.option = {}, None, None, None, None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.current = {}
        elif self.current is None:
            return
        elif tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind == "hidden" and a["name"] == "action":
                self.forms[a["value"]] = self.current
            elif kind == "checkbox":
                if "checked" in a:
                    self.current[a["name"]] = a.get("value", "on")
            elif kind not in ("file", "submit"):
                self.current[a["name"]] = a.get("value", "")
        elif tag == "select":
            self.select = a["name"]
            self.current[self.select] = None  # a browser sends the first option when none is selected
        elif tag == "option" and self.select:
            if "selected" in a or self.current[self.select] is None:
                self.current[self.select] = a.get("value", "")
        elif tag == "textarea":
            self.textarea = a["name"]
            self.current[self.textarea] = ""

    def handle_data(self, data):
        if self.textarea:
            self.current[self.textarea] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None


class Folds(HTMLParser):
    """The editor's folds: {id: (open, the summary's text)}."""

    def __init__(self, page):
        super().__init__()
        self.folds, self.current, self.summary = {}, None, False
        self.feed(page.content.decode())

    def __getitem__(self, name):
        return self.folds[name]

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "details" and "pack-part" in a.get("class", ""):
            self.current = a["id"]
            self.folds[self.current] = ("open" in a, "")
        elif tag == "summary" and self.current:
            self.summary = True

    def handle_data(self, data):
        if self.summary:
            self.folds[self.current] = (self.folds[self.current][0], (self.folds[self.current][1] + data).strip())

    def handle_endtag(self, tag):
        if tag == "summary":
            self.summary = False
        elif tag == "details":
            self.current = None


def form(page, action: str) -> dict:
    return dict(Forms(page.content.decode()).forms[action])


def field_problems(page, name: str) -> str:
    """The text of the field `name`'s block (its label, its input and the problems beside it)."""
    html = page.content.decode()
    at = html.index(f'name="{name}"')
    start = html.rindex('<div class="pack-field">', 0, at)
    return html[start:html.index("</div>", at)]


def start_copy(client, name="Gaining Grounds One"):
    listing = client.get(PACKS)
    assert listing.status_code == 200 and "Gaining Grounds Zero" in listing.content.decode()
    posted = {**form(listing, "start"), "name": name, "from_key": "m4e-gg0"}
    answer = client.post(PACKS, {**posted, "action": "start"})
    assert answer.status_code == 302
    return PackVersion.objects.get(pk=int(answer["Location"].rstrip("/").split("/")[-1]))


def post_section(client, version, action: str, **changes):
    page = client.get(f"{PACKS}{version.pk}/")
    fields = form(page, action)
    missing = {name for name in changes if name not in fields and f'name="{name}"' not in page.content.decode()}
    assert not missing, missing  # only fields the page offers are changed (a box unticked is not sent)
    answer = client.post(f"{PACKS}{version.pk}/", {**fields, **changes, "action": action})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    version.refresh_from_db()
    return client.get(f"{PACKS}{version.pk}/")


def test_copy_gg_zero_change_it_through_the_forms_check_publish_export_and_import(ann, people):
    draft = start_copy(ann)
    assert draft.state == DRAFT and draft.pack.owner == people["ann"] and draft.data["name"] == "Gaining Grounds One"
    page = ann.get(f"{PACKS}{draft.pk}/")
    assert "No problem: ready to publish." in page.content.decode()

    post_section(ann, draft, "strategies", **{"strategies-0-name": "Plant Charges", "strategies-1-name": "Border War"})
    names = [s["name"] for s in draft.data["strategies"]]
    assert names == ["Plant Charges", "Border War", "Recover Evidence", "Informants"]
    assert draft.data["strategies"][0] == {"name": "Plant Charges", "suit": "tomes", "bonus_once": True}

    post_section(ann, draft, "schemes", **{"s-0-deck-0-next-2": "Ensnare"})  # Assassinate's chain
    assassinate = draft.data["scheme_charts"][0]["deck"][0]
    assert assassinate == {"name": "Assassinate", "secret": "enemy_model",
                           "next": ["Scout the Rooftops", "Detonate Charges", "Ensnare"]}

    page = post_section(ann, draft, "vp", **{"vp-strategy": "6"})  # a strategy worth 6: a game is now 12
    text = page.content.decode()
    assert "1 problem" in text and "No problem" not in text
    beside = field_problems(page, "vp-game")
    assert "The game&#x27;s most VP (11) is the strategy&#x27;s (6) plus the schemes&#x27; (6): 12." in beside
    assert 'id="preview"' not in text  # no mission drawn from a pack the check refuses
    refused = ann.post(f"{PACKS}{draft.pk}/", {"action": "publish", "released_on": "2026-09-01"}, follow=True)
    assert "fix them first" in refused.content.decode()
    draft.refresh_from_db()
    assert draft.state == DRAFT

    page = post_section(ann, draft, "vp", **{"vp-game": "12"})
    text = page.content.decode()
    assert "No problem: ready to publish." in text and "The game&#x27;s most VP" not in text
    assert draft.data["vp"]["game"] == 12 and draft.data["vp"]["strategy"] == 6
    assert 'id="preview"' in text and "Scheme pool" in text  # a table's mission, drawn from the pack
    assert "Staff" not in text and 'name="site"' not in text  # site-wide publishing is the staff's

    answer = ann.post(f"{PACKS}{draft.pk}/", {**form(page, "publish"), "released_on": "2026-09-01",
                                              "action": "publish"})
    assert answer.status_code == 302
    draft.refresh_from_db()
    assert draft.state == OWN and str(draft.released_on) == "2026-09-01"
    page = ann.get(f"{PACKS}{draft.pk}/")
    text = page.content.decode()
    assert "A published version never changes" in text and "Edit: start version 2" in text
    assert ann.post(f"{PACKS}{draft.pk}/", {**form(page, "vp"), "action": "vp"}).status_code == 302
    draft.refresh_from_db()
    assert draft.state == OWN  # refused, in words: nothing changed

    exported = ann.get(f"{PACKS}{draft.pk}/export/")
    assert exported.status_code == 200 and "attachment" in exported["Content-Disposition"]
    assert yaml.safe_load(exported.content) == draft.data

    packs = SeasonPack.objects.count()
    imported = ann.post(PACKS, {"action": "import", "name": "GG One, shared",
                                "file": SimpleUploadedFile("gg-one.yaml", exported.content)})
    assert imported.status_code == 302 and SeasonPack.objects.count() == packs + 1
    copy = PackVersion.objects.get(pk=int(imported["Location"].rstrip("/").split("/")[-1]))
    assert copy.state == DRAFT and copy.data["name"] == "GG One, shared"
    assert {**copy.data, "name": "", "key": ""} == {**draft.data, "name": "", "key": ""}

    following = ann.post(f"{PACKS}{draft.pk}/", {"action": "next"})
    nxt = PackVersion.objects.get(pk=int(following["Location"].rstrip("/").split("/")[-1]))
    assert nxt.number == 2 and nxt.state == DRAFT and nxt.data == draft.data


def test_a_stranger_finds_no_draft_and_no_private_version(ann, people):
    draft = start_copy(ann)
    ben = Client()
    ben.force_login(people["ben"])
    for address in (f"{PACKS}{draft.pk}/", f"{PACKS}{draft.pk}/export/"):
        assert ben.get(address).status_code == 404
    assert ben.post(f"{PACKS}{draft.pk}/", {"action": "name", "name": "Mine", "edition": "M4E"}).status_code == 404
    draft.refresh_from_db()
    assert draft.data["name"] == "Gaining Grounds One"
    assert "Gaining Grounds One" not in ben.get(PACKS).content.decode()
    assert Client().get(PACKS).status_code == 302  # signed in only


def test_staff_publish_for_everyone_and_everyone_reads_it(ann, people):
    draft = start_copy(ann)
    ann.post(f"{PACKS}{draft.pk}/", {"action": "publish", "released_on": "2026-09-01"})
    sue = Client()
    sue.force_login(people["staff"])
    page = sue.get(f"{PACKS}{draft.pk}/")
    assert 'name="site"' in page.content.decode()
    sue.post(f"{PACKS}{draft.pk}/", {"action": "publish", "released_on": "2026-09-01", "site": "1"})
    draft.refresh_from_db()
    assert draft.state == "site"
    ben = Client()
    ben.force_login(people["ben"])
    listing = ben.get(PACKS).content.decode()
    assert "Gaining Grounds One" in listing and "published by sue" in listing
    assert ben.get(f"{PACKS}{draft.pk}/").status_code == 200
    assert ben.get(f"{PACKS}{draft.pk}/export/").status_code == 200


BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b]\n"


@pytest.mark.parametrize("content,words", [
    (b"name: [unclosed\n  edition: M4E", "is not a season pack&#x27;s YAML"),
    (BOMB.encode(), "anchors are not accepted"),
    (b"name: x\n" + b"#" * (MOST_BYTES + 10), "larger than a season pack can be"),
    (b"\xff\xfe not text", "not UTF-8 text"),
    (b"- just\n- a list\n", "holds no season pack"),
], ids=["not-yaml", "alias-bomb", "too-big", "not-utf8", "not-a-mapping"])
def test_a_bad_file_is_refused_in_words_and_creates_nothing(ann, content, words):
    before = (SeasonPack.objects.count(), PackVersion.objects.count())
    answer = ann.post(PACKS, {"action": "import", "file": SimpleUploadedFile("pack.yaml", content)})
    assert answer.status_code == 400
    assert words in answer.content.decode()
    assert (SeasonPack.objects.count(), PackVersion.objects.count()) == before


def test_a_refused_start_says_why(ann):
    answer = ann.post(PACKS, {"action": "start", "name": "", "from_key": "m4e-gg0"})
    assert answer.status_code == 400 and "Name the pack" in answer.content.decode()
    answer = ann.post(PACKS, {"action": "start", "name": "X", "from_key": "pack-999999"})
    assert answer.status_code == 400 and "Start from a shipped season" in answer.content.decode()
    assert not SeasonPack.objects.exists()


def test_a_problem_lands_in_its_fold_and_one_with_no_field_of_its_own_is_listed_on_top(ann, people):
    draft = start_copy(ann)
    page = post_section(ann, draft, "vp", **{"vp-game": "9"})  # the awards give 11 VP: more than a game
    beside = field_problems(page, "awards-concession-winner-vp")
    assert "An award gives from 0 to the game&#x27;s most VP (9)." in beside
    assert "An award gives" not in field_problems(page, "awards-bye-vp")  # 6 VP: right
    folds = Folds(page)  # two VP and four differentials above a game's 9
    assert folds["awards"] == (True, "Bye, concession and forfeit — 6 problems")
    assert folds["vp"] == (True, "VP limits and turns — 1 problem")
    assert folds["sources"] == (False, "Sources") and not folds["strategies"][0]  # nothing to say: folded
    services.draft_save(version=draft, user=people["ann"], data={**draft.data, "colour": "red"})
    text = ann.get(f"{PACKS}{draft.pk}/").content.decode()
    top = text.split('id="check"')[1].split("</section>")[0]
    assert "<strong>colour</strong>: Unknown field colour" in top


def test_the_pages_speak_french(ann):
    ann.cookies["django_language"] = "fr"
    listing = ann.get(PACKS).content.decode()
    assert "Packs de saison" in listing and "Commencer un nouveau pack" in listing
    draft = start_copy(ann)
    page = ann.get(f"{PACKS}{draft.pk}/").content.decode()
    assert "Aucun problème\u202f: prêt à publier." in page and "Limites de PV et tours" in page
    assert "Gaining Grounds One" in page  # the pack's content stays as typed


@pytest.mark.parametrize("shipped", ["m4e-gg0", "m3e", "gg2017"])
def test_saving_every_section_unchanged_keeps_the_data_and_a_mission_is_drawn(ann, shipped):
    """Each form gives back what it showed: a copy of each shipped season (a deck with chains, 13 schemes by
    value, Always, Doubles and suits) saved section by section is the same data, and its check finds nothing."""
    listing = ann.get(PACKS)
    answer = ann.post(PACKS, {**form(listing, "start"), "name": f"Copy of {shipped}", "from_key": shipped,
                              "action": "start"})
    draft = PackVersion.objects.get(pk=int(answer["Location"].rstrip("/").split("/")[-1]))
    before = draft.data
    forms = set(Forms(ann.get(f"{PACKS}{draft.pk}/").content.decode()).forms)
    shown = [section for section in web.SECTIONS if section in forms]
    assert shown == [s for s in web.SECTIONS if s != "rotation" or shipped == "gg2017"]
    for section in shown:
        post_section(ann, draft, section)
    assert draft.data == before
    page = ann.get(f"{PACKS}{draft.pk}/").content.decode()
    assert "No problem: ready to publish." in page and 'id="preview"' in page
    assert ann.get(f"{PACKS}{draft.pk}/?draw=2").status_code == 200


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(
                        ["name", "suit", "next", "deck", "by_value", "by_suit", "always", "key", "secret", "title",
                         "game", "min", "rams", "gg0", "bye", "concession", "winner", "tp", "vp", "from_players",
                         "rounds", "where", "evidence", "1", "4"]), inner, max_size=3), max_leaves=12)
PACK_KEYS = ["name", "edition", "vp", "turns", "strategies", "deployments", "scheme_charts", "factions", "leaders",
             "pool_rule", "missions", "awards", "conceder", "award_defaults", "suggested_rounds", "round_minutes",
             "last_turn_call", "sources", "rotation"]


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(PACK_KEYS), JSON, max_size=8), st.sampled_from(web.SECTIONS))
def test_whatever_a_file_held_the_editor_shows_it_and_saves_a_section_without_crashing(data, section):
    """An imported file may hold anything a YAML mapping can: every form is built, every problem placed
    (beside a field or on top), and a section saved (the check then judges the result)."""
    parts, targets = web.editor_parts(data)
    web.place(format_problems(data), targets)
    assert set(parts["sections"]) <= set(web.SECTIONS)
    assert isinstance(web.saved(data, section, QueryDict()), dict)


def test_lines_are_added_removed_and_renamed_schemes_keep_their_chains(ann):
    draft = start_copy(ann)
    post_section(ann, draft, "schemes", **{"s-0-deck-3-name": "Entangle"})  # Ensnare, which three chains name
    deck = draft.data["scheme_charts"][0]["deck"]
    assert deck[3]["name"] == "Entangle" and not any("Ensnare" in s["next"] for s in deck)
    assert sum("Entangle" in s["next"] for s in deck) == 3
    page = post_section(ann, draft, "deployments", **{"deployments-3-remove": "1", "deployments-4-name": "Crossing",
                                                      "deployments-4-suit": "masks"})
    assert draft.data["deployments"][-1] == {"name": "Crossing", "suit": "masks"}
    assert [d["name"] for d in draft.data["deployments"]] == ["Standard", "Corner", "Flank", "Crossing"]
    assert "No problem: ready to publish." in page.content.decode()
    post_section(ann, draft, "factions", **{"factions-1-leaders": "Mah Tucket, Mecha-Meemaw\nNew Boss, Swamp King"})
    assert draft.data["leaders"]["bayou"] == [{"name": "Mah Tucket", "title": "Mecha-Meemaw"},
                                              {"name": "New Boss", "title": "Swamp King"}]
    page = post_section(ann, draft, "strategies", **{"strategies-0-suit": "masks"})  # two strategies of masks
    assert "Another strategy above has this suit" in field_problems(page, "strategies-1-suit")
    strategies = page.content.decode().split('id="strategies"')[1].split('id="deployments"')[0]
    assert "No strategy has the suit tomes" in strategies.split('class="pack-line"')[0]  # the section's own


def test_the_shipped_seasons_to_copy_are_named_once_with_their_edition(ann):
    """GG Zero's name says its edition already: "(M4E)" is not said twice; a name without it gains it."""
    listing = ann.get(PACKS).content.decode()
    assert ">Gaining Grounds Zero (M4E)</option>" in listing and "(M4E) (M4E)" not in listing
    assert "(M2E)" in listing and "(M3E)" in listing
