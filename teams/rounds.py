"""A team event's rounds: the teams paired (Swiss on team standings, round 1 at random with clubs apart, no
rematch inside the window) with the tournament's exact engine, each match at its block of tables; then,
match by match, the individual games once its lineup is known (from the captains' steps, or set by the
organizer). The games are the tournament's: reported, validated and confirmed as every game is."""
from __future__ import annotations

from audit.services import record
from notifications.services import round_published
from scoring.messages import say
from scoring.problems import Invalid, Problem, conflict, invalid
from teams import selectors
from teams.lineup import Step, lineup, problem
from teams.models import ORGANIZER, LineupStep, MatchGame, TeamMatch, TeamSeat
from teams.roster import rules_of
from teams.standings import tables_for
from tournaments import services as tournament
from tournaments.models import Event, Game, Player, Round, Seat
from tournaments.pairing import RANDOM, SWISS, Contender, pair_round
from tournaments.services.changes import SHARED, event_change
from tournaments.standings import ACTIVE


def team_round_generate(*, event: Event, by, seed: str | int | None = None, publish: bool = False) -> Round:
    """Pair the next round of a team event: its matches, a team bye's games (the format's bye award for each
    member, counted once the round is published), and, where the organizer sets lineups, nothing more until
    they do. Refused while a match of the round before has no lineup or a game without its result."""
    with event_change(event) as event:
        if not event.team_size:
            raise conflict("not_a_team_event", say("This event is not a team event."))
        teams = selectors.teams_playing(event)
        if len(teams) < 2:
            raise conflict("not_enough_teams", say("Only {value} team(s) ready to play: a round needs two, each "
                                                   "with its {size} players.", value=len(teams),
                                                   size=event.team_size))
        _refuse_unfinished_lineups(event)
        if event.rounds is None:  # fixed from the number of teams, as an individual event's from its players
            event = tournament.event_update(event=event, by=by, rounds=event.rules().rounds_for(len(teams)))
        rnd = tournament.round_open(event=event, by=by, publish=False, seed=seed)
        history = selectors.team_history(event)
        totals = selectors.team_totals(event)
        # The engine pairs on three figures: a team's match points, its members' TP and their Differential.
        contenders = [Contender(id=t.pk, tp=totals[t.pk].points if t.pk in totals else 0,
                                diff=totals[t.pk].tp if t.pk in totals else 0,
                                vp=totals[t.pk].diff if t.pk in totals else 0,
                                had_bye=t.pk in history.had_bye, club=t.club) for t in teams]
        pairing = pair_round(contenders, round_number=rnd.number, seed=rnd.seed, met=history.met,
                             rematch_window=event.rematch_window, method=RANDOM if rnd.number == 1 else SWISS,
                             avoid_same_club=rnd.number == 1)
        by_id = {t.pk: t for t in teams}
        bye_games = []
        for index, paired in enumerate(g for g in pairing.games if g.player_b is not None):
            match = TeamMatch.objects.create(round=rnd, team_a=by_id[paired.player_a], team_b=by_id[paired.player_b],
                                             tables=tables_for(index, event.team_size, event.unavailable_tables))
            TeamSeat.objects.bulk_create(TeamSeat(round=rnd, team=by_id[t], match=match)
                                         for t in (paired.player_a, paired.player_b))
        for paired in (g for g in pairing.games if g.player_b is None):
            match = TeamMatch.objects.create(round=rnd, team_a=by_id[paired.player_a])
            TeamSeat.objects.create(round=rnd, team=match.team_a, match=match)
            bye_games += _games(match, [(m, None) for m in selectors.member_ids(match.team_a)])
        record(event, by, "team_round_paired", round_number=rnd.number,
               after={"matches": len(pairing.games), "seed": rnd.seed})
        if publish:  # in the same transaction: a refused publication leaves no draft behind
            tournament.round_publish(event=event, number=rnd.number, by=by)
    return rnd


def lineup_step(*, match: TeamMatch, side: str, kind: str, player: Player, by) -> TeamMatch:
    """A captain's secret choice in the match's lineup (`teams.lineup`); once the last is made, the match's
    games are seated at its tables. Refused out of turn, or for a player the side may not choose."""
    with event_change(match.round.event, lock=SHARED) as event:
        match = TeamMatch.objects.select_for_update(of=("self",)).select_related("round", "team_a", "team_b").get(
            pk=match.pk)  # only the match's row: PostgreSQL locks no row across the bye's missing team
        if match.round.event_id != event.pk or match.is_bye:
            raise conflict("no_lineup", say("This match has no lineup to choose."))
        if rules_of(event).lineups == ORGANIZER:
            raise conflict("lineups_by_organizer", say("In this event the organizer sets who plays whom."))
        if match.games.exists():
            raise conflict("lineup_complete", say("Every player of this match already has an opponent."))
        if match.round.is_draft:
            raise conflict("round_not_published", say("Round {number} is not published yet.",
                                                      number=match.round.number))
        players_a, players_b = selectors.member_ids(match.team_a), selectors.member_ids(match.team_b)
        steps = [Step(s.side, s.kind, s.player_id) for s in match.steps.all()]
        step = Step(side, kind, player.pk)
        found = problem(players_a, players_b, steps, step)
        if found is not None:
            raise Invalid(found) if found.attr else conflict(found.code, found.detail)
        LineupStep.objects.create(match=match, order=len(steps) + 1, side=side, kind=kind, player=player)
        state = lineup(players_a, players_b, [*steps, step])
        record(event, by, "lineup_step", round_number=match.round.number, player=player,
               after={"side": side, "kind": kind})
        if state.done:
            _seat(match, state.games)
    return match


def lineup_set(*, match: TeamMatch, pairs: list[tuple[int, int]], by) -> TeamMatch:
    """The organizer sets who plays whom in a match (each of team a's players against one of team b's)."""
    with event_change(match.round.event) as event:
        match = TeamMatch.objects.select_for_update(of=("self",)).select_related("round", "team_a", "team_b").get(
            pk=match.pk)
        if match.is_bye or match.games.exists():
            raise conflict("lineup_complete", say("Every player of this match already has an opponent."))
        players_a, players_b = selectors.member_ids(match.team_a), selectors.member_ids(match.team_b)
        if sorted(a for a, _ in pairs) != sorted(players_a) or sorted(b for _, b in pairs) != sorted(players_b):
            raise invalid("lineup_incomplete", say("Each player of both teams plays exactly one game of the match."),
                          "pairs")
        match.steps.all().delete()  # the organizer decides: choices the captains had begun are set aside
        _seat(match, pairs)
        record(event, by, "lineup_set", round_number=match.round.number, after={"pairs": pairs})
    return match


def _seat(match: TeamMatch, pairs: list[tuple[int, int]]) -> None:
    games = _games(match, pairs)
    if not match.round.is_draft:
        round_published(match.round, games)  # the players of this match hear of their tables now


def _games(match: TeamMatch, pairs: list[tuple[int, int | None]]) -> list[Game]:
    """The match's games at its tables (a bye: none), with their seats."""
    tables = iter(match.tables)
    games = Game.objects.bulk_create(
        Game(round=match.round, table=next(tables) if b is not None else None, player_a_id=a, player_b_id=b,
             strategy="", flags=[]) for a, b in pairs)
    Seat.objects.bulk_create(Seat(round=match.round, player_id=pid, game=game)
                             for game in games for pid in (game.player_a_id, game.player_b_id) if pid)
    MatchGame.objects.bulk_create(MatchGame(game=game, match=match) for game in games)
    return games


def _refuse_unfinished_lineups(event: Event) -> None:
    waiting = [m for m in TeamMatch.objects.filter(round__event=event, team_b__isnull=False)
               .select_related("round").prefetch_related("games")
               if len(m.games.all()) < event.team_size]
    if waiting:
        raise conflict("lineups_missing", say("Round {number} still has matches whose lineup is not complete.",
                                              number=waiting[0].round.number))
    if Player.objects.filter(event=event, status=ACTIVE, is_ringer=False, membership__isnull=True).exists():
        raise Invalid(Problem("players_without_team", say("Every player of a team event plays for a team: put "
                                                          "each in one, or drop them.")))
