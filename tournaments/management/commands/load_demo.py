"""Load a small demo event once: an organizer account, twelve players, round 1 paired."""
import datetime

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from tournaments import services
from tournaments.models import Event

DEMO_SLUG = "demo-gaining-grounds"
DEMO_PLAYERS = [
    ("Ada Ortega", "guild", "Bristol Wyrd"), ("Ben Okafor", "arcanists", "Bristol Wyrd"),
    ("Chloé Martin", "resurrectionists", "Lyon Malifaux"), ("Dev Patel", "neverborn", ""),
    ("Emma Lindqvist", "outcasts", "Lyon Malifaux"), ("Farid Haddad", "ten-thunders", ""),
    ("Greta Vogel", "gremlins", "Bristol Wyrd"), ("Hugo Leroy", "guild", ""),
    ("Ines Duarte", "arcanists", "Lyon Malifaux"), ("Josh Carter", "neverborn", ""),
    ("Kenji Mori", "outcasts", ""), ("Lena Novak", "gremlins", ""),
]


class Command(BaseCommand):
    help = ("Create the demo event and its organizer (user 'organizer', password 'demo-organizer') once, and "
            "print where to open it, every time.")

    def add_arguments(self, parser):
        parser.add_argument("--site", default="http://127.0.0.1:8000", help="The address the server answers on.")

    def handle(self, *args, **options):
        if not Event.objects.filter(slug=DEMO_SLUG).exists():
            self.load()
        self.show(Event.objects.get(slug=DEMO_SLUG), options["site"].rstrip("/"))

    def load(self) -> None:
        with transaction.atomic():
            user_model = get_user_model()
            organizer = user_model.objects.filter(username="organizer").first()
            if organizer is None:
                organizer = user_model.objects.create_user("organizer", password="demo-organizer")
            event = services.event_create(user=organizer, name="Demo Gaining Grounds", format="gg2017",
                                          date=datetime.date.today())
            for name, faction, club in DEMO_PLAYERS:
                services.player_register(event=event, name=name, faction=faction, club=club, by=organizer)
            services.player_register(event=event, name="Rita the Ringer", faction="guild", is_ringer=True,
                                     by=organizer)
            services.round_generate(event=event, seed="demo", by=organizer)
        self.stdout.write("Demo event loaded.")

    def show(self, event: Event, site: str) -> None:
        """The full addresses to open: the console, the public pages, and two players' private links."""
        rnd = event.round_set.order_by("-number").first()
        lines = [f"Console:        {site}/console/  (user organizer, password demo-organizer)",
                 f"Event page:     {site}/e/{event.slug}/",
                 f"API:            {site}/api/events/{event.id}/  (documented at {site}/api/schema/swagger-ui/)"]
        first = rnd and rnd.games.exclude(table=None).select_related("player_a", "player_b").first()
        if first is not None:
            lines += [f"Round {rnd.number}:        {site}/e/{event.slug}/rounds/{rnd.number}/",
                      f"Table {first.table}, report: {site}/p/{first.player_a.key}/  ({first.player_a.name})",
                      f"Table {first.table}, confirm: {site}/p/{first.player_b.key}/  ({first.player_b.name})"]
        self.stdout.write("\n".join(lines))
