"""An address's parts the API checks before anything is read: an edition of the rules module's."""
from rest_framework.exceptions import ValidationError

from scoring.formats import EDITIONS


def edition_known(edition: str) -> None:
    """An edition in an address (the leaderboard's, the statistics'): one of the rules module's, else 400."""
    if edition not in EDITIONS:
        raise ValidationError({"edition": [f"One of {', '.join(EDITIONS)}."]}, code="invalid")
