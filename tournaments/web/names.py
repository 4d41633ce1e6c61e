"""Game names in the reader's language: the French core rules' names where they exist."""
from django.utils.translation import get_language, gettext_lazy

from scoring.formats import Named, get_format
from tournaments.models import AWAITING, CONFIRMED, DISPUTED, UNREPORTED


def localized(named: Named | None) -> str:
    if named is None:
        return ""
    if (get_language() or "en").startswith("fr") and named.name_fr:
        return named.name_fr
    return named.name


def faction(format_key: str, key: str) -> str:
    return localized(get_format(format_key).faction(key)) or key


def mission(format_key: str, strategy: str, deployment: str, pool: list[str]) -> dict:
    fmt = get_format(format_key)
    return {"strategy": localized(fmt.strategy(strategy)), "deployment": localized(fmt.deployment(deployment)),
            "schemes": [localized(fmt.scheme(k)) for k in pool]}


STATUS_WORDS = {CONFIRMED: gettext_lazy("confirmed"), AWAITING: gettext_lazy("awaiting confirmation"),
                 DISPUTED: gettext_lazy("disputed"), UNREPORTED: gettext_lazy("not reported")}


def game_status(status: str) -> str:
    """Where a game's result stands, in words (a filter and a dict, not an include per row: the round
    page of a 256-player event has 128 of them)."""
    return str(STATUS_WORDS.get(status, STATUS_WORDS[UNREPORTED]))
