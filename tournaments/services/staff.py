"""An event's judges (tournaments.models.EventJudge), named by its organizers: invited by account name, marked
head judge or allowed to correct results, removed. The callers check that `by` is an organizer (the console's
organizer_view, the API's IsOrganizer); each write is one transaction with its audit line."""
from __future__ import annotations

from django.contrib.auth import get_user_model

from audit.models import AuditRecord
from audit.services import ACTIONS, actor_fields, record
from scoring.messages import say
from scoring.problems import conflict, invalid
from tournaments.models import Event, EventJudge
from tournaments.services.changes import event_change

USERNAME_LONGEST = 150


def _audit(event: Event, by, action: str, *, before=None, after=None) -> None:
    """The audit line; until the trail lists the judges' actions (audit.services.ACTIONS, which its console
    words follow), the same line written as record() writes it."""
    if action in ACTIONS:
        record(event, by, action, before=before, after=after)
    else:
        AuditRecord.objects.create(event=event, action=action, before=before, after=after, **actor_fields(by))


def _snapshot(judge: EventJudge) -> dict:
    return {"username": judge.user.get_username(), "head": judge.head, "may_correct": judge.may_correct}


def _flag(value, name: str) -> bool:
    if not isinstance(value, bool):
        raise invalid("not_a_flag", say("Say yes or no (true or false) for {field}.", field=name), name)
    return value


def judge_invite(*, event: Event, username, head: bool = False, may_correct: bool = False, by) -> EventJudge:
    """An existing account becomes a judge of the event (or its head judge; allowed to correct results when
    the organizer says so). Refused: no such account (400), already a judge or an organizer of it (409)."""
    head, may_correct = _flag(head, "head"), _flag(may_correct, "may_correct")
    name = username.strip() if isinstance(username, str) else ""
    if not name or len(name) > USERNAME_LONGEST:
        raise invalid("unknown_user", say("Give the account name of the person to invite."), "username")
    user = get_user_model().objects.filter(username=name).first()
    if user is None:
        raise invalid("unknown_user", say("No user is called {username}.", username=name), "username")
    with event_change(event) as event:
        if event.organizers.filter(pk=user.pk).exists():
            raise conflict("already_organizer", say(
                "{username} is an organizer of this event: an organizer already has every right of a judge.",
                username=user.get_username()), "username")
        if event.judges.filter(user=user).exists():
            raise conflict("already_judge", say("{username} is already a judge of this event.",
                                                username=user.get_username()), "username")
        judge = EventJudge.objects.create(event=event, user=user, head=head, may_correct=may_correct, added_by=by)
        _audit(event, by, "judge_added", after=_snapshot(judge))
    return judge


def judge_update(*, judge: EventJudge, head: bool | None = None, may_correct: bool | None = None,
                 by) -> EventJudge:
    """Mark or unmark the head judge; allow or stop correcting results. A field left None stays."""
    changes = {name: _flag(value, name) for name, value in (("head", head), ("may_correct", may_correct))
               if value is not None}
    with event_change(judge.event):
        judge = EventJudge.objects.select_for_update().select_related("user", "event").get(pk=judge.pk)
        before = _snapshot(judge)
        for name, value in changes.items():
            setattr(judge, name, value)
        if changes and _snapshot(judge) != before:
            judge.save(update_fields=list(changes))
            _audit(judge.event, by, "judge_changed", before=before, after=_snapshot(judge))
    return judge


def judge_remove(*, judge: EventJudge, by) -> None:
    """The account is no longer a judge of the event: the desk and the judges' actions close to it at once."""
    with event_change(judge.event) as event:
        judge = EventJudge.objects.select_related("user").filter(pk=judge.pk, event=event).first()
        if judge is None:
            return
        before = _snapshot(judge)
        judge.delete()
        _audit(event, by, "judge_removed", before=before)
