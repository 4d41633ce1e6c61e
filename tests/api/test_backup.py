"""export_event / import_event: the round trip gives the same players, rounds, games, results,
pending versions, standings and audit trail, as a new event beside the original."""
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from audit.models import AuditRecord
from tests.factories import Api
from tournaments import selectors
from tournaments.backup import export_event
from tournaments.models import Event


def comparable(data):
    """A backup without what must differ between two copies: references, slug and private keys."""
    refs = {p["ref"]: p["name"] for p in data["players"]}
    text = json.dumps(data, sort_keys=True)
    data = json.loads(text)
    data["event"].pop("slug")
    for p in data["players"]:
        p.pop("ref"), p.pop("key"), p.pop("person")  # a copy beside its original is other people (see backup)
    for r in data["rounds"]:
        for g in r["games"]:
            g.pop("ref")
            g["player_a"], g["player_b"] = refs[g["player_a"]], refs.get(g["player_b"])
    for a in data["audit"]:
        for k in ("player", "other_player", "by_player"):
            a[k] = refs.get(a[k])
    for a in data.get("adjustments", []):
        a["player"] = refs[a["player"]]
    return data


def test_the_round_trip_gives_an_identical_event(running, tmp_path):  # noqa: F811
    gid, reporter = running.side(0, "a")
    _, opponent = running.side(0, "b")
    reporter.post(f"/api/games/{gid}/report/", {"vp_a": 7, "vp_b": 4, "master_a": "Perdita"})
    opponent.post(f"/api/games/{gid}/confirm/")
    gid2, reporter2 = running.side(1, "a")
    reporter2.post(f"/api/games/{gid2}/report/", {"vp_a": 2, "vp_b": 2})  # still awaiting confirmation
    running.organizer.post(f"/api/events/{running.id}/players/{running.games[1]['player_b']}/rotate-key/")
    file = tmp_path / "event.json"
    call_command("export_event", running.id, "--output", str(file))
    out = StringIO()
    call_command("import_event", str(file), stdout=out)
    copy = Event.objects.get(pk=int(out.getvalue()))
    original = Event.objects.get(pk=running.id)
    assert copy.pk != original.pk and copy.slug != original.slug
    assert comparable(export_event(copy)) == comparable(export_event(original))
    def table(event):
        return [(s.entrant.name, s.rank, s.totals.tp, s.totals.diff, s.totals.vp, s.totals.played, s.totals.sos)
                for s in selectors.event_standings(event)]
    assert table(copy) == table(original)
    assert AuditRecord.objects.filter(event=copy).count() == AuditRecord.objects.filter(event=original).count() > 5
    # Keys already in use on this server were replaced: the copy's players have links of their own.
    assert not set(copy.players.values_list("key", flat=True)) & set(original.players.values_list("key", flat=True))
    # The restored event carries on: the pending report can be confirmed there.
    game = copy.round_set.get().games.filter(result__isnull=True).exclude(player_b=None).get()
    other = game.player_b if game.reports.get().side == "a" else game.player_a
    status, body = Api(APIClient(), key=other.key).post(f"/api/games/{game.pk}/confirm/")
    assert status == 200 and body["status"] == "confirmed"


def test_a_bad_file_is_refused_and_restores_nothing(tmp_path, db):
    file = tmp_path / "bad.json"
    file.write_text('{"format": "something-else"}')
    with pytest.raises(CommandError, match="not a gaininggrounds-event backup"):
        call_command("import_event", str(file))
    file.write_text("not json")
    with pytest.raises(CommandError):
        call_command("import_event", str(file))
    assert not Event.objects.exists()


def test_a_creator_unknown_here_needs_an_organizer(running, tmp_path):  # noqa: F811
    data = export_event(Event.objects.get(pk=running.id))
    data["event"]["created_by"] = "someone-elsewhere"
    file = tmp_path / "elsewhere.json"
    file.write_text(json.dumps(data))
    before = Event.objects.count()
    with pytest.raises(CommandError, match="name an organizer"):
        call_command("import_event", str(file))
    assert Event.objects.count() == before
    out = StringIO()
    call_command("import_event", str(file), "--organizer", "organizer", stdout=out)
    assert Event.objects.get(pk=int(out.getvalue())).created_by.username == "organizer"
