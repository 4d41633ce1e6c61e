"""The season packs' console pages (namespace "seasons")."""

app_name = "seasons"

urlpatterns: list = []
