"""The console's event pages: the organizer's events, one event's players (register, import, check in,
drop), its settings and its audit trail."""
from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from audit.selectors import records
from gaininggrounds.params import whole_number
from gaininggrounds.web import naming
from gaininggrounds.web.forms import show_problems
from scoring.awards import varied_awards
from scoring.formats import Award, get_format, known_format
from scoring.missions import PER_TABLE
from scoring.problems import DomainError
from tournaments import exports, panels, readers, selectors, services
from tournaments.fronts import organizer_view
from tournaments.models import CHOSEN_AWARDS, Event, Player, Seat
from tournaments.services.cut import cut_rounds, cut_rounds_left, is_cut_round, last_round
from tournaments.web import presenters
from tournaments.web.audit_words import sentence
from tournaments.web.console.desk import FILTERS, OWING, desk_answer, desk_counts, desk_players
from tournaments.web.forms import (
    EventForm,
    ImportForm,
    PlayerEditForm,
    PlayerForm,
    RoundForm,
    SettingsForm,
    format_choices,
)


@login_required
def events(request):
    form = EventForm(request.POST or None, who=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create(user=request.user, **form.cleaned_data)
        except DomainError as error:
            show_problems(form, error)
        else:
            return redirect("console:event", event.slug)
    mine = request.user.organized_events.order_by("-date")
    judged = Event.objects.filter(judges__user=request.user).exclude(organizers=request.user).order_by("-date")
    return render(request, "console/events.html", {"events": mine, "judged": judged, "form": form})


@organizer_view
def event(request, event):
    player_form = PlayerForm(request.POST or None, format_key=event.format)
    player_form.fields["name"].widget.attrs.update({  # people of that name who played before, as it is typed
        "hx-get": reverse("people:console-people-suggest", args=[event.slug]), "hx-target": "#person-choices",
        "hx-trigger": "input changed delay:300ms", "autocomplete": "off"})
    if request.method == "POST" and player_form.is_valid():
        try:
            services.player_register(event=event, by=request.user, **_as_person_chosen(
                player_form.cleaned_data, whole_number(request.POST.get("person"))))
        except DomainError as error:
            show_problems(player_form, error)
        else:
            messages.success(request, _("Player registered."))
            # The form again, open, for the next slip.
            return redirect(reverse("console:event", args=[event.slug]) + "?register=1#register")
    if player_form.errors:  # the refused field in view and ready to correct, however long the list above
        player_form.fields[next(iter(player_form.errors))
                           if next(iter(player_form.errors)) in player_form.fields else "name"].widget.attrs[
            "autofocus"] = True
    return render(request, "console/event.html", _event_context(event, player_form=player_form))


def _as_person_chosen(entry: dict, person_id: int | None) -> dict:
    """The typed name may be a search ("ben o"): an entry linked to someone who played before takes their
    name, and their club when none was typed."""
    person = readers.person_chosen(person_id) if person_id else None  # a merged one names the person kept
    if person is None:
        return {**entry, "person": person_id}
    return {**entry, "person": person.pk, "name": person.name, "club": entry["club"] or person.club}


def _awards_context(event) -> list:
    tallies = services.award_tallies(event)  # the API's reading too
    return [(kind, presenters.award_name(kind), tallies[kind]["chosen"],
             ", ".join(f"{name} ({n})" for _pk, name, n in tallies[kind]["votes"][:3])) for kind in CHOSEN_AWARDS]


def _event_context(event, **extra):
    warned: dict[int, list[str]] = {}
    for player_id, after in event.audit.filter(action="player_warned").order_by("at", "id").values_list(
            "player_id", "after"):
        warned.setdefault(player_id, []).append(after.get("reason", ""))
    players = [(p, naming.faction(event.format, p.faction))
               for p in event.players.select_related("pending_link__person")]
    for player, _faction in players:
        player.warnings = warned.get(player.pk, [])
    rounds = list(event.round_set.order_by("number"))
    last = last_round(event)
    following = rounds[-1].number + 1 if rounds else 1
    return {"event": event, "players": players, "rounds": rounds,
            "all_paired": bool(rounds) and last is not None and rounds[-1].number >= last,
            "next_cut": is_cut_round(event, following), "next_name": presenters.round_name(following, event),
            "seated": set(Seat.objects.filter(round__event=event).values_list("player_id", flat=True)),
            "draft": rounds[-1] if rounds and rounds[-1].is_draft else None,
            "awards": _awards_context(event),
            "import_form": ImportForm(), "round_form": RoundForm.for_event(event),
            "export_choices": [c for c in EXPORT_CHOICES if event.team_size or c[0] != exports.TEAM_STANDINGS],
            # What the apps show here (tournaments.panels): the Discord channel's last refusal, say.
            **panels.panels("console-event", event=event),
            **extra}


EXPORT_CHOICES = [(exports.STANDINGS, gettext_lazy("Standings (CSV)")),
                  (exports.RESULTS, gettext_lazy("Results (CSV)")),
                  (exports.BACKUP, gettext_lazy("Backup (JSON)")),
                  (exports.TEAM_STANDINGS, gettext_lazy("Team standings (CSV)"))]


# What an action will do, asked before it is done (it changes who plays, or cannot be taken back at once),
# and what it did, said afterwards.
PLAYER_ACTIONS = {
    "remove": (gettext_lazy("Remove %(name)s? The registration is deleted: for an entry made by mistake, or a "
                            "player who never came."),
               gettext_lazy("%(name)s removed.")),
    "drop": (gettext_lazy("Drop %(name)s? They keep the games played and are not paired from the next round; you "
                          "can reinstate them."), gettext_lazy("%(name)s dropped: not paired from the next round.")),
    "disqualify": (gettext_lazy("Disqualify %(name)s? They take no further part; only lifting the disqualification "
                                "brings them back."), gettext_lazy("%(name)s disqualified.")),
    "reinstate": (gettext_lazy("Reinstate %(name)s? They are paired again from the next round."),
                  gettext_lazy("%(name)s reinstated: paired again from the next round.")),
    "lift-disqualification": (gettext_lazy("Lift %(name)s's disqualification? They are paired again from the next "
                                           "round."), gettext_lazy("%(name)s's disqualification lifted.")),
    "rotate-key": (gettext_lazy("Replace %(name)s's private link? The old link and its printed slip stop working at "
                                "once."), gettext_lazy("New private link for %(name)s; the old one no longer works.")),
    "no-show": (gettext_lazy("Record %(name)s as a no-show? Their game this round is forfeited (their opponent "
                             "wins it) and they are marked absent: not paired again until checked in."),
                gettext_lazy("%(name)s recorded as a no-show: game forfeited, marked absent.")),
    "check-in": (None, gettext_lazy("%(name)s checked in.")),
    "check-out": (None, gettext_lazy("%(name)s's check-in undone: expected again.")),
    "mark-absent": (None, gettext_lazy("%(name)s marked absent: not paired until checked in.")),
    "warn": (None, gettext_lazy("%(name)s warned.")),
}


@organizer_view(post_only=True)
def player_action(request, event, player_id, action):
    player = get_object_or_404(Player, pk=player_id, event=event)
    actions = {"remove": services.player_remove, "check-in": services.player_check_in,
               "check-out": services.player_check_out, "mark-absent": services.player_mark_absent,
               "drop": services.player_drop, "no-show": services.player_no_show,
               "disqualify": services.player_disqualify,
               "reinstate": services.player_reinstate,
               "lift-disqualification": partial(services.player_reinstate, lift_disqualification=True),
               "rotate-key": services.player_key_rotate,
               "warn": partial(services.player_warn, reason=request.POST.get("reason", ""))}
    if action not in actions:
        raise Http404("No such action")
    question, done = PLAYER_ACTIONS[action]
    board = _board_of(request, event)  # asked from a round's results board: back to it
    if question and request.POST.get("confirmed") != "yes":
        return render(request, "console/confirm.html", {
            "event": event, "question": question % {"name": player.name},
            "back": board or reverse("console:event", args=[event.slug]),
            "action": request.get_full_path(), "button": _("Yes: %(what)s") % {"what": ACTION_WORDS[action]}})
    try:
        actions[action](player=player, by=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        if request.headers.get("HX-Request") and action in DESK_ACTIONS:  # the desk: the row, and the counts
            return desk_answer(request, event, player)
        messages.success(request, done % {"name": player.name})
    if request.POST.get("from") == "desk":
        return redirect(reverse("console:desk", args=[event.slug]) + f"#desk-{player.pk}")
    if board:
        return redirect(board)
    return redirect(reverse("console:event", args=[event.slug]) + f"#player-{player.pk}")


DESK_ACTIONS = ("check-in", "check-out", "mark-absent")


def _board_of(request, event) -> str | None:
    """The results board an action was asked from (`?round=N`), to go back to."""
    number = whole_number(request.GET.get("round", ""))
    return reverse("console:round", args=[event.slug, number]) if number else None


@organizer_view(post_only=True)
def finish_event(request, event, action):
    """Finish the event (asked first: the standings become final; a top cut not played to its final is said
    plainly, and confirming leaves it unplayed), or reopen it."""
    if action not in ("finish", "reopen"):
        raise Http404("No such action")
    if action == "finish" and request.POST.get("confirmed") != "yes":
        played = selectors.latest_round_number(event)
        short = (" " + _("Only %(n)s of the %(planned)s planned rounds have been played.") % {
            "n": played, "planned": event.rounds}) if event.rounds and played < event.rounds else ""
        left = cut_rounds_left(event)
        return render(request, "console/confirm.html", {
            "event": event, "action": request.path, "back": reverse("console:event", args=[event.slug]),
            "question": _("Finish %(name)s? The clock stops and the standings become final on every page; no "
                          "round or result changes until you reopen the event.") % {"name": event.name} + short,
            "warning": _cut_unplayed(event, left), "hidden": {"drop_cut": "yes"} if left else {},
            "button": (_("Yes: finish the event") if not left else _("Yes: finish without playing the cut")
                       if left == cut_rounds(event) else _("Yes: finish without the rest of the cut"))})
    try:
        if action == "finish":
            services.event_finish(event=event, by=request.user, drop_cut=request.POST.get("drop_cut") == "yes")
        else:
            services.event_reopen(event=event, by=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("The event is finished: the standings are final.") if action == "finish"
                         else _("The event is open again."))
    return redirect("console:event", event.slug)


def _cut_unplayed(event, left: int) -> str:
    """What finishing now leaves of the top cut, in words; empty when nothing (no cut, or its final paired)."""
    if not left:
        return ""
    stage = presenters.round_name(event.rounds + cut_rounds(event) - left + 1, event)
    if left == cut_rounds(event):
        return _("The top %(size)s cut will not be played: nobody plays the %(stage)s, and the event ends on the "
                 "Swiss standings.") % {"size": event.cut_size, "stage": stage}
    return _("The rest of the top %(size)s cut will not be played: nobody plays the %(stage)s, and the cut has no "
             "winner.") % {"size": event.cut_size, "stage": stage}


@organizer_view(post_only=True)
def awards(request, event):
    """The organizer names best painted and best sportsmanship (empty: left to the players' votes)."""
    try:
        services.awards_choose(event=event, by=request.user, choices={
            kind: whole_number(request.POST[kind]) or None for kind in CHOSEN_AWARDS if kind in request.POST})
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Awards saved."))
    return redirect(reverse("console:event", args=[event.slug]) + "#awards")


@organizer_view
def player_edit(request, event, player_id):
    """Correct a player's entry: name, faction, club, email, Ringer, pinned table."""
    player = get_object_or_404(Player, pk=player_id, event=event)
    fields = ("name", "faction", "club", "email", "is_ringer", "pinned_table")
    form = PlayerEditForm(request.POST or None, format_key=event.format,
                          initial={k: getattr(player, k) for k in fields})
    if request.method == "POST" and form.is_valid():
        changes = {k: form.cleaned_data[k] for k in fields if form.cleaned_data[k] != getattr(player, k)}
        try:
            services.player_update(player=player, by=request.user, **changes)
        except DomainError as error:
            show_problems(form, error)
        else:
            messages.success(request, _("%(name)s's entry saved.") % {"name": player.name})
            return redirect(reverse("console:event", args=[event.slug]) + f"#player-{player.pk}")
    return render(request, "console/player_edit.html", {"event": event, "player": player, "form": form,
                                                        "adjustments": player.adjustments.all()})


@organizer_view(post_only=True)
def player_adjust(request, event, player_id):
    """Bonus or penalty TP with a reason, given from the player's page in the console (or one taken back)."""
    player = get_object_or_404(Player, pk=player_id, event=event)
    try:
        if "remove" in request.POST:
            adjustment = get_object_or_404(player.adjustments, pk=whole_number(request.POST["remove"]) or 0)
            services.tp_adjustment_remove(adjustment=adjustment, by=request.user)
            messages.success(request, _("Taken back."))
        else:
            raw = request.POST.get("tp", "").strip()
            tp, sign = whole_number(raw.lstrip("+-")), -1 if raw.startswith("-") else 1
            services.tp_adjust(player=player, by=request.user, tp=sign * (tp or 0),
                               reason=request.POST.get("reason", ""))
            messages.success(request, _("Tournament Points adjusted for %(name)s.") % {"name": player.name})
    except DomainError as error:
        messages.error(request, str(error))
    return redirect("console:player-edit", event.slug, player.pk)


@organizer_view
def desk(request, event):
    """The check-in desk: arrived / expected / absent counts and who has not paid, a search box, the unpaid
    (or refunded) alone on request (`?paid=unpaid`), one tap per player, and everyone expected checked in at
    once."""
    query = request.GET.get("q", "").strip()[:100]
    paid = request.GET.get("paid", "") if request.GET.get("paid", "") in OWING else ""
    context = {"event": event, "players": desk_players(event, query=query, paid=paid), "counts": desk_counts(event),
               "query": query, "paid": paid, "filtered": FILTERS.get(paid)}
    template = "console/_desk_list.html" if request.headers.get("HX-Request") else "console/desk.html"
    return render(request, template, context)


@organizer_view(post_only=True)
def desk_check_in_all(request, event):
    count = services.players_check_in_all(event=event, by=request.user)
    messages.success(request, ngettext("%(n)s player checked in.", "%(n)s players checked in.", count) % {"n": count})
    return redirect("console:desk", event.slug)


ACTION_WORDS = {"remove": gettext_lazy("remove"), "drop": gettext_lazy("drop"),
                "disqualify": gettext_lazy("disqualify"), "reinstate": gettext_lazy("reinstate"),
                "lift-disqualification": gettext_lazy("lift the disqualification"),
                "rotate-key": gettext_lazy("replace the link"), "no-show": gettext_lazy("record the no-show")}


@organizer_view
def import_players(request, event):
    """Paste a CSV: a preview shows every row as fields to correct in place, with what is wrong with it, the
    nearest faction for a typo and the people who played before under that name; confirming saves the good
    rows, in one transaction (`importing` holds the work)."""
    from tournaments.web.console import importing  # here, so the import's change stays in this function

    return importing.import_answer(request, event)


@organizer_view
def settings_page(request, event):
    """The event's settings; the services refuse what can no longer change once round 1 is paired."""
    rules = event.rules()
    initial = {"name": event.name, "date": event.date, "format": event.format, "scheme_chart": event.chart().key,
               "rounds": event.rounds, "rematch_window": event.rematch_window, "fresh_tables": event.fresh_tables,
               "self_reporting": event.self_reporting, "registration_open": event.registration_open,
               "encounter_size": event.encounter_size, "round_minutes": event.round_minutes,
               "missions": event.missions, "dead_mans_hand": event.dead_mans_hand,
               "check_in_on_the_day": event.check_in_on_the_day, "player_votes": event.player_votes,
               "late_arrivals": event.late_arrivals, "conceder": event.conceder, "cut_size": event.cut_size,
               "cut_draws": event.cut_draws, "bye_tp": rules.bye.tp, "bye_diff": rules.bye.diff, "bye_vp": rules.bye.vp,
               "concession_winner_vp": rules.concession.winner.vp, "forfeit_winner_vp": rules.forfeit.winner.vp}
    fmt, asked, post = get_format(event.format), request.POST.get("format"), request.POST.copy()
    shown = get_format(asked) if known_format(asked) else fmt  # the format asked for, else the event's: its charts
    if shown is not fmt:  # another season: its own first chart (the one posted was the old season's)
        post["scheme_chart"] = shown.scheme_charts[0].key
    form = SettingsForm(post or None, initial=initial)
    form.fields["format"].choices = format_choices(request.user, event.format)
    form.fields["round_minutes"].widget.attrs["placeholder"] = fmt.round_minutes  # the default
    form.fields["scheme_chart"].choices = [(c.key, c.name) for c in shown.scheme_charts]
    if fmt.edition != "M3E":  # only what the event's edition uses: Dead Man's Hand is M3E's
        del form.fields["dead_mans_hand"]
    if event.team_size:  # a team event's tables cannot each draw their own mission: not offered
        missions = form.fields["missions"]
        missions.choices = [choice for choice in missions.choices if choice[0] != PER_TABLE]
        missions.help_text = _("A team event's tables play the round's mission, or flip their own at the table.")
    conceder = form.fields["conceder"]  # the format's rule said in its first choice
    rule = dict(conceder.choices)["leaves" if fmt.conceder_leaves else "stays"]
    conceder.choices = [("", _("as the format says: %(rule)s") % {"rule": rule}), *conceder.choices[1:]]
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        changes = {k: data[k] for k in ("name", "date", "format", "rounds", "rematch_window", "fresh_tables",
                                        "self_reporting", "registration_open", "round_minutes",
                                        "check_in_on_the_day", "player_votes", "conceder")}
        changes["dead_mans_hand"] = data.get("dead_mans_hand", event.dead_mans_hand)  # not offered: as it was
        changes["late_arrivals"] = data["late_arrivals"] or event.late_arrivals  # left out: as it was
        changes["missions"] = data["missions"] or event.missions  # left out: as it was
        changes["cut_size"] = event.cut_size if data["cut_size"] in ("", None) else data["cut_size"]  # left out
        changes["cut_draws"] = data["cut_draws"] or event.cut_draws
        changes["encounter_size"] = data["encounter_size"] or event.encounter_size  # left empty: as it was
        if data["format"] != event.format:
            changes["scheme_chart"] = ""  # the new format's own first chart
        elif data["scheme_chart"] != event.chart().key:
            changes["scheme_chart"] = data["scheme_chart"]
        awards = varied_awards(rules, bye=Award(data["bye_tp"], data["bye_diff"], data["bye_vp"]),
                               concession_vp=data["concession_winner_vp"], forfeit_vp=data["forfeit_winner_vp"])
        if rules.announced(awards) != rules:  # only what the organizer changed, so a rename stays a rename
            changes["awards"] = awards
        try:
            services.event_update(event=event, by=request.user, **changes)
        except DomainError as error:
            show_problems(form, error)
        else:
            messages.success(request, _("Settings saved."))
            return redirect("console:event", event.slug)
    return render(request, "console/settings.html", {"event": event, "form": form})


@organizer_view
def audit_page(request, event):
    """The event's audit trail, newest first, for one table or one player when asked."""
    table = request.GET.get("table", "")
    player = request.GET.get("player", "")
    table, player = whole_number(table), whole_number(player)
    found = records(event, table=table, player=player)
    page = Paginator(found, 100).get_page(request.GET.get("page"))
    names_by_id = dict(event.players.values_list("id", "name"))
    for record in page:
        record.sentence = sentence(record, names_by_id)
    return render(request, "console/audit.html", {
        "event": event, "page": page, "table": table, "player": player, "players": event.players.all()})
