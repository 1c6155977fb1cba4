"""The ledger in the admin: readable by staff, never editable."""

from django.contrib import admin

from penalties.models import FoulReport, LedgerEntry, Replacement, Void


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(FoulReport)
class FoulReportAdmin(ReadOnlyAdmin):
    list_display = ["pk", "event", "round", "table", "code", "offender", "referee", "created_at"]
    list_filter = ["event", "code"]
    search_fields = ["offender__name", "note", "explanation", "idempotency_key"]


@admin.register(Void)
class VoidAdmin(ReadOnlyAdmin):
    list_display = ["report", "voided_by", "created_at", "reason"]


@admin.register(Replacement)
class ReplacementAdmin(ReadOnlyAdmin):
    list_display = ["replaced", "replacement", "created_at"]


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdmin):
    list_display = [
        "pk",
        "event",
        "round",
        "table",
        "player",
        "kind",
        "points",
        "scope",
        "counterpart",
        "report",
        "reverses",
    ]
    list_filter = ["event", "kind", "scope"]
