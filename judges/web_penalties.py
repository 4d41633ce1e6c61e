"""The penalties on the pages (issue 54): the staff's penalties page (a penalty given in two steps, the ladder
advising and the judge choosing the step; the event's penalties so far; the organizer's ladder), its short
form on the judge desk, the player's own penalties on their private page, and what the public standings say
of a judge's penalty: its effect only (the TP it took, a game lost, a disqualification), never its reason nor
its note. Every write goes through judges.penalties, as the API's; a refused one changes nothing."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from gaininggrounds.typeset import minus
from judges import penalties
from judges.ladder import DISQUALIFICATION, GAME_LOSS, LONGEST_LADDER, REASONS, STEPS, TP_PENALTY, TP_RANGE
from judges.models import NOTE_LENGTH, Penalty
from judges.services import clean_text
from scoring.messages import say
from scoring.problems import Conflict, DomainError, Invalid, Problem
from scoring.report import FORFEITED
from tournaments import access, selectors
from tournaments.fronts import staff_view
from tournaments.standings import ACTIVE, DISQUALIFIED

DESK_LAST = 5  # the desk's newest penalties; the page lists them all
MARK = "\u2020"  # †, beside the TP of a player whose standing a judge's penalty moved


def reason_word(reason: str) -> str:
    return say(penalties.REASON_WORDS[reason]) if reason in penalties.REASON_WORDS else reason


def step_word(step: str) -> str:
    return say(penalties.STEP_WORDS[step]) if step in penalties.STEP_WORDS else step


def judge_name(penalty: Penalty) -> str:
    """The judge as the players know them (first name), the account's name else, kept if the account went."""
    return (penalty.by.first_name or penalty.by.get_username()) if penalty.by_id and penalty.by else penalty.by_name


def penalty_row(penalty: Penalty) -> dict:
    return {"penalty": penalty, "round": penalty.round_number, "player": penalty.player.name,
            "reason": reason_word(penalty.reason), "step": step_word(penalty.step),
            "tp": minus(-penalty.tp) if penalty.step == TP_PENALTY and penalty.tp else "",
            "note": penalty.note, "by": judge_name(penalty), "at": penalty.created_at}


def event_penalties(event, most: int | None = None) -> list[dict]:
    """The event's penalties, newest first."""
    given = Penalty.objects.filter(event=event).select_related("player", "by").order_by("-created_at", "-id")
    return [penalty_row(p) for p in (given[:most] if most else given)]


def player_choices(event) -> list[dict]:
    """The event's active players by name, each with their table in the current round (if any)."""
    current = selectors.published_rounds(event).order_by("-number").first()
    tables = {}
    if current is not None:
        for table, a, b in current.games.values_list("table", "player_a_id", "player_b_id"):
            tables[a] = tables[b] = table
    players = event.players.filter(is_ringer=False, status=ACTIVE).only("id", "name")
    return sorted(({"id": p.pk, "name": p.name, "table": tables.get(p.pk)} for p in players),
                  key=lambda choice: choice["name"].casefold())


def reason_choices() -> list[tuple[str, str]]:
    return [(reason, reason_word(reason)) for reason in REASONS]


def _int(value) -> int:
    try:
        number = int(value) if isinstance(value, str) and len(value) < 20 else 0
    except ValueError:
        return 0
    return number if 0 < number < 2**63 else 0


def _errors(error: DomainError) -> dict[str, list[str]]:
    """The problems by the field they name ("form" for the rest), each shown beside its field."""
    shown: dict[str, list[str]] = {}
    for problem in error.problems:
        shown.setdefault(problem.attr or "form", []).append(problem.detail)
    return shown


def _checked(event, sent: dict):
    """The player (one of the event's, not the Ringer) and the note a penalty's form names, or every problem."""
    problems = []
    player = event.players.filter(pk=_int(sent["player"]), is_ringer=False).first()
    if player is None:
        problems.append(Problem("bad_player", _("Choose a player of this event."), "player"))
    if sent["reason"] not in REASONS:
        problems.append(Problem("bad_reason", say("Name the reason: slow play, a list or faction error, "
                                                  "unsportsmanlike conduct, a rules error or being late."), "reason"))
    try:
        note = clean_text(sent["note"], NOTE_LENGTH, "note")
    except DomainError as error:
        problems += error.problems
        note = ""
    if problems:
        raise Invalid(*problems)
    return player, note


def _advice(request, event, player, reason: str, note: str, chosen: str = "") -> dict:
    """The second step: the ladder's advice, the step chooser on it, the player's earlier penalties."""
    suggestion = penalties.penalty_suggestion(player=player, reason=reason)
    head = access.is_head(request.user, event)
    table = next((c["table"] for c in player_choices(event) if c["id"] == player.pk), None)
    return {"player": player, "table": table, "reason": reason, "reason_word": reason_word(reason), "note": note,
            "words": penalties.suggestion_words(suggestion, reason), "advised": suggestion.step,
            "chosen": chosen if chosen in STEPS else suggestion.step,
            "steps": [(step, step_word(step)) for step in STEPS if step != DISQUALIFICATION or head],
            "earlier": [penalty_row(p) for p in reversed(penalties.player_penalties(player))]}


def _ladder_sent(post) -> tuple[list[str], object]:
    steps = [step for step in post.getlist("steps") if step]  # "—": no step there
    raw = post.get("tp", "").strip()
    return steps, int(raw) if raw.isdigit() and len(raw) < 4 else raw  # not a number: the service says so


def ladder_context(event, sent_steps=None, sent_tp=None) -> dict:
    steps, tp = penalties.ladder_of(event)
    shown = list(sent_steps if sent_steps is not None else steps)
    rows = LONGEST_LADDER  # a chooser per possible step, "—" where none
    return {"steps": [step_word(s) for s in steps], "tp": tp, "low": TP_RANGE[0], "high": TP_RANGE[1],
            "rows": [shown[i] if i < len(shown) else "" for i in range(rows)],
            "sent_tp": tp if sent_tp is None else sent_tp, "choices": [(s, step_word(s)) for s in STEPS]}


@staff_view
def penalties_page(request, event):
    """GET: the form, the event's penalties, the ladder. POST "suggest": the ladder's advice (nothing given);
    "give": the penalty, then back here (or to the desk it came from); "ladder": the organizer's ladder."""
    page = reverse("judges:penalties", args=[event.slug])
    context = {"event": event, "organizer": access.is_organizer(request.user, event), "give_errors": {},
               "ladder_errors": {}, "sent": {"player": "", "reason": "", "note": ""}, "advice": None,
               "from_desk": request.POST.get("from") == "desk"}
    status = 200
    if request.method == "POST":
        action = request.POST.get("action", "")
        sent = {key: request.POST.get(key, "") for key in ("player", "reason", "note", "step")}
        context["sent"] = sent
        if action == "ladder":
            steps, tp = _ladder_sent(request.POST)
            try:
                penalties.ladder_set(event=event, by=request.user, steps=steps, tp=tp)
            except DomainError as error:
                context["ladder_errors"], status = _errors(error), _status(error)
                context["ladder"] = ladder_context(event, steps, tp)
            else:
                messages.success(request, _("The penalty ladder is saved."))
                return redirect(page + "#ladder")
        elif action in ("suggest", "give"):
            try:
                player, note = _checked(event, sent)
                context["advice"] = _advice(request, event, player, sent["reason"], note, sent["step"])
                if action == "give":
                    given = penalties.penalty_give(player=player, by=request.user, reason=sent["reason"],
                                                   step=sent["step"], note=note)
                    messages.success(request, _("%(name)s: %(step)s for %(reason)s.") % {
                        "name": player.name, "step": step_word(given.step), "reason": reason_word(given.reason)})
                    back = reverse("console:judge-desk", args=[event.slug]) if context["from_desk"] else page
                    return redirect(back + "#penalties")
            except DomainError as error:
                context["give_errors"], status = _errors(error), _status(error)
        else:
            context["give_errors"], status = {"form": [_("Unknown action.")]}, 400
    context.setdefault("ladder", ladder_context(event))
    context.update(players=player_choices(event), reasons=reason_choices(), penalties=event_penalties(event),
                   note_length=NOTE_LENGTH)
    return render(request, "judges/penalties.html", context, status=status)


def _status(error: DomainError) -> int:
    return 409 if isinstance(error, Conflict) else 400


def desk_section(request, event) -> dict:
    """The judge desk's penalties: the short form (its first step, answered on the penalties page), the
    event's newest penalties and the way to the page."""
    return {"desk_section_penalties": {
        "template": "judges/_penalties_desk.html", "order": 30, "title": _("Penalties"), "event": event,
        "players": player_choices(event), "reasons": reason_choices(), "note_length": NOTE_LENGTH,
        "last": event_penalties(event, DESK_LAST)}}


def private_context(request, player) -> dict:
    """The player's own penalties (their private page is theirs alone); not on the page's polls."""
    if request.headers.get("HX-Request"):
        return {}
    own = list(Penalty.objects.filter(player=player).select_related("player", "by").order_by("created_at", "id"))
    return {"judge_penalties": {"template": "judges/_penalties_private.html",
                                "rows": [penalty_row(p) for p in own]}} if own else {}


def standings_notes(event, rows=()) -> dict:
    """What the public standings say of the judges' penalties whose effect still stands: a TP penalty whose
    adjustment was not taken back, a game still forfeited against its player, a disqualification not lifted.
    The mark beside the player's TP and a line each under the table; the effect alone, in one query."""
    notes, marked = [], set()
    given = (Penalty.objects.filter(event=event, step__in=(TP_PENALTY, GAME_LOSS, DISQUALIFICATION))
             .select_related("player", "game__result").order_by("created_at", "id"))
    for penalty in given:
        line = _effect(penalty)
        if line:
            notes.append(f"{MARK} {line}")
            marked.add(penalty.player_id)
    if not notes:
        return {}
    shown = {row["id"] for row in rows if "id" in row}
    return {"standing_marks": {pid: MARK for pid in marked if pid in shown}, "standing_notes": notes}


def _effect(penalty: Penalty) -> str:
    name = penalty.player.name
    if penalty.step == TP_PENALTY and penalty.adjustment_id:
        return _("%(name)s: %(tp)s TP, a judge's penalty") % {"name": name, "tp": minus(-penalty.tp)}
    if penalty.step == GAME_LOSS and penalty.game_id:
        result = getattr(penalty.game, "result", None)
        if result is not None and result.outcome == FORFEITED and result.loser == penalty.game.side_of(
                penalty.player_id):
            return _("%(name)s: game lost by a judge's penalty (round %(n)s)") % {
                "name": name, "n": penalty.round_number}
    if penalty.step == DISQUALIFICATION and penalty.player.status == DISQUALIFIED:
        return _("%(name)s: disqualified by a judge") % {"name": name}
    return ""
