"""What phones are told, by Web Push (notifications.push): a player what their private page chose (round
published, opponent reported, the clock's last call and time, final standings), an organizer "all
results in" and "dispute raised", the event's staff (organizers and judges) a player's call for a judge.
Called inside the change's transaction, like the mail it sits beside (a call, once it is committed); each
message is written in its reader's language and goes once per `about`."""
from __future__ import annotations

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from notifications import discord, push
from notifications.models import ALL_IN, CLOCK, DISPUTE, FINAL, JUDGE_CALLS, REPORTED, ROUND, PushSubscription
from scoring.formats import get_format
from tournaments.models import Game, Round, Seat


def _of_players(event, player_ids):
    return PushSubscription.objects.filter(event=event, player_id__in=list(player_ids)).select_related("player")


def _of_organizers(event):
    """Organizers' phones, of those who organize the event today (one removed hears nothing more)."""
    return PushSubscription.objects.filter(event=event, user__in=event.organizers.all())


def _of_staff(event):
    """The phones of those who are the event's staff today, organizers and judges (one removed hears nothing
    more)."""
    return PushSubscription.objects.filter(Q(user__in=event.organizers.all()) | Q(user__in=event.judges.values(
        "user")), event=event, player__isnull=True)


def _private(subscription) -> str:
    return reverse("public:private", args=[subscription.player.key])


def round_published(rnd: Round, games: list[Game], players: dict) -> None:
    """Each seated player: their table, opponent and mission; and the event's Discord channel. `players`:
    the round's players by id, loaded once."""
    seats = {}
    for game in games:
        seats[game.player_a_id] = (game, players.get(game.player_b_id))
        if game.player_b_id:
            seats[game.player_b_id] = (game, players.get(game.player_a_id))

    def message(subscription):
        game, opponent = seats[subscription.player_id]
        if opponent is None:
            return _("Round %(n)s: you have the bye") % {"n": rnd.number}, rnd.event.name, _private(subscription)
        title = _("Round %(n)s: table %(t)s against %(opponent)s") % {
            "n": rnd.number, "t": game.table, "opponent": opponent.name}
        return title, mission_line(rnd.event.format, game) or rnd.event.name, _private(subscription)

    push.tell(_of_players(rnd.event, seats), ROUND, f"round:{rnd.pk}", message)
    discord.round_published(rnd, games, players)


def mission_line(format_key: str, game: Game) -> str:
    """The table's mission in the language now active (empty where the tables flip their own): the push
    and the mail of a round say the same."""
    strategy, deployment, pool = game.mission()
    return get_format(format_key).mission_line(strategy, deployment, pool, get_language()) if strategy else ""


def report_awaits(game: Game, reporter, opponent, version_stamp: str) -> None:
    def message(subscription):
        return (_("%(name)s reported your game: confirm or dispute it") % {"name": reporter.name},
                _("Tap to open your page and answer."), _private(subscription))

    push.tell(_of_players(game.round.event, [opponent.pk]), REPORTED, f"game:{game.pk}:{version_stamp}", message)


def report_disputed(game: Game, disputer, reporter, version_stamp: str) -> None:
    """The reporter hears their opponent disputes; the organizers that a dispute waits for them."""
    event, about = game.round.event, f"game:{game.pk}:{version_stamp}"

    def to_reporter(subscription):
        return (_("%(name)s disputes the reported result") % {"name": disputer.name},
                _("The organizer decides; your page shows both versions."), _private(subscription))

    def to_organizers(subscription):
        return (_("%(event)s, table %(t)s: a dispute") % {"event": event.name, "t": game.table},
                _("%(name)s disputes the reported result") % {"name": disputer.name},
                reverse("console:round", args=[event.slug, game.round.number]))

    push.tell(_of_players(event, [reporter.pk]), REPORTED, about, to_reporter)
    push.tell(_of_organizers(event), DISPUTE, about, to_organizers)


def clock_called(rnd: Round, left: int, run: str, last_call: int, game: Game | None = None) -> None:
    """The players of the round: the last turn is called, or time is up. A table given extra time hears its
    own moment (`game`: its two players alone) and not the round's, which comes before it."""
    if left not in (last_call, 0):
        return
    if game is not None:
        seated = [p for p in (game.player_a_id, game.player_b_id) if p]
        about = f"clock:{rnd.pk}:{run}:{left}:g{game.pk}"
    else:
        later = {p for pair in Game.objects.filter(round=rnd, extra_minutes__gt=0, result__isnull=True)
                 .values_list("player_a_id", "player_b_id") for p in pair if p}
        seated = [p for p in Seat.objects.filter(round=rnd).values_list("player_id", flat=True) if p not in later]
        about = f"clock:{rnd.pk}:{run}:{left}"

    def message(subscription):
        if left == 0:
            title = _("Round %(n)s: time is called") % {"n": rnd.number}
            body = _("Finish the turn, then report your result.")
        else:
            title = _("Round %(n)s: %(m)s minutes left") % {"n": rnd.number, "m": left // 60}
            body = _("The last turn is called.") if get_format(rnd.event.format).last_turn_call else \
                _("Time is nearly up.")
        return title, body, _private(subscription)

    push.tell(_of_players(rnd.event, seated), CLOCK, about, message)


def event_finished(event, podium: list[str]) -> None:
    """Everyone who asked: the final standings are out; the organizers' Discord channel: the podium."""
    url = reverse("public:final", args=[event.slug])

    def message(subscription):
        return (_("%(event)s: final standings") % {"event": event.name},
                " · ".join(f"{place}. {name}" for place, name in enumerate(podium, 1)), url)

    push.tell(PushSubscription.objects.filter(event=event, player__isnull=False), FINAL,
              f"final:{event.pk}:{event.finished_at.timestamp():.0f}", message)
    discord.event_finished(event, podium)


def all_results_in(rnd: Round) -> None:
    def message(subscription):
        return (_("%(event)s, round %(n)s: all results in") % {"event": rnd.event.name, "n": rnd.number},
                _("Every game of the round has its result: the next round can be paired."),
                reverse("console:round", args=[rnd.event.slug, rnd.number]))

    push.tell(_of_organizers(rnd.event), ALL_IN, f"all-in:{rnd.pk}", message)


# What a call is about (the judges app's kinds of call), as the judge desk says it.
CALL_WORDS = {"rules": gettext_lazy("rules question"), "time": gettext_lazy("time"),
              "dispute": gettext_lazy("dispute of play"), "other": gettext_lazy("other")}


def judge_called(game: Game, call: int, about: str, note: str = "") -> None:
    """Each staff member's phone that allowed judge calls: which table, about what, who plays there, and the
    calls' queue a tap opens."""
    rnd = game.round
    event = rnd.event
    url = reverse("judges:queue", args=[event.slug])

    def message(subscription):
        title = _("Table %(t)s: a judge is called (%(about)s)") % {
            "t": game.table, "about": CALL_WORDS[about] if about in CALL_WORDS else about}
        body = _("%(event)s, round %(n)s: %(a)s v %(b)s") % {
            "event": event.name, "n": rnd.number, "a": game.player_a.name,
            "b": game.player_b.name if game.player_b_id else ""}
        return title, f"{body} · {note}" if note else body, url

    push.tell(_of_staff(event), JUDGE_CALLS, f"judge-call:{call}", message)
