"""The admin: events change through the same service as the director's pages (checks, the
ruleset guard, the revision bump); players, rounds, tables and seats are shown read-only,
because their writes (name keys, seating checks, the revision) belong to the services and the
director's pages."""

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError

from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds.models import Round, Seat, Table
from tournament.staff.models import RefereeAssignment


class ViewOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["player"]

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class EventAdminForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = [
            "name",
            "slug",
            "ruleset",
            "ruleset_options",
            "status",
            "start_date",
            "end_date",
            "venue",
            "is_public",
            "director",
            "floor_referees_enter_results",
            "results_need_confirmation",
            "time_zone",
        ]

    def _post_clean(self):
        super()._post_clean()
        if self.errors:
            return
        try:
            event_services.validate_event(self.instance)
        except ValidationError as exc:
            self._update_errors(exc)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    form = EventAdminForm
    list_display = ["name", "slug", "ruleset", "status", "start_date", "is_public", "director"]
    list_filter = ["ruleset", "status", "is_public"]
    search_fields = ["name", "slug", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["revision"]

    def save_model(self, request, obj, form, change):
        event_services.save_event(obj)


@admin.register(Player)
class PlayerAdmin(ViewOnlyAdmin):
    list_display = ["name", "event", "country", "club", "ema_number", "status"]
    list_filter = ["event", "status"]
    search_fields = ["name", "club", "ema_number"]


@admin.register(Round)
class RoundAdmin(ViewOnlyAdmin):
    list_display = ["event", "number", "status", "starts_at", "length_minutes"]
    list_filter = ["event", "status"]


@admin.register(Table)
class TableAdmin(ViewOnlyAdmin):
    list_display = ["round", "number", "label"]
    list_filter = ["round__event"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(ViewOnlyAdmin):
    list_display = ["table", "wind", "player"]
    list_filter = ["round__event"]
    raw_id_fields = ["player", "table", "round"]


@admin.register(RefereeAssignment)
class RefereeAssignmentAdmin(admin.ModelAdmin):
    list_display = ["user", "event", "role", "table_numbers"]
    list_filter = ["event", "role"]
