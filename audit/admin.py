from django.contrib import admin

from audit.models import AuditRecord


@admin.register(AuditRecord)
class AuditRecordAdmin(admin.ModelAdmin):
    """Read-only: the trail is append-only, in the admin too."""

    list_display = ["at", "event", "by", "action", "round_number", "table"]
    list_filter = ["action", "event"]
    list_select_related = ["event"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
