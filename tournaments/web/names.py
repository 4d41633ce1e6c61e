"""Game names in the reader's language: the French core rules' names where they exist."""
from django.utils.translation import get_language

from scoring.formats import Named, get_format


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
