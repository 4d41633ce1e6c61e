"""The season packs' API addresses, composed under the api namespace by gaininggrounds/urls.py."""

urlpatterns: list = []
