"""Template filters for the game's words in the reader's language."""
from django import template

from tournaments.web import names

register = template.Library()


@register.filter
def status_label(status: str) -> str:
    return names.game_status(status)
