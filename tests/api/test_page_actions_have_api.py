"""docs/api.md's promise, kept (issue 53): every state-changing action a page offers (each POST form of the
templates, told apart by its target, its `action` value and the button pressed) is also an API operation,
named here as the schema names it; or it is exempt, with the reason. A new form with no row fails, a row
whose form is gone fails, and an operation gone from the schema fails.

The forms are read from the templates as text, as the catalogue test reads them: complete whatever state a
page is in (a tracker started, a dispute, a captain's turn), which rendering pages would not be."""
import ast
import inspect
import re
from pathlib import Path

import pytest
from django.urls import NoReverseMatch, get_resolver

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
FORM = re.compile(r"<form\b(?P<attrs>[^>]*)>(?P<body>.*?)</form>", re.S)
TAG = r"\{%.*?%\}|\{\{.*?\}\}"
URL = re.compile(r"\{%\s*url\s+'(?P<name>[\w:-]+)'(?P<args>[^%]*)%\}")
INCLUDE = re.compile(r"\{%\s*include\s+\"(?P<path>[^\"]+)\"[^%]*%\}")
INPUT_OR_BUTTON = re.compile(r"<(input|button)\b([^>]*)>", re.S)

# Forms that post to the page that shows them: the pages (url names) each template is part of.
SELF = {
    "accounts/password_reset_confirm.html": ["accounts:password_reset_confirm"],
    "accounts/password_reset_form.html": ["accounts:password_reset"],
    "accounts/profile.html": ["accounts:profile"], "accounts/signup.html": ["accounts:signup"],
    "accounts/verify.html": ["accounts:verify"], "console/event.html": ["console:event"],
    "console/events.html": ["console:events"], "console/import.html": ["console:import"],
    "console/login.html": ["accounts:login"], "console/merge_confirm.html": ["people:console-people"],
    "console/people.html": ["people:console-people"], "console/player_edit.html": ["console:player-edit"],
    "console/series_edit.html": ["people:console-series"], "console/series_list.html": ["people:console-series-list"],
    "console/settings.html": ["console:settings"], "console/sheet.html": ["console:sheet"],
    "console/confirm.html": ["CONFIRMATION"],  # posts the asked action again, with confirmed=yes
    "notifications/_push.html": ["notifications:player-push", "notifications:console-push"],  # phone.js posts
    "notifications/console_phones.html": ["notifications:console-phones"],
    "player/_report_form.html": ["public:private"], "player/private.html": ["public:private"],
    "signups/confirm.html": ["signups:confirm"], "signups/signup.html": ["signups:sign-up"],
    "signups/console_announcement.html": ["signups:console-announcement"],
    "teams/_captain.html": ["public:private"], "teams/console.html": ["teams:console"],
    "teams/console_matches.html": ["teams:console-matches"], "tracker/_tracker.html": ["public:private"],
    "judges/_call.html": ["public:private"],
}


def dynamic_url_args() -> dict:
    """A URL argument a template fills in at rendering: its values, from the code that takes them."""
    from tournaments import exports
    from tournaments.services import CLOCK_ACTIONS

    return {("console/round.html", "console:clock"): list(CLOCK_ACTIONS),
            ("console/event.html", "console:export"): list(exports.KINDS)}


def literal_choices(value: str) -> list[str] | None:
    """'{% if x %}dispute{% else %}report{% endif %}' -> [dispute, report]; '{{ x }}' -> None."""
    words = [w.strip() for w in re.split(TAG, value) if w.strip()]
    return sorted(set(words)) or None


def attr(name: str, text: str) -> str | None:
    found = re.search(rf'(?<![\w-]){name}="((?:[^"{{]|{TAG}|\{{)*)"', text, re.S)
    return found and found.group(1)


def page_actions() -> tuple[dict[str, list[str]], list[str]]:
    """{key: where}, and the forms no key could be made for: key = target[?action=...&button...]."""
    found, unmapped, dynamic = {}, [], dynamic_url_args()
    for path in sorted(TEMPLATES.rglob("*.html")):
        where = str(path.relative_to(TEMPLATES))
        if where.startswith("drf_spectacular/"):
            continue
        text = path.read_text(encoding="utf-8")
        for form in FORM.finditer(text):
            attrs = form["attrs"]
            body = INCLUDE.sub(lambda m: (TEMPLATES / m["path"]).read_text(encoding="utf-8"), form["body"])
            if (attr("method", attrs) or "get").lower() != "post" and "data-push" not in attrs:
                continue
            line = f"{where}:{text[:form.start()].count(chr(10)) + 1}"
            url = URL.search(attr("action", attrs) or "")
            if url:
                literal = "".join(f"/{a}" for a in re.findall(r"'([^']*)'", url["args"]))
                values = dynamic.get((where, url["name"]))
                targets = [f"{url['name']}/{v}" for v in values] if values else [url["name"] + literal]
            elif where in SELF:
                targets = SELF[where]
            else:
                unmapped.append(f"{line} posts to {attr('action', attrs) or 'itself'}: add the template to SELF")
                continue
            actions, buttons = [None], set()
            for tag, tag_attrs in INPUT_OR_BUTTON.findall(body):
                name, value = attr("name", tag_attrs), attr("value", tag_attrs)
                if name == "action" and value is not None:
                    actions = literal_choices(value) or [None]
                elif tag == "button" and name:  # a form sends only the button pressed
                    choices = literal_choices(value or "")
                    buttons.add(f"{name}={choices[0]}" if choices and len(choices) == 1 else name)
            for target in targets:
                for action in actions:
                    for button in sorted(buttons) or [None]:
                        parts = ([f"action={action}"] if action else []) + ([button] if button else [])
                        found.setdefault(target + ("?" + "&".join(parts) if parts else ""), []).append(line)
    return found, unmapped


EVENT, PLAYER, GAME = "/api/events/{event_id}/", "/api/events/{event_id}/players/{player_id}/", "/api/games/{id}/"
# A page action -> the API operation(s) doing the same, as the schema names them.
PARITY = {
    "accounts:link-answer?answer=confirm": "POST /api/people/links/{link_id}/confirm/",
    "accounts:link-answer?answer=decline": "POST /api/people/links/{link_id}/decline/",
    "accounts:login": "POST /api/auth/token/",
    "console:event?register": f"POST {EVENT}players/",
    "console:events": "POST /api/events/",
    **{f"console:export/{what}": f"POST {EVENT}exports/" for what in ("standings", "results", "backup",
                                                                         "team_standings")},
    "console:finish/finish": f"POST {EVENT}finish/",
    "console:finish/reopen": f"POST {EVENT}reopen/",
    "console:pair?pair": (f"POST {EVENT}rounds/", f"POST {EVENT}team-rounds/"),
    "console:player-adjust": f"POST {PLAYER}adjustments/",
    "console:player-adjust?remove": f"DELETE {PLAYER}adjustments/{{adjustment_id}}/",
    "console:player-edit": f"PATCH {PLAYER}",
    **{f"console:player/{what}": f"POST {PLAYER}{what}/" for what in (
        "check-in", "check-out", "disqualify", "drop", "mark-absent", "no-show", "reinstate", "rotate-key")},
    "console:player/lift-disqualification": f"POST {PLAYER}reinstate/",
    "console:player/remove": f"DELETE {PLAYER}",
    "console:player/warn": f"POST {PLAYER}warnings/",
    "console:publish?publish": f"POST {EVENT}rounds/{{number}}/publish/",
    "console:redo": f"DELETE {EVENT}rounds/{{number}}/",
    "console:result": (f"POST {GAME}result/", f"PUT {GAME}result/", f"PATCH {GAME}result/"),
    "console:settings": f"PATCH {EVENT}",
    "console:sheet": f"POST {GAME}result/",
    "console:swap?swap": f"POST {EVENT}rounds/{{number}}/swap/",
    "people:console-people": "POST /api/people/{person_id}/merge/",
    "people:console-people?undo": "POST /api/people/merges/{merge_id}/undo/",
    "people:console-series-list": "POST /api/series/",
    "people:console-series": "PATCH /api/series/{slug}/",
    "accounts:profile": "PATCH /api/people/me/",
    "public:private?action=confirm": f"POST {GAME}confirm/",
    "public:private?action=dispute": f"POST {GAME}dispute/",
    "public:private?action=report": f"POST {GAME}report/",
    "public:private?action=lineup": "POST /api/team-matches/{id}/lineup/",
    "signups:confirm": "POST /api/sign-ups/confirm/",
    "signups:console-announcement": f"PATCH {EVENT}announcement/",
    "signups:console-cancel": f"POST {EVENT}cancel/",
    "signups:console-move?direction=down": f"PUT {EVENT}waitlist/",
    "signups:console-move?direction=up": f"PUT {EVENT}waitlist/",
    "signups:console-open": f"PATCH {EVENT}",
    "signups:console-paid?paid": f"PUT {PLAYER}payment/",
    "signups:console-payments": f"POST {EVENT}payments/",
    "signups:console-promote": f"POST {EVENT}sign-ups/{{signup_id}}/promote/",
    "signups:sign-up": f"POST {EVENT}sign-ups/",
    "signups:withdraw": "POST /api/sign-ups/{key}/withdraw/",
    "teams:console-matches": "POST /api/team-matches/{id}/lineup/",
    "teams:console?action=existing": f"POST {EVENT}teams/{{team_id}}/members/",
    "teams:console?action=member": f"POST {EVENT}teams/{{team_id}}/members/",
    "teams:console?action=rules": f"PUT {EVENT}team-rules/",
    "teams:console?action=team": f"POST {EVENT}teams/",
    "notifications:console-phones": f"PUT {EVENT}discord/",
    "notifications:console-phones?remove=1": f"DELETE {EVENT}discord/",
    "notifications:console-phones?test=1": f"POST {EVENT}discord/test/",
    "notifications:console-push": (f"POST {EVENT}push-subscriptions/", f"DELETE {EVENT}push-subscriptions/{{id}}/"),
    "notifications:player-push": (f"POST {EVENT}push-subscriptions/", f"DELETE {EVENT}push-subscriptions/{{id}}/"),
    "public:private?action=track-line": "POST /api/games/{id}/tracker/lines/",
    "public:private?action=track-turn&turn": "POST /api/games/{id}/tracker/turn/",
    "public:private?action=track-object": "POST /api/games/{id}/tracker/objections/",
    "public:private?action=track-scheme": "POST /api/games/{id}/tracker/schemes/",
    "public:private?action=track-reveal&scheme": "POST /api/games/{id}/tracker/reveal/",
    "public:private?action=track-manifest": "POST /api/games/{id}/tracker/manifest/",
    "public:private?action=track-report": "POST /api/games/{id}/tracker/report/",
    "public:private?action=team-member": f"POST {EVENT}teams/{{team_id}}/members/",
    "signups:console-withdraw": f"POST {EVENT}sign-ups/{{signup_id}}/withdraw/",
    "signups:crew-list": "PUT /api/sign-ups/{key}/crew-list/",
    "signups:player-withdraw": f"POST {EVENT}withdraw/",
    "teams:console?action=captain": f"PUT {EVENT}teams/{{team_id}}/captain/",
    "teams:console?action=drop": f"POST {EVENT}teams/{{team_id}}/drop/",
    "console:accept": f"POST {GAME}accept/",
    "console:awards": f"PUT {EVENT}awards/",
    "console:desk-check-in-all": f"POST {EVENT}players/check-in-all/",
    "console:clock/pause?clock": f"POST {EVENT}rounds/{{number}}/clock/",
    "console:clock/reset?clock": f"POST {EVENT}rounds/{{number}}/clock/",
    "console:clock/start?clock": f"POST {EVENT}rounds/{{number}}/clock/",
    "console:import?accept": f"POST {EVENT}players/import/",
    "console:import?check": f"POST {EVENT}players/import/",
    "console:import?confirm": f"POST {EVENT}players/import/",
    "console:import?preview": f"POST {EVENT}players/import/",
    "console:seat-late": f"POST {EVENT}rounds/{{number}}/late/",
    "public:private?action=vote": f"PUT {EVENT}votes/",
    "public:private?action=judge-call": "POST /api/games/{id}/judge-calls/",
    "public:private?action=judge-withdraw": "DELETE /api/judge-calls/{id}/",
    "judges:queue?action=take": "POST /api/judge-calls/{id}/take/",
    "judges:queue?action=close": "POST /api/judge-calls/{id}/close/",
    "console:judges?action=invite": f"POST {EVENT}judges/",
    "console:judges?action=update": f"PATCH {EVENT}judges/{{judge_id}}/",
    "console:judges?action=remove": f"DELETE {EVENT}judges/{{judge_id}}/",
    "console:table-time?action=extend": f"POST {GAME}extension/",
    "console:table-time?action=reset": f"DELETE {GAME}extension/",
    # The penalties page and the judge desk's short form (its first step, posted to the page): the ladder's
    # advice (nothing given), the penalty the judge chose, the organizer's ladder.
    "judges:penalties?action=suggest": f"GET {EVENT}penalties/suggestion/",
    "judges:penalties?action=give": f"POST {EVENT}penalties/",
    "judges:penalties?action=ladder": f"PUT {EVENT}penalty-ladder/",
    # Season packs (issue 55): start from a copy, import a file; each editor section saves the whole draft.
    "seasons:packs?action=start": "POST /api/packs/",
    "seasons:packs?action=import": "POST /api/packs/import/",
    **{f"seasons:version?action={section}": "PUT /api/pack-versions/{id}/" for section in (
        "name", "vp", "strategies", "deployments", "schemes", "factions", "pool", "settings", "awards", "rotation",
        "sources")},
    "seasons:version?action=publish": "POST /api/pack-versions/{id}/publish/",
    "seasons:version?action=next": "POST /api/pack-versions/{id}/next/",
}
MAIL_LINK = "a person's own address proven by a mailed link, in a browser; an API client acts with a token"
EXEMPT = {
    "CONFIRMATION": "the console's 'are you sure?' step posts the asked action again; the API does not ask",
    "accounts:logout": "ends a browser session; an API client simply stops sending its token",
    "accounts:signup": "an account is made by a person in a browser, " + MAIL_LINK,
    "accounts:email": MAIL_LINK, "accounts:verify": MAIL_LINK, "accounts:verify-send": MAIL_LINK,
    "accounts:password_reset": MAIL_LINK, "accounts:password_reset_confirm": MAIL_LINK,
}


def test_every_form_is_read():
    _keys, unmapped = page_actions()
    assert not unmapped, unmapped
    assert all((TEMPLATES / where).exists() for where in SELF), "a SELF row names a template that is gone"


def test_every_page_action_has_its_api_operation():
    keys, _ = page_actions()
    missing = {key: keys[key] for key in keys if key not in PARITY and key not in EXEMPT}
    assert not missing, f"page actions with no API operation mapped (PARITY) nor a reason (EXEMPT): {missing}"
    stale = (PARITY.keys() | EXEMPT.keys()) - keys.keys()
    assert not stale, f"rows for page actions no template offers any more: {sorted(stale)}"
    assert not PARITY.keys() & EXEMPT.keys()
    assert all(reason.strip() for reason in EXEMPT.values())


def test_each_mapped_operation_is_in_the_schema(operations):
    for key, named in PARITY.items():
        for operation in (named,) if isinstance(named, str) else named:
            assert operation in operations, f"{key}: {operation} is not an operation of the schema"


def test_each_target_is_a_page_of_the_site():
    keys, _ = page_actions()
    names = {name for key in keys for name in [key.split("?")[0].split("/")[0]] if name != "CONFIRMATION"}
    known = set()
    for namespace, (_prefix, resolver) in get_resolver().namespace_dict.items():
        known |= {f"{namespace}:{name}" for name in resolver.reverse_dict if isinstance(name, str)}
    assert not names - known, f"forms posting to names no URL has: {sorted(names - known)}"


def test_each_action_an_app_answers_on_the_private_page_is_a_form():
    """The private page's actions are answered by the apps (tournaments.panels); each value they compare
    `action` with is offered by a form, so the table above sees it."""
    from tracker import web as tracker_web

    keys, _ = page_actions()
    offered = {part.removeprefix("action=") for key in keys if key.startswith("public:private?")
               for part in key.split("?")[1].split("&") if part.startswith("action=")}
    tree = ast.parse(inspect.getsource(tracker_web.answer))
    compared = {node.comparators[0].value for node in ast.walk(tree) if isinstance(node, ast.Compare)
                and isinstance(node.left, ast.Name) and node.left.id == "action"
                and isinstance(node.comparators[0], ast.Constant)}
    assert compared and compared <= offered, sorted(compared - offered)


@pytest.mark.parametrize("name", ["console:clock", "console:export"])
def test_a_url_filled_in_at_rendering_reverses_with_each_value(name):
    from django.urls import reverse

    for (_where, url), values in dynamic_url_args().items():
        if url == name:
            for value in values:
                try:
                    reverse(name, args=["e", 1, value] if name == "console:clock" else ["e", value])
                except NoReverseMatch as error:
                    pytest.fail(f"{name} {value}: {error}")
