from django.contrib import admin

from ratings.models import (
    Escape,
    HandReview,
    PlayerHand,
    RatingHistory,
    Season,
    SeasonStanding,
    Standing,
    Tier,
)


@admin.register(Tier)
class TierAdmin(admin.ModelAdmin):
    """The tier tables (等级): edit names and thresholds here; position 1 is the floor tier."""

    list_display = ("variant", "position", "name", "threshold")
    list_editable = ("name", "threshold")
    list_filter = ("variant",)
    ordering = ("variant", "position")


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    """Seasons default to calendar months (created when the first hand of a month is rated);
    add or move seasons here. Keep them from overlapping."""

    list_display = ("name", "starts_at", "ends_at")
    date_hierarchy = "starts_at"


@admin.register(Standing)
class StandingAdmin(admin.ModelAdmin):
    list_display = ("user", "variant", "points", "rating", "hands", "wins", "deal_ins")
    list_filter = ("variant",)
    search_fields = ("user__username",)
    readonly_fields = [f.name for f in Standing._meta.fields]


@admin.register(SeasonStanding)
class SeasonStandingAdmin(admin.ModelAdmin):
    list_display = ("season", "user", "variant", "rating", "hands", "points")
    list_filter = ("season", "variant")
    search_fields = ("user__username",)
    readonly_fields = [f.name for f in SeasonStanding._meta.fields]


@admin.register(PlayerHand)
class PlayerHandAdmin(admin.ModelAdmin):
    list_display = ("played_at", "user", "variant", "hand", "seat", "points", "coins", "outcome")
    list_filter = ("variant", "outcome")
    search_fields = ("user__username",)
    readonly_fields = [f.name for f in PlayerHand._meta.fields]


@admin.register(RatingHistory)
class RatingHistoryAdmin(admin.ModelAdmin):
    list_display = ("created_at", "user", "variant", "rating", "hand")
    list_filter = ("variant",)
    readonly_fields = [f.name for f in RatingHistory._meta.fields]


@admin.register(Escape)
class EscapeAdmin(admin.ModelAdmin):
    """Escapes drive the sitting cool-down; deleting one (a disconnection that was not the
    player's fault) shortens it."""

    list_display = ("created_at", "user", "hand")
    search_fields = ("user__username",)
    raw_id_fields = ("hand",)


@admin.register(HandReview)
class HandReviewAdmin(admin.ModelAdmin):
    """Stored reviews (ratings.services.hand_review_get). Read-only; delete one to have it
    computed again on the next request."""

    list_display = ("hand", "seat", "version", "created_at")
    search_fields = ("hand__id",)
    readonly_fields = [f.name for f in HandReview._meta.fields]

    def has_add_permission(self, request):
        return False
