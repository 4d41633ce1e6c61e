"""The season packs' API addresses, composed under the api namespace by gaininggrounds/urls.py."""
from django.urls import path

from seasons import api

urlpatterns = [
    path("packs/", api.Packs.as_view(), name="packs"),
    path("packs/import/", api.PacksImport.as_view(), name="packs-import"),
    path("pack-versions/<int:pk>/", api.PackVersionDetail.as_view(), name="pack-version"),
    path("pack-versions/<int:pk>/publish/", api.PackVersionPublish.as_view(), name="pack-version-publish"),
    path("pack-versions/<int:pk>/next/", api.PackVersionNext.as_view(), name="pack-version-next"),
    path("pack-versions/<int:pk>/export/", api.PackVersionExport.as_view(), name="pack-version-export"),
]
