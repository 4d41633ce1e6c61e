"""The tournament hears nobody back: a round published, a report awaiting the opponent, a report disputed
and the clock's calls are announced through its one hook (`tournaments.signals`), with what the kind's
comment says comes with it, and notifications hears them in the change's transaction: the mails, pushes
and Discord posts are rows written with the change (none if it rolls back), handed to the workers only
after the commit. Without notifications' listener the tournament tells nobody: it calls nothing itself."""
from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import transaction

from notifications import apps as notifications_apps
from notifications import push
from notifications.models import (
    CLOCK,
    DISPUTE,
    REPORTED,
    ROUND,
    DiscordHook,
    DiscordPost,
    Notification,
    Push,
    PushSubscription,
)
from people.receivers import heard as people_heard
from scoring.report import Report
from signups.receivers import heard as signups_heard
from tournaments import services, signals
from tournaments.models import Round
from tournaments.services.round_clock import table_notice_say

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]
NEW_KINDS = (signals.ROUND_PUBLISHED, signals.REPORT_AWAITS, signals.REPORT_DISPUTED, signals.CLOCK_CALLED)
NOTIFICATIONS = "notifications-hear-the-tournament"


@pytest.fixture
def organizer(db):
    return get_user_model().objects.create_user("desk", email="desk@example.org", password="x")


@pytest.fixture
def event(organizer):
    event = services.event_create(user=organizer, name="Spring Open", date=date(2017, 3, 18), format="gg2017",
                                  rounds=3)
    for name in ("Ann", "Bob", "Cid", "Dee"):
        services.player_register(event=event, by=organizer, name=name, faction="guild",
                                 email=f"{name.lower()}@example.org")
    return event


@pytest.fixture
def told():
    """What the tournament announces of the new kinds: (kind, event, details), in order."""
    heard = []

    def listen(sender, *, signal, kind, event, **details):
        if kind in NEW_KINDS:
            heard.append((kind, event, details))

    signals.tournament_changed.connect(listen, dispatch_uid="test-heard-kinds")
    yield heard
    signals.tournament_changed.disconnect(dispatch_uid="test-heard-kinds")


@pytest.fixture
def deaf():
    """Notifications' listener disconnected for the test (then connected again, as its app does)."""
    assert signals.tournament_changed.disconnect(dispatch_uid=NOTIFICATIONS)
    yield
    signals.tournament_changed.connect(notifications_apps.hear, dispatch_uid=NOTIFICATIONS)


@pytest.fixture
def vapid(settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = push.vapid_pair()
    return settings


def phone(event, kinds, *, player=None, user=None, name="x"):
    """A browser's subscription, as the private page (a player's) or the console (an organizer's) keeps it."""
    return PushSubscription.objects.create(event=event, player=player, user=user, kinds=kinds,
                                           endpoint=f"https://fcm.googleapis.com/fcm/send/{name}",
                                           p256dh="B" + "A" * 86, auth="A" * 22)


def published(event, organizer) -> Round:
    return services.round_generate(event=event, by=organizer, seed="7")


def first_game(rnd):
    return rnd.games.select_related("round__event", "player_a", "player_b").order_by("table").first()


def test_every_new_kind_is_known_to_the_hook_and_ignored_by_the_other_listeners(event):
    assert set(NEW_KINDS) <= set(signals.KINDS) and len(set(signals.KINDS)) == len(signals.KINDS)
    for kind in NEW_KINDS:  # people and sign-ups have nothing to do with them, and must not break on them
        people_heard(signal=signals.tournament_changed, kind=kind, event=event, round=None, games=[], game=None,
                     player=None, version_stamp="", left=0, run="", last_call=0)
        signups_heard(signal=signals.tournament_changed, kind=kind, event=event, round=None, games=[], game=None,
                      player=None, version_stamp="", left=0, run="", last_call=0)


def test_a_round_paired_and_published_at_once_is_announced_with_its_games(event, organizer, told):
    rnd = published(event, organizer)
    ((kind, said_event, details),) = told
    assert kind == signals.ROUND_PUBLISHED and said_event.pk == event.pk and set(details) == {"round", "games"}
    assert details["round"].pk == rnd.pk
    assert sorted(g.pk for g in details["games"]) == sorted(rnd.games.values_list("pk", flat=True))


def test_a_draft_is_announced_when_published_not_when_paired(event, organizer, told):
    draft = services.round_generate(event=event, by=organizer, seed="7", publish=False)
    assert told == [] and not Notification.objects.exists()
    services.round_publish(event=event, number=draft.number, by=organizer)
    ((kind, _, details),) = told
    assert kind == signals.ROUND_PUBLISHED and details["round"].pk == draft.pk and len(details["games"]) == 2
    assert Notification.objects.filter(kind=Notification.ROUND_PUBLISHED).count() == 4


def test_a_published_round_is_mailed_pushed_and_posted_in_the_transaction(
        event, organizer, vapid, django_capture_on_commit_callbacks):
    ann = event.players.get(name="Ann")
    phone(event, [ROUND], player=ann)
    DiscordHook.objects.create(event=event, url="https://discord.com/api/webhooks/1/token")
    with django_capture_on_commit_callbacks(execute=False) as later:
        rnd = published(event, organizer)
    # The rows are written with the change; nothing is handed to the workers before the commit.
    notes = Notification.objects.filter(kind=Notification.ROUND_PUBLISHED, about=f"round:{rnd.pk}")
    assert sorted(notes.values_list("to", flat=True)) == [f"{n}@example.org" for n in ("ann", "bob", "cid", "dee")]
    assert list(Push.objects.values_list("about", flat=True)) == [f"round:{rnd.pk}"]
    assert list(DiscordPost.objects.values_list("about", flat=True)) == [f"round:{rnd.pk}"]
    assert mail.outbox == [] and len(later) >= 3
    for callback in later:
        callback()
    assert sorted(m.to[0] for m in mail.outbox) == sorted(notes.values_list("to", flat=True))


def test_a_round_rolled_back_tells_nobody(event, organizer, vapid):
    phone(event, [ROUND], player=event.players.get(name="Ann"))
    with pytest.raises(RuntimeError), transaction.atomic():
        published(event, organizer)
        raise RuntimeError("the change fails after the announcement")
    assert not Notification.objects.exists() and not Push.objects.exists()


def test_without_notifications_listening_the_tournament_tells_nobody(event, organizer, vapid, deaf):
    ann, bob = event.players.get(name="Ann"), event.players.get(name="Bob")
    phone(event, [ROUND, REPORTED, CLOCK], player=ann, name="ann")
    phone(event, [ROUND, REPORTED, CLOCK], player=bob, name="bob")
    rnd = published(event, organizer)
    game = first_game(rnd)
    services.report_submit(game=game, player=game.player_a, report=Report(outcome="played", vp_a=6, vp_b=4))
    services.report_dispute(game=first_game(rnd), player=game.player_b,
                            report=Report(outcome="played", vp_a=2, vp_b=8))
    services.round_clock(rnd=rnd, action="start")
    run = Round.objects.get(pk=rnd.pk).clock_started_at.isoformat()
    assert services.clock_notice_say(round_id=rnd.pk, run=run, left=0)
    assert not Notification.objects.exists() and not Push.objects.exists() and mail.outbox == []


def test_a_report_awaiting_the_opponent_is_announced_and_mailed_and_pushed(event, organizer, vapid, told,
                                                                           django_capture_on_commit_callbacks):
    rnd = published(event, organizer)
    told.clear()
    game = first_game(rnd)
    reporter, opponent = game.player_a, game.player_b
    phone(event, [REPORTED], player=opponent)
    with django_capture_on_commit_callbacks(execute=True):
        services.report_submit(game=game, player=reporter, report=Report(outcome="played", vp_a=6, vp_b=4))
    ((kind, said_event, details),) = told
    assert kind == signals.REPORT_AWAITS and said_event.pk == event.pk
    assert set(details) == {"game", "player", "version_stamp"}
    assert details["game"].pk == game.pk and details["player"].pk == reporter.pk
    stamp = details["version_stamp"]
    assert stamp.startswith("a:")
    (note,) = Notification.objects.filter(kind=Notification.AWAITING_YOU)
    assert (note.to, note.about) == (opponent.email, f"game:{game.pk}:{stamp}")
    assert "confirm or dispute" in note.subject and note.sent_at is not None
    assert [m.to for m in mail.outbox if "confirm or dispute" in m.subject] == [[opponent.email]]
    (pushed,) = Push.objects.all()
    assert pushed.about == f"game:{game.pk}:{stamp}" and pushed.subscription.player_id == opponent.pk


def test_a_dispute_is_announced_and_tells_the_reporter_and_the_organizers(event, organizer, vapid, told):
    rnd = published(event, organizer)
    game = first_game(rnd)
    reporter, disputer = game.player_a, game.player_b
    phone(event, [REPORTED], player=reporter, name="reporter")
    phone(event, [DISPUTE], user=organizer, name="desk")
    services.report_submit(game=game, player=reporter, report=Report(outcome="played", vp_a=6, vp_b=4))
    told.clear()
    Push.objects.all().delete()
    services.report_dispute(game=first_game(rnd), player=disputer, report=Report(outcome="played", vp_a=2, vp_b=8))
    ((kind, said_event, details),) = told
    assert kind == signals.REPORT_DISPUTED and said_event.pk == event.pk
    assert set(details) == {"game", "player", "version_stamp"}
    assert details["game"].pk == game.pk and details["player"].pk == disputer.pk
    about = f"game:{game.pk}:{details['version_stamp']}"
    assert details["version_stamp"].startswith("b:")
    disputed = Notification.objects.filter(kind=Notification.DISPUTED, about=about)
    assert sorted(disputed.values_list("to", flat=True)) == sorted([reporter.email, "desk@example.org"])
    pushed = {(p.subscription.player_id, p.subscription.user_id) for p in Push.objects.filter(about=about)}
    assert pushed == {(reporter.pk, None), (None, organizer.pk)} and Push.objects.count() == 2


def test_the_clock_announces_each_moment_and_phones_hear_the_last_call_and_time(event, organizer, vapid, told):
    rnd = published(event, organizer)
    phone(event, [CLOCK], player=event.players.get(name="Ann"))
    told.clear()
    services.round_clock(rnd=rnd, action="start")
    run = Round.objects.get(pk=rnd.pk).clock_started_at.isoformat()
    for left in (30 * 60, 15 * 60, 0):
        assert services.clock_notice_say(round_id=rnd.pk, run=run, left=left)
    assert not services.clock_notice_say(round_id=rnd.pk, run=run, left=0)  # said once: announced once
    assert [kind for kind, _, _ in told] == [signals.CLOCK_CALLED] * 3
    assert all(said.pk == event.pk and set(details) == {"round", "left", "run", "last_call"}
               for _, said, details in told)
    assert [(d["round"].pk, d["left"], d["run"], d["last_call"]) for _, _, d in told] == [
        (rnd.pk, 30 * 60, run, 15 * 60), (rnd.pk, 15 * 60, run, 15 * 60), (rnd.pk, 0, run, 15 * 60)]
    # A 30-minute step is shown on the page only: phones hear the last call and time called.
    assert sorted(Push.objects.values_list("about", flat=True)) == sorted(
        [f"clock:{rnd.pk}:{run}:{15 * 60}", f"clock:{rnd.pk}:{run}:0"])
    assert sorted(Push.objects.values_list("title", flat=True)) == ["Round 1: 15 minutes left",
                                                                    "Round 1: time is called"]


def test_a_table_given_extra_time_hears_its_own_moment_not_the_rounds(event, organizer, vapid, told):
    """Issue 54: the round's last call and time called go to every table but one playing on with extra time;
    that table's own moments, its minutes later, go to its two players alone."""
    rnd = published(event, organizer)
    later, other = rnd.games.select_related("round__event").exclude(player_b=None).order_by("table")[:2]
    for player in event.players.all():
        phone(event, [CLOCK], player=player, name=player.name)
    services.round_clock(rnd=rnd, action="start")
    services.table_time_extend(game=later, minutes=4, by=organizer)
    run = Round.objects.get(pk=rnd.pk).clock_started_at.isoformat()
    assert services.clock_notice_say(round_id=rnd.pk, run=run, left=0)
    told_round = set(Push.objects.filter(about=f"clock:{rnd.pk}:{run}:0").values_list("subscription__player",
                                                                                       flat=True))
    assert told_round and {other.player_a_id, other.player_b_id} <= told_round
    assert not told_round & {later.player_a_id, later.player_b_id}, "the table playing on is not told time"
    assert table_notice_say(game_id=later.pk, run=run, left=0, extra_minutes=4)
    own = set(Push.objects.filter(about=f"clock:{rnd.pk}:{run}:0:g{later.pk}").values_list(
        "subscription__player", flat=True))
    assert own == {later.player_a_id, later.player_b_id}
