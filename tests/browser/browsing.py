"""What the browser tests do again and again: sign in to the console, and measure a page: axe-core's
serious and critical findings (axe vendored in tests/browser/vendor, injected into the page) and the
page's weight with all it loads."""
import gzip
from pathlib import Path
from urllib.parse import urlsplit

AXE = Path(__file__).parent / "vendor" / "axe-core-4.14.1" / "axe.min.js"
GRAVE = ("serious", "critical")
WEIGHT_LIMIT = 60 * 1024  # bytes, compressed: a page and everything it loads


def violations(page) -> list[str]:
    """axe-core's serious and critical findings on the page as it stands, one line each (the page's
    context needs bypass_csp: axe goes in as an inline script, which the site's policy rightly refuses)."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
        .map(v => ({id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))""")
    return [f"{v['impact']} {v['id']}: {v['help']} at {v['nodes']}" for v in found if v["impact"] in GRAVE]


def visit(context, url: str):
    """Open `url` in a new tab of `context` and let it settle; (the tab, its compressed weight with
    everything it loaded, the addresses it asked of another host than its own). Close the tab after."""
    page, loaded = context.new_page(), []
    page.on("response", lambda response: loaded.append(response))  # a lambda: Playwright tags its handlers
    answer = page.goto(url, wait_until="networkidle")
    assert answer is not None and answer.status == 200, f"{url} answered {answer and answer.status}"
    host = urlsplit(url).netloc
    foreign = [r.url for r in loaded if urlsplit(r.url).netloc not in (host, "")]
    return page, sum(len(gzip.compress(r.body())) for r in loaded if r.status == 200), foreign


def sign_in(page, base_url: str, username: str, password: str) -> None:
    """Through the console's sign-in form, as an organizer does; lands on the console's list of events."""
    page.goto(f"{base_url}/console/")  # the sign-in form, then back here
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]")
    page.wait_for_selector("h1")


def event_created(page, name: str, date: str, format_key: str = "gg2017") -> None:
    """From the console's list of events, as an organizer does: the new event's page opens."""
    page.fill("input[name=name]", name)
    page.fill("input[name=date]", date)
    page.select_option("select[name=format]", format_key)
    page.click("text=Create")
    page.wait_for_selector(f"h1:has-text('{name}')")
