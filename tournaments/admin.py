from django.contrib import admin

from tournaments.models import Event, Game, Player, PlayerReport, Result, Round


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    exclude = ["key"]  # rotated from the console or the API, which record it
    # Who an entry is changes through people's merges and the holder's consent (people.links), never here.
    readonly_fields = ["person", "user"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "format", "rounds"]
    search_fields = ["name", "slug"]
    filter_horizontal = ["organizers"]
    inlines = [PlayerInline]
    # Finishing marks ratings due (services.event_finish); set here, nothing would be rated again.
    readonly_fields = ["finished_at", "created_by"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "strategy", "deployment"]
    list_filter = ["event"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "player_a", "player_b"]
    list_select_related = ["round__event", "player_a", "player_b"]


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = ["game", "outcome", "vp_a", "vp_b", "entered_by", "entered_at"]


@admin.register(PlayerReport)
class PlayerReportAdmin(admin.ModelAdmin):
    list_display = ["game", "side", "outcome", "vp_a", "vp_b", "updated_at"]
    list_select_related = ["game__round__event"]
