"""`make run` loads the demo once and prints the full addresses to open every time it starts."""
from io import StringIO

from django.core.management import call_command

from tournaments.models import Event


def test_the_demo_prints_full_addresses_every_time(db):
    first, again = StringIO(), StringIO()
    call_command("load_demo", stdout=first)
    call_command("load_demo", "--site", "http://hall.local:8000/", stdout=again)
    assert Event.objects.count() == 1 and "Demo event loaded." in first.getvalue()
    assert "Demo event loaded." not in again.getvalue()
    text = again.getvalue()
    assert "Console:        http://hall.local:8000/console/" in text
    keys = [line.split("/p/")[1].split("/")[0] for line in text.splitlines() if "/p/" in line]
    assert len(keys) == 2 and all(Event.objects.get().players.filter(key=k).exists() for k in keys)
    assert "http://hall.local:8000/e/demo-gaining-grounds/rounds/1/" in text
