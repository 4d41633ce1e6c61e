"""A team event's teams before and between rounds: its rules, the teams, their members and captains. Every
write goes through the tournament's `event_change` (one transaction, the event's pages moved on) and its
audit trail; a refused write changes nothing."""
from __future__ import annotations

from audit.services import record
from scoring.messages import say
from scoring.problems import Invalid, Problem, conflict, invalid
from teams.models import CAPTAINS, DROPPED, ORGANIZER, Member, Team, TeamRules
from teams.standings import MATCH_RULES
from tournaments import services as tournament
from tournaments.models import Event, Player
from tournaments.services.changes import event_change
from tournaments.services.events import refuse_roster_if_finished
from tournaments.standings import ACTIVE as PLAYING

LINEUP_WAYS = (CAPTAINS, ORGANIZER)


def rules_of(event: Event) -> TeamRules:
    """The event's team rules (the defaults until an organizer sets them)."""
    return TeamRules.objects.filter(event=event).first() or TeamRules(event=event)


def team_rules_set(*, event: Event, by, size: int | None = None, missions: str | None = None, **rules) -> TeamRules:
    """Make the event a team event of `size` players a team (0: individual again, while it has no team), and
    set how it plays: `match_rule`, `lineups`, `distinct_factions`. Fixed once round 1 is paired. `missions`
    changes the event's Missions setting in the same write: a team event's tables cannot each draw their own
    (M4E's default), so the organizer switches both at once."""
    problems = [Problem(f"invalid_{key}", say("{key} is one of {value}.", key=key, value=", ".join(allowed)), key)
                for key, allowed in (("match_rule", MATCH_RULES), ("lineups", LINEUP_WAYS))
                if key in rules and rules[key] not in allowed]
    if problems:
        raise Invalid(*problems)
    with event_change(event) as event:
        if event.round_set.exists():
            raise conflict("settings_locked", say("A team event's rules cannot change once round 1 is paired."))
        if size is not None and size != event.team_size:
            if not size and event.teams.exists():
                raise conflict("teams_registered", say("Teams are registered: remove them first."))
            fullest = max((t.members.count() for t in event.teams.all()), default=0)
            if size and size < fullest:
                raise conflict("team_larger", say("A team already has {value} players.", value=fullest))
        settings = {key: value for key, value in (("team_size", size), ("missions", missions))
                    if value is not None and value != getattr(event, key)}
        if settings:  # checked together: a team size with the missions it can play
            tournament.event_update(event=event, by=by, **settings)
        current = rules_of(event)
        before = {k: getattr(current, k) for k in rules}
        for key, value in rules.items():
            setattr(current, key, value)
        current.save()
        if rules:
            record(event, by, "settings_changed", before=before, after=rules)
    return current


def team_create(*, event: Event, name: str, club: str = "", by) -> Team:
    name, club = " ".join(name.split()), " ".join(club.split())
    if not name or len(name) > 100 or len(club) > 100:
        raise invalid("invalid_team_name", say("A team's name has 1 to 100 characters."), "name")
    with event_change(event) as event:
        _refuse_unless_open(event)
        if event.teams.filter(name__iexact=name).exists():
            raise invalid("team_name_taken", say("A team of this event is already called {name}.", name=name), "name")
        team = Team.objects.create(event=event, name=name, club=club)
        record(event, by, "team_created", after={"team": name, "club": club})
    return team


def member_register(*, team: Team, name: str, faction: str, email: str = "", by) -> Player:
    """A new player of the event, in `team` (the organizer, or the team's captain from their private page or
    by their key: a player `by` is refused unless they captain the team): the team not full, and, where the
    event says so, not a faction the team already fields."""
    with event_change(team.event) as event:
        team = Team.objects.select_for_update().get(pk=team.pk)
        if isinstance(by, Player) and team.captain_id != by.pk:
            raise conflict("not_captain", say("Only the team's captain adds its members."))
        _refuse_unless_open(event)
        _refuse_member(team, event, faction)
        player = tournament.player_register(event=event, name=name, faction=faction, club=team.club, email=email,
                                            by=by)
        Member.objects.create(player=player, team=team)
        if team.captain_id is None:
            team.captain = player  # the first member captains until the organizer names another
            team.save(update_fields=["captain"])
        record(event, by, "team_member_added", player=player, after={"team": team.name})
    return player


def member_add(*, team: Team, player: Player, by) -> Member:
    """An already registered player joins `team`."""
    with event_change(team.event) as event:
        team = Team.objects.select_for_update().get(pk=team.pk)
        player = Player.objects.get(pk=player.pk, event=event)
        _refuse_unless_open(event)
        if player.is_ringer or Member.objects.filter(player=player).exists():
            raise conflict("already_in_a_team", say("{player_name} is already in a team.", player_name=player.name))
        _refuse_member(team, event, player.faction)
        member = Member.objects.create(player=player, team=team)
        if team.captain_id is None:
            team.captain = player
            team.save(update_fields=["captain"])
        record(event, by, "team_member_added", player=player, after={"team": team.name})
    return member


def captain_set(*, team: Team, player: Player, by) -> Team:
    with event_change(team.event) as event:
        if not Member.objects.filter(player=player, team=team).exists():
            raise invalid("captain_not_member", say("The captain is one of the team's members."), "captain")
        before = team.captain_id
        team.captain = player
        team.save(update_fields=["captain"])
        record(event, by, "team_captain_set", player=player, before={"captain": before},
               after={"team": team.name})
    return team


def team_drop(*, team: Team, by) -> Team:
    """A team leaves: not paired again, and its members dropped with it (their games stay)."""
    with event_change(team.event) as event:
        refuse_roster_if_finished(event)
        team.status = DROPPED
        team.save(update_fields=["status"])
        Player.objects.filter(membership__team=team, status=PLAYING).update(status="dropped")
        record(event, by, "team_dropped", after={"team": team.name})
    return team


def _refuse_unless_open(event: Event) -> None:
    if not event.team_size:
        raise conflict("not_a_team_event", say("This event is not a team event."))
    refuse_roster_if_finished(event)
    if event.round_set.exists():
        raise conflict("teams_fixed", say("Teams are fixed once round 1 is paired."))


def _refuse_member(team: Team, event: Event, faction: str) -> None:
    members = list(team.members.select_related("player"))
    if len(members) >= event.team_size:
        raise conflict("team_full", say("{team} already has its {value} players.", team=team.name,
                                        value=event.team_size))
    if rules_of(event).distinct_factions and faction in {m.player.faction for m in members}:
        raise invalid("faction_taken_in_team", say("{team} already fields this faction: this event allows each "
                                                   "faction once in a team.", team=team.name), "faction")

