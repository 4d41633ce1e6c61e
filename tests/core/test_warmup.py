"""gunicorn's master loads what a worker's first requests would (gaininggrounds/warmup.py) before it forks,
without touching the database: a connection opened there would be shared by every worker."""
from pathlib import Path

from django.conf import settings

from gaininggrounds import warmup


def test_every_template_compiles_in_the_master_without_a_database_query():
    # No django_db mark: any query here fails the test ("Database access not allowed").
    compiled = warmup.warm()
    ours = sorted(p.relative_to(settings.BASE_DIR / "templates").as_posix()
                  for p in Path(settings.BASE_DIR / "templates").rglob("*.html"))
    assert compiled == ours and "player/private.html" in compiled


def test_a_template_that_no_longer_compiles_stops_the_master(tmp_path, settings):
    (tmp_path / "broken.html").write_text("{% if %}")
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [tmp_path]}]
    try:
        warmup.warm()
    except Exception as error:  # noqa: BLE001 - the template engine's own error
        assert "broken.html" in str(getattr(error, "template_debug", "")) or "if" in str(error)
    else:
        raise AssertionError("a broken template was compiled")
