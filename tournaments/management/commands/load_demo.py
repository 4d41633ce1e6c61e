"""Load a small demo event once: an organizer account, twelve players, round 1 paired; and two earlier
finished events of the same people, so profiles, ratings and the leaderboard have something to show. All
three are M4E (Gaining Grounds Zero), what organizers run today; leaders come from the format's list."""
import datetime
import random

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from scoring.formats import M4E_GG0
from scoring.report import Report
from tournaments import services
from tournaments.models import Event

DEMO_SLUG = "demo-gaining-grounds"
FORMAT = M4E_GG0
DEMO_PLAYERS = [
    ("Ada Ortega", "guild", "Bristol Wyrd"), ("Ben Okafor", "arcanists", "Bristol Wyrd"),
    ("Chloé Martin", "resurrectionists", "Lyon Malifaux"), ("Dev Patel", "neverborn", ""),
    ("Emma Lindqvist", "outcasts", "Lyon Malifaux"), ("Farid Haddad", "ten-thunders", ""),
    ("Greta Vogel", "bayou", "Bristol Wyrd"), ("Hugo Leroy", "guild", ""),
    ("Ines Duarte", "arcanists", "Lyon Malifaux"), ("Josh Carter", "neverborn", ""),
    ("Kenji Mori", "outcasts", ""), ("Lena Novak", "bayou", ""),
]


class Command(BaseCommand):
    help = ("Create the demo event and its organizer (user 'organizer', password 'demo-organizer') once, and "
            "print where to open it, every time.")

    def add_arguments(self, parser):
        parser.add_argument("--site", default=settings.SITE_URL, help="The address the server answers on "
                            "(SITE_URL by default).")

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
            people = self.earlier_events(organizer)
            event = services.event_create(user=organizer, name="Demo Gaining Grounds", format=FORMAT.key,
                                          date=datetime.date.today())
            for name, faction, club in DEMO_PLAYERS:
                services.player_register(event=event, name=name, faction=faction, club=club, by=organizer,
                                         person=people[name])
            services.player_register(event=event, name="Rita the Ringer", faction="guild", is_ringer=True,
                                     by=organizer)
            services.round_generate(event=event, seed="demo", by=organizer)
        self.stdout.write("Demo event loaded.")

    def earlier_events(self, organizer) -> dict[str, int]:
        """Two finished four-round events of the demo's players (results follow a hidden skill, so the ratings
        differ); returns each player's person, for the demo event's entries."""
        dice = random.Random("demo")
        skill = {name: dice.gauss(0, 1) for name, _faction, _club in DEMO_PLAYERS}
        people = {}
        for weeks, name in ((12, "Winter Skirmish"), (6, "Spring Gaining Grounds")):
            event = services.event_create(user=organizer, name=name, format=FORMAT.key, rounds=4,
                                          date=datetime.date.today() - datetime.timedelta(weeks=weeks))
            entries = {player: services.player_register(event=event, name=player, faction=faction, club=club,
                                                        by=organizer, person=people.get(player))
                       for player, faction, club in DEMO_PLAYERS}
            people = {player: entry.person_id for player, entry in entries.items()}
            for _ in range(4):
                rnd = services.round_generate(event=event, seed=f"{name}-{_}", by=organizer)
                for game in rnd.games.select_related("round__event", "player_a", "player_b"):
                    edge = 2.2 * (skill[game.player_a.name] - skill[game.player_b.name])
                    most = FORMAT.vp.game
                    vp_a = max(0, min(most, round(most / 2 + edge + dice.gauss(0, 1.8))))
                    masters = tuple(dice.choice(FORMAT.leaders[p.faction]).label
                                    for p in (game.player_a, game.player_b))
                    services.result_record(game=game, by=organizer, masters=masters, report=Report(
                        outcome="played", vp_a=vp_a, vp_b=max(0, min(most, most - vp_a - dice.randint(0, 2)))))
            services.event_finish(event=event, by=organizer)
        return people

    def show(self, event: Event, site: str) -> None:
        """The full addresses to open: the console, the public pages, and two players' private links."""
        rnd = event.round_set.order_by("-number").first()
        lines = [f"Console:        {site}/console/  (user organizer, password demo-organizer)",
                 f"Event page:     {site}/e/{event.slug}/",
                 f"Ratings:        {site}/ratings/{FORMAT.edition}/?min=0",
                 f"API:            {site}/api/events/{event.id}/  (documented at {site}/api/schema/swagger-ui/)"]
        first = rnd and rnd.games.exclude(table=None).select_related("player_a", "player_b").first()
        if first is not None:
            lines += [f"Round {rnd.number}:        {site}/e/{event.slug}/rounds/{rnd.number}/",
                      f"Table {first.table}, report: {site}/p/{first.player_a.key}/  ({first.player_a.name})",
                      f"Table {first.table}, confirm: {site}/p/{first.player_b.key}/  ({first.player_b.name})"]
        self.stdout.write("\n".join(lines))
