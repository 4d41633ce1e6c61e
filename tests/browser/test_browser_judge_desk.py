"""Issue 54, done when: in Chromium, every page 360 px wide, in English and French, with no console error or
Content-Security-Policy refusal. An organizer invites a judge from the Judges page; during round 1 two players
call a judge from their phones; the judge's desk shows both calls by itself, the judge takes one (both players
of that table read who is on the way), gives that table 4 minutes (its clock ends 4 minutes later, the other
table's does not move), and closes the call with a ruling both players then read. The second call, about
slow play, ends in a warning; a repeat is advised a TP penalty, which the judge gives; the public standings
move, with a footnote that names the effect and not the reason. The judge's attempt to pair round 2 is
refused. The audit trail names the judge's every action and the backup carries calls, rulings and
penalties."""
import json

import pytest
from django.utils import timezone

from tests.browser.browsing import sign_in
from tests.browser.day import Day, plain, say
from tests.browser.test_browser_teams_and_cut import organizer
from tests.factories import clock_started, event_made, round_paired
from tournaments.models import Event, Game, Round


def called(day, phone, kind: str, note: str) -> None:
    """The player's "Call a judge" on their private page."""
    phone.click("#judge summary")
    phone.select_option("#judge select[name=kind]", kind)
    phone.fill("#judge input[name=note]", note)
    phone.click("#judge form button[type=submit]")
    phone.wait_for_selector(f"text={day.words('A judge is called to your table.')}")


def clock_end(page) -> float:
    """When the page's clock says the table's time is up (seconds since the epoch)."""
    return float(page.get_attribute(".round-clock .clock", "data-ends"))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_judge_desk_through_a_round(contexts, live_server, language, tmp_path):
    day = Day(contexts, live_server.url, language, tmp_path)
    tara, sam = organizer("tara"), organizer("sam")
    sam.first_name = "Sam"
    sam.save()
    event = event_made(tara, players=4, name="Judged Open", date=timezone.localdate())
    slug = event.slug

    # The organizer invites Sam as a judge from the Judges page.
    desk = day.page()
    sign_in(desk, live_server.url, "tara", "tara-Pass-123")
    day.go(desk, f"/console/e/{slug}/judges/")
    desk.fill("input[name=username]", "sam")
    desk.click("form:has(input[name=action][value=invite]) button[type=submit]")
    desk.wait_for_selector("ul.judges li strong:has-text('sam')")
    day.picture(desk, "judges-page")

    round_paired(event, tara)
    clock_started(event.pk)
    one, two = Game.objects.filter(round__event=event).select_related("player_a", "player_b").order_by("table")
    phones = {(game.table, side): day.go(day.page(), f"/p/{getattr(game, 'player_' + side).key}/")
              for game in (one, two) for side in "ab"}

    # Sam's desk, open before anyone calls: both calls appear by themselves (the queue polls).
    judge = day.page()
    sign_in(judge, live_server.url, "sam", "sam-Pass-123")
    day.go(judge, f"/console/e/{slug}/judge/")
    called(day, phones[(one.table, "a")], "rules", "Line of sight over the wall")
    called(day, phones[(two.table, "b")], "time", "Slow play")
    judge.wait_for_selector(f"#judge-queue li:has-text('{one.player_a.name}') >> nth=0", timeout=20_000)
    judge.wait_for_selector(f"#judge-queue li:has-text('{two.player_b.name}') >> nth=0", timeout=20_000)
    queue = say(judge, "#judge-queue")
    assert "Line of sight over the wall" in queue and "Slow play" in queue, queue
    day.picture(judge, "judge-desk-calls")

    # Sam takes the first call: both players of table one read that Sam is on the way.
    first, second = (f"#judge-queue li.judge-call-row:has-text('{note}')" for note in ("Line of sight", "Slow play"))
    judge.click(f"{first} button[value=take]")
    judge.wait_for_selector(f"{first} .tag")
    for side in "ab":
        phone = day.go(phones[(one.table, side)], f"/p/{getattr(one, 'player_' + side).key}/")
        assert plain(day.words("%(name)s is on the way", name="Sam")) in say(phone, "#judge")

    # Four more minutes for table one: its clock, on the desk and the phones; table two's does not move.
    before = {table: clock_end(phones[(table, "a")]) for table in (one.table, two.table)}
    judge.fill(f"#table-{one.table} input[name=minutes]", "4")
    judge.click(f"#table-{one.table} form:has(input[value=extend]) button")
    judge.wait_for_selector(f"#table-{one.table} .tag.extension")
    assert judge.locator(f"#table-{two.table} .tag.extension").count() == 0
    for table in (one.table, two.table):
        game = one if table == one.table else two
        day.go(phones[(table, "a")], f"/p/{game.player_a.key}/")
    assert clock_end(phones[(one.table, "a")]) - before[one.table] == pytest.approx(240, abs=1)
    assert clock_end(phones[(two.table, "a")]) == pytest.approx(before[two.table], abs=1)
    assert plain(day.words("+%(minutes)s min for your table", minutes=4)) in say(phones[(one.table, "a")], "main")
    assert "extension" not in (phones[(two.table, "a")].get_attribute(".round-clock", "class") or "")
    assert phones[(two.table, "a")].locator(".round-clock .extension").count() == 0

    # The ruling closes the call; both players of table one read it.
    judge.click(f"{first} details summary")
    judge.fill(f"{first} textarea[name=text]", "The wall blocks line of sight: no shot.")
    judge.fill(f"{first} input[name=rule]", "Core rules, line of sight")
    judge.click(f"{first} form:has(input[value=close]) button[type=submit]")
    judge.wait_for_selector(first, state="detached")
    for side in "ab":
        phone = day.go(phones[(one.table, side)], f"/p/{getattr(one, 'player_' + side).key}/")
        assert "The wall blocks line of sight: no shot." in say(phone, "#judge")
    day.picture(phones[(one.table, "b")], "judge-ruling-phone")

    # The slow-play call ends in a warning; the repeat is advised a TP penalty, which Sam gives.
    slow = two.player_a
    judge.click(f"{second} details summary")
    judge.fill(f"{second} textarea[name=text]", "Warned for slow play.")
    judge.click(f"{second} form:has(input[value=close]) button[type=submit]")
    judge.wait_for_selector(second, state="detached")
    penalized(day, judge, slug, slow, "warning", expect="warning")
    penalized(day, judge, slug, slow, "tp_penalty", expect="tp_penalty")
    day.picture(judge, "judge-penalties")
    standings = day.go(day.page(), f"/e/{slug}/standings/")
    footnote = say(standings, "main")
    assert slow.name in footnote and "†" in footnote, footnote
    assert "Slow play" not in footnote and day.words("slow play") not in footnote, "the public sees the effect only"
    mine = day.go(day.page(), f"/p/{slow.key}/")
    assert day.words("slow play") in say(mine, "main")

    # Sam may not pair round 2: the console's event page and its pairing are refused.
    refused = judge.goto(f"{live_server.url}/console/e/{slug}/")
    assert refused is not None and refused.status == 403
    day.problems = [p for p in day.problems if not p.startswith(refused.url)]  # the refusal itself, as meant
    token = next(c["value"] for c in judge.context.cookies() if c["name"] == "csrftoken")
    answer = judge.request.post(f"{live_server.url}/console/e/{slug}/rounds/", form={"pair": "1"},
                                headers={"X-CSRFToken": token, "Referer": live_server.url + "/"})
    assert answer.status == 403
    assert Round.objects.filter(event=event).count() == 1

    # The audit trail names Sam's every action; the backup carries the calls, the rulings and the penalties.
    day.go(desk, f"/console/e/{slug}/audit/")
    trail = say(desk, "main")
    for words in (day.words("%(who)s took the judge call at table %(table)s", who="sam", table=one.table),
                  day.words("%(who)s gave table %(table)s %(minutes)s more minutes (%(total)s in all)", who="sam",
                            table=one.table, minutes=4, total=4),
                  day.words("%(who)s ruled at table %(table)s: %(text)s") % {
                      "who": "sam", "table": one.table, "text": "The wall blocks line of sight: no shot."},
                  day.words("%(who)s gave %(player)s a penalty: %(step)s for %(reason)s", who="sam",
                            player=slow.name, step=day.words("TP penalty"), reason=day.words("slow play"))):
        assert plain(words) in trail, words
    token = next(c["value"] for c in desk.context.cookies() if c["name"] == "csrftoken")
    backup = json.loads(desk.request.post(f"{live_server.url}/console/e/{slug}/export/backup/", headers={
        "X-CSRFToken": token, "Referer": live_server.url + "/"}).text())
    section = backup["judges"]
    assert len(section["calls"]) == 2 and len(section["rulings"]) == 2
    assert [p["step"] for p in section["penalties"]] == ["warning", "tp_penalty"]
    assert Event.objects.get(pk=event.pk).finished_at is None
    assert day.problems == []


def penalized(day, judge, slug, player, step: str, *, expect: str) -> None:
    """From the judge's penalties page: the player and reason first, the ladder's advice shown with its
    step chosen, then given."""
    day.go(judge, f"/console/e/{slug}/penalties/")
    give = "form:has(input[name=action][value=suggest])"
    judge.select_option(f"{give} select[name=player]", str(player.pk))
    judge.select_option(f"{give} select[name=reason]", "slow_play")
    judge.click(f"{give} button[type=submit]")
    judge.wait_for_selector("select[name=step]")
    assert judge.input_value("select[name=step]") == expect
    if expect != "warning":
        advice = say(judge, ".advice")
        assert day.words("TP penalty") in advice and day.words("slow play") in advice, advice
        day.picture(judge, "judge-penalty-advice")
    judge.select_option("select[name=step]", step)
    judge.click("form:has(input[name=action][value=give]) button[type=submit]")
    judge.wait_for_selector(".messages")
