"""Template filters for the game's words in the reader's language."""
from django import template
from django.template.defaultfilters import floatformat
from django.utils.translation import get_language

from gaininggrounds.typeset import minus
from tournaments.web import presenters

register = template.Library()


@register.filter
def status_label(status: str) -> str:
    return presenters.game_status(status)


@register.filter
def round_name(number: int, event) -> str:
    """`{{ round.number|round_name:event }}`: "Round 3", or the cut's stage ("Quarterfinals")."""
    return presenters.round_name(number, event)


@register.simple_tag
def colon() -> str:
    """A colon as the reader's language sets it: French puts a narrow no-break space before it."""
    return "\u202f:" if (get_language() or "en").startswith("fr") else ":"


@register.filter
def rating(value, decimals: int = 1) -> str:
    """A rating as typeset numbers are: one decimal in the reader's way, and a true minus sign (U+2212) for
    the new player whose skill is still below three times its uncertainty, not a hyphen."""
    return minus(floatformat(value, decimals))
