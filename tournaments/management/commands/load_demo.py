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
    help = "Create the demo event and its organizer (user 'organizer', password 'demo-organizer') once."

    def handle(self, *args, **options):
        if Event.objects.filter(slug=DEMO_SLUG).exists():
            self.stdout.write("The demo event is already loaded.")
            return
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
            rnd = services.round_generate(event=event, seed="demo", by=organizer)
        self.stdout.write(f"Demo event loaded: /api/events/{event.id}/ (organizer / demo-organizer).")
        first = rnd.games.exclude(table=None).select_related("player_a", "player_b").first()
        self.stdout.write(f"Try reporting table {first.table}: /p/{first.player_a.key}/ "
                          f"({first.player_a.name}), then confirm at /p/{first.player_b.key}/ ({first.player_b.name}).")
