"""/api/push/key/, /api/events/{id}/push-subscriptions/ (a phone's web push, for a player by private key or
the event's staff: an organizer or a judge) and /api/events/{id}/discord/ (the event's Discord webhook,
organizers only): the same services as the private page's and the console's (notifications.push,
notifications.discord)."""
from django.conf import settings
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated, NotFound, PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.openapi import conflicts, refused
from notifications import discord, push
from notifications.models import JUDGE_KINDS, ORGANIZER_KINDS, PLAYER_KINDS, DiscordHook
from tournaments.access import is_organizer, is_staff
from tournaments.fronts import EventScoped, IsOrganizer, acting_player
from tournaments.models import Player

NOT_OFFERED = "Push notifications are not offered by this server (it has no VAPID keys)."
PLAYER, ORGANIZER, JUDGE = "player", "organizer", "judge"


def offered_or_404() -> None:
    if not push.offered():
        raise NotFound(NOT_OFFERED, code="push_not_offered")


class PushKeySerializer(serializers.Serializer):
    public_key = serializers.CharField(help_text="The site's VAPID public key (base64url, an uncompressed P-256 "
                                                 "point): the browser's `applicationServerKey`.")


class PushSubscriptionInputSerializer(serializers.Serializer):
    subscription = serializers.JSONField(help_text=(
        "The browser's subscription as `PushSubscription.toJSON()` gives it: `{\"endpoint\": \"https://...\", "
        "\"keys\": {\"p256dh\": ..., \"auth\": ...}}`. The endpoint must be a push service's https address "
        "(Google, Mozilla, Microsoft, Apple)."))
    kinds = serializers.ListField(child=serializers.CharField(max_length=20), max_length=10, help_text=(
        f"What to be told. A player: {', '.join(PLAYER_KINDS)} (a round is published; the opponent reports or "
        f"disputes; the clock; the final standings). An organizer: {', '.join(ORGANIZER_KINDS)} (all results of "
        f"a round are in; a dispute is raised; a player calls a judge). A judge: {', '.join(JUDGE_KINDS)} (a "
        "player calls a judge: the table and what about)."))
    language = serializers.ChoiceField(choices=[code for code, _ in settings.LANGUAGES], required=False,
                                       help_text="The messages' language (default: the request's).")


class PushSubscriptionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    role = serializers.ChoiceField(choices=[PLAYER, ORGANIZER, JUDGE], help_text="Whose it is: the player's, "
                                   "the organizer's or the judge's.")
    endpoint = serializers.CharField(help_text="The push service's address for that browser.")
    kinds = serializers.ListField(child=serializers.CharField())
    language = serializers.CharField()
    created_at = serializers.DateTimeField()

    def to_representation(self, subscription):
        subscription.role = PLAYER if subscription.player_id else self.context.get("staff", ORGANIZER)
        return super().to_representation(subscription)


def holder(request, event) -> dict:
    """Who the subscriptions belong to: the player of the private key sent (or of the signed-in account),
    else the signed-in staff member (organizer or judge) of the event."""
    if not isinstance(request.auth, Player) and is_staff(request.user, event):
        return {"user": request.user}
    player = acting_player(request, event)
    if player is not None:
        return {"player": player}
    if not (request.auth or request.user.is_authenticated):
        raise NotAuthenticated("Send a player's private key (Authorization: Key <key>) or an organizer's or a "
                               "judge's token.")
    raise PermissionDenied("Only a player of this event (by private key), its organizers and its judges have push "
                           "subscriptions here.")


def shown(event, owner: dict) -> dict:
    """The serializer's context: whose a staff member's subscriptions are, the organizer's or the judge's."""
    return {"staff": ORGANIZER if "user" not in owner or is_organizer(owner["user"], event) else JUDGE}


SUBSCRIBERS = ("A player of the event, by private key (`Authorization: Key <key>`) or linked account, or an "
               "organizer or a judge of the event (token or session)")
WHO = refused(403, "Neither a player of this event nor its organizer or judge.")
NOT_HERE = refused(404, "`push_not_offered`: this server has no VAPID keys; or no such event.")


class PushKey(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: PushKeySerializer, 404: refused(404, "`push_not_offered`: this server has "
                                                                        "no VAPID keys.")},
                   summary="Read the site's web push key",
                   description="Anyone: the VAPID public key a browser subscribes with (`applicationServerKey`); "
                               "404 `push_not_offered` when the server offers no push notifications.")
    def get(self, request):
        offered_or_404()
        return Response({"public_key": settings.VAPID_PUBLIC_KEY})


class PushSubscriptions(EventScoped):
    permission_classes = [AllowAny]  # who: the key's player or the event's organizer, checked by holder()

    @extend_schema(responses={200: PushSubscriptionSerializer(many=True), 403: WHO, 404: NOT_HERE},
                   summary="List my push subscriptions",
                   description=f"{SUBSCRIBERS}: their own web push subscriptions for the event (never "
                               "another's), with what each is told.")
    def get(self, request, event_id):
        event = self.event()
        owner = holder(request, event)
        offered_or_404()
        return Response(PushSubscriptionSerializer(push.subscriptions_of(event, **owner), many=True,
                                                   context=shown(event, owner)).data)

    @extend_schema(request=PushSubscriptionInputSerializer,
                   responses={200: PushSubscriptionSerializer, 403: WHO, 404: NOT_HERE},
                   summary="Subscribe a phone to push notifications",
                   description=f"{SUBSCRIBERS}: keeps this browser's subscription with the kinds chosen (the "
                               "same endpoint again updates it; a holder keeps at most "
                               f"{push.BROWSERS}, the oldest goes). 400 `bad_subscription`, `bad_endpoint` (not "
                               "a push service's https address), `bad_keys` or `unknown_kind` (one not the "
                               "holder's: a judge chooses only `judge_calls`).")
    def post(self, request, event_id):
        event = self.event()
        owner = holder(request, event)
        offered_or_404()
        data = PushSubscriptionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        subscription = push.subscription_save(event=event, info=given["subscription"], kinds=given["kinds"],
                                              language=given.get("language") or get_language() or "en", **owner)
        return Response(PushSubscriptionSerializer(subscription, context=shown(event, owner)).data)


class PushSubscription(EventScoped):
    permission_classes = [AllowAny]

    @extend_schema(responses={204: None, 403: WHO, 404: refused(404, "Not one of the caller's subscriptions; "
                                                                     "or `push_not_offered`.")},
                   summary="Stop a push subscription",
                   description=f"{SUBSCRIBERS}: that browser is told nothing more of the event (only one of "
                               "the caller's own subscriptions: another's is a 404).")
    def delete(self, request, event_id, pk):
        event = self.event()
        owner = holder(request, event)
        offered_or_404()
        subscription = get_object_or_404(push.subscriptions_of(event, **owner), pk=pk)
        push.subscription_remove(event=event, endpoint=subscription.endpoint, **owner)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DiscordSerializer(serializers.Serializer):
    webhook = serializers.CharField(allow_null=True, help_text="The webhook as the console shows it: which one, "
                                    "never its token (null: none set).")
    posted_at = serializers.DateTimeField(allow_null=True, help_text="The last post that reached Discord.")
    last_failure = serializers.CharField(help_text="Why the last post failed (empty: it did not).")
    failed_at = serializers.DateTimeField(allow_null=True)


class DiscordInputSerializer(serializers.Serializer):
    discord_webhook = serializers.CharField(max_length=1000, help_text=(
        "The webhook's address as Discord gives it: https://discord.com/api/webhooks/<number>/<token>."))


def discord_out(event) -> dict:
    hook = DiscordHook.objects.filter(event=event).first()
    return DiscordSerializer({"webhook": discord.masked(hook) or None,
                              "posted_at": hook and hook.posted_at, "last_failure": hook.last_failure if hook else "",
                              "failed_at": hook and hook.failed_at}).data


class EventDiscord(EventScoped):
    permission_classes = [IsOrganizer]

    @extend_schema(responses=DiscordSerializer, summary="Read an event's Discord webhook",
                   description="Organizers: the webhook posted to (masked: never its token), the last post and "
                               "the last failure (when, why).")
    def get(self, request, event_id):
        return Response(discord_out(self.event()))

    @extend_schema(request=DiscordInputSerializer, responses=DiscordSerializer,
                   summary="Set an event's Discord webhook",
                   description="Organizers: each published round and the final standings are posted to this "
                               "channel. 400 `not_a_discord_webhook` unless it is a Discord webhook address.")
    def put(self, request, event_id):
        event = self.event()
        data = DiscordInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        discord.hook_save(event=event, url=data.validated_data["discord_webhook"])
        return Response(discord_out(event))

    @extend_schema(responses={204: None}, summary="Remove an event's Discord webhook",
                   description="Organizers: the event posts to Discord no more.")
    def delete(self, request, event_id):
        discord.hook_remove(event=self.event())
        return Response(status=status.HTTP_204_NO_CONTENT)


class EventDiscordTest(EventScoped):
    permission_classes = [IsOrganizer]

    @extend_schema(request=None, responses={202: DiscordSerializer, 409: conflicts("no_discord_webhook")},
                   summary="Send a test message to an event's Discord",
                   description="Organizers: queues one test message to the channel, sent as every post is; a "
                               "failure then shows in `last_failure` as any post's. 409 `no_discord_webhook`.")
    def post(self, request, event_id):
        event = self.event()
        discord.hook_test(event=event)
        return Response(discord_out(event), status=status.HTTP_202_ACCEPTED)
