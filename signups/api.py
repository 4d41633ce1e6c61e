"""/api/events/{id}/announcement/, sign-ups, the waitlist and payments; /api/sign-ups/ for a sign-up's
own confirmation link and key."""
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, Throttled
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.openapi import conflicts, refused
from gaininggrounds.http_cache import public_cache
from signups import announcements, payments, services
from signups.models import EMAIL_LENGTH, PAID_STATES, Announcement, SignUp
from signups.presenters import lists_public
from signups.selectors import announcement_of, crew_lists, lists_asked, position_of
from tournaments.access import attempt_wait, bad_key_wait, client_address, is_organizer
from tournaments.fronts import EventScoped, IsOrganizer
from tournaments.models import Event


class AnnouncementSerializer(serializers.ModelSerializer):
    """What the event says before the day; the service checks every field (one rule for the console too)."""

    time_zone = serializers.CharField(required=False, help_text="An IANA time zone, such as Europe/London.")
    country = serializers.CharField(required=False, allow_blank=True, help_text="ISO 3166 code, such as GB.")
    cancelled_at = serializers.DateTimeField(read_only=True)

    class Meta:
        model = Announcement
        fields = [*announcements.FIELDS, "cancelled_at"]
        extra_kwargs = {"cap": {"min_value": announcements.CAP_RANGE[0], "max_value": announcements.CAP_RANGE[1]}}


@public_cache("event", "event_id")
class EventAnnouncement(EventScoped):
    @extend_schema(responses=AnnouncementSerializer, summary="Read an event's announcement",
                   description="Anyone: venue, times, price and how to pay, places, deadline, house rules, "
                               "crew lists, which mails go out, and whether the event is cancelled.")
    def get(self, request, event_id):
        return Response(AnnouncementSerializer(announcement_of(self.event())).data)

    @extend_schema(request=AnnouncementSerializer, responses=AnnouncementSerializer,
                   summary="Change an event's announcement",
                   description="Organizers of the event only; send the fields that change. Raising the cap gives "
                               "the new places to the waitlist in order; a new time or venue is mailed to everyone "
                               "signed up (unless `mail_changes` is off).")
    def patch(self, request, event_id):
        event = self.event()
        data = AnnouncementSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        return Response(AnnouncementSerializer(announcements.announcement_update(
            event=event, by=request.user, **data.validated_data)).data)


class CancelSerializer(serializers.Serializer):
    cancelled = serializers.BooleanField(help_text="true cancels the event; false takes the cancellation back.")


class EventCancel(EventScoped):
    @extend_schema(request=CancelSerializer, responses={200: AnnouncementSerializer, 409: conflicts("event_started")},
                   summary="Cancel an event, or take the cancellation back",
                   description="Organizers of the event only, before round 1: sign-ups close and everyone signed "
                               "up is mailed (unless `mail_changes` is off). 409 `event_started` once paired.")
    def post(self, request, event_id):
        event = self.event()
        data = CancelSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(AnnouncementSerializer(announcements.event_cancel(
            event=event, by=request.user, cancelled=data.validated_data["cancelled"])).data)


class SignUpSerializer(serializers.ModelSerializer):
    """A sign-up as the organizer sees it."""

    position = serializers.SerializerMethodField(help_text="On the waitlist: 1 is next to get a place.")

    class Meta:
        model = SignUp
        fields = ["id", "name", "email", "faction", "club", "state", "position", "player", "paid", "paid_note",
                  "crew_list", "created_at", "confirmed_at", "withdrawn_at"]
        read_only_fields = fields

    def get_position(self, signup) -> int | None:
        return position_of(signup)


class SignUpRequestSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    email = serializers.EmailField(required=False, allow_blank=True, max_length=EMAIL_LENGTH,
                                   help_text="Needed without an account (the confirmation link is mailed there); "
                                             "signed in, the account's address is used.")
    faction = serializers.CharField(max_length=40)
    club = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")
    crew_list = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=False,
                                      help_text="Where the event asks for lists: text or a crew builder's link.")


class OwnSignUpSerializer(serializers.Serializer):
    """A sign-up as its owner sees it (after confirming, or signed in)."""

    key = serializers.CharField(help_text="The sign-up's own key: /api/sign-ups/{key}/ and withdraw/.")
    state = serializers.CharField()
    position = serializers.IntegerField(allow_null=True)
    event = serializers.IntegerField(source="event_id")
    name = serializers.CharField()
    player_link = serializers.CharField(allow_null=True, help_text="Registered: the player's private page.")
    paid = serializers.ChoiceField(choices=PAID_STATES, help_text="What the organizer marked: unpaid, paid, "
                                                                  "refunded or free.")
    crew_list = serializers.CharField(help_text="The crew list sent (empty: none yet).")
    lists_asked = serializers.BooleanField(help_text="Whether the event asks for crew lists: then PUT crew-list/.")
    lists_due = serializers.DateField(allow_null=True, help_text="The date crew lists are due by, in the event's "
                                                                 "time zone; null: until round 1.")


def own(request, signup: SignUp) -> dict:
    link = (request.build_absolute_uri(reverse("public:private", args=[signup.player.key]))
            if signup.player_id else None)
    return OwnSignUpSerializer({"key": signup.key, "state": signup.state, "position": position_of(signup),
                                "event_id": signup.event_id, "name": signup.name, "player_link": link,
                                "paid": signup.paid, "crew_list": signup.crew_list,
                                **lists_of(announcement_of(signup.event))}).data


def lists_of(announcement: Announcement) -> dict:
    return {"lists_asked": lists_asked(announcement), "lists_due": announcement.lists_due}


CLOSED = ("event_cancelled", "event_started", "event_finished", "registration_closed", "deadline_passed")


class EventSignUps(EventScoped):
    permission_classes = [AllowAny]

    @extend_schema(responses=SignUpSerializer(many=True), summary="List an event's sign-ups",
                   description="Organizers of the event only: every sign-up, registered, waitlisted (with its "
                               "position), unconfirmed or withdrawn, with the paid status and crew list.")
    def get(self, request, event_id):
        event = get_object_or_404(Event, pk=event_id)
        if not is_organizer(request.user, event):
            self.permission_denied(request, "Only an organizer of this event may see this.")
        signups = SignUp.objects.filter(event=event).order_by("created_at", "id")
        return Response(SignUpSerializer(signups, many=True).data)

    @extend_schema(request=SignUpRequestSerializer, responses={
        201: OwnSignUpSerializer, 202: OwnSignUpSerializer,
        409: conflicts("already_registered", "already_waitlisted", "email_unverified", *CLOSED),
        429: refused(429, "Too many sign-ups from this address or for this email: wait (Retry-After).")},
        summary="Sign up for an event",
        description="Anyone while sign-ups are open. Signed in (session or token), the sign-up is confirmed at "
                    "once: 201 with a place (`registered`), 202 with a waitlist `position`; 409 `email_unverified` "
                    "while the account's address is not confirmed by its mailed link. Without an account, "
                    "an `email` is needed: 202 `unconfirmed`, a confirmation link is mailed and nothing is held "
                    "until it is followed (POST /api/sign-ups/confirm/); an address already signed up gets a "
                    "mail with its sign-up instead, and the same answer. Throttled per address and per email.")
    def post(self, request, event_id):
        event = get_object_or_404(Event, pk=event_id)
        data = SignUpRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = request.user if request.user.is_authenticated else None
        if user is None and (wait := attempt_wait(
                ("entry_address", client_address(request.META)),
                ("entry_email", data.validated_data.get("email", "").strip().casefold()))) is not None:
            raise Throttled(wait)
        signup = services.signup_request(event=event, user=user, language=request.LANGUAGE_CODE,
                                         **data.validated_data)
        if user is None:  # the same answer whatever the address holds: it is told by mail
            return Response(OwnSignUpSerializer({
                "key": "", "state": "unconfirmed", "position": None, "event_id": event.pk,
                "name": data.validated_data["name"], "player_link": None, "paid": "unpaid",
                "crew_list": data.validated_data["crew_list"].strip(), **lists_of(announcement_of(event))}).data,
                status=status.HTTP_202_ACCEPTED)
        placed = signup.player_id is not None
        return Response(own(request, signup), status=status.HTTP_201_CREATED if placed else status.HTTP_202_ACCEPTED)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(max_length=100, help_text="The token at the end of the mailed link.")


class SignUpConfirm(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=TokenSerializer, responses={200: OwnSignUpSerializer,
                                                       409: conflicts("link_expired", *CLOSED)},
                   summary="Confirm a sign-up from its mailed link",
                   description="Anyone holding the link: once, before it expires. The sign-up takes a place, or "
                               "the waitlist's next position. 400 `link_unknown` for a link unknown or used.")
    def post(self, request):
        data = TokenSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(own(request, services.signup_confirm(token=data.validated_data["token"])))


def signup_by_key(request, key) -> SignUp:
    signup = SignUp.objects.select_related("player").filter(key=key).first()
    if signup is None:
        bad_key_wait(request.META)
        raise NotFound("No such sign-up.")
    return signup


class SignUpDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=OwnSignUpSerializer, summary="Read your sign-up",
                   description="Whoever holds the sign-up's key (mailed after confirming): its state, waitlist "
                               "position, the private page once registered, whether it is marked paid, and its "
                               "crew list with the date lists are due by.")
    def get(self, request, key):
        return Response(own(request, signup_by_key(request, key)))


class SignUpWithdraw(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=None, responses={200: OwnSignUpSerializer,
                                            409: conflicts("already_withdrawn", "event_started")},
                   summary="Withdraw your sign-up",
                   description="Whoever holds the sign-up's key, before round 1: the place (or waitlist spot) is "
                               "given up and the first on the waitlist is promoted and mailed.")
    def post(self, request, key):
        return Response(own(request, services.signup_withdraw(signup=signup_by_key(request, key))))


class SignUpPromote(EventScoped):
    permission_classes = [IsOrganizer]

    @extend_schema(request=None, responses={200: SignUpSerializer, 409: conflicts("not_waitlisted")},
                   summary="Give a waitlisted sign-up a place",
                   description="Organizers of the event only: registers them now, over the cap if need be, and "
                               "mails them (unless `mail_promoted` is off).")
    def post(self, request, event_id, signup_id):
        signup = get_object_or_404(SignUp, pk=signup_id, event=self.event())
        return Response(SignUpSerializer(services.signup_promote(signup=signup, by=request.user)).data)


class OrderSerializer(serializers.Serializer):
    order = serializers.ListField(child=serializers.IntegerField(), max_length=1000,
                                  help_text="Every waitlisted sign-up's id once, first to get a place first.")


class EventWaitlist(EventScoped):
    permission_classes = [IsOrganizer]

    @extend_schema(responses=SignUpSerializer(many=True), summary="Read an event's waitlist",
                   description="Organizers of the event only: the waitlist in order.")
    def get(self, request, event_id):
        return Response(SignUpSerializer(services.waitlist(self.event()), many=True).data)

    @extend_schema(request=OrderSerializer, responses=SignUpSerializer(many=True), summary="Reorder the waitlist",
                   description="Organizers of the event only. 400 `order_mismatch` unless every waitlisted "
                               "sign-up is named once.")
    def put(self, request, event_id):
        data = OrderSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        order = services.waitlist_reorder(event=self.event(), order=data.validated_data["order"], by=request.user)
        return Response(SignUpSerializer(order, many=True).data)


class PaymentSerializer(serializers.Serializer):
    paid = serializers.ChoiceField(choices=PAID_STATES)
    note = serializers.CharField(max_length=payments.NOTE_LENGTH, required=False, allow_blank=True)


class PlayerPayment(EventScoped):
    permission_classes = [IsOrganizer]

    @extend_schema(request=PaymentSerializer, responses=SignUpSerializer, summary="Mark whether a player has paid",
                   description="Organizers of the event only: unpaid, paid, refunded or free, with an optional "
                               "note; recorded in the audit trail. Shown to organizers only.")
    def put(self, request, event_id, player_id):
        player = get_object_or_404(self.event().players, pk=player_id)
        data = PaymentSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(SignUpSerializer(payments.paid_set(player=player, by=request.user,
                                                           **data.validated_data)).data)


class PaymentsCsvSerializer(serializers.Serializer):
    csv = serializers.CharField(trim_whitespace=False, help_text="The store's order export, as CSV text.")


class PaymentsReport(serializers.Serializer):
    marked = serializers.ListField(child=serializers.CharField())
    already = serializers.ListField(child=serializers.CharField())
    unmatched = serializers.ListField(child=serializers.CharField())


class EventPayments(EventScoped):
    permission_classes = [IsOrganizer]

    @extend_schema(request=PaymentsCsvSerializer, responses=PaymentsReport, summary="Mark payments from a CSV",
                   description="Organizers of the event only: every entry whose email appears anywhere in the CSV "
                               "is marked paid (refunded and free ones are left alone). Answers who was marked, who "
                               "already was, and the addresses matching nobody.")
    def post(self, request, event_id):
        data = PaymentsCsvSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(payments.payments_import(event=self.event(), text=data.validated_data["csv"],
                                                 by=request.user))


class CrewList(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    crew_list = serializers.CharField()


class EventCrewLists(EventScoped):
    permission_classes = [AllowAny]

    @extend_schema(responses=CrewList(many=True), summary="Read an event's crew lists",
                   description="Organizers always; anyone else when the event shows its lists (now, or after the "
                               "event). 403 otherwise.")
    def get(self, request, event_id):
        event = get_object_or_404(Event, pk=event_id)
        if not (lists_public(event) or is_organizer(request.user, event)):
            self.permission_denied(request, "This event does not show its crew lists.")
        return Response([{"player": s.player_id, "name": s.name, "crew_list": s.crew_list}
                         for s in crew_lists(event)])
