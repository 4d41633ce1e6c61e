"""The organizer's "Phones and Discord" page in the console: the event's Discord webhook (pasted, checked,
shown masked, with the last failure; a test message sent on request), and this phone's push notifications
(all results in, a dispute, a player's call for a judge); and the staff's "Judge calls on this phone" page,
linked from the judge desk: a judge's (or an organizer's) phone told of the players' calls."""
from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from notifications import discord, push
from notifications.models import DiscordHook
from notifications.web import staff_kinds
from scoring.problems import DomainError
from tournaments.fronts import organizer_view, staff_view


@organizer_view
def phones_page(request, event):
    hook = DiscordHook.objects.filter(event=event).first()
    problem = ""
    if request.method == "POST":
        try:
            if "remove" in request.POST:
                discord.hook_remove(event=event)
                messages.success(request, _("Discord webhook removed."))
            elif "test" in request.POST:
                discord.hook_test(event=event)
                messages.success(request, _("Test message sent to Discord: it should appear in the channel in a "
                                            "moment; a failure shows here."))
            else:
                discord.hook_save(event=event, url=request.POST.get("discord_webhook", ""))
                messages.success(request, _("Discord webhook saved: rounds and final standings are posted there."))
        except DomainError as error:
            problem = error.problems[0].detail
        else:
            return redirect("notifications:console-phones", event.slug)
    return render(request, "notifications/console_phones.html", {
        "event": event, "hook": hook, "masked": discord.masked(hook), "problem": problem,
        "push_key": settings.VAPID_PUBLIC_KEY if push.offered() else "",
        "push_kinds": staff_kinds(event, request.user),
    })


@staff_view
def staff_phone_page(request, event):
    """This phone's push notifications for the event's staff: a judge allows the players' calls (or stops
    them); an organizer sees their phone's whole choice, as on the phones page, so neither page undoes the
    other's."""
    return render(request, "notifications/console_staff_phone.html", {
        "event": event, "push_key": settings.VAPID_PUBLIC_KEY if push.offered() else "",
        "push_kinds": staff_kinds(event, request.user),
    })
