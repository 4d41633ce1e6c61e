"""The hall display on a small screen pages through a long round by itself."""
import pytest

from tests.factories import event_made, make_user, round_paired


@pytest.mark.django_db(transaction=True)
def test_the_hall_display_pages_through_a_long_round(contexts, live_server):
    user, _ = make_user("hall")
    event = event_made(user, players=40)
    round_paired(event, user)
    page = contexts(viewport={"width": 800, "height": 450}).new_page()
    page.goto(f"{live_server.url}/e/{event.slug}/hall/")
    page.wait_for_function("document.querySelector('.hall-page').textContent.includes('/')")
    visible = page.evaluate("[...document.querySelectorAll('.hall-list li')].filter(li => !li.hidden).length")
    assert 0 < visible < 20 and page.inner_text(".hall-page").startswith("1 / ")
