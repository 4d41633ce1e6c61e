"""Permissions over an object's rights, for any app's API: the app says who may act on the object
(`rights(user, obj)`) and in what words a refusal answers."""
from rest_framework.permissions import SAFE_METHODS, BasePermission


class ReadOrRights(BasePermission):
    """Anyone reads; a write needs a signed-in user whom `rights` allows on the object."""

    message = "Only those with rights on this may change it."

    @staticmethod
    def rights(user, obj) -> bool:
        return False

    def has_permission(self, request, view):
        return request.method in SAFE_METHODS or bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request, view, obj):
        return request.method in SAFE_METHODS or self.rights(request.user, obj)


class Rights(ReadOrRights):
    """Reads too need a signed-in user whom `rights` allows."""

    def has_permission(self, request, view):
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request, view, obj):
        return self.rights(request.user, obj)
