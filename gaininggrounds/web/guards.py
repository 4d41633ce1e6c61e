"""A page's rights check, for any app's console: checked in this order, signed in (else the sign-in page),
POST when asked (else 405), the object the address names exists (else 404), the user may act on it
(else 403). Each app binds it to its own object and rights (tournaments.fronts.organizer_view)."""
from collections.abc import Callable
from functools import partial, wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.views.decorators.http import require_POST


def scoped_view(load: Callable[[str], object], allowed: Callable[[object, object], bool]):
    """A decorator for views taking the object's key (`slug`) from the address: the view is called with
    the object in its place. `load(key)` raises Http404 for an unknown one; `allowed(user, obj)`."""

    def guard(view=None, *, post_only: bool = False):
        if view is None:
            return partial(guard, post_only=post_only)

        @wraps(view)
        def guarded(request, slug, *args, **kwargs):
            scope = load(slug)
            if not allowed(request.user, scope):
                raise PermissionDenied
            return view(request, scope, *args, **kwargs)

        return login_required(require_POST(guarded) if post_only else guarded)

    return guard
