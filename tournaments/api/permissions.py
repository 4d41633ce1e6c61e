"""Who may do what in the API, and the base of every view under /api/events/{id}/."""
from django.shortcuts import get_object_or_404
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.views import APIView

from tournaments.access import is_organizer
from tournaments.models import Event


class IsOrganizerOrReadOnly(BasePermission):
    """Anyone reads; writes need a signed-in organizer of the event the object belongs to."""

    message = "Only an organizer of this event may change it."

    def has_permission(self, request, view):
        return request.method in SAFE_METHODS or bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request, view, event):
        return request.method in SAFE_METHODS or is_organizer(request.user, event)


class IsOrganizer(IsOrganizerOrReadOnly):
    """Reads too need an organizer of the event (the audit trail)."""

    message = "Only an organizer of this event may see this."

    def has_permission(self, request, view):
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request, view, event):
        return is_organizer(request.user, event)


class EventScoped(APIView):
    """A view under /api/events/{id}/: loads the event and checks organizer rights for writes."""

    permission_classes = [IsOrganizerOrReadOnly]

    def event(self) -> Event:
        event = get_object_or_404(Event, pk=self.kwargs["event_id"])
        self.check_object_permissions(self.request, event)
        return event
