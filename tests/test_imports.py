"""No import circle: every module of the application imports first, on its own, in a fresh
interpreter (one subprocess per module), so an edge written the wrong way round fails here at once
instead of working by luck of the import order."""
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("gaininggrounds", "scoring", "ratings", "tournaments", "people", "audit", "jobs", "notifications")


def modules() -> list[str]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts:
                continue
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


# Django's app registry loads every app's models first; the module under test is imported right after,
# before anything else of the project's has a chance to import it in a friendlier order.
FIRST = """
import importlib, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gaininggrounds.settings")
name = sys.argv[1]
if name.split(".")[0] in ("scoring", "ratings") or name in ("gaininggrounds.settings", "gaininggrounds"):
    importlib.import_module(name)
else:
    import django
    django.setup(set_prefix=False)
    importlib.import_module(name)
"""


def import_alone(name: str) -> tuple[str, str]:
    done = subprocess.run([sys.executable, "-c", FIRST, name], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    return name, done.stderr.strip().splitlines()[-1] if done.returncode else ""


def test_every_module_imports_first_in_a_fresh_interpreter():
    names = modules()
    assert "tournaments.services.rounds" in names and "audit.services" in names
    with ThreadPoolExecutor(max_workers=4) as pool:
        failures = {name: error for name, error in pool.map(import_alone, names) if error}
    assert not failures, failures
