from django.contrib import admin

from scoring.results.models import SeatScore, TableResult
from scoring.standings.models import StandingsSnapshot


class SeatScoreInline(admin.TabularInline):
    model = SeatScore
    extra = 0
    can_delete = False
    readonly_fields = ["wind", "player", "score"]


@admin.register(TableResult)
class TableResultAdmin(admin.ModelAdmin):
    """Read-only: results change through new versions (API or pages), never here."""

    list_display = ["table", "round", "version", "counts", "entered_by", "entered_at"]
    list_filter = ["event", "counts"]
    inlines = [SeatScoreInline]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(StandingsSnapshot)
class StandingsSnapshotAdmin(admin.ModelAdmin):
    list_display = ["event", "revision", "computed_at", "enqueued_at"]
    readonly_fields = ["event", "revision", "computed_at", "method", "rows", "enqueued_at"]

    def has_add_permission(self, request):
        return False
