import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gaininggrounds.settings")
application = get_wsgi_application()
# Import every view now (about a second), not in a worker's first request: a hall's first reports after
# a restart would otherwise each wait for it.
get_resolver().url_patterns  # noqa: B018 - the import is the point
