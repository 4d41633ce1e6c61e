"""Template filters for the game's words in the reader's language."""
from django import template

from tournaments.web import presenters

register = template.Library()


@register.filter
def status_label(status: str) -> str:
    return presenters.game_status(status)
