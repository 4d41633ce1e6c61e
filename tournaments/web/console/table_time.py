"""A table's time extension from the judge desk (the event's staff: organizers and judges): give the table
minutes, or take them back, through tournaments.services.table_time as POST/DELETE /api/games/{id}/extension/."""
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.problems import DomainError
from tournaments import services
from tournaments.fronts import staff_view
from tournaments.models import Game


@staff_view(post_only=True)
def table_time(request, event, game_id):
    game = get_object_or_404(Game.objects.select_related("round__event"), pk=game_id, round__event=event)
    action = request.POST.get("action")
    try:
        if action == "extend":
            game = services.table_time_extend(game=game, minutes=_minutes(request.POST.get("minutes")),
                                              by=request.user)
            messages.success(request, _("Table %(table)s: +%(minutes)s min in all.") % {
                "table": game.table, "minutes": game.extra_minutes})
        elif action == "reset":
            services.table_time_reset(game=game, by=request.user)
            messages.success(request, _("Table %(table)s plays to the round's clock again.") % {"table": game.table})
        else:
            messages.error(request, _("Give minutes, or take the table's extra time back."))
    except DomainError as error:
        messages.error(request, str(error))
    return redirect(reverse("console:judge-desk", args=[event.slug]) + f"#table-{game.table or ''}")


def _minutes(text) -> int:
    """The form's minutes as a number; anything else 0, which the service refuses in words."""
    text = (text or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else 0
