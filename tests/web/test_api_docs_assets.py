"""The API's documentation pages name no other host, and Redoc's script, served by the site, carries no
address of Redocly's CDN; it answers 304 to a reader who has it already. (tests/browser/test_api_docs_pages.py
opens both pages in Chromium.)"""
import re

OUTSIDE = re.compile(r'(src|href)="(https?:)?//')


def test_the_documentation_pages_name_no_other_host(client):
    for path in ("/api/schema/redoc/", "/api/schema/swagger-ui/"):
        page = client.get(path).content.decode()
        assert "<script" in page and not OUTSIDE.search(page), path
        assert "fonts.googleapis.com" not in page, path


def test_redocs_script_comes_from_the_site_without_the_cdn_logo(client):
    page = client.get("/api/schema/redoc/").content.decode()
    src = re.search(r'<script src="([^"]+)"', page).group(1)
    answer = client.get(src)
    script = b"".join(answer.streaming_content) if answer.streaming else answer.content
    assert answer.status_code == 200 and answer["Content-Type"].startswith("application/javascript")
    assert b"Redoc" in script and len(script) > 500_000  # the whole viewer
    assert b"cdn.redoc.ly" not in script
    assert client.get(src, HTTP_IF_NONE_MATCH=answer["ETag"]).status_code == 304
