"""What a concession does to the conceding player, by the event's rule (its format's, or its own): stand
down from the event (GG2017) or be paired on (GG Zero has no such rule). One sentence, shared by the
player's page, the results board and the API, so the room hears the same thing everywhere."""
from django.utils.translation import gettext


def conceder_leaves(event) -> bool:
    return event.rules().conceder_leaves


def concession_effect(event, name: str, round_number: int, *, counted: bool) -> str:
    """ "Ben concedes this game and leaves the event" before it counts, "Ben conceded this game and left
    the event" after; a conceder who stays is told which round comes next (none after the last)."""
    last = event.rounds is not None and round_number >= event.rounds
    if conceder_leaves(event):
        text = (gettext("%(name)s conceded this game and left the event") if counted
                else gettext("%(name)s concedes this game and leaves the event"))
    elif last:
        text = (gettext("%(name)s conceded this game and stays in the final standings") if counted
                else gettext("%(name)s concedes this game and stays in the final standings"))
    else:
        text = (gettext("%(name)s conceded this game and stays for round %(next)s") if counted
                else gettext("%(name)s concedes this game and stays for round %(next)s"))
    return text % {"name": name, "next": round_number + 1}


def concession_rule(event) -> str:
    """The event's rule in one line, shown beside a form before anyone concedes."""
    if conceder_leaves(event):
        return gettext("In this event a player who concedes a game leaves the event: no further rounds.")
    return gettext("In this event a player who concedes a game stays in it and is paired for the next round.")
