"""/api/events/{id}/judges/: an event's judges. The staff (organizers and judges) read who judges; the
organizers invite an account by name, mark the head judge, allow a judge to correct results, and remove a judge
(tournaments.services.staff, which the console's judges page calls too)."""
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from gaininggrounds.api.openapi import conflicts
from gaininggrounds.api.permissions import ReadOrRights
from tournaments import access
from tournaments.fronts import EventScoped
from tournaments.models import EventJudge
from tournaments.services.staff import USERNAME_LONGEST, judge_invite, judge_remove, judge_update


class StaffReadOrganizersWrite(ReadOrRights):
    """Signed in; the event's staff read, its organizers change."""

    message = "Only the event's staff may read its judges, and only its organizers may change them."

    def has_permission(self, request, view):
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request, view, obj):
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return access.is_staff(request.user, obj)
        return access.is_organizer(request.user, obj)


class JudgeSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The judge's id in this event (for PATCH and DELETE).")
    username = serializers.CharField(source="user.username")
    head = serializers.BooleanField(help_text="The head judge: whom the others refer a ruling to.")
    may_correct = serializers.BooleanField(help_text="Allowed to enter and correct results, as an organizer.")
    added_by = serializers.CharField(source="added_by.username", allow_null=True, default=None)
    added_at = serializers.DateTimeField()


class JudgeInviteSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=USERNAME_LONGEST, help_text="An existing account's name.")
    head = serializers.BooleanField(default=False)
    may_correct = serializers.BooleanField(default=False)


class JudgeChangeSerializer(serializers.Serializer):
    """Only the fields sent change."""

    head = serializers.BooleanField(required=False)
    may_correct = serializers.BooleanField(required=False)

    def validate(self, data):
        if not data:
            raise ValidationError("Send head and/or may_correct.")
        return data


def _judges(event):
    return event.judges.select_related("user", "added_by")


class EventJudges(EventScoped):
    permission_classes = [StaffReadOrganizersWrite]

    @extend_schema(responses=JudgeSerializer(many=True), summary="List an event's judges",
                   description="The event's staff (organizers and judges): who judges the event, the head judge "
                               "first, and who may correct results.")
    def get(self, request, event_id):
        return Response(JudgeSerializer(_judges(self.event()), many=True).data)

    @extend_schema(request=JudgeInviteSerializer, responses={201: JudgeSerializer, 409: conflicts(
                       "already_judge", "already_organizer")}, summary="Invite a judge",
                   description="Organizers of the event only: makes an existing account, by its name, a judge of the "
                               "event (`head`: the head judge; `may_correct`: allowed to enter and correct results). "
                               "A judge sees the judge desk, answers calls, rules, extends a table's time and gives "
                               "penalties, but does not pair, register or finish. 400 `unknown_user` for no such "
                               "account; 409 `already_judge`, or `already_organizer` (an organizer has every right "
                               "of a judge). Recorded in the audit trail; answers the judge.")
    def post(self, request, event_id):
        event = self.event()
        data = JudgeInviteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        judge = judge_invite(event=event, by=request.user, **data.validated_data)
        return Response(JudgeSerializer(_judges(event).get(pk=judge.pk)).data, status=201)


class JudgeDetail(EventScoped):
    permission_classes = [StaffReadOrganizersWrite]

    def judge(self, judge_id) -> EventJudge:
        return get_object_or_404(_judges(self.event()), pk=judge_id)

    @extend_schema(request=JudgeChangeSerializer, responses=JudgeSerializer, summary="Change a judge's rights",
                   description="Organizers of the event only: marks or unmarks the head judge (`head`) and allows or "
                               "stops correcting results (`may_correct`); only the fields sent change. Recorded in "
                               "the audit trail; answers the judge.")
    def patch(self, request, event_id, judge_id):
        judge = self.judge(judge_id)
        data = JudgeChangeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        judge = judge_update(judge=judge, by=request.user, **data.validated_data)
        return Response(JudgeSerializer(_judges(judge.event).get(pk=judge.pk)).data)

    @extend_schema(responses={204: None}, summary="Remove a judge",
                   description="Organizers of the event only: the account is no longer a judge of the event; the "
                               "judge desk and the judges' actions close to it at once. Recorded in the audit "
                               "trail.")
    def delete(self, request, event_id, judge_id):
        judge_remove(judge=self.judge(judge_id), by=request.user)
        return Response(status=204)
