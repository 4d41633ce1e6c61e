"""What the whole-day browser tests share: every page opened at 360 px in one language, watched for console
errors, uncaught exceptions and Content-Security-Policy refusals; the catalogue's own words for what a page
should say (a French word the catalogue lacks fails, rather than passing on the English); the docs' pictures
when `make screenshots` asks for them."""
import os
from pathlib import Path

from django.utils import translation

from tests.browser.browsing import violations

DOCS_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
LOCALES = {"en": "en-GB", "fr": "fr-FR"}


class Day:
    """Phones and the organizer's console, all 360 px wide, in `language`."""

    def __init__(self, contexts, base: str, language: str, scratch: Path):
        self.contexts, self.base, self.language = contexts, base, language
        self.problems: list[str] = []
        self.shots = DOCS_SHOTS if os.environ.get("GG_SCREENSHOTS") and language == "en" else scratch

    def page(self, **options):
        context = self.contexts(viewport={"width": 360, "height": 740}, locale=LOCALES[self.language],
                                extra_http_headers={"Accept-Language": self.language}, **options)
        context.add_cookies([{"name": "django_language", "value": self.language, "url": self.base}])
        page = context.new_page()
        page.on("console", lambda m: self.problems.append(f"{page.url}: {m.type}: {m.text}")
                if m.type == "error" or "Content Security Policy" in m.text else None)
        page.on("pageerror", lambda error: self.problems.append(f"{page.url}: {error}"))
        return page

    def go(self, page, path: str):
        answer = page.goto(self.base + path)
        assert answer is not None and answer.status == 200, f"{path} answered {answer and answer.status}"
        self.fits(page)
        return page

    def fits(self, page) -> None:
        wide = page.evaluate("""() => [...document.querySelectorAll('body *')].filter(
            e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).map(
            e => e.tagName + '.' + e.className).slice(0, 5)""")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, f"{page.url} scrolls sideways: {wide}"

    def words(self, text: str, **values) -> str:
        """`text` as the page says it in this language: the catalogue's own translation."""
        with translation.override(self.language):
            said = translation.gettext(text)
        assert self.language == "en" or said != text, f"no French for {text!r}"
        return said % values if values else said

    def picture(self, page, name: str) -> None:
        page.screenshot(path=str(self.shots / f"{name}-360.png"), full_page=True)

    def accessible(self, page) -> None:
        """axe-core's serious and critical findings (axe goes in as an inline script: its own context)."""
        reader = self.contexts(viewport={"width": 360, "height": 740}, locale=LOCALES[self.language],
                               bypass_csp=True, storage_state=page.context.storage_state()).new_page()
        reader.goto(page.url)
        assert violations(reader) == [], page.url
        reader.close()


def say(page, selector: str) -> str:
    """The text under `selector`, its spaces as a reader sees them (no-break spaces read as spaces)."""
    return " ".join(page.inner_text(selector).replace("\u202f", " ").replace("\xa0", " ").split())


def plain(text: str) -> str:
    return " ".join(text.replace("\u202f", " ").replace("\xa0", " ").split())
