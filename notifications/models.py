"""Who is told what: email (Notification, its table the one it had inside `tournaments`), and Web Push
to phones (PushSubscription, Push)."""
from django.conf import settings
from django.db import models
from django.db.models import Q


class Notification(models.Model):
    """One email to send, once: a unique (player, kind, about) makes creating it twice a no-op, and
    `sent_at` makes sending it twice one (a retried or re-run task finds it already sent)."""

    ROUND_PUBLISHED, AWAITING_YOU, DISPUTED = "round_published", "report_awaits_you", "report_disputed"

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="notifications")
    to = models.EmailField()
    kind = models.CharField(max_length=30)
    about = models.CharField(max_length=60)  # what it is about: "round:3", "game:17:a:<version time>"
    subject = models.CharField(max_length=200)
    body = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    # Why a mail that could not be built was given up (never retried), e.g. a header it cannot carry.
    failure = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        db_table = "tournaments_notification"
        constraints = [models.UniqueConstraint(fields=["to", "kind", "about"], name="notification_once")]


# What a phone can ask to be told (a player's from their private page, an organizer's or a judge's from the
# console): a judge hears only of the players' calls for a judge, an organizer of those too.
ROUND, REPORTED, CLOCK, FINAL = "round", "reported", "clock", "final"
ALL_IN, DISPUTE, JUDGE_CALLS = "all_in", "dispute", "judge_calls"
PLAYER_KINDS, ORGANIZER_KINDS = (ROUND, REPORTED, CLOCK, FINAL), (ALL_IN, DISPUTE, JUDGE_CALLS)
JUDGE_KINDS = (JUDGE_CALLS,)


class PushSubscription(models.Model):
    """One browser's Web Push subscription for one event: a player's (it belongs to the private link, no
    account needed) or a staff member's (`user`: an organizer or a judge). The endpoint is the push
    service's address for that browser; the two keys encrypt what is sent to it."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("tournaments.Player", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="+")
    endpoint = models.URLField(max_length=1000)
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=40)
    kinds = models.JSONField(default=list)
    language = models.CharField(max_length=10, default="en")  # what the messages are written in
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            # A phone may follow an event as a player and as its organizer: one subscription of each.
            models.UniqueConstraint(fields=["event", "endpoint"], condition=Q(player__isnull=False),
                                    name="one_player_subscription_per_browser"),
            models.UniqueConstraint(fields=["event", "endpoint"], condition=Q(user__isnull=False),
                                    name="one_organizer_subscription_per_browser"),
            models.CheckConstraint(condition=Q(player__isnull=True, user__isnull=False)
                                   | Q(player__isnull=False, user__isnull=True),
                                   name="subscription_of_a_player_or_an_organizer"),
        ]


class Push(models.Model):
    """One message to one subscription, once (unique about), sent by the notification queue; a push
    service that says the subscription is gone (404, 410) removes it, and its messages with it."""

    subscription = models.ForeignKey(PushSubscription, on_delete=models.CASCADE, related_name="pushes")
    about = models.CharField(max_length=80)  # "round:12", "game:17:a:<version time>", "clock:3:<run>:0"
    title = models.CharField(max_length=200)
    body = models.CharField(max_length=500)
    url = models.CharField(max_length=300)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    failure = models.CharField(max_length=200, blank=True, default="")  # why it was given up

    class Meta:
        constraints = [models.UniqueConstraint(fields=["subscription", "about"], name="push_once")]


class DiscordHook(models.Model):
    """An event's Discord channel, by the webhook address its organizer pasted: whoever holds the address
    can post to the channel, so it is kept like a secret and never shown back in full. The last failure
    is kept for the organizer to see."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="+")
    url = models.CharField(max_length=300)
    last_failure = models.CharField(max_length=200, blank=True, default="")
    failed_at = models.DateTimeField(null=True, blank=True)
    posted_at = models.DateTimeField(null=True, blank=True)


class DiscordPost(models.Model):
    """One post to the event's channel, once (unique about), sent by the notification queue."""

    hook = models.ForeignKey(DiscordHook, on_delete=models.CASCADE, related_name="posts")
    about = models.CharField(max_length=80)  # "round:12", "final:3:<finished time>"
    content = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    failure = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["hook", "about"], name="discord_post_once")]
