from __future__ import annotations

from django.contrib import admin

from rooms.models import Room, RoomChange
from rooms.services import room_record_changes, room_snapshot


class RoomChangeInline(admin.TabularInline):
    model = RoomChange
    extra = 0
    can_delete = False
    fields = ("created_at", "actor", "field", "old", "new")
    readonly_fields = fields
    ordering = ("-created_at", "-pk")
    verbose_name_plural = "change history"

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "variant",
        "options",
        "coefficient",
        "rake",
        "base_points",
        "min_balance",
        "props_enabled",
        "bot_kind",
        "practice",
        "is_active",
        "updated_at",
    )
    list_editable = ("coefficient", "rake", "is_active")
    list_filter = ("variant", "is_active", "props_enabled", "bot_kind", "practice")
    search_fields = ("name",)
    inlines = [RoomChangeInline]

    def save_model(self, request, obj, form, change):
        # Every save — from the change form or the list's editable columns — is recorded.
        before = room_snapshot(Room.objects.get(pk=obj.pk)) if change and obj.pk else None
        super().save_model(request, obj, form, change)
        room_record_changes(room=obj, before=before, actor=request.user)


@admin.register(RoomChange)
class RoomChangeAdmin(admin.ModelAdmin):
    list_display = ("created_at", "room", "field", "old", "new", "actor")
    list_filter = ("field",)
    readonly_fields = ("room", "field", "old", "new", "actor", "created_at")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
