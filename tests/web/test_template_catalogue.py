"""Every string the templates mark for translation is in the French catalogue, as Django extracts it: a
blocktranslate's variables become %(name)s in the msgid, so an entry written with {{ name }} never
matches and the French page silently shows English (issue 34's review found eight)."""
import ast
import re
from pathlib import Path

from django.utils.translation.template import templatize

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"
# Django writes a string holding an apostrophe in double quotes (u"the store's"), any other in single ones.
QUOTED = r"u'(?:[^'\\]|\\.)*'|u\"(?:[^\"\\]|\\.)*\""
CALL = re.compile(rf"\b(n?gettext)\(({QUOTED})(?:\s*,\s*({QUOTED}))?")


def catalogue_ids() -> set[str]:
    text = CATALOGUE.read_text()
    ids = set()
    for block in re.findall(r'^msgid (".*"\n(?:".*"\n)*)', text + "\n", re.M):
        ids.add("".join(ast.literal_eval(part) for part in re.findall(r'(".*")', block)))
    return ids


def template_ids() -> dict[str, str]:
    found = {}
    for path in sorted((ROOT / "templates").rglob("*.html")):
        for _kind, singular, _plural in CALL.findall(templatize(path.read_text(), origin=str(path))):
            found.setdefault(ast.literal_eval(singular[1:]), str(path.relative_to(ROOT)))
    return found


def test_no_catalogue_entry_is_written_with_template_braces():
    assert not [m for m in catalogue_ids() if "{{" in m]


def test_every_template_string_is_in_the_french_catalogue():
    known = catalogue_ids()
    missing = {msgid: where for msgid, where in template_ids().items() if msgid not in known}
    assert not missing, missing


MARKERS = {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "say"}


def code_ids() -> dict[str, str]:
    """The first literal argument of every gettext-style call (and the rules module's say()) in the code."""
    found = {}
    for folder in ("tournaments", "people", "scoring", "ratings", "audit", "jobs", "notifications", "signups",
                   "tracker", "teams", "gaininggrounds"):
        for path in (ROOT / folder).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                name = getattr(node, "func", None)
                name = getattr(name, "id", None) or getattr(name, "attr", None)
                if isinstance(node, ast.Call) and name in MARKERS and node.args \
                        and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                    found.setdefault(node.args[0].value, str(path.relative_to(ROOT)))
    return found


def test_every_string_the_code_marks_is_in_the_french_catalogue():
    known = catalogue_ids()
    missing = {msgid: where for msgid, where in code_ids().items() if msgid not in known}
    assert not missing, missing
