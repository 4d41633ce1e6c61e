"""The console's judges page: an organizer invites an account as a judge of the event (or its head judge),
allows a judge to correct results, and removes one, through tournaments.services.staff as the API does."""
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from gaininggrounds.params import whole_number
from scoring.problems import DomainError
from tournaments.fronts import organizer_view
from tournaments.models import EventJudge
from tournaments.services.staff import judge_invite, judge_remove, judge_update

ACTIONS = ("invite", "update", "remove")


def _judge(event, request) -> EventJudge:
    return get_object_or_404(EventJudge, pk=whole_number(request.POST.get("judge", "")) or 0, event=event)


@organizer_view
def judges(request, event):
    username = ""
    if request.method == "POST":
        action, post = request.POST.get("action", ""), request.POST
        try:
            if action == "invite":
                username = post.get("username", "")
                judge = judge_invite(event=event, username=username, head=bool(post.get("head")),
                                     may_correct=bool(post.get("may_correct")), by=request.user)
                messages.success(request, _("%(name)s is now a judge of this event.") % {
                    "name": judge.user.get_username()})
                return redirect("console:judges", event.slug)
            if action == "update":
                judge_update(judge=_judge(event, request), head=bool(post.get("head")),
                             may_correct=bool(post.get("may_correct")), by=request.user)
                messages.success(request, _("Judge's rights saved."))
                return redirect("console:judges", event.slug)
            if action == "remove":
                judge_remove(judge=_judge(event, request), by=request.user)
                messages.success(request, _("Judge removed."))
                return redirect("console:judges", event.slug)
            messages.error(request, _("Unknown action."))
        except DomainError as error:
            messages.error(request, str(error))
    return render(request, "console/judges.html", {
        "event": event, "judges": event.judges.select_related("user"), "username": username})
