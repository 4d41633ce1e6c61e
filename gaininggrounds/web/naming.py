"""The game's names in the reader's language (the French core rules' names where they exist), and text
as people search and sort it: what every app's pages show of the rules module."""
import re
import unicodedata

from django.utils.translation import get_language, gettext_lazy

from scoring.formats import Named, get_format
from scoring.report import DOUBLE_LOSS


def searchable(text: str) -> str:
    """Text as a search box compares it: case and accents ignored ("ines" finds "Inès")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def natural(text: str) -> tuple:
    """A name as people sort it: numbers by value ("Player 2" before "Player 10"), case and accents ignored."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", searchable(text)))


def localized(named: Named | None) -> str:
    return "" if named is None else named.called(get_language())


def faction(format_key: str, key: str) -> str:
    return localized(get_format(format_key).faction(key)) or key


def mission(format_key: str, strategy: str, deployment: str, pool: list[str]) -> dict | None:
    """A mission's names in the reader's language; None where there is none (each table has its own, or
    flips it at the table)."""
    if not strategy:
        return None
    return get_format(format_key).mission_named(strategy, deployment, pool, get_language())


OUTCOME_WORDS = {"played": gettext_lazy("played"), "conceded": gettext_lazy("conceded"),
                 "forfeited": gettext_lazy("forfeited"), DOUBLE_LOSS: gettext_lazy("double loss"),
                 "bye": gettext_lazy("bye")}


def outcome_words(outcome: str) -> str:
    return str(OUTCOME_WORDS.get(outcome, outcome))
