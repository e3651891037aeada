"""Mounted at ``audit/``: one set of pages, the view decides who may read them."""

from django.urls import path

from . import replay, views

app_name = "audit"

urlpatterns = [
    path("<int:game_id>/", views.timeline_page, name="timeline"),
    path("<int:game_id>/story/", views.story_page, name="story"),
    path("<int:game_id>/story/<int:position>/", views.story_page, name="player_story"),
    path("<int:game_id>/charts/", views.charts_page, name="charts"),
    path("<int:game_id>/dice/", views.dice_page, name="dice"),
    path("<int:game_id>/report/", views.report_page, name="report"),
    path("<int:game_id>/report.pdf", views.report_pdf, name="report_pdf"),
    path("<int:game_id>/replay/", replay.replay_page, name="replay"),
    path("<int:game_id>/export.json", views.export_json, name="export"),
]
