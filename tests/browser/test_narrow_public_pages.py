"""A phone's 360 px and a desk's 1280 px, in English and French: on the round, standings and event pages
no word is cut in two across lines (a faction's name, a result's state, the announcement's facts), and the
round page's search field shows its whole hint."""
from datetime import UTC, datetime, time

import pytest

from scoring.report import Report
from signups import announcements
from tests.factories import event_made, make_user, round_paired
from tournaments import services

# Every word of the page's text whose letters lie on more than one line: a word cut mid-way. A line may
# still break after a hyphen ("Dix-/Tonnerres") or a dash, which is where words part in print too.
CUT_WORDS = """() => {
  const cut = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    for (const word of node.data.matchAll(/[^\\s\\-\\u2010-\\u2014\\u2212·,]+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (lines.size > 1) cut.push(word[0]);
    }
  }
  return cut;
}"""
# The search field's hint, measured in the field's own font, against the room inside the field.
HINT_ROOM = """() => {
  const field = document.querySelector('input[name=q]'), style = getComputedStyle(field);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return [pen.measureText(field.placeholder).width,
          field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)];
}"""


def a_round_in_every_state(user):
    """Round 1 of eight players, the longest factions' names among them: a result in, a report awaiting
    its confirmation, a dispute, a game not yet reported."""
    event = event_made(user, players=0, name="Long Names Open")
    for name, faction in [("Chloé Martin", "resurrectionists"), ("Greta Vogel", "resurrectionists"),
                          ("Farid Haddad", "ten-thunders"), ("Ada Ortega", "resurrectionists"),
                          ("Ben Okafor", "arcanists"), ("Dev Patel", "neverborn"), ("Emma Lind", "outcasts"),
                          ("Ines Duarte", "resurrectionists")]:
        services.player_register(event=event, by=user, name=name, faction=faction)
    games = list(round_paired(event, user).games.order_by("table"))
    services.result_record(game=games[0], by=user, report=Report(vp_a=6, vp_b=4))
    services.report_submit(game=games[1], player=games[1].player_a, report=Report(vp_a=7, vp_b=3))
    services.report_submit(game=games[2], player=games[2].player_a, report=Report(vp_a=7, vp_b=3))
    services.report_dispute(game=games[2], player=games[2].player_b, report=Report(vp_a=3, vp_b=7))
    return event


def announced(user):
    """An event before round 1 with its announcement: the event page lists its facts beside their names."""
    event = event_made(user, players=2, name="Spring Open", registration_open=True)
    announcements.announcement_update(
        event=event, by=user, venue="The Dice Cup", address="12 High Street, Leeds LS1 6DT", country="GB",
        starts_at=time(9, 30), ends_at=time(18, 0), price="£15", how_to_pay="Pay at diceup.example/shop", cap=16,
        contact="orla@example.org", crew_lists="at_sign_up", painting_rules="Three colours, based",
        deadline=datetime(2030, 3, 1, 18, 0, tzinfo=UTC))
    return event


@pytest.mark.parametrize("language", ("en", "fr"))
@pytest.mark.django_db(transaction=True)
def test_no_word_is_cut_and_the_search_hint_shows_whole(contexts, live_server, language):
    user = make_user("narrow")[0]
    event, before = a_round_in_every_state(user), announced(user)
    for width in (360, 1280):
        context = contexts(viewport={"width": width, "height": 800})
        context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        page = context.new_page()
        for path in (f"/e/{event.slug}/rounds/1/", f"/e/{event.slug}/standings/", f"/e/{event.slug}/",
                     f"/e/{before.slug}/"):
            page.goto(live_server.url + path)
            assert page.evaluate("document.documentElement.lang") == language
            assert page.evaluate(CUT_WORDS) == [], f"{language} {width}px {path}: words cut across lines"
            assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{path} scrolls sideways"
        page.goto(f"{live_server.url}/e/{event.slug}/rounds/1/")
        hint, room = page.evaluate(HINT_ROOM)
        assert hint <= room, f"{language} {width}px: the search hint needs {hint:.0f} px, the field has {room:.0f}"
        assert page.locator(".game .state").count() == 4  # each state shown, so each was measured
