"""`make run` loads the demo once and prints the full addresses to open every time it starts."""
from io import StringIO

from django.core.management import call_command

from people import rating_store
from people.models import Rating
from tournaments.models import Event, Result


def test_the_demo_prints_full_addresses_every_time(db):
    first, again = StringIO(), StringIO()
    call_command("load_demo", stdout=first)
    call_command("load_demo", "--site", "http://hall.local:8000/", stdout=again)
    assert Event.objects.count() == 3 and "Demo event loaded." in first.getvalue()
    assert "Demo event loaded." not in again.getvalue()
    text = again.getvalue()
    assert "Console:        http://hall.local:8000/console/" in text
    keys = [line.split("/p/")[1].split("/")[0] for line in text.splitlines() if "/p/" in line]
    demo = Event.objects.get(slug="demo-gaining-grounds")
    assert len(keys) == 2 and all(demo.players.filter(key=k).exists() for k in keys)
    assert "http://hall.local:8000/e/demo-gaining-grounds/rounds/1/" in text


def test_the_demos_players_have_a_history_and_a_rating(db):
    call_command("load_demo", stdout=StringIO())
    rating_store.ratings_refresh("M4E")  # what the commit queued (eager Celery runs it after the commit)
    demo = Event.objects.get(slug="demo-gaining-grounds")
    for entry in demo.players.filter(is_ringer=False):
        assert entry.person.entries.count() == 3
        assert Rating.objects.get(person=entry.person).games == 8
    assert len(set(Rating.objects.values_list("shown", flat=True))) > 1
    assert set(Event.objects.values_list("format", flat=True)) == {"m4e-gg0"}  # what organizers run today
    assert all(r.leader_a and r.leader_b for r in Result.objects.all())  # leaders from the format's list
