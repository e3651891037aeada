from django.contrib import admin

from .models import Play, VersaillesCatalogue


@admin.register(Play)
class PlayAdmin(admin.ModelAdmin):
    list_display = ("__str__", "owner", "game", "winners", "updated_at")
    list_filter = ("game",)
    search_fields = ("owner__username",)


@admin.register(VersaillesCatalogue)
class VersaillesCatalogueAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "updated_at")
    search_fields = ("name", "owner__username")
