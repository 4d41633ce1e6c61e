"""The apps depend one way: people (profiles, ratings, series, statistics), sign-ups, teams, the tracker
and notifications build on the tournament, which imports nothing of theirs, its pages and API included.
Below every app lies the front-end kit (gaininggrounds.web, gaininggrounds.api), which imports none; what
the tournament lends the apps' fronts is tournaments.fronts, so no app imports another's pages, API or
addresses. The rules module and the ratings' mathematics import no app at all, and no two files import
each other, however roundabout. Read from the source, so a lazy import inside a function counts as much
as one at the top."""
import ast
from pathlib import Path

import networkx

ROOT = Path(__file__).resolve().parents[1]
APPS = ("tournaments", "people", "audit", "jobs", "notifications", "signups", "tracker", "teams", "judges",
        "seasons", "gaininggrounds")
DJANGO_APPS = APPS[:-1]
BUILT_ON = ("people", "signups", "teams", "tracker", "notifications", "judges", "seasons")
OURS = (*APPS, "scoring", "ratings")
KIT = ("gaininggrounds.web", "gaininggrounds.api")
PLUMBING = ("gaininggrounds.errors", "gaininggrounds.params", "gaininggrounds.http_cache", "gaininggrounds.logs",
            "gaininggrounds.typeset")
SITE = ("gaininggrounds.urls", "gaininggrounds.settings")  # the site's composition names every app's front


def imported(path: Path) -> set[str]:
    """The top-level packages a module imports, anywhere in it."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def name_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    where = ROOT.joinpath(*name.split("."))
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def imported_modules(path: Path) -> set[str]:
    """The modules a module imports, anywhere in it, by dotted name: `from x import y` is x.y when that is a
    module of ours, else x; a relative import is read from the module's own package."""
    here = name_of(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            parent = package[:len(package) - node.level + 1] if node.level else []
            base = ".".join([*parent, *([node.module] if node.module else [])])
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if is_module(f"{base}.{alias.name}") else base)
    return found


def modules(package: str) -> list[Path]:
    return [path for path in sorted((ROOT / package).rglob("*.py")) if "migrations" not in path.parts]


def project() -> list[Path]:
    """Every module of the application (not its tests, benchmarks or deployment scripts)."""
    return [path for package in OURS for path in modules(package)]


def under(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == package or name.startswith(package + ".") for package in packages)


def listing(offenders: dict[str, list[str]]) -> str:
    """Each offending file and what it should not import, one a line, for the failure's message."""
    return "\n" + "\n".join(f"{path}: {', '.join(names)}" for path, names in sorted(offenders.items()))


def test_the_tournament_imports_no_app_built_on_it():
    """Its pages and API included: the apps register what they add (readers, backup sections, receivers of
    tournament_changed), the site composes their addresses, their own fronts show them; the tournament hears
    nobody back. Its migrations too: one keeps its own copy of what it computed (a person's search key)."""
    tournament = sorted((ROOT / "tournaments").rglob("*.py"))
    assert {ROOT / "tournaments" / known for known in ("backup.py", "services/players.py", "web/public.py",
                                                       "api/events.py")} <= set(tournament)
    offenders = {str(path.relative_to(ROOT)): names for path in tournament
                 if (names := sorted(name for name in imported_modules(path) if under(name, BUILT_ON)))}
    assert not offenders, listing(offenders)


def test_the_front_end_kit_imports_no_app():
    """The kit is below every app, the tournament too: it may use the rules module, Django and the other
    libraries, and of the site only its plumbing (errors, parameters, the cache, logs, typesetting)."""
    kit = [*modules("gaininggrounds/web"), *modules("gaininggrounds/api")]
    assert ROOT / "gaininggrounds" / "web" / "naming.py" in kit and ROOT / "gaininggrounds" / "api" / "errors.py" in kit
    offenders = {str(path.relative_to(ROOT)): names for path in kit if (names := sorted(
        name for name in imported_modules(path)
        if under(name, DJANGO_APPS) or (under(name, ("gaininggrounds",)) and not under(name, (*KIT, *PLUMBING)))))}
    assert not offenders, listing(offenders)


def is_front(name: str) -> bool:
    """An app's pages, API, console, addresses or accounts' pages; tournaments.fronts is what the tournament
    lends the others, not a front."""
    app, _, rest = name.partition(".")
    first = rest.split(".")[0]
    return app in DJANGO_APPS and (first in ("web", "api", "console", "urls", "accounts")
                                   or first.startswith(("api_", "urls_")))


def test_no_app_imports_another_apps_front():
    """An app's front is its own: what two apps' fronts share lives in the kit or in tournaments.fronts.
    Only the site's composition (its addresses and settings) names every app's front."""
    assert is_front("people.api_links") and is_front("tournaments.web.console.rounds")
    assert not is_front("tournaments.fronts") and not is_front("people.services")
    offenders = {}
    for path in project():
        name = name_of(path)
        if name in SITE:
            continue
        owner = name.split(".")[0]
        fronts = sorted(found for found in imported_modules(path) if is_front(found) and found.split(".")[0] != owner)
        if fronts:
            offenders[str(path.relative_to(ROOT))] = fronts
    assert not offenders, listing(offenders)


def test_the_rules_and_the_ratings_mathematics_import_no_app():
    """Pure mathematics, data in and data out: every app may use them, so they can use none."""
    for package in ("scoring", "ratings"):
        offenders = {str(path.relative_to(ROOT)): apps for path in modules(package)
                     if (apps := sorted(imported(path) & set(APPS)))}
        assert not offenders, listing(offenders)


def says_nothing(path: Path) -> bool:
    """A package's __init__ with nothing but a docstring: importing it imports nothing back."""
    body = ast.parse(path.read_text(), str(path)).body
    return all(isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) for node in body)


def test_no_circle_of_files():
    """A module that imports one that imports it back (through any number of others, lazily or not) works
    by luck of the import order, and the two cannot be understood apart: every edge goes one way."""
    paths = {name_of(path): path for path in project()}
    assert "tournaments.fronts" in paths and "gaininggrounds.web.naming" in paths and "scoring" in paths
    graph = networkx.DiGraph()
    graph.add_nodes_from(paths)
    graph.add_edges_from((name, found) for name, path in paths.items() for found in imported_modules(path)
                         if found in paths and not (paths[found].name == "__init__.py" and says_nothing(paths[found])))
    circles = [sorted(circle) for circle in networkx.strongly_connected_components(graph) if len(circle) > 1]
    circles += [[name] for name, _ in networkx.selfloop_edges(graph)]
    assert not circles, "\n" + "\n".join(", ".join(circle) for circle in sorted(circles))


def test_no_module_of_the_project_is_over_400_lines():
    """Small, named pieces: a module that grows past 400 lines is split along a seam a reader would guess."""
    ours = [path for folder in (*APPS, "scoring", "ratings", "tests", "benchmarks", "deploy")
            for path in (ROOT / folder).rglob("*.py") if "migrations" not in path.parts]
    assert len(ours) > 100
    long = {str(path.relative_to(ROOT)): n for path in ours if (n := len(path.read_text().splitlines())) > 400}
    assert not long, long
