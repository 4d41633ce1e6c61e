from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/schema/swagger-ui/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/schema/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
    path("api/", include("tournaments.api.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("tournaments.web.urls_public")),
    path("", include("tournaments.web.urls_accounts")),
    path("console/", include("tournaments.web.urls_console")),
]

handler500 = "gaininggrounds.errors.server_error"
