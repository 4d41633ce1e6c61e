"""The audit trail as sentences an organizer reads at a glance ("ann entered Ada 6–4 Ben for table 3 (was
4–6)"), in their language, instead of the stored before/after dictionaries."""
from __future__ import annotations

from collections.abc import Hashable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.fronts import paid_word
from tournaments.pairing import FOLD, RANDOM, SWISS
from tournaments.services.rounds import CUT_METHOD
from tournaments.web.forms import SettingsForm
from tournaments.web.presenters import award_name, result_words

# Setting names as an organizer knows them from the settings page.
SETTING_WORDS = {
    "name": gettext_lazy("name"),
    "date": gettext_lazy("date"),
    "format": gettext_lazy("format"),
    "rounds": gettext_lazy("rounds"),
    "rematch_window": gettext_lazy("rematch window"),
    "awards": gettext_lazy("awards"),
    "tiebreaks": gettext_lazy("tiebreaks"),
    "scheme_chart": gettext_lazy("scheme chart"),
    "scheme_pools": gettext_lazy("scheme pools"),
    "deck_seed": gettext_lazy("deck seed"),
    "fresh_tables": gettext_lazy("fresh tables"),
    "unavailable_tables": gettext_lazy("unavailable tables"),
    "self_reporting": gettext_lazy("self-reporting"),
    "registration_open": gettext_lazy("registration"),
    "encounter_size": gettext_lazy("encounter size"),
    "round_minutes": gettext_lazy("round length"),
    "missions": gettext_lazy("missions"),
    "missions_plan": gettext_lazy("missions plan"),
    "dead_mans_hand": gettext_lazy("Dead Man's Hand"),
    "conceder": gettext_lazy("what a concession does to the conceder"),
    "late_arrivals": gettext_lazy("late arrivals"),
    "check_in_on_the_day": gettext_lazy("check-in on the day"),
    "player_votes": gettext_lazy("players' votes"),
    "cap": gettext_lazy("places"),
    "deadline": gettext_lazy("sign-up deadline"),
    "starts_at": gettext_lazy("start time"),
    "ends_at": gettext_lazy("end time"),
    "how_to_pay": gettext_lazy("how to pay"),
    "crew_lists": gettext_lazy("crew lists"),
    "lists_due": gettext_lazy("crew lists due"),
    "lists_shown": gettext_lazy("crew lists shown"),
    # The announcement's (the sign-ups app records its changes here).
    "venue": gettext_lazy("venue"),
    "address": gettext_lazy("address"),
    "country": gettext_lazy("country"),
    "region": gettext_lazy("region"),
    "time_zone": gettext_lazy("time zone"),
    "schedule": gettext_lazy("schedule"),
    "price": gettext_lazy("price"),
    "painting_rules": gettext_lazy("painting rules"),
    "proxy_rules": gettext_lazy("proxy rules"),
    "contact": gettext_lazy("contact"),
    "mail_placed": gettext_lazy("mail for a place or the waitlist"),
    "mail_promoted": gettext_lazy("mail for a place from the waitlist"),
    "mail_reminder": gettext_lazy("reminder mail"),
    "mail_changes": gettext_lazy("mail for changes and a cancellation"),
}
# Coded values in words: the settings form's choices (format, missions, late arrivals, the cut, concessions),
# and the announcement's crew lists (its console form says them alike).
VALUE_WORDS = {
    **{name: dict(field.choices) for name, field in SettingsForm.base_fields.items() if hasattr(field, "choices")},
    "crew_lists": {"": gettext_lazy("not asked"), "at_sign_up": gettext_lazy("at sign-up"),
                   "by_date": gettext_lazy("by a date")},
    "lists_shown": {"organizers": gettext_lazy("organizers only"), "after": gettext_lazy("everyone, after the event"),
                    "public": gettext_lazy("everyone, now")},
}
METHOD_WORDS = {SWISS: gettext_lazy("Swiss"), RANDOM: gettext_lazy("random"), FOLD: gettext_lazy("fold"),
                CUT_METHOD: gettext_lazy("top cut")}
# How audit.services.actor_fields names a player who acted through their link or linked account.
PLAYER_MARK = " (player)"


def _result(snapshot: dict | None, names: tuple[str, str]) -> str:
    if not snapshot:
        return ""
    return result_words(snapshot.get("outcome", "played"), snapshot.get("loser") or "", snapshot.get("vp_a"),
                        snapshot.get("vp_b"), *names)


def _changes(before: dict | None, after: dict | None) -> str:
    before, after = before or {}, after or {}
    parts = []
    for key in after:
        old, new = before.get(key), after.get(key)
        label = str(SETTING_WORDS.get(key, key.replace("_", " ")))
        parts.append(f"{label} {_word(key, old)} → {_word(key, new)}" if key in before
                     else f"{label} {_word(key, new)}")
    return "; ".join(parts)


def _word(key: str, value) -> str:
    """A setting's value as the organizer chose it: a coded choice in words."""
    return _short(VALUE_WORDS.get(key, {}).get(value, value) if isinstance(value, Hashable) else value)


def _short(value) -> str:
    if value in (None, "", [], {}):
        return "—"
    if value is True:
        return _("on")
    if value is False:
        return _("off")
    text = str(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _who(by: str) -> str:
    """Who acted, in the reader's language: the trail keeps "system" and "Name (player)" as written."""
    if by == "system":
        return _("system")
    if by.endswith(PLAYER_MARK):
        return _("%(name)s (player)") % {"name": by.removesuffix(PLAYER_MARK)}
    return by


def sentence(record, names: dict[int, str]) -> str:
    """One audit record as a sentence; `names` gives players' names by id."""
    who, after, before = _who(record.by), record.after or {}, record.before or {}
    player = names.get(record.player_id, "?")
    other = names.get(record.other_player_id, "?")
    table = record.table
    pair = (player, other)
    action = record.action
    if action == "result_entered":
        shown_before = before.get("result") if "versions" in before else before
        text = _("%(who)s entered %(result)s for table %(table)s") % {
            "who": who, "result": _result(after, pair), "table": table}
        if shown_before:
            text += " " + _("(was %(result)s)") % {"result": _result(shown_before, pair)}
        elif before.get("versions"):
            text += " " + _("deciding between the players' versions")
        return text
    if action in ("result_reported", "report_corrected", "result_disputed"):
        template = {"result_reported": _("%(who)s reported %(result)s for table %(table)s"),
                    "report_corrected": _("%(who)s corrected their report for table %(table)s: %(result)s"),
                    "result_disputed": _("%(who)s disputed table %(table)s with %(result)s")}[action]
        return template % {"who": who, "result": _result(after, pair), "table": table}
    if action == "result_confirmed":
        return _("%(who)s confirmed %(result)s for table %(table)s") % {
            "who": who, "result": _result(after, pair), "table": table}
    if action == "round_paired":
        text = _("%(who)s paired round %(n)s (%(games)s games, %(method)s)") % {
            "who": who, "n": record.round_number, "games": after.get("games", "?"),
            "method": METHOD_WORDS.get(after.get("method"), after.get("method", ""))}
        return text + (" " + _("as a preview") if after.get("published") is False else "")
    if action == "round_published":
        return _("%(who)s published round %(n)s") % {"who": who, "n": record.round_number}
    if action == "late_player_seated":
        return _("%(who)s seated %(player)s, arrived late, in round %(n)s against %(other)s") % {
            "who": who, "player": player, "n": record.round_number, "other": other}
    if action == "player_no_show" and after.get("outcome") == "double_loss":
        return _("%(who)s recorded %(player)s as a no-show at table %(table)s too: double loss, marked absent") % {
            "who": who, "player": player, "table": table}
    if action == "player_no_show":
        return _("%(who)s recorded %(player)s as a no-show at table %(table)s: forfeit, marked absent") % {
            "who": who, "player": player, "table": table}
    if action == "event_finished":
        return _("%(who)s finished the event: the standings are final") % {"who": who}
    if action == "event_reopened":
        return _("%(who)s reopened the event") % {"who": who}
    if action == "round_removed":
        if before.get("draft"):
            return _("%(who)s discarded the draft of round %(n)s") % {"who": who, "n": record.round_number}
        return _("%(who)s removed round %(n)s") % {"who": who, "n": record.round_number}
    if action == "seats_swapped":
        text = _("%(who)s swapped %(player)s and %(other)s in round %(n)s") % {
            "who": who, "player": player, "other": other, "n": record.round_number}
        return text + (" " + _("(forced past a pairing rule)") if after.get("forced") else "")
    if action == "settings_changed":
        return _("%(who)s changed the settings: %(changes)s") % {"who": who, "changes": _changes(before, after)}
    if action == "organizer_added":
        return _("%(who)s added %(name)s as an organizer") % {"who": who, "name": after.get("username", "?")}
    if action == "player_registered":
        return _("%(who)s registered %(player)s") % {"who": who, "player": after.get("name", player)}
    if action == "player_updated":
        return _("%(who)s corrected %(player)s's entry: %(changes)s") % {
            "who": who, "player": player, "changes": _changes(before, after)}
    if action == "player_removed":
        return _("%(who)s removed %(player)s") % {"who": who, "player": before.get("name", player)}
    if action == "player_checked_in":
        return _("%(who)s checked %(player)s in") % {"who": who, "player": player}
    if action == "player_checked_out":
        return _("%(who)s undid %(player)s's check-in") % {"who": who, "player": player}
    if action == "player_marked_absent":
        return _("%(who)s marked %(player)s absent") % {"who": who, "player": player}
    if action == "players_checked_in":
        return _("%(who)s checked everyone expected in (%(n)s players)") % {"who": who, "n": after.get("players")}
    if action == "player_dropped":
        text = _("%(who)s dropped %(player)s") % {"who": who, "player": player}
        return text + (" " + _("(conceded a game)") if after.get("conceded") else "")
    if action == "player_disqualified":
        return _("%(who)s disqualified %(player)s") % {"who": who, "player": player}
    if action == "player_reinstated":
        text = _("%(who)s reinstated %(player)s") % {"who": who, "player": player}
        if after.get("disqualification_lifted"):
            text += " " + _("(disqualification lifted)")
        if after.get("concession_replaced"):
            text += " " + _("(their concession was replaced)")
        return text
    if action == "player_warned":
        return _("%(who)s warned %(player)s: %(reason)s") % {"who": who, "player": player,
                                                              "reason": after.get("reason", "")}
    if action == "tp_adjusted":
        return _("%(who)s gave %(player)s %(tp)s TP: %(reason)s") % {
            "who": who, "player": player, "tp": f"{after.get('tp', 0):+d}", "reason": after.get("reason", "")}
    if action == "tp_adjustment_removed":
        return _("%(who)s took back %(player)s's %(tp)s TP (%(reason)s)") % {
            "who": who, "player": player, "tp": f"{before.get('tp', 0):+d}", "reason": before.get("reason", "")}
    if action == "award_voted":
        return _("%(who)s voted for %(award)s") % {"who": who, "award": award_name(after.get("kind", ""))}
    if action == "award_given":
        if after.get("player", "") is None:
            return _("%(who)s left %(award)s to the players' votes") % {
                "who": who, "award": award_name(after.get("kind", ""))}
        return _("%(who)s gave %(award)s to %(player)s") % {"who": who, "award": award_name(after.get("kind", "")),
                                                            "player": player}
    if action == "key_rotated":
        return _("%(who)s replaced %(player)s's private link") % {"who": who, "player": player}
    return (_sign_up_sentence(action, record.by, who, player, before, after)
            or _team_sentence(action, who, player, after)
            or _staff_sentence(action, who, table, before, after, player)
            or f"{who}: {action}")  # newer than this table


def _sign_up_sentence(action: str, by: str, who: str, player: str, before: dict, after: dict) -> str:
    """The run-up's actions (the sign-ups app records them)."""
    if action == "announcement_changed":
        return _("%(who)s changed the announcement: %(changes)s") % {"who": who, "changes": _changes(before, after)}
    if action == "event_cancelled":
        return _("%(who)s cancelled the event") % {"who": who}
    if action == "event_uncancelled":
        return _("%(who)s took back the event's cancellation") % {"who": who}
    if action == "payment_marked":
        text = _("%(who)s marked %(player)s %(paid)s") % {"who": who, "player": player,
                                                         "paid": paid_word(after.get("paid", ""))}
        return text + (f" ({after['note']})" if after.get("note") else "")
    if action == "waitlist_reordered":
        return _("%(who)s reordered the waitlist: %(names)s") % {"who": who, "names": ", ".join(after.get("order", []))}
    if action == "signup_withdrawn" and by == "system":  # from the person's own link or private page
        return _("%(name)s withdrew their sign-up") % {"name": after.get("name", "?")}
    if action == "signup_withdrawn":
        return _("%(who)s withdrew %(name)s's sign-up") % {"who": who, "name": after.get("name", "?")}
    return ""


def _team_sentence(action: str, who: str, player: str, after: dict) -> str:
    """A team event's actions (the teams app records them)."""
    team = after.get("team", "?")
    words = {
        "team_created": _("%(who)s created the team %(team)s"),
        "team_member_added": _("%(who)s put %(player)s in the team %(team)s"),
        "team_captain_set": _("%(who)s named %(player)s captain of %(team)s"),
        "team_dropped": _("%(who)s dropped the team %(team)s"),
        "team_round_paired": _("%(who)s paired the team matches of the round"),
        "lineup_step": (_("%(who)s placed %(player)s in the lineup") if after.get("kind") == "place"
                        else _("%(who)s answered with %(player)s in the lineup")),
        "lineup_set": _("%(who)s set a team match's lineup"),
    }.get(action)
    return words % {"who": who, "player": player, "team": team} if words else ""


def _staff_sentence(action: str, who: str, table, before: dict, after: dict, player: str = "") -> str:
    """The judges' actions: naming them (tournaments.services.staff), a table's extra time (table_time), and
    the calls and rulings (the judges app records them)."""
    if action == "judge_added":
        words = (_("%(who)s named %(name)s head judge") if after.get("head")
                 else _("%(who)s named %(name)s a judge")) % {"who": who, "name": after.get("username", "?")}
        return words + (" " + _("(allowed to correct results)") if after.get("may_correct") else "")
    if action == "judge_changed":
        return _("%(who)s changed %(name)s's rights as a judge: head judge %(head)s, corrects results %(correct)s") % {
            "who": who, "name": after.get("username", "?"), "head": _short(after.get("head")),
            "correct": _short(after.get("may_correct"))}
    if action == "judge_removed":
        return _("%(who)s removed %(name)s as a judge") % {"who": who, "name": before.get("username", "?")}
    if action == "table_time_extended":
        return _("%(who)s gave table %(table)s %(minutes)s more minutes (%(total)s in all)") % {
            "who": who, "table": table, "minutes": after.get("minutes", 0), "total": after.get("extra_minutes", 0)}
    if action == "penalty_given":
        return _("%(who)s gave %(player)s a penalty: %(step)s for %(reason)s") % {
            "who": who, "player": player, "step": _(after.get("step_words", "?")),
            "reason": _(after.get("reason_words", "?"))}
    if action == "penalty_ladder_changed":
        return _("%(who)s changed the penalty ladder: %(steps)s (a TP penalty takes %(tp)s TP)") % {
            "who": who, "steps": " → ".join(_(word) for word in after.get("step_words", [])),
            "tp": after.get("tp", "?")}
    words = {"table_time_reset": _("%(who)s took back table %(table)s's extra time"),
             "judge_called": _("%(who)s called a judge to table %(table)s"),
             "judge_call_withdrawn": _("%(who)s withdrew their judge call at table %(table)s"),
             "judge_call_taken": _("%(who)s took the judge call at table %(table)s"),
             "ruling_recorded": _("%(who)s ruled at table %(table)s: %(text)s")}.get(action)
    return words % {"who": who, "table": table, "text": after.get("text", "")} if words else ""
