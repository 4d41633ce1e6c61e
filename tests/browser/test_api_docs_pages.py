"""The API's documentation pages (Redoc and Swagger UI) open in Chromium under the site's policy with no
console error and no request to another host: their scripts, styles, fonts and images all come from here."""
from urllib.parse import urlsplit

import pytest

PAGES = {"/api/schema/redoc/": "text=Run Malifaux tournaments", "/api/schema/swagger-ui/": "text=Gaining Grounds API"}


@pytest.mark.parametrize("path", sorted(PAGES))
@pytest.mark.django_db(transaction=True)
def test_the_api_documentation_asks_no_other_host_and_logs_no_error(contexts, live_server, path):
    page = contexts(viewport={"width": 1280, "height": 800}).new_page()
    errors, elsewhere = [], []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: urlsplit(request.url).netloc not in (urlsplit(live_server.url).netloc, "")
            and elsewhere.append(request.url))
    answer = page.goto(live_server.url + path, wait_until="networkidle")
    assert answer.status == 200
    page.wait_for_selector(PAGES[path])  # the schema is read and drawn, not just the empty page
    page.wait_for_load_state("networkidle")
    assert elsewhere == [], f"{path} asks another host"
    assert errors == [], f"{path} logs errors"
