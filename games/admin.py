from django.contrib import admin

from games.models import HandRecord, HandSeat, Seat, Table, TableEvent


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "user", "is_bot", "autoplay", "connections", "disconnected_at", "left_at")
    readonly_fields = fields
    can_delete = False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = (
        "pk",
        "room",
        "status",
        "is_private",
        "hand_no",
        "seq",
        "deadline",
        "created_at",
    )
    list_filter = ("status", "is_private", "room__variant")
    readonly_fields = ("seq", "rev", "state", "carry", "current_hand", "deadline")
    exclude = ("state",)
    inlines = [SeatInline]


class HandSeatInline(admin.TabularInline):
    model = HandSeat
    extra = 0
    readonly_fields = ("seat", "user", "is_bot", "escaped", "autoplayed")
    can_delete = False


@admin.register(HandRecord)
class HandRecordAdmin(admin.ModelAdmin):
    list_display = ("pk", "table", "room", "hand_no", "variant", "status", "rake", "started_at")
    list_filter = ("status", "variant")
    readonly_fields = [f.name for f in HandRecord._meta.fields]
    inlines = [HandSeatInline]


@admin.register(TableEvent)
class TableEventAdmin(admin.ModelAdmin):
    list_display = ("table", "seq", "kind", "created_at")
    list_filter = ("kind",)
    readonly_fields = ("table", "seq", "hand", "kind", "data", "created_at")
    exclude = ("public_view",)
