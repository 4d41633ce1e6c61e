"""Every mail to a player carries their private link and what they need, in the language they chose: a
published round (table, opponent, the table's mission, the start where the event is), a report awaiting
them, a dispute (and the organizers' link to settle it)."""
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.utils import translation

from scoring.formats import get_format
from scoring.report import Report
from signups import announcements
from signups.models import WITHDRAWN, SignUp
from tests.factories import event_made, round_paired
from tests.signups.helpers import open_event, signed_up
from tournaments import services as tournament
from tournaments.models import Game

pytestmark = pytest.mark.usefixtures("eager_celery")
SITE = "https://gg.example.org"
NNBSP = "\u202f"


def mails_to(address: str, subject_part: str = "") -> list:
    return [m for m in mail.outbox if m.to == [address] and subject_part in m.subject]


@pytest.fixture
def m4e_round(db, settings, django_capture_on_commit_callbacks):
    """Ann signed up in French, Bob in English, at an M4E event in Kolkata (its tables each deal their
    mission); round 1 published."""
    settings.SITE_URL = SITE
    event, organizer = open_event(format="m4e-gg0")
    announcements.announcement_update(event=event, by=organizer, time_zone="Asia/Kolkata")
    ann = signed_up(event, "Ann", language="fr").player
    bob = signed_up(event, "Bob", faction="arcanists").player
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        rnd = round_paired(event, organizer)
    return event, organizer, rnd, ann, bob


def test_the_round_mail_gives_table_opponent_mission_start_and_private_link_in_each_players_language(m4e_round):
    event, _organizer, rnd, ann, bob = m4e_round
    game = Game.objects.get(round=rnd)
    start = f"{rnd.published_at.astimezone(ZoneInfo('Asia/Kolkata')):%H:%M}"  # UTC+5:30: not the server's clock
    fmt = get_format("m4e-gg0")
    (french,), (english,) = mails_to("ann@example.org"), mails_to("bob@example.org")
    assert french.subject == f"Spring Open, ronde 1 : table {game.table} contre Bob"
    assert f"Mission{NNBSP}: {fmt.mission_line(*game.mission(), 'fr')}" in french.body
    assert f"Début{NNBSP}: {start} (Asia/Kolkata)" in french.body
    assert f"{SITE}/p/{ann.key}/" in french.body and "Déclarez votre résultat" in french.body
    assert english.subject == f"Spring Open, round 1: table {game.table} against Ann"
    assert f"Mission: {fmt.mission_line(*game.mission(), 'en')}" in english.body
    assert f"Start: {start} (Asia/Kolkata)" in english.body
    assert f"{SITE}/p/{bob.key}/" in english.body and ann.key not in english.body


def test_a_report_awaiting_the_opponent_and_a_dispute_come_with_the_private_link_in_their_language(
        m4e_round, django_capture_on_commit_callbacks):
    event, organizer, rnd, ann, bob = m4e_round
    organizer.email = "orla@example.org"
    organizer.save()
    game = Game.objects.select_related("round__event", "player_a", "player_b").get(round=rnd)
    bob_side = "a" if game.player_a_id == bob.pk else "b"
    vp = {"vp_a": 6, "vp_b": 2} if bob_side == "a" else {"vp_a": 2, "vp_b": 6}
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tournament.report_submit(game=game, player=bob, report=Report(outcome="played", **vp))
    (awaits,) = mails_to("ann@example.org")
    assert awaits.subject == "Bob a déclaré votre partie : confirmez-la ou contestez-la"
    assert f"Spring Open, ronde 1, table {game.table}" in awaits.body and f"{SITE}/p/{ann.key}/" in awaits.body
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tournament.report_dispute(game=game, player=ann, report=Report(outcome="played", vp_a=4, vp_b=4))
    (to_bob,), (to_orla,) = mails_to("bob@example.org"), mails_to("orla@example.org")
    assert "Ann disputes the reported result" in to_bob.subject
    assert "The organizer decides" in to_bob.body and f"{SITE}/p/{bob.key}/" in to_bob.body
    assert f"{SITE}/console/e/{event.slug}/rounds/1/" in to_orla.body and bob.key not in to_orla.body


def test_an_entry_the_organizer_made_hears_in_the_language_its_account_signed_up_in(
        db, settings, django_capture_on_commit_callbacks):
    """No sign-up of its own for this event: the account's latest sign-up elsewhere says French."""
    settings.SITE_URL = SITE
    elsewhere, organizer = open_event(name="Autumn Open")
    cid = get_user_model().objects.create_user("cid", email="cid@example.org")
    SignUp.objects.create(event=elsewhere, name="Cid", faction="guild", user=cid, email="cid@example.org",
                          state=WITHDRAWN, language="fr")
    event = event_made(organizer, players=1)
    tournament.player_register(event=event, by=organizer, name="Cid", faction="guild", user=cid)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        round_paired(event, organizer)
    (french,) = mails_to("cid@example.org")
    assert french.subject.startswith("Spring Open, ronde 1 :") and "/p/" in french.body


def test_with_no_sign_up_and_no_account_the_mail_is_in_the_sites_language(
        db, settings, django_capture_on_commit_callbacks):
    settings.SITE_URL, settings.LANGUAGE_CODE = SITE, "fr"
    organizer = get_user_model().objects.create_user("orla")
    event = event_made(organizer, players=0)
    for name in ("Dee", "Eve"):
        tournament.player_register(event=event, by=organizer, name=name, faction="guild",
                                   email=f"{name.lower()}@example.org")
    with django_capture_on_commit_callbacks(execute=True), translation.override("en"):  # the organizer's pages
        round_paired(event, organizer)
    assert [m.subject.split(":")[0] for m in mail.outbox] == ["Spring Open, ronde 1 "] * 2
