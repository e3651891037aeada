from django.urls import path

from .views import catalogues, courtiers, entry, index, plays

app_name = "companions"

urlpatterns = [
    path("", index, name="index"),
    path("plays/", plays.play_list, name="plays"),
    path("plays/<int:pk>/", plays.play_detail, name="play"),
    path("plays/<int:pk>/export/", plays.play_export, name="play_export"),
    path("plays/<int:pk>/delete/", plays.play_delete, name="play_delete"),
    path("catalogues/", catalogues.catalogue_list, name="catalogues"),
    path("catalogues/<int:pk>/", catalogues.catalogue_edit, name="catalogue"),
    path("catalogues/<int:pk>/delete/", catalogues.catalogue_delete, name="catalogue_delete"),
    path("courtiers/", courtiers.courtiers, name="courtiers"),
    path("<str:game>/", entry.entry, name="entry"),
    path("<str:game>/save/", plays.save, name="save"),
    path("<str:game>/export/", plays.export_current, name="export"),
    path("<str:game>/import/", plays.import_play, name="import"),
]
