from django.contrib import admin

from .models import Event, Player, RefereeAssignment, Round, Seat, Table


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "ruleset", "status", "start_date", "is_public", "director"]
    list_filter = ["ruleset", "status", "is_public"]
    search_fields = ["name", "slug", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["revision"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "country", "club", "ema_number", "status"]
    list_filter = ["event", "status"]
    search_fields = ["name", "club", "ema_number"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "status", "starts_at", "length_minutes"]
    list_filter = ["event", "status"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["round", "number", "label"]
    list_filter = ["round__event"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["table", "wind", "player"]
    list_filter = ["round__event"]
    raw_id_fields = ["player", "table", "round"]


@admin.register(RefereeAssignment)
class RefereeAssignmentAdmin(admin.ModelAdmin):
    list_display = ["user", "event", "role", "table_numbers"]
    list_filter = ["event", "role"]
