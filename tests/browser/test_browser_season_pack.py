"""Issue 55, done when: in Chromium, every page 360 px wide, in English and French, with no console error or
Content-Security-Policy refusal. An organizer copies Gaining Grounds Zero into a pack of their own, renames
two strategies, changes Assassinate's chain and moves a VP cap (strategy 6, so the schemes together give 5);
the check says each mistake beside its field until it is fixed, and the version is published. A 4-player
event created on the console's form under the pack takes a score sheet only the pack allows and refuses one
only GG Zero allows, in the pack's words, saving nothing. The event's backup, restored by import_event, keeps
the pack's rules and name; a GG Zero event run before all this is untouched."""
import json
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from scoring.formats import M4E_GG0, Format, key_of
from scoring.problems import Invalid
from scoring.report import Report, SchemeScore, SideBreakdown
from scoring.validator import validate_report
from seasons.models import OWN, PackVersion
from tests.browser.browsing import sign_in
from tests.browser.day import Day, plain, say
from tests.browser.test_browser_teams_and_cut import organizer
from tests.factories import event_made, results_entered, round_paired
from tournaments import services
from tournaments.models import Event, Game, Result

PACK = "Gaining Grounds One"
NOTE = "Rusty Alyce"


def opened(page, section_id: str) -> None:
    """The editor's section open: its <details> clicked open when it is closed; no <details>, nothing to do."""
    details = page.locator(f"details#{section_id}")
    if details.count() and details.get_attribute("open") is None:
        details.locator("summary").first.click()


def saved(day, page, section: str) -> None:
    """The section's own Save, as the organizer clicks it: the page comes back with the check run again."""
    with page.expect_navigation():
        page.click(f"form:has(input[name=action][value={section}]) button[type=submit]")
    day.fits(page)


def beside(page, name: str) -> str:
    """The problems said beside the field `name` (its block: label, input, error list)."""
    block = page.locator(f".pack-field:has([name='{name}']) .errorlist")
    return plain(block.inner_text()) if block.count() else ""


def picture_of(day, page, top: str, bottom: str, name: str) -> None:
    """A docs picture of a part of a long page, from `top`'s top to `bottom`'s bottom, 360 px wide."""
    first, last = page.locator(top).first.bounding_box(), page.locator(bottom).first.bounding_box()
    scroll = page.evaluate("window.scrollY")
    y = max(first["y"] + scroll - 8, 0)
    page.screenshot(path=str(day.shots / f"{name}-360.png"), full_page=True,
                    clip={"x": 0, "y": y, "width": 360, "height": last["y"] + scroll + last["height"] + 8 - y})


def part(page, section: str) -> tuple[str, str]:
    """A section's top and bottom: its <details> when the editor folds it, else its heading to its form."""
    if page.locator(f"details#{section}").count():
        return f"details#{section}", f"details#{section}"
    return f"#{section}", f"form:has(input[name=action][value={section}])"


def sheet(fmt: Format, pool, strategy: int, schemes: list[int]) -> SideBreakdown:
    """Player A's score sheet: `strategy` VP and the schemes held one after another (the first from the
    table's pool, each later one its predecessor's first next scheme not held yet), with their VP."""
    held, key = [], pool[0]
    for vp in schemes:
        held.append(SchemeScore(key, vp, NOTE))
        key = next(k for k in map(key_of, fmt.scheme(key).next) if k not in {s.scheme for s in held})
    return SideBreakdown(strategy=strategy, schemes=tuple(held))


def reports(fmt: Format, pool) -> dict[str, Report]:
    """Two scores that tell the caps apart: strategy 6 (the pack's cap, not GG Zero's 5) and schemes 6
    together (GG Zero's cap, not the pack's 5)."""
    made = {}
    for name, strategy, schemes in (("pack", 6, [2, 2]), ("zero", 5, [2, 2, 2])):
        part_a = sheet(fmt, pool, strategy, schemes)
        made[name] = Report(vp_a=strategy + sum(schemes), vp_b=4, breakdown={"a": part_a})
    return made


def sheet_sent(day, desk, slug: str, game: Game, report: Report) -> None:
    """The console's whole score sheet, reached from the round's page, filled in and saved."""
    day.go(desk, f"/console/e/{slug}/rounds/1/")
    with desk.expect_navigation():
        desk.click(f"#table-{game.table} a[href$='/games/{game.pk}/sheet/']")
    day.fits(desk)
    desk.fill("input[name=vp_a]", str(report.vp_a))
    desk.fill("input[name=vp_b]", str(report.vp_b))
    part_a = report.breakdown["a"]
    desk.fill("input[name=a_strategy]", str(part_a.strategy))
    for i, score in enumerate(part_a.schemes, start=1):
        desk.select_option(f"select[name=a_scheme_{i}]", score.scheme)
        desk.fill(f"input[name=a_scheme_{i}_vp]", str(score.vp))
        desk.fill(f"input[name=a_scheme_{i}_note]", score.noted_model)
    with desk.expect_navigation():
        desk.click("form.score-sheet-form button[type=submit]")
    day.fits(desk)


def figures(event: Event) -> list[tuple]:
    return list(Result.objects.filter(game__round__event=event).order_by("game__round__number", "game__table")
                .values_list("game__table", "outcome", "vp_a", "vp_b", "tp_a", "tp_b", "diff_a", "breakdown"))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_season_pack_entered_published_run_and_restored(contexts, live_server, language, tmp_path):
    day = Day(contexts, live_server.url, language, tmp_path)
    tara = organizer("tara")
    today = timezone.localdate()

    # Before anything: a GG Zero event with its first round's results, remembered.
    zero = event_made(tara, players=4, format="m4e-gg0", name="Zero Open", date=today - timedelta(days=7))
    results_entered(round_paired(zero, tara), tara, vp=(7, 3))
    zero_before = figures(zero)
    assert len(zero_before) == 2
    desk = day.page()
    standings_before = say(day.go(desk, f"/e/{zero.slug}/standings/"), "main")

    # The organizer signs in and starts a copy of GG Zero from the packs' list.
    sign_in(desk, live_server.url, "tara", "tara-Pass-123")
    day.go(desk, "/console/packs/")
    desk.fill("#start-name", PACK)
    desk.select_option("#start-from", "m4e-gg0")
    with desk.expect_navigation():
        desk.click("form:has(input[name=action][value=start]) button[type=submit]")
    day.fits(desk)
    version = PackVersion.objects.get(pk=int(desk.url.rstrip("/").split("/")[-1]))
    assert version.pack.owner == tara and version.data["name"] == PACK
    assert plain(day.words("No problem: ready to publish.")) in say(desk, "#check")

    # Two strategies renamed.
    opened(desk, "strategies")
    desk.fill("[name=strategies-0-name]", "Plant Charges")
    desk.fill("[name=strategies-1-name]", "Border War")
    saved(day, desk, "strategies")
    assert plain(day.words("Saved.")) in say(desk, ".messages")

    # Assassinate's chain: first a slip (itself), said beside that choice; then Ensnare.
    chain = "s-0-deck-0-next-2"
    opened(desk, "schemes")
    desk.select_option(f"[name={chain}]", "Assassinate")
    saved(day, desk, "schemes")
    opened(desk, "schemes")
    assert plain(day.words("A scheme cannot follow itself.")) in beside(desk, chain)
    assert plain(day.words("No problem: ready to publish.")) not in say(desk, "#check")
    assert desk.locator("#preview").count() == 0  # nothing drawn from a pack the check refuses
    desk.select_option(f"[name={chain}]", "Ensnare")
    saved(day, desk, "schemes")
    assert beside(desk, chain) == ""

    # A strategy worth 6: the game's most VP no longer adds up, said beside it; the schemes give 5 instead.
    opened(desk, "vp")
    desk.fill("[name=vp-strategy]", "6")
    saved(day, desk, "vp")
    opened(desk, "vp")
    game_cap = day.words("The game's most VP ({game}) is the strategy's ({strategy}) plus the schemes' ({schemes}): "
                         "{total}.").format(game=11, strategy=6, schemes=6, total=12)
    assert plain(game_cap) in beside(desk, "vp-game")
    assert desk.locator("form:has(input[name=action][value=publish]) button[type=submit]").is_disabled()
    picture_of(day, desk, *part(desk, "vp"), "pack-editor-problem")
    desk.fill("[name=vp-schemes_total]", "5")
    saved(day, desk, "vp")
    assert beside(desk, "vp-game") == ""
    assert plain(day.words("No problem: ready to publish.")) in say(desk, "#check")
    assert PACK in say(desk, "h1")
    preview = say(desk, "#preview")
    assert day.words("Scheme pool") in preview, preview
    picture_of(day, desk, "main h1", "#preview", "pack-editor-preview")

    # Published, released two months before the event.
    released = today - timedelta(days=60)
    desk.fill("#released-on", released.isoformat())
    desk.locator("#released-on").blur()
    picture_of(day, desk, "#publish", "form:has(input[name=action][value=publish])", "pack-editor-publish")
    with desk.expect_navigation():
        desk.click("form:has(input[name=action][value=publish]) button[type=submit]")
    day.fits(desk)
    assert plain(day.words("Published for your events.")) in say(desk, ".messages")
    version.refresh_from_db()
    assert version.state == OWN and version.released_on == released
    data = version.data
    assert [s["name"] for s in data["strategies"]][:2] == ["Plant Charges", "Border War"]
    assert data["scheme_charts"][0]["deck"][0]["next"] == ["Scout the Rooftops", "Detonate Charges", "Ensnare"]
    assert (data["vp"]["strategy"], data["vp"]["schemes_total"], data["vp"]["game"]) == (6, 5, 11)
    day.go(desk, "/console/packs/")
    assert PACK in say(desk, "main")
    day.picture(desk, "season-packs")

    # A 4-player event on the pack, from the console's new-event form.
    day.go(desk, "/console/")
    assert desk.locator(f"select[name=format] option[value={version.key}]").count() == 1
    desk.fill("input[name=name]", "Pack Night")
    desk.fill("input[name=date]", today.isoformat())
    desk.select_option("select[name=format]", version.key)
    with desk.expect_navigation():
        desk.click("form:has(select[name=format]) button[type=submit]")
    day.fits(desk)
    event = Event.objects.get(name="Pack Night")
    assert event.format == version.key and PACK in say(desk, "main")
    assert desk.locator(".pack-warning").count() == 0  # released more than a month before
    for n, faction in enumerate(("guild", "arcanists", "neverborn", "outcasts")):
        services.player_register(event=event, by=tara, name=f"Player {n}", faction=faction)

    # Round 1 paired and published from the console.
    day.go(desk, f"/console/e/{event.slug}/")
    with desk.expect_navigation():
        desk.click("button[name=pair]")
    with desk.expect_navigation():
        desk.click("button[name=publish]")
    day.fits(desk)
    one, two = Game.objects.filter(round__event=event).select_related("player_a").order_by("table")
    rules = event.rules()
    assert (rules.vp.strategy, rules.vp.schemes_total) == (6, 5)

    # A score sheet only the pack allows is taken; one only GG Zero allows is refused in the pack's words.
    taken, refused = reports(rules, one.mission()[2])["pack"], reports(rules, two.mission()[2])["zero"]
    assert validate_report(M4E_GG0, taken) and not validate_report(rules, taken, pool=one.mission()[2])
    assert not validate_report(M4E_GG0, refused) and validate_report(rules, refused)
    sheet_sent(day, desk, event.slug, one, taken)
    assert plain(day.words("Score sheet saved for table %(t)s.", t=one.table)) in say(desk, ".messages")
    assert Result.objects.get(game=one).breakdown["a"]["strategy"] == 6
    sheet_sent(day, desk, event.slug, two, refused)
    words = day.words("{who}'s schemes add up to {value} VP; all schemes together give at most {most} in "
                      "{rules_name}.").format(who=two.player_a.name, value=6, most=5, rules_name=PACK)
    assert plain(words) in say(desk, "form.score-sheet-form")
    assert not Result.objects.filter(game=two).exists()

    # The console's backup, restored as the only restore path does: the pack's rules and name come back.
    day.go(desk, f"/console/e/{event.slug}/")
    with desk.expect_download() as download:
        desk.click("form[action$='/export/backup/'] button")
    backup = tmp_path / "pack-night.json"
    download.value.save_as(backup)
    carried = json.loads(backup.read_text(encoding="utf-8")).get("season_pack") or {}
    if carried.get("data") != version.data:
        pytest.fail("The event's backup does not carry its season pack's data (section season_pack)")
    versions = PackVersion.objects.count()
    out = StringIO()
    call_command("import_event", str(backup), stdout=out)
    restored = Event.objects.get(pk=int(out.getvalue().strip()))
    assert restored.pk != event.pk
    assert restored.format == version.key and PackVersion.objects.count() == versions  # the same version pinned
    again = restored.rules()
    if (again.vp.strategy, again.vp.schemes_total) != (6, 5) or PACK not in restored.format_name:
        pytest.fail(f"The restored event runs under {restored.format!r} ({restored.format_name}), not the pack "
                    f"{version.key} ({PACK}): the backup does not carry the season pack yet")
    assert [s.name for s in again.strategies][:2] == ["Plant Charges", "Border War"]
    assert "Ensnare" in again.scheme("assassinate").next
    first, second = Game.objects.filter(round__event=restored).select_related("round__event", "player_a",
                                                                              "player_b").order_by("table")
    assert Result.objects.get(game=first).breakdown["a"]["strategy"] == 6
    with pytest.raises(Invalid):
        services.result_record(game=second, by=tara, report=reports(again, second.mission()[2])["zero"])
    assert not Result.objects.filter(game=second).exists()
    services.result_record(game=second, by=tara, report=reports(again, second.mission()[2])["pack"])
    assert Result.objects.get(game=second).vp_a == 10
    public = day.go(day.page(), f"/e/{restored.slug}/")
    assert PACK in say(public, "main")

    # The GG Zero event is as it was: its format, its results, its standings.
    zero.refresh_from_db()
    assert zero.format == "m4e-gg0" and (zero.rules().vp.strategy, zero.rules().vp.schemes_total) == (5, 6)
    assert figures(zero) == zero_before
    assert say(day.go(desk, f"/e/{zero.slug}/standings/"), "main") == standings_before
    assert day.problems == []
