"""The tracker app's API addresses, composed under the api namespace by gaininggrounds/urls.py."""

urlpatterns = []
