"""The top cut flows from the results board (issue 52): once the last Swiss round's results are in, the board
offers the cut's first stage by its name, not *Finish the event*; finishing before the cut is played says so
on the confirmation page, whose button says so too; in English and French."""
import re

import pytest
from django.test import Client

from audit.models import AuditRecord
from tests.api.test_top_cut import swiss_event
from tests.factories import Api, make_user
from tournaments.models import Event, Round


@pytest.fixture
def organizer(db):
    user, token = make_user("cut-board-organizer")
    client = Client()
    client.force_login(user)
    return client, Api(Client(), token)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def french(client: Client) -> Client:
    client.cookies["django_language"] = "fr"
    return client


def english(client: Client) -> Client:
    client.cookies["django_language"] = "en"
    return client


def finish_asked(client, slug) -> str:
    return text(client.post(f"/console/e/{slug}/finish-event/").content.decode())


def play(api, eid, vp=(6, 1)):
    """The next round paired through the API, and a result at each table."""
    status, rnd = api.post(f"/api/events/{eid}/rounds/", {})
    assert status == 201, rnd
    for game in rnd["games"]:
        assert api.post(f"/api/games/{game['id']}/result/", {"vp_a": vp[0], "vp_b": vp[1]})[0] == 201
    return rnd


@pytest.mark.parametrize(("size", "stage", "stage_fr"), [(4, "Semifinals", "Demi-finales"),
                                                         (8, "Quarterfinals", "Quarts de finale")])
def test_after_the_last_swiss_round_the_board_pairs_the_cuts_first_stage(organizer, size, stage, stage_fr):
    client, api = organizer
    event, _ = swiss_event(api, players=10, rounds=2, seed=5, cut_size=size)
    slug = event["slug"]
    board = text(english(client).get(f"/console/e/{slug}/rounds/2/").content.decode())
    assert f"Pair the {stage}" in board and "1 against" in board
    assert "Finish the event" not in board, "the cut comes first"
    assert f"Apparier : {stage_fr}" in text(french(client).get(f"/console/e/{slug}/rounds/2/").content.decode())
    html = english(client).get(f"/console/e/{slug}/rounds/2/").content.decode()
    form = re.search(r'<form method="post" action="([^"]+)" class="stack pair-next">(.*?)</form>', html, re.S)
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form.group(2)))
    answer = client.post(form.group(1), {**fields, "pair": ""})
    assert answer.status_code == 302 and answer["Location"].endswith(f"/console/e/{slug}/rounds/3/")
    cut = Round.objects.get(event__slug=slug, number=3)
    assert cut.stage == "cut" and cut.is_draft and cut.games.count() == size // 2


def test_finishing_before_the_cut_says_it_will_not_be_played_and_the_button_says_so(organizer):
    client, api = organizer
    event, _ = swiss_event(api, players=6, rounds=2, seed=2, cut_size=4)
    slug = event["slug"]
    asked = finish_asked(english(client), slug)
    assert "The top 4 cut will not be played: nobody plays the Semifinals" in asked
    assert "Yes: finish without playing the cut" in asked
    asked_fr = finish_asked(french(client), slug)
    assert "Le top 4 ne sera pas joué" in asked_fr and "Demi-finales" in asked_fr
    assert "Oui : terminer sans jouer la phase finale" in asked_fr
    # Confirmed without the page's choice (an old page, say): refused, nothing finished.
    answer = english(client).post(f"/console/e/{slug}/finish-event/", {"confirmed": "yes"}, follow=True)
    assert "not played to its final" in text(answer.content.decode())
    assert Event.objects.get(slug=slug).finished_at is None
    client.post(f"/console/e/{slug}/finish-event/", {"confirmed": "yes", "drop_cut": "yes"})
    assert Event.objects.get(slug=slug).finished_at is not None
    assert AuditRecord.objects.get(event__slug=slug, action="event_finished").after == {"cut_dropped": 2}


def test_the_rest_of_a_cut_and_a_cut_played_to_its_final(organizer):
    client, api = organizer
    event, _ = swiss_event(api, players=6, rounds=2, seed=3, cut_size=4)
    slug, eid = event["slug"], event["id"]
    play(api, eid)  # the semifinals, published and played
    board = text(english(client).get(f"/console/e/{slug}/rounds/3/").content.decode())
    assert "Pair the Final" in board and "The winners meet as the bracket says." in board
    asked = finish_asked(english(client), slug)
    assert "The rest of the top 4 cut will not be played: nobody plays the Final" in asked
    assert "Yes: finish without the rest of the cut" in asked
    assert "Oui : terminer sans la suite de la phase finale" in finish_asked(french(client), slug)
    play(api, eid)  # the final
    board = text(english(client).get(f"/console/e/{slug}/rounds/4/").content.decode())
    assert "Finish the event" in board and "Pair the" not in board
    asked = finish_asked(english(client), slug)
    assert "cut will not be played" not in asked and "Yes: finish the event" in asked
    client.post(f"/console/e/{slug}/finish-event/", {"confirmed": "yes"})
    assert Event.objects.get(slug=slug).finished_at is not None


def test_an_event_without_a_cut_is_finished_with_no_word_of_one(organizer):
    """No cut at all (cut_size 0): the confirmation neither warns of one nor names one on its button."""
    client, api = organizer
    event, _ = swiss_event(api, players=6, rounds=2, seed=5, cut_size=0)
    asked = finish_asked(english(client), event["slug"])
    assert "Yes: finish the event" in asked and "cut" not in asked.split("Are you sure?")[-1]
    assert "Oui : terminer" in finish_asked(french(client), event["slug"])
    assert "phase finale" not in finish_asked(french(client), event["slug"]).split("Oui")[-1]
