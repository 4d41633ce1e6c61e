"""Events whose backups the backup tests read: every row a restore may write, and a whole event (the
run-up, teams, trackers) built through the services."""
import json
import random
from datetime import UTC, datetime, time

from scoring.report import Report
from signups import announcements, payments
from signups import services as signups
from teams import roster, rounds
from teams.models import TeamMatch
from tests.factories import db_state
from tests.signups.helpers import open_event, signed_up
from tests.teams.test_team_event import captains_choose
from tournaments import services
from tournaments.backup import export_event
from tournaments.models import Event, Game
from tracker import services as tracker
from tracker.models import Tracker


def every_row():
    """db_state() and the trackers' rows (an app db_state does not read)."""
    return {**db_state(), "tracker": list(Tracker.objects.order_by("pk").values())}


DEADLINE = datetime(2031, 3, 1, 18, 0, tzinfo=UTC)
PEOPLE = [("Ann Arbor", "guild"), ("Bob Banks", "arcanists"), ("Cid Cole", "guild"), ("Dee Dunn", "arcanists"),
          ("Eve Ey", "neverborn"), ("Fay Fox", "outcasts")]


def whole_event():
    """A team event of two teams of two, announced, with a cap of 4 and crew lists asked at sign-up: six
    sign-ups by email (four placed, two waitlisted in order), one more unconfirmed, paid statuses and notes;
    round 1 lined up by the captains; one game kept on the tracker (a line each, an objection, a revealed
    and a secret scheme), the other's result entered."""
    event, organizer = open_event(cap=4)
    announcements.announcement_update(
        event=event, by=organizer, venue="The Hall", address="1 High St", country="GB", region="Kent",
        time_zone="Europe/London", starts_at=time(9, 30), ends_at=time(18, 0), schedule="09:30 doors\n10:00 round 1",
        price="£15", how_to_pay="At the door", deadline=DEADLINE, painting_rules="Three colours", contact="to@club.org",
        crew_lists="at_sign_up", lists_shown="after", mail_reminder=False)
    for name, faction in PEOPLE:
        signed_up(event, name, faction=faction, crew_list=f"{name}'s crew\nLeader: someone")
    signups.signup_request(event=event, name="Gil Gray", faction="gremlins", email="gil@example.org")
    players = {p.name: p for p in event.players.all()}
    payments.paid_set(player=players["Ann Arbor"], paid="paid", note="cash", by=organizer)
    payments.paid_set(player=players["Bob Banks"], paid="free", by=organizer)
    roster.team_rules_set(event=event, by=organizer, size=2)
    for t, names in enumerate((("Ann Arbor", "Bob Banks"), ("Cid Cole", "Dee Dunn"))):
        team = roster.team_create(event=event, name=f"Team {t}", club=f"Club {t}", by=organizer)
        for name in names:
            roster.member_add(team=team, player=players[name], by=organizer)
    rnd = rounds.team_round_generate(event=Event.objects.get(pk=event.pk), by=organizer, publish=True)
    captains_choose(TeamMatch.objects.select_related("team_a", "team_b", "round").get(round=rnd),
                    random.Random(5), organizer)
    tracked, entered = Game.objects.select_related("round__event", "player_a", "player_b").filter(round=rnd)
    pool = tracked.mission()[2]
    tracker.tracker_scheme(game=tracked, player=tracked.player_a, scheme=pool[0], noted_model="Death Marshal")
    tracker.tracker_scheme(game=tracked, player=tracked.player_b, scheme=pool[1], noted_model="secret")
    tracker.tracker_line(game=tracked, player=tracked.player_a, side="a", turn=1, strategy=0, schemes={})
    tracker.tracker_turn(game=tracked, player=tracked.player_a, turn=2)
    tracker.tracker_line(game=tracked, player=tracked.player_a, side="a", turn=2, strategy=1, schemes={pool[0]: 1})
    tracker.tracker_line(game=tracked, player=tracked.player_b, side="b", turn=2, strategy=1, schemes={})
    tracker.tracker_object(game=tracked, player=tracked.player_b, side="a", turn=2, note="You scored 1")
    services.result_record(game=entered, by=organizer, report=Report(outcome="played", vp_a=6, vp_b=3))
    event = Event.objects.get(pk=event.pk)
    data = json.loads(json.dumps(export_event(event)))
    assert data["version"] == 5 and data["signups"]["announcement"] and len(data["tracker"]) == 1
    return event, data, tracked
