"""The season packs' console pages (namespace "seasons")."""
from django.urls import path

from seasons import web

app_name = "seasons"

urlpatterns: list = [
    path("console/packs/", web.packs, name="packs"),
    path("console/packs/<int:version_id>/", web.version_page, name="version"),
    path("console/packs/<int:version_id>/export/", web.export, name="export"),
]
