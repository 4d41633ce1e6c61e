"""What the tournament's pages show, in the reader's language: a result's state in words, a score seen from
one player's side, the cut's stages, and the round clock (the game's names: gaininggrounds.web.naming)."""
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext, gettext_lazy, ngettext

from scoring.formats import get_format
from scoring.report import DOUBLE_LOSS, other_side
from tournaments.bracket import REPLAY
from tournaments.clock import LAST_CALL, latest_notice, table_ends, table_left, table_notice
from tournaments.models import AWAITING, CONFIRMED, DISPUTED, UNREPORTED

STATUS_WORDS = {CONFIRMED: gettext_lazy("confirmed"), AWAITING: gettext_lazy("awaiting confirmation"),
                DISPUTED: gettext_lazy("disputed"), UNREPORTED: gettext_lazy("not reported")}


def result_words(outcome: str, loser: str, vp_a, vp_b, name_a: str, name_b: str) -> str:
    """A result (or a player's version) as a sentence: "Ann 6–4 Bob", "Bob conceded", "forfeit by Ann",
    "double loss", never a code."""
    loser_name = name_a if loser == "a" else name_b
    if outcome == "conceded":
        return gettext("%(name)s conceded") % {"name": loser_name}
    if outcome == "forfeited":
        return gettext("forfeit by %(name)s") % {"name": loser_name}
    if outcome == DOUBLE_LOSS:
        return gettext("double loss")
    if outcome == "bye":
        return gettext("bye")
    return f"{name_a} {vp_a}–{vp_b} {name_b}"


AWARD_NAMES = {"best_painted": gettext_lazy("Best painted"), "best_sportsmanship": gettext_lazy("Best sportsmanship"),
               "wooden_spoon": gettext_lazy("Wooden spoon")}


def award_name(kind: str) -> str:
    return str(AWARD_NAMES.get(kind, kind))


STAGE_NAMES = {2: gettext_lazy("Final"), 4: gettext_lazy("Semifinals"), 8: gettext_lazy("Quarterfinals"),
               16: gettext_lazy("Round of 16")}


def stage_name(players: int) -> str:
    """A stage of the top cut by how many players it has (8: the quarterfinals)."""
    return str(STAGE_NAMES[players])


CUT_REACHED = {1: gettext_lazy("winner"), 2: gettext_lazy("finalist"), 4: gettext_lazy("semifinal"),
               8: gettext_lazy("quarterfinal"), 16: gettext_lazy("round of 16")}


def cut_reached(left: int | None) -> str:
    """How far a player went in the top cut (the stage they went out in, or play now); empty: not in it."""
    return str(CUT_REACHED.get(left, "")) if left else ""


def round_name(number: int, event) -> str:
    """A round as people call it: "Round 3", or a stage of the top cut ("Semifinals") after the Swiss."""
    if event.cut_size and event.rounds and number > event.rounds:
        stage = STAGE_NAMES.get(event.cut_size >> (number - event.rounds - 1))
        if stage:
            return str(stage)
    return gettext("Round %(n)s") % {"n": number}


def draw_rule(event) -> str:
    """What a drawn game of the event's cut means, as its pages announce it (Gaining Grounds packs have no
    rule for a cut)."""
    if event.cut_draws == REPLAY:
        return gettext("A drawn game of the cut is replayed.")
    return gettext("A drawn game of the cut goes to the player with the better Differential over the Swiss rounds, "
             "then the one with more VP, then the better seed.")


def cut_line(event) -> str:
    """The event's cut in one line for its page ("Top 8 cut after 5 Swiss rounds. A drawn game ...")."""
    if not event.cut_size:
        return ""
    size, rounds = event.cut_size, event.rounds
    head = (gettext("Top %(size)s cut after %(rounds)s Swiss rounds.") % {"size": size, "rounds": rounds} if rounds
            else gettext("Top %(size)s cut after the Swiss rounds.") % {"size": size})
    return f"{head} {draw_rule(event)}"


def bracket_stages(view, link) -> list[dict]:
    """Each stage of a `selectors.CutView` with its games as plain words: seeds, names (`link`: their pages), VP,
    who went through."""
    seed_of = {pid: number for number, pid in enumerate(view.seeds, start=1)}
    stages = []
    for games in view.stages:
        rows = []
        for g in games:
            game = view.game(g)
            result = getattr(game, "result", None) if game else None
            sides = []
            for pid, vp in ((g.a, result and result.vp_a), (g.b, result and result.vp_b)):
                entrant = view.entrants.get(pid)
                sides.append({"name": entrant.name if entrant else "", "seed": seed_of.get(pid, ""),
                              "href": link(pid) if entrant else "",
                              "vp": "" if result is None else str(vp), "won": g.winner is not None and g.winner == pid})
            rows.append({"sides": sides, "drawn": g.drawn, "table": game.table if game else None,
                         "playing": game is not None and result is None})
        stages.append({"name": stage_name(len(games) * 2), "games": rows})
    return stages


def game_status(status: str) -> str:
    """Where a game's result stands, in words (a filter and a dict, not an include per row: the round
    page of a 256-player event has 128 of them)."""
    return str(STATUS_WORDS.get(status, STATUS_WORDS[UNREPORTED]))


def seen_from(side: str, score) -> dict:
    """A result or a player's version as the player on `side` reads it: their own VP first, and their
    TP when the score has them; `i_lost` and `they_lost` say who lost a concession or forfeit."""
    own, other = (score.vp_a, score.vp_b) if side == "a" else (score.vp_b, score.vp_a)
    seen = {"own": own, "other": other, "outcome": score.outcome,
            "i_lost": score.loser == side or score.outcome == DOUBLE_LOSS,
            "they_lost": score.loser == other_side(side) or score.outcome == DOUBLE_LOSS}
    if hasattr(score, "tp_a"):
        seen["tp"] = score.tp_a if side == "a" else score.tp_b
    return seen


def my_score(game, player) -> dict | None:
    """The game's counted result as `player` reads it; None for a bye or before a result counts."""
    result = getattr(game, "result", None)
    if result is None or game.is_bye:
        return None
    return seen_from(game.side_of(player.id), result)


def opponent(game, player):
    """The player `player` faces in `game` (None for a bye), from the game's loaded players."""
    return game.player_b if game.side_of(player.id) == "a" else game.player_a


def game_played(player, game) -> dict:
    """One line of a player's history: round, table, opponent, and the score as they read it."""
    return {"round": game.round.number, "table": game.table, "bye": game.is_bye, "score": my_score(game, player),
            "opponent": opponent(game, player)}


def clock_context(rnd, extra_minutes: int = 0) -> dict:
    """What the round clock shows: seconds left (None before it starts), whether it is running and,
    if so, when it ends (epoch seconds), so a page served from the cache still counts right. With a
    table's `extra_minutes` (a judge's time extension), that table's own clock and announcements."""
    if rnd.event.finished_at is not None:  # the event is over: no clock anywhere, paused or not
        return {"clock_left": None, "clock_running": False, "clock_ends": None, "clock_notice": None,
                "last_turn_call": None, "extra_minutes": 0, "extensions": []}
    ends = None
    if rnd.clock_started_at is not None and rnd.clock_left is not None:
        ends = table_ends(int(rnd.clock_started_at.timestamp()) + rnd.clock_left, extra_minutes)
    run = rnd.clock_started_at.isoformat() if rnd.clock_started_at else None
    elapsed = int((timezone.now() - rnd.clock_started_at).total_seconds()) if rnd.clock_started_at else 0
    left = table_left(rnd.clock_left, elapsed, extra_minutes)
    last_call = _last_turn_call(rnd)
    notice = table_notice(latest_notice(rnd.clock_notices, run), left, extra_minutes, last_call or LAST_CALL)
    return {"clock_left": left, "clock_running": rnd.clock_started_at is not None, "clock_ends": ends,
            "clock_notice": notice, "last_turn_call": last_call, "extra_minutes": extra_minutes,
            "extensions": table_extensions(rnd)}


def table_extensions(rnd) -> SimpleLazyObject:
    """The round's tables with extra time, [(table, minutes)] by table, for "table 7: +4 min" beside the round
    clock; read only by a page that shows it (the API's clock answer never does)."""
    return SimpleLazyObject(lambda: list(rnd.games.filter(extra_minutes__gt=0, table__isnull=False)
                                         .order_by("table").values_list("table", "extra_minutes")))


def _last_turn_call(rnd) -> int | None:
    """Seconds left when the organizer calls the last turn (M4E), None where the clock only warns."""
    minutes = get_format(rnd.event.format).last_turn_call
    return minutes * 60 if minutes else None


# The pairing report's flags (tournaments.pairing.report) as an organizer reads them: a short label for the
# row, and the legend's explanation.
FLAG_LEGEND = {
    "rematch": (gettext_lazy("played before"), gettext_lazy(
        "These two met in an earlier round; allowed once the rematch window has passed.")),
    "rematch_within_window": (gettext_lazy("rematch inside the window"), gettext_lazy(
        "These two met too recently: only a forced swap seats them together.")),
    "float": (gettext_lazy("plays up"), gettext_lazy(
        "The two have different Tournament Points: the one with fewer plays up a score group, because no "
        "opponent on the same points was left.")),
    "same_club": (gettext_lazy("same club"), gettext_lazy(
        "Both players belong to the same club (round 1 can keep clubmates apart).")),
    "repeat_table": (gettext_lazy("table played before"), gettext_lazy(
        "A player already played at this table number (the setting \"keep players off tables they played on\" "
        "avoids it where it can).")),
    "bye": (gettext_lazy("bye"), gettext_lazy("No opponent: the player takes the event's bye award.")),
    "ringer": (gettext_lazy("plays the Ringer"), gettext_lazy(
        "The odd player out plays the Ringer, who is never ranked; the game counts for the player.")),
    "second_bye": (gettext_lazy("second bye"), gettext_lazy(
        "This player already had a bye or a Ringer game: only a forced swap gives a second.")),
}


def flag_words(game, players: dict, history) -> list[dict]:
    """A game's flags in words, each with what makes it so ("played each other in round 1", "Ben (3 TP)
    plays up against Ada (6 TP)"); `players` by id, `history` the pairing history before the game's round."""
    a, b = game.player_a_id, game.player_b_id
    names = {pid: players[pid].name for pid in (a, b) if pid in players}
    notes = []
    for code in game.flags:
        label, _why = FLAG_LEGEND.get(code, (code, ""))
        detail = ""
        if code in ("rematch", "rematch_within_window"):
            detail = gettext("played each other in round %(n)s") % {"n": history.met.get(frozenset((a, b)), "?")}
        elif code == "float":
            low, high = sorted((a, b), key=lambda pid: history.tp.get(pid, 0))
            detail = gettext("%(low)s (%(tp_low)s TP) plays up against %(high)s (%(tp_high)s TP)") % {
                "low": names.get(low, "?"), "tp_low": history.tp.get(low, 0), "high": names.get(high, "?"),
                "tp_high": history.tp.get(high, 0)}
        elif code == "same_club":
            detail = history.club.get(a, "")
        elif code == "repeat_table":
            again = [names.get(pid, "?") for pid in (a, b) if game.table in history.tables.get(pid, ())]
            detail = ngettext("%(names)s played at table %(t)s before", "%(names)s played at table %(t)s before",
                              len(again)) % {"names": ", ".join(again), "t": game.table}
        notes.append({"code": code, "label": str(label), "detail": detail})
    return notes


def flag_legend(codes) -> list[tuple[str, str]]:
    """The legend for the flags a page shows, in the report's order."""
    return [(str(label), str(why)) for code, (label, why) in FLAG_LEGEND.items() if code in codes]
