"""Issue 53's phones operations in the shared API checks: permission-matrix rows (as in
test_permission_matrix.API; a row's setup may add fields to the world, which its path and body then name)
and the answers their views give by themselves (as in test_openapi_operations.ANSWERS). Issue 54: a judge
of E subscribes their phone too, to the players' calls for a judge (`judge_calls`), which a player cannot
choose; the staff's phone page is theirs and the organizers'."""
from django.core.signals import request_finished
from django.test.utils import override_settings

from tests.api.actors import answers, organizers

HOOK = "https://discord.com/api/webhooks/123456789012345678/" + "aB3_-" * 13
PHONE = {"endpoint": "https://fcm.googleapis.com/fcm/send/matrix",
         "keys": {"p256dh": "BB" + "A" * 85, "auth": "A" * 22}}


# Push belongs to a player of E (by key) or its staff (an organizer or a judge of E); Fay's key is of another
# event.
HOLDERS = answers(401, 403, 200, 200, 200, 403, 200, 200, 403, judge=200)


def with_push(world):
    """The site offers push (VAPID keys) for the row's one request: the keys go when it has been answered
    (the matrix's world has none, and a test's settings must not outlive it)."""
    from notifications import push

    public, private = push.vapid_pair()
    keys = override_settings(VAPID_PUBLIC_KEY=public, VAPID_PRIVATE_KEY=private)
    keys.enable()

    def answered(**kwargs):
        request_finished.disconnect(answered)
        keys.disable()

    request_finished.connect(answered, weak=False)


def with_anns_phone(world):
    """Ann's phone follows E; only Ann may stop it (to anyone else it does not exist)."""
    from notifications.models import PushSubscription

    with_push(world)
    world.push_subscription = PushSubscription.objects.create(
        event_id=world.e, player_id=world.ann, endpoint=PHONE["endpoint"], p256dh=PHONE["keys"]["p256dh"],
        auth=PHONE["keys"]["auth"], kinds=["round"]).pk


def with_hook(world):
    from notifications.models import DiscordHook

    DiscordHook.objects.create(event_id=world.e, url=HOOK)


API = [
    ("push key", "GET", "/api/push/key/", None, answers(*[200] * 9), with_push),
    ("push key not offered", "GET", "/api/push/key/", None, answers(*[404] * 9), None),
    ("push subscriptions", "GET", "/api/events/{e}/push-subscriptions/", None, HOLDERS, with_push),
    # kinds []: valid for a player and an organizer alike.
    ("subscribe a phone", "POST", "/api/events/{e}/push-subscriptions/", {"subscription": PHONE, "kinds": []},
     HOLDERS, with_push),
    # The staff's kind: a player asking for it is refused by the input (400 unknown_kind).
    ("subscribe a phone to judge calls", "POST", "/api/events/{e}/push-subscriptions/",
     {"subscription": PHONE, "kinds": ["judge_calls"]}, answers(401, 403, 400, 400, 400, 403, 200, 200, 403, judge=200),
     with_push),
    ("stop a phone", "DELETE", "/api/events/{e}/push-subscriptions/{push_subscription}/", None,
     answers(401, 403, 204, 404, 404, 403, 404, 404, 403, judge=404), with_anns_phone),
    ("discord", "GET", "/api/events/{e}/discord/", None, organizers(200), with_hook),
    ("set discord", "PUT", "/api/events/{e}/discord/", {"discord_webhook": HOOK}, organizers(200), None),
    ("remove discord", "DELETE", "/api/events/{e}/discord/", None, organizers(204), with_hook),
    ("discord test", "POST", "/api/events/{e}/discord/test/", {}, organizers(202), with_hook),
    # Allowed, then refused by the event's state: E has no webhook.
    ("discord test without a webhook", "POST", "/api/events/{e}/discord/test/", {}, organizers(409), None),
]

# The staff's phone page (for test_permission_matrix.PAGES): a judge's as much as the organizers'.
PAGES = [
    ("console judge calls phone", "GET", "/console/e/{slug}/phones/calls/",
     answers(302, 403, 302, 302, 302, 302, 200, 200, 403, judge=200)),
]

SUBSCRIBERS = {"403": "organizer", "404": "push_not_offered"}
ANSWERS = {
    "GET /api/push/key/": {"404": "push_not_offered"},
    "GET /api/events/{event_id}/push-subscriptions/": SUBSCRIBERS,
    "POST /api/events/{event_id}/push-subscriptions/": SUBSCRIBERS,
    "DELETE /api/events/{event_id}/push-subscriptions/{id}/": {"403": "organizer", "404": "subscriptions"},
    "POST /api/events/{event_id}/discord/test/": {"409": "`no_discord_webhook`"},
}
