from csp.decorators import csp_update
from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path, re_path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from gaininggrounds import api_docs, health, metrics, pwa
from gaininggrounds.api.errors import api_not_found
from judges import api_urls as judges_api
from notifications import api_urls as notifications_api
from people import api_urls as people_api
from seasons import api_urls as seasons_api
from signups import api_urls as signups_api
from teams import api_urls as teams_api
from tournaments.api import urls as tournament_api
from tracker import api_urls as tracker_api

# The API, composed of each app's addresses under one "api" namespace, then a JSON 404 for any other
# address (any character, newlines included: an encoded %0A).
API = [*tournament_api.urlpatterns, *people_api.urlpatterns, *signups_api.urlpatterns, *teams_api.urlpatterns,
       *tracker_api.urlpatterns, *notifications_api.urlpatterns, *judges_api.urlpatterns, *seasons_api.urlpatterns,
       re_path(r"^[\s\S]*$", api_not_found)]

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("metrics", metrics.metrics, name="metrics"),
    path("admin/", admin.site.urls),
    # Browsers ask for /favicon.ico whatever the page links: the icon itself lives with the static files.
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True)),
    # The web app manifest and the service worker live at the root: the worker's scope is where it is served.
    path("manifest.webmanifest", pwa.site_manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service-worker"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The documentation viewers style themselves inline; Redoc runs its search in a worker made from a blob.
    # Everything they load comes from here (api_docs).
    path("api/schema/swagger-ui/", csp_update({"style-src": ["'unsafe-inline'"]})(
        SpectacularSwaggerSplitView.as_view(url_name="schema")), name="swagger-ui"),
    path("api/schema/redoc/", csp_update({"style-src": ["'unsafe-inline'"], "worker-src": ["blob:"]})(
        SpectacularRedocView.as_view(url_name="schema")), name="redoc"),
    path("api/schema/redoc/redoc.standalone.js", api_docs.redoc_script, name="redoc-script"),
    path("api/", include((API, "api"))),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("tournaments.web.urls_public")),
    path("", include("people.urls")),
    path("", include("signups.urls")),
    path("", include("notifications.urls")),
    path("", include("teams.urls")),
    path("", include("judges.urls")),
    path("", include("seasons.urls")),
    path("", include("people.urls_accounts")),
    path("console/", include("tournaments.web.urls_console")),
]

handler500 = "gaininggrounds.errors.server_error"
