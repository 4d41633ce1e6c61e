from django.contrib import admin

from signups.models import Announcement, SignUp


@admin.register(Announcement)
class AnnouncementAdmin(admin.ModelAdmin):
    list_display = ["event", "venue", "cap", "deadline", "cancelled_at"]
    list_select_related = ["event"]


@admin.register(SignUp)
class SignUpAdmin(admin.ModelAdmin):
    """For staff looking into a case; the organizers' own page is the console's. The link's digest and
    the key stay out of the form."""

    list_display = ["name", "event", "state", "position", "paid", "created_at"]
    list_filter = ["state", "paid"]
    list_select_related = ["event"]
    search_fields = ["name", "email"]
    exclude = ["key", "confirm_digest"]
    raw_id_fields = ["event", "player", "user"]
