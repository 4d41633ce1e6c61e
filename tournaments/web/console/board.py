"""The results board's rows and counter: each table with its players, state, the versions side by side and
the result in words, its entry form pre-filled; and how far the round's results are, with what comes next (the
next round, the cut's next stage, finishing)."""
from gaininggrounds.web import naming
from scoring.entries import unlisted_leader_notice
from scoring.formats import get_format
from scoring.report import CONCEDED
from tournaments import selectors
from tournaments.concessions import concession_effect, concession_rule
from tournaments.models import CONFIRMED, GAME_STATUSES, Game
from tournaments.readers import tables_owed
from tournaments.services.cut import is_cut_round, last_round
from tournaments.services.results import correction_basis
from tournaments.web import presenters
from tournaments.web.forms import RoundForm
from tournaments.web.result_forms import ResultForm


def player_names(game: Game, players) -> tuple[str, str]:
    return players[game.player_a_id].name, (players[game.player_b_id].name if game.player_b_id else "")


def table_row(event, game: Game, players, history) -> dict:
    """One table on the board: players, state, the versions side by side in words, the result in words."""
    result = getattr(game, "result", None)
    versions = list(game.reports.all())
    a, b = players[game.player_a_id], players.get(game.player_b_id)
    names = player_names(game, players)
    shown = correction_basis(result, versions)  # an awaiting report prefills the form
    initial = {"vp_a": shown.vp_a, "vp_b": shown.vp_b, "outcome": shown.outcome, "loser": shown.loser,
               "master_a": shown.master_a, "master_b": shown.master_b} if shown and b else {}
    for version in versions:
        version.reporter = players[game.player_of(version.side)]
        version.words = in_words(event, game, version, names, counted=False)
    return {"game": game, "a": a, "b": b, "both": [a, b] if b else [a], "result": result,
            "loser_id": result and result.loser and game.player_of(result.loser),
            "status": game.result_status(), "versions": versions,
            "result_words": result and in_words(event, game, result, names, counted=True),
            "mission": naming.mission(event.format, game.strategy, game.deployment, game.scheme_pool),
            "unlisted": unlisted_leaders(event, result, (a.faction, b.faction if b else "")), "saved": False,
            "flags": presenters.flag_words(game, players, history),
            "form": ResultForm(prefix=f"g{game.pk}", initial=initial, **form_options(event, game, players))}


def form_options(event, game: Game, players) -> dict:
    """The board's entry for one table: the players' names, and leaders suggested from each one's faction."""
    factions = tuple(players[pid].faction if pid else "" for pid in (game.player_a_id, game.player_b_id))
    return {"names": player_names(game, players), "fmt": get_format(event.format), "factions": factions}


def in_words(event, game: Game, score, names: tuple[str, str], *, counted: bool) -> str:
    """A result or a version in words; a concession says what it does to the conceder, by the event's rule."""
    if score.outcome == CONCEDED:
        return concession_effect(event, names[0] if score.loser == "a" else names[1], game.round.number,
                                 counted=counted)
    return presenters.result_words(score.outcome, score.loser, score.vp_a, score.vp_b, *names)


def board_state(event, rnd, rows, *, organizer: bool = True) -> dict:
    """How far the round's results are, and whether the next round can be paired now: the tables still owed
    a game (a team match waiting for its lineup, tournaments.readers) count as tables not reported. Pairing
    the next round and finishing are offered to an organizer only (a judge correcting results sees neither)."""
    tables = [row for row in rows if row["b"]]
    count = {status: sum(1 for row in tables if row["status"] == status) for status in GAME_STATUSES}
    owed = tables_owed(rnd)
    total = len(tables) + owed
    latest = selectors.latest_round_number(event, drafts=True) == rnd.number
    last = last_round(event)  # the cut's final included: after the Swiss, the cut's next stage is offered
    more = last is None or rnd.number < last
    done = count[CONFIRMED] == total
    return {"tables": total, "owed": owed, **count, "pair_next": organizer and latest and more and done,
            "next": rnd.number + 1, "next_cut": is_cut_round(event, rnd.number + 1),
            "next_name": presenters.round_name(rnd.number + 1, event),
            "round_form": RoundForm.for_event(event), "concession_rule": concession_rule(event),
            # The last planned round complete: finishing the event is the next step, offered here too.
            "finish_now": organizer and latest and not more and done and event.finished_at is None}


def unlisted_leaders(event, result, factions: tuple[str, str]) -> str:
    """Leaders typed as free text where the format lists its leaders (M4E): a new release, or a typo, or a
    Master named without the title when they have several (the titles are said)."""
    fmt = get_format(event.format)
    if result is None or not fmt.leaders:
        return ""
    typed = zip((result.master_a, result.master_b), (result.leader_a, result.leader_b), factions, strict=True)
    return "; ".join(unlisted_leader_notice(fmt, faction, master, naming.faction(fmt.key, faction)) or master
                     for master, key, faction in typed if master and not key)
