"""What sign-ups do when the tournament changes (`signups.apps.hear`), in the change's transaction: an
entry removed before the day withdraws its sign-up and, once deleted, gives its place to the first on the
waitlist; a
moved date is mailed to who signed up."""
from signups import mails, services
from signups.models import SignUp
from signups.selectors import announcement_of
from tournaments import signals


def heard(*, signal, kind: str, event, **details) -> None:
    if kind == signals.ENTRY_REMOVED:
        _entry_removed(event, **details)
    elif kind == signals.ENTRY_GONE:  # after the delete: the name the entry held is free for who waits
        services.places_filled(event)
    elif kind == signals.DATE_MOVED:
        mails.changed(event, announcement_of(event))


def _entry_removed(event, *, player, by=None) -> None:
    signup = SignUp.objects.filter(player=player).first()
    if signup is not None:
        services.withdrawn(signup)
