"""No import circle: every module of the application imports first, on its own, in a fresh
interpreter, so an edge written the wrong way round fails here at once instead of working by luck of
the import order.

One interpreter starts, and each module is imported in a child forked from it at the moment a fresh
interpreter would import it: before Django's setup for the rules module, the ratings' maths and the
settings; right after it for the rest (Django's app registry loads every app's models first, as it
does for any process). A fork from that state is that fresh interpreter, without paying the start and
the setup two hundred times."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("gaininggrounds", "scoring", "ratings", "tournaments", "people", "audit", "jobs", "notifications",
            "signups", "tracker", "teams")


def modules() -> list[str]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts:
                continue
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


def before_setup(name: str) -> bool:
    return name.split(".")[0] in ("scoring", "ratings") or name in ("gaininggrounds.settings", "gaininggrounds")


# Reads module names on stdin; prints "name<TAB>the error's last line" for each that fails to import.
FORKING = """
import importlib, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gaininggrounds.settings")


def each_alone(names):
    for name in names:
        read, write = os.pipe()
        child = os.fork()
        if child == 0:
            os.close(read)
            try:
                importlib.import_module(name)
            except BaseException as error:
                os.write(write, f"{name}\\t{type(error).__name__}: {error}".splitlines()[0].encode())
                os._exit(1)
            os._exit(0)
        os.close(write)
        with os.fdopen(read, "rb") as answer:
            said = answer.read().decode()
        _, status = os.waitpid(child, 0)
        if status:
            print(said or f"{name}\\texit status {status}", flush=True)


first, rest = sys.stdin.read().split("--setup--")
each_alone(first.split())
import django
django.setup(set_prefix=False)
each_alone(rest.split())
"""


def imports_alone(names: list[str]) -> dict[str, str]:
    ordered = [n for n in names if before_setup(n)] + ["--setup--"] + [n for n in names if not before_setup(n)]
    done = subprocess.run([sys.executable, "-c", FORKING], input="\n".join(ordered), cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return dict(line.split("\t", 1) for line in done.stdout.splitlines() if "\t" in line)


def test_every_module_imports_first_in_a_fresh_interpreter():
    names = modules()
    assert "tournaments.services.rounds" in names and "audit.services" in names and "scoring.validator" in names
    failures = imports_alone(names)
    assert not failures, failures


def test_an_import_circle_is_caught(tmp_path, monkeypatch):
    """The check itself can fail: two modules of a package that import each other at the top."""
    package = tmp_path / "circle"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "one.py").write_text("from circle.two import B\nA = 1\n")
    (package / "two.py").write_text("from circle.one import A\nB = 2\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    failures = imports_alone(["circle.one", "scoring.validator"])
    assert set(failures) == {"circle.one"} and "ImportError" in failures["circle.one"]
