"""The apps depend one way: people (profiles, ratings, series, statistics), sign-ups, the tracker and teams build on the
tournament, which imports nothing of theirs outside its front ends (web/, api/), the only places that show
both. The rules module and the ratings' mathematics import no app at all. Read from the source, so a lazy
import inside a function counts as much as one at the top."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = ("tournaments", "people", "audit", "jobs", "notifications", "signups", "tracker", "teams", "gaininggrounds")


def imported(path: Path) -> set[str]:
    """The top-level packages a module imports, anywhere in it."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def modules(package: str, *, besides: tuple[str, ...] = ()) -> list[Path]:
    skipped = ("migrations", *besides)
    return [path for path in sorted((ROOT / package).rglob("*.py"))
            if not set(path.relative_to(ROOT / package).parts[:-1]) & set(skipped)]


def test_the_tournament_outside_its_front_ends_never_imports_people_or_sign_ups():
    core = modules("tournaments", besides=("web", "api"))
    assert ROOT / "tournaments" / "backup.py" in core and ROOT / "tournaments" / "services" / "players.py" in core
    built_on = {"people", "signups", "tracker", "teams"}
    offenders = [str(path.relative_to(ROOT)) for path in core if built_on & imported(path)]
    assert not offenders, offenders


def test_the_tournaments_api_imports_no_app_built_on_it():
    """The apps register their API addresses (tournaments.api.routes) and what they hide from a reader
    (tournaments.readers): the tournament's API hears nobody back."""
    api = sorted((ROOT / "tournaments" / "api").rglob("*.py"))
    built_on = {"people", "signups", "tracker", "teams"}
    offenders = [str(path.relative_to(ROOT)) for path in api if built_on & imported(path)]
    assert len(api) > 5 and not offenders, offenders


def test_the_rules_and_the_ratings_mathematics_import_no_app():
    for package in ("scoring", "ratings"):
        offenders = {str(path.relative_to(ROOT)): sorted(imported(path) & set(APPS)) for path in modules(package)}
        assert not {path: apps for path, apps in offenders.items() if apps}


def test_no_module_of_the_project_is_over_400_lines():
    """Small, named pieces: a module that grows past 400 lines is split along a seam a reader would guess."""
    ours = [path for folder in (*APPS, "scoring", "ratings", "tests", "benchmarks", "deploy")
            for path in (ROOT / folder).rglob("*.py") if "migrations" not in path.parts]
    assert len(ours) > 100
    long = {str(path.relative_to(ROOT)): n for path in ours if (n := len(path.read_text().splitlines())) > 400}
    assert not long, long
