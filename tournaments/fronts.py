"""What the tournament lends the pages and API of every app built on it (sign-ups, teams, phones, people),
so that no app imports another's web/ or api/: the console's guard (an organizer of the event the address
names), the API's base for an event's addresses and its permissions, the player a request acts as, a
player's entry as the API answers it, and the words for a player's paid state and page address. Built on
the front-end kit (gaininggrounds.web, gaininggrounds.api)."""
from django.core.exceptions import ObjectDoesNotExist
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.views import APIView

from gaininggrounds.api.permissions import ReadOrRights, Rights
from gaininggrounds.web.guards import scoped_view
from tournaments import access
from tournaments.access import is_organizer

# Lent to the apps' player operations (the live tracker's writes), so they count with the reports, confirmations
# and disputes (access.report_wait) as the private page counts every action on the current game.
from tournaments.api.auth import ReportThrottle as ReportThrottle
from tournaments.models import CUT_STAGE, Event, Game, Player
from tournaments.pairing.tables import TABLE_NUMBER_MAX

# A console view taking `slug` is called with the organizer's `event` in its place: signed in (else the
# sign-in page), POST when `post_only` (else 405), the event exists (404), the user organizes it (403).
organizer_view = scoped_view(lambda slug: get_object_or_404(Event, slug=slug), is_organizer)


# The same for the event's staff (organizers and judges): the judge desk and what judges do there.
staff_view = scoped_view(lambda slug: get_object_or_404(Event, slug=slug), access.is_staff)


class IsOrganizerOrReadOnly(ReadOrRights):
    """Anyone reads; writes need a signed-in organizer of the event the object belongs to."""

    message = "Only an organizer of this event may change it."
    rights = staticmethod(is_organizer)


class IsOrganizer(Rights):
    """Reads too need an organizer of the event (the audit trail)."""

    message = "Only an organizer of this event may see this."
    rights = staticmethod(is_organizer)


class IsStaff(Rights):
    """Reads and writes need the event's staff: an organizer or a judge (calls, rulings, penalties, time)."""

    message = "Only an organizer or a judge of this event may do this."
    rights = staticmethod(access.is_staff)


class EventScoped(APIView):
    """A view under /api/events/{id}/: loads the event and checks organizer rights for writes."""

    permission_classes = [IsOrganizerOrReadOnly]

    def event(self) -> Event:
        event = get_object_or_404(Event, pk=self.kwargs["event_id"])
        self.check_object_permissions(self.request, event)
        return event


def acting_player(request, event: Event) -> Player | None:
    """The player of `event` this API request acts as (tournaments.access.acting_player)."""
    return access.acting_player(event, user=request.user, key_player=access.key_player(request))


def published_game(pk, games=None) -> Game:
    """A game the API may name: a draft round's is invisible until published, the same 404 as no game."""
    game = get_object_or_404(games if games is not None else Game.objects.select_related("round__event"), pk=pk)
    if game.round.is_draft:
        raise Http404("No such game")
    return game


def game_player(request, game: Game, refused: str) -> Player:
    """The one of the game's two players this API request acts as: 401 with no key nor account, else 403
    saying `refused` (an apps' player operation on a game: the tracker, a judge call)."""
    player = acting_player(request, game.round.event)
    if player is None or game.side_of(player.id) is None:
        if not (request.auth or request.user.is_authenticated):
            raise NotAuthenticated("Send your private key: Authorization: Key <key>.")
        raise PermissionDenied(refused)
    return player


class PlayerSerializer(serializers.ModelSerializer):
    """A player's entry; `key`, `link` (the private link) and `email` go to the event's organizers only."""

    pinned_table = serializers.IntegerField(min_value=1, max_value=TABLE_NUMBER_MAX, required=False, allow_null=True,
                                            help_text="Accessibility: this player always sits at this table.")
    key = serializers.CharField(read_only=True, required=False,
                                help_text="Organizers only: the private key (`Authorization: Key <key>`).")
    link = serializers.SerializerMethodField(help_text="Organizers only: the player's private page.")
    seed = serializers.IntegerField(read_only=True, help_text="The player's seed in the event's top cut (1: the "
                                    "best), fixed when the cut is paired and public once its first round is "
                                    "published (the organizers read it in the draft); null: not in it.")
    person = serializers.IntegerField(
        source="person_id", required=False, allow_null=True, min_value=1,
        help_text="Who the entry is across events (`/api/people/{id}/`; none for the Ringer). At registration, an "
                  "existing person's id links the entry to them (else a new person is made); afterwards, two "
                  "people who are one are merged (`/api/people/{id}/merge/`).")

    class Meta:
        model = Player
        fields = ["id", "name", "faction", "club", "email", "status", "is_ringer", "checked_in", "absent",
                  "pinned_table", "seed", "key", "link", "person", "pending_person"]
        read_only_fields = ["status", "absent", "seed"]

    pending_person = serializers.SerializerMethodField(help_text=(
        "Organizers only: the account holder this entry was said to be, who has not confirmed yet (the entry "
        "is its own `person` until then); null when nobody is asked."))

    def get_pending_person(self, player) -> int | None:
        if self.context.get("written") and not Player._meta.get_field("pending_link").is_cached(player):
            return None  # a write's answer reads nothing after its commit (a link it asked is cached)
        try:
            link = player.pending_link
        except ObjectDoesNotExist:
            return None
        return None if link.person.hidden else link.person_id  # a private profile is not pointed to

    def get_link(self, player) -> str:
        request = self.context.get("request")
        path = reverse("public:private", args=[player.key])
        return request.build_absolute_uri(path) if request else path

    def to_representation(self, player):
        data = super().to_representation(player)
        if data.get("person") is not None and player.person.hidden:  # a private profile is not pointed to
            data["person"] = None
        if not self.context.get("organizer"):
            for private in ("key", "link", "email", "pending_person"):
                data.pop(private)
            if not self.context.get("cut_published"):  # a seed gives a draft's pairings away
                data["seed"] = None
        return data


def players_out(request, event: Event, players, *, organizer: bool | None = None, **kw):
    """Players as this request may see them: organizers get the private keys and links, and the cut's seeds
    while its first round is a draft. A write has already checked its organizer (`organizer=True`): then
    nothing is read after its commit, so a database lost at that moment cannot turn a saved write into an
    error."""
    written = organizer is not None
    organizer = is_organizer(request.user, event) if organizer is None else organizer
    context = {"request": request, "organizer": organizer, "written": written,
               "cut_published": not organizer and cut_published(event)}
    return PlayerSerializer(players, context=context, **kw).data


def cut_published(event: Event) -> bool:
    """Whether the top cut's first round is published: its seeds are public from then on, not while it is
    a draft the organizers may still change (no query for an event without a cut)."""
    return bool(event.cut_size) and event.round_set.filter(stage=CUT_STAGE, published_at__isnull=False).exists()


def player_link(slug: str):
    """Player page addresses from one reverse() instead of one per row (about 30 µs each)."""
    head, tail = reverse("public:player", args=[slug, 987654321]).rsplit("987654321", 1)
    return lambda player_id: f"{head}{player_id}{tail}"


def paid_word(state: str) -> str:
    return {"unpaid": _("unpaid"), "paid": _("paid"), "refunded": _("refunded"), "free": _("free")}.get(state, state)
