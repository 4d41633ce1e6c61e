"""The audit trail speaks the organizer's language all through: a player acting through their link, a
change the site made, the announcement's fields, the coded choices and the pairing method are words of
their language, not the stored English or codes."""
from datetime import time
from types import SimpleNamespace

import pytest
from django.test import Client
from django.utils import translation

from scoring.report import Report
from signups import announcements
from tests.factories import event_made, make_user, round_paired
from tournaments import services
from tournaments.web.audit_words import sentence

NAMES = {1: "Ada", 2: "Ben"}


def said(language: str, action: str, *, by="anna", before=None, after=None) -> str:
    record = SimpleNamespace(action=action, by=by, player_id=1, other_player_id=2, table=3, round_number=1,
                             before=before, after=after)
    with translation.override(language):
        return sentence(record, NAMES)


@pytest.mark.parametrize(("language", "words"), [
    ("en", ("Ada (player) reported", "system registered Ada", "(6 games, Swiss)", "(6 games, top cut)")),
    ("fr", ("Ada (joueur) a déclaré", "le système a inscrit Ada", "(6 parties, suisse)", "(6 parties, phase finale)"))])
def test_who_acted_and_how_a_round_was_paired_read_in_the_language(language, words):
    result = {"outcome": "played", "vp_a": 6, "vp_b": 4, "loser": None}
    assert said(language, "result_reported", by="Ada (player)", after=result).startswith(words[0])
    assert said(language, "player_registered", by="system", after={"name": "Ada"}) == words[1]
    assert words[2] in said(language, "round_paired", after={"games": 6, "method": "swiss"})
    assert words[3] in said(language, "round_paired", after={"games": 6, "method": "cut"})


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "anna changed the announcement: venue — → The Dice Cup; price £10 → £15; painting rules — → Three "
           "colours; crew lists not asked → at sign-up; reminder mail on → off"),
    ("fr", "anna a modifié l’annonce : lieu — → The Dice Cup; prix £10 → £15; règles de peinture — → Three "
           "colours; listes de crew non demandées → à l’inscription; mail de rappel activé → désactivé")])
def test_the_announcements_fields_and_choices_are_words(language, expected):
    before = {"venue": "", "price": "£10", "painting_rules": "", "crew_lists": "", "mail_reminder": True}
    after = {"venue": "The Dice Cup", "price": "£15", "painting_rules": "Three colours", "crew_lists": "at_sign_up",
             "mail_reminder": False}
    assert said(language, "announcement_changed", before=before, after=after) == expected


def test_a_settings_choice_reads_as_the_settings_page_says_it():
    change = {"before": {"missions": "per_round"}, "after": {"missions": "per_table"}}
    assert said("fr", "settings_changed", **change).endswith(
        "missions une par ronde, la même à toutes les tables → chaque table la sienne, tirée à l'appariement")


def test_the_console_trail_in_french(db):
    """Through the real writes and the console's page: nothing of it left in English."""
    organizer = make_user("orla")[0]
    event = event_made(organizer, players=4)
    game = round_paired(event, organizer).games.exclude(table=None).first()
    services.report_submit(game=game, player=game.player_a, report=Report(vp_a=6, vp_b=4))
    announcements.announcement_update(event=event, by=organizer, venue="The Dice Cup", starts_at=time(9, 30))
    browser = Client()
    browser.force_login(organizer)
    page = browser.get(f"/console/e/{event.slug}/audit/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"{game.player_a.name} (joueur) a déclaré" in page
    assert "lieu — → The Dice Cup; heure de début — → 09:30:00" in page
    assert "(2 parties, suisse)" in page
    for english in ("(player)", "venue", "swiss"):
        assert english not in page, english
