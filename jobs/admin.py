from django.contrib import admin

from jobs.models import Job


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ["created_at", "event", "kind", "status", "progress", "finished_at"]
    list_filter = ["kind", "status"]
    list_select_related = ["event"]
    exclude = ["output"]
